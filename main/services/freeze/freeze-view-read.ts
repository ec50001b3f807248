import { fail, ok, type Result } from '../../core/result.ts';
import type { FreezeRow } from '../../db/freezes.ts';
import { readOneView } from '../proofs/read-one-view.ts';
import type { ReadSettings } from '../proofs/read-settings.ts';
import type { FreezeAnchoringPorts } from './freeze-anchoring.ts';

/**
 * The Freeze screen's "re-check now (uses 1 read)": the freeze proof's view read through the quota and the read cache
 * (readOneView), so the Proofs screen and the close see the state the anchor check saw (docs/freeze.md "Timeline (the
 * anchor deadline)"). With no read left now it says when (FREEZE_RECHECK_NO_READ_LEFT).
 */
export async function readFreezeViewThroughQuota(
  freeze: FreezeRow,
  ports: FreezeAnchoringPorts,
  settings: Partial<ReadSettings> = {},
): Promise<Result<Uint8Array>> {
  const read = await readOneView(ports, { proofId: freeze.proofId, trustLayerUrl: freeze.trustLayer, settings });
  if (!read.ok) {
    if (read.error.code !== 'READ_NO_READ_LEFT') return read;
    return fail('FREEZE_RECHECK_NO_READ_LEFT', `${read.error.message}; re-check the anchor then`, read.error.details);
  }
  const stored = read.value;
  if (stored?.raw == null || (stored.status !== 'anchored' && stored.status !== 'pending'))
    return fail(
      'FREEZE_PROOF_UNREADABLE',
      `the Trust Layer ${freeze.trustLayer} served no view of the freeze proof ${freeze.proofId} (${stored?.status ?? 'nothing stored'}): check the Trust Layer the console was given (--trust-layer URL)`,
    );
  return ok(stored.raw);
}
