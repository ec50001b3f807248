import { anchorDeadlineOf, type FreezeAnchorFact } from '../../core/freeze/anchor-deadline.ts';
import type { AnchorDeadlineView } from '../../ipc/contract.ts';
import { freezeAnchorsOf } from '../../db/freeze-anchors.ts';
import type { FreezeRow } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';

/** The last anchor check of the freeze in force (freeze.anchor, freeze.verify), as the core judges it; null: none. */
export function anchorFactOf(db: Db, freeze: FreezeRow): FreezeAnchorFact | null {
  const row = freezeAnchorsOf(db, [freeze.proofId]).get(freeze.proofId);
  return row === undefined ? null : { state: row.state, anchorTime: row.anchorTime, checkedAtMs: row.checkedAtMs };
}

/** The freeze in force against its anchor deadline, as the Freeze and Season screens show it (docs/freeze.md "Timeline"). */
export function anchorDeadlineView(db: Db, freeze: FreezeRow | null, nowMs: number): AnchorDeadlineView | null {
  if (freeze === null) return null;
  const deadline = anchorDeadlineOf(freeze.opensAt, anchorFactOf(db, freeze), nowMs);
  return {
    state: deadline.state,
    deadline: new Date(deadline.deadlineMs).toISOString(),
    replace_until: new Date(deadline.replaceUntilMs).toISOString(),
    replacement_allowed: deadline.replacementAllowed,
    now: new Date(nowMs).toISOString(),
  };
}
