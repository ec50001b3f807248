// Reads against the 100-per-hour limit (docs/operator-database.md "The read quota"; design brief §6 "fetching N
// distinct uncached proof views costs ceil(N/50) reads"). (a) For several N, proofs issued by an in-process devnet are
// fetched into a fresh database: reads used against the ceil(N/50) bound, then a second run (cached: zero reads). (b)
// Participants an hour at 35 proofs each, from the planner's packing and the limit: one call per participant against 50
// ids a call across participants. (c) How long planning a 1,000-participant close takes.
import { planReads } from '../main/core/proofs-plan/plan-reads.ts';
import { openDatabase } from '../main/db/open-database.ts';
import { systemClock } from '../main/services/clock.ts';
import { createHttpClient } from '../main/services/http/http-client.ts';
import { fetchProofs } from '../main/services/proofs/fetch-proofs.ts';
import { startReadDevnet } from '../tests/services/proofs/support/devnet-proofs.ts';

const LIMIT = 100;
const WINDOW_MS = 3_600_000;
const PER_PARTICIPANT = 35;
const id = (n: number) => `prf_20261001_120000_${n.toString(16).padStart(6, '0')}`;

const net = await startReadDevnet({ readLimit: LIMIT, readWindowSeconds: WINDOW_MS / 1000 });
const http = createHttpClient();
try {
  console.log('proofs-reads (a): reads used for N uncached proof views, devnet limiter 100/h');
  console.log('      N  reads  bound ceil(N/50)  ratio  second run  fetch s');
  let issued = 0;
  for (const n of [1, 49, 50, 51, 120, 249, 350]) {
    const ids = await net.createProofs(n);
    issued += n;
    await net.closeBatch();
    const db = openDatabase(`${net.folder}/bench-${n}.sqlite`);
    const started = process.hrtime.bigint();
    const first = await fetchProofs({ db, http, clock: systemClock, trustLayerUrl: net.devnet.info.trust_layer, ids });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const second = await fetchProofs({ db, http, clock: systemClock, trustLayerUrl: net.devnet.info.trust_layer, ids });
    db.close();
    const bound = Math.ceil(n / 50);
    const reads = first.progress.readsThisRun;
    if (first.progress.anchored !== n) throw new Error(`bench: ${first.progress.anchored}/${n} anchored`);
    console.log(
      `${String(n).padStart(7)}  ${String(reads).padStart(5)}  ${String(bound).padStart(16)}  ${(reads / bound).toFixed(2).padStart(5)}` +
        `  ${String(second.progress.readsThisRun).padStart(10)}  ${seconds.toFixed(3).padStart(7)}`,
    );
  }
  console.log(`      (${issued} proofs issued through the devnet proxy)`);

  // (b) The most participants whose proofs fit in one window's reads, by the planner's own packing.
  const fitsInOneWindow = (participants: number, batchSize: number, perParticipantCalls: boolean) => {
    const ledger = { readTimes: [], embargoUntil: null };
    const rule = { limit: LIMIT, windowMs: WINDOW_MS };
    const base = { cached: new Map(), ledger, rule, pendingRecheckMs: 0, now: 0, batchSize };
    let calls = 0;
    if (perParticipantCalls) {
      for (let p = 0; p < participants; p++) {
        calls += planReads({
          ...base,
          needed: Array.from({ length: PER_PARTICIPANT }, (_, i) => id(p * PER_PARTICIPANT + i)),
        }).reads.length;
      }
    } else {
      calls = planReads({ ...base, needed: Array.from({ length: participants * PER_PARTICIPANT }, (_, i) => id(i)) })
        .reads.length;
    }
    return calls <= LIMIT;
  };
  const most = (perParticipantCalls: boolean) => {
    let p = 0;
    while (fitsInOneWindow(p + 1, 50, perParticipantCalls)) p++;
    return p;
  };
  const alone = most(true);
  const packed = most(false);
  console.log(`proofs-reads (b): participants an hour at ${PER_PARTICIPANT} proofs each, ${LIMIT} reads/h`);
  console.log(
    `      one call per participant: ${alone}/h; 50 ids a call across participants: ${packed}/h; ratio ${(packed / alone).toFixed(2)}`,
  );

  // (c) Planning a 1,000-participant close (35,000 ids), nothing cached.
  const needed = Array.from({ length: 1_000 * PER_PARTICIPANT }, (_, i) => id(i));
  const started = process.hrtime.bigint();
  const plan = planReads({
    needed,
    cached: new Map(),
    ledger: { readTimes: [], embargoUntil: null },
    rule: { limit: LIMIT, windowMs: WINDOW_MS },
    pendingRecheckMs: 0,
    now: 0,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(
    `proofs-reads (c): planning 1,000 participants (${needed.length} ids): ${plan.reads.length} calls, ` +
      `last one ${(plan.eta! / 3_600_000).toFixed(2)} h after the first; planned in ${ms.toFixed(1)} ms`,
  );
} finally {
  await http.close();
  await net.close();
}
