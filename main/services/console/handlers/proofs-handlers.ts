import type { ProofsView } from '../../../ipc/contract.ts';
import { windowUse } from '../../../core/proofs-plan/read-window.ts';
import { ledgerState } from '../../../db/read-ledger.ts';
import { DEFAULT_READ_SETTINGS, effectiveRule } from '../../proofs/read-settings.ts';
import { dbOf, isoOf, type ConsoleContext } from '../console-context.ts';
import { participantsWaiting } from './pending-waiters.ts';

/**
 * The proofs screen: the read cache, the quota in the sliding window now, pending proofs with the participants whose
 * scores wait on them, and a running read.
 */
export async function proofsView(ctx: ConsoleContext): Promise<ProofsView> {
  const db = dbOf(ctx);
  const now = ctx.clock.now();
  const count = (sql: string) => db.prepare(sql).pluck().get() as number;
  const rule = effectiveRule(DEFAULT_READ_SETTINGS);
  const use = windowUse(ledgerState(db, now, rule), rule, now);
  const pending = db
    .prepare(
      "SELECT proof_id, first_read_at_ms, last_read_at_ms FROM proof_views WHERE status = 'pending' ORDER BY first_read_at_ms, proof_id LIMIT 1000",
    )
    .all() as { proof_id: string; first_read_at_ms: number; last_read_at_ms: number }[];
  const waiting = await participantsWaiting(ctx, new Set(pending.map((p) => p.proof_id)));
  const running = ctx.jobs?.list().find((j) => j.state === 'running' || j.state === 'queued') ?? null;
  const progress = running?.progress ?? null;
  return {
    running: running !== null,
    progress: ctx.jobs?.currentReadProgress() ?? null,
    job_progress: progress,
    cache: {
      views: count("SELECT count(*) FROM proof_views WHERE status = 'anchored'"),
      rekor_entries: count('SELECT count(*) FROM rekor_entries'),
      absent: count("SELECT count(*) FROM proof_views WHERE status = 'absent'"),
    },
    quota: {
      limit: DEFAULT_READ_SETTINGS.limit,
      window_ms: DEFAULT_READ_SETTINGS.windowMs,
      used: use.used,
      left: use.left,
    },
    pending: pending.map((p) => ({
      proof_id: p.proof_id,
      participant_id: waiting.get(p.proof_id)?.[0]?.participant_id ?? null,
      waiting: waiting.get(p.proof_id) ?? [],
      first_seen_pending_at: isoOf(p.first_read_at_ms) as string,
      next_recheck_at: isoOf(p.last_read_at_ms + DEFAULT_READ_SETTINGS.pendingRecheckMs),
    })),
  };
}
