import { isoUtc } from '../../core/time/iso-utc.ts';
import type { ProofRecheck, ProofsView } from '../../ipc/contract.ts';
import { HandlerRefusal } from '../../ipc/refusal.ts';
import { latestFreezeTrustLayer } from '../../db/freezes.ts';
import { storedViews } from '../../db/proof-views.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import { readOneView } from '../../services/proofs/read-one-view.ts';
import { windowUse } from '../../core/proofs-plan/read-window.ts';
import { ledgerState } from '../../db/read-ledger.ts';
import { readsOfLastDay } from '../../services/proofs/hourly-reads.ts';
import { DEFAULT_READ_SETTINGS, effectiveRule } from '../../services/proofs/read-settings.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { participantsWaiting } from './pending-waiters.ts';
import { recheckRefusal } from './recheck-refusal.ts';

/**
 * The proofs screen: the read cache, the quota in the sliding window now and the reads of the last 24 hours (whether
 * or not a season is followed), pending proofs with the participants whose scores wait on them, and a running read.
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
    hourly_reads: readsOfLastDay(db, now),
    pending: pending.map((p) => ({
      proof_id: p.proof_id,
      participant_id: waiting.get(p.proof_id)?.[0]?.participant_id ?? null,
      waiting: waiting.get(p.proof_id) ?? [],
      first_seen_pending_at: isoUtc(p.first_read_at_ms) as string,
      next_recheck_at: isoUtc(p.last_read_at_ms + DEFAULT_READ_SETTINGS.pendingRecheckMs),
    })),
  };
}

/**
 * The Proofs screen's "re-check now (uses 1 read)" on a pending proof: its view read at once through the quota and
 * the read cache (readOneView), from the Trust Layer the latest freeze was made through; the answer is the proof's
 * state after the read and the screen's view. An id the cache does not hold as pending is refused: anchored views are
 * never read again, and a proof never cited is no read staff need to spend.
 */
export async function proofsRecheck(ctx: ConsoleContext, args: { proof_id: string }): Promise<ProofRecheck> {
  const db = dbOf(ctx);
  const before = storedViews(db, [args.proof_id])[0];
  if (before?.status !== 'pending')
    throw new HandlerRefusal(
      'PROOF_RECHECK_NOT_PENDING',
      before === undefined
        ? `the read cache holds no view of ${args.proof_id}: only a pending proof is re-checked; read the season's proofs first (Read proofs)`
        : `${args.proof_id} is ${before.status} in the read cache, not pending: nothing to re-check`,
      { proof_id: args.proof_id, status: before?.status ?? null },
    );
  const trustLayerUrl = latestFreezeTrustLayer(db);
  if (trustLayerUrl === undefined)
    throw new HandlerRefusal(
      'FREEZE_NOT_FOUND',
      'no freeze in this database: the Trust Layer to read from is the freeze’s',
    );
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    const read = await readOneView({ db, http, clock: ctx.clock }, { proofId: args.proof_id, trustLayerUrl });
    if (!read.ok) throw recheckRefusal(read.error, args.proof_id, trustLayerUrl);
    return {
      proof_id: args.proof_id,
      status: read.value?.status ?? before.status,
      proofs: await proofsView(ctx),
    };
  } finally {
    await http.close();
  }
}
