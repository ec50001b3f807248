// Season service intake under load (docs/season-service.md "Durability and limits": at least 500 submissions/s with p99
// under 50 ms on the 2-core host). An in-process season service on its own SQLite file (WAL, synchronous FULL, group
// commit) and an in-process devnet for the Trust Layer; 50 participants enrolled, then 50 concurrent keep-alive clients
// submit for a few seconds, each a new version of its tasks in turn. GET /v1/health (a no-op) under the same 50 clients
// is the baseline: the ratio is what intake, the token check and the durable write cost over the bare HTTP round trip.
// Clients and server share the process (and the 2 cores), so the figures are a lower bound on the service alone.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Pool } from 'undici';
import { startDevnet } from '../devnet/start-devnet.ts';
import { loadsText } from '../main/core/json/loads.ts';
import { signReceipt, verifyReceipt } from '../main/core/receipts/submission-receipt.ts';
import { submissionVersionCount } from '../main/db/season-service/submissions.ts';
import { loadOrCreateReceiptKey } from '../season-service/receipt-key.ts';
import { startSeasonBackups } from '../season-service/season-backups.ts';
import {
  boundKey,
  enroll,
  freezeBothTracks,
  SEASON_DIR,
  startTestService,
} from '../tests/season-service/support/season-fixture.ts';
import { validSubmission } from '../tests/season-service/support/submissions.ts';

const CLIENTS = 50;
const SECONDS = 5;
const TARGET_PER_SECOND = 500;
const TARGET_P99_MS = 50;
const TASKS = Array.from({ length: 10 }, (_, i) => `conf-${String(i + 1).padStart(2, '0')}`);
/** Today's figures before submissions answered signed receipts (commit e07e673, the 2-core host, same bench). */
const BEFORE_RECEIPTS = { capacityPerSecond: 2364, p99AtTargetMs: 20.2 };
const SIGNATURES = 20_000;

interface Run {
  requests: number;
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** What a run measured, from its latencies (ms) and its start (performance.now()). */
function summary(latencies: number[], failures: number, started: number): Run {
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** CLIENTS loops, each sending its next request as soon as the previous answer is read, for `seconds`. */
async function load(seconds: number, send: (client: number, n: number) => Promise<number>): Promise<Run> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        const status = await send(client, n);
        latencies.push(performance.now() - t0);
        if (status !== 200) failures++;
      }
    }),
  );
  return summary(latencies, failures, started);
}

/**
 * Open loop: `perSecond` requests a second spread over the clients, each sent at its scheduled instant whether or not
 * earlier ones were answered; latency counts from the scheduled instant, so a stalled server cannot hide its queue
 * (no coordinated omission). This is how the target reads: 500 submissions/s offered, p99 under 50 ms.
 */
async function offered(
  perSecond: number,
  seconds: number,
  send: (client: number, n: number) => Promise<number>,
): Promise<Run> {
  const latencies: number[] = [];
  let failures = 0;
  const total = Math.round(perSecond * seconds);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      send(i % CLIENTS, Math.floor(i / CLIENTS)).then((status) => {
        latencies.push(performance.now() - due);
        if (status !== 200) failures++;
      }),
    );
  }
  await Promise.all(pending);
  return summary(latencies, failures, started);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-season-'));
const devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: join(SEASON_DIR, 'conformite') });
// The rate limits are not measured: a participant's burst and steady rate are raised above what the bench sends, and
// so are the storage bounds (a version of each task per round), which are still checked on every submission.
const service = await startTestService(devnet.info.trust_layer, {
  limits: {
    submitBurst: 1_000_000,
    submitPerMinute: 100_000_000,
    versionsPerTask: 1_000_000,
    participantStoredBytes: 1 << 30,
  },
});
const pool = new Pool(service.url, { connections: CLIENTS, pipelining: 1 });
try {
  await freezeBothTracks(service);
  const participants: { token: string; did: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const key = await boundKey(devnet.info.trust_layer, `bench-${i}`);
    const enrolled = await enroll(service.url, key.apiKey, { agent_name: `Bench ${i}`, declared_stack: 'bench' });
    if (enrolled.status !== 201) throw new Error(`bench: enrollment refused: ${JSON.stringify(enrolled.json)}`);
    participants.push({ token: enrolled.json.season_token as string, did: key.did });
  }

  const health = async () => {
    const answer = await pool.request({ path: '/v1/health', method: 'GET' });
    await answer.body.text();
    return answer.statusCode;
  };
  // Built once (validSubmission reads tasks.json): each request only changes the narrative, so it is a new version.
  const templates = participants.map(({ did }) => TASKS.map((taskId) => validSubmission('conformite', taskId, did)));
  let version = 0;
  let lastAnswer = '';
  const submitOne = async (client: number, n: number) => {
    const template = templates[client]![n % TASKS.length]!;
    const answer = await pool.request({
      path: '/v1/season/1/submit',
      method: 'POST',
      headers: { authorization: `Bearer ${participants[client]!.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...template, narrative: `version ${++version}` }),
    });
    lastAnswer = await answer.body.text();
    return answer.statusCode;
  };

  await load(0.5, health); // warm-up: connections opened, code paths compiled
  await load(0.5, submitOne);
  const versionsBefore = submissionVersionCount(service.db);
  const submissions = await load(SECONDS, submitOne);
  const recorded = submissionVersionCount(service.db) - versionsBefore;
  const baseline = await load(SECONDS, health);
  const atTarget = await offered(TARGET_PER_SECOND, SECONDS, submitOne);
  // docs/season-service.md "Backups": the same offered load while snapshots are taken back to back, so every
  // submission of the run is answered during one; then what one snapshot takes and the longest the event loop waited.
  const stateFile = join(dirname(service.receiptKeyFile), 'season.sqlite');
  const backups = startSeasonBackups({
    db: service.db,
    stateFile,
    policy: { dir: join(dir, 'backups'), passphrase: 'bench passphrase 1234', everyMs: 3_600_000, keep: 2 },
    now: () => new Date(),
    log: (line) => process.stderr.write(line),
  });
  // The first backup derives the service's backup key (scrypt, once per start): made before the measured run.
  if (!(await backups.backupNow()).ok) throw new Error('bench: the first backup failed');
  const snapshots: number[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  let loadEnded = false;
  const during = offered(TARGET_PER_SECOND, SECONDS, submitOne).finally(() => (loadEnded = true));
  loopDelay.enable();
  while (!loadEnded) {
    const t0 = performance.now();
    const made = await backups.backupNow();
    if (!made.ok) throw new Error(`bench: the backup failed: ${JSON.stringify(made)}`);
    snapshots.push(performance.now() - t0);
  }
  loopDelay.disable();
  const duringSnapshots = await during;
  await backups.stop();
  const databaseBytes = statSync(stateFile).size + statSync(`${stateFile}-wal`).size;
  // Every 200 is a receipt signed by the service's key (docs/season-service.md "Receipts"): the last one is checked, so
  // the figures above are those of signed answers; then the signature alone, on the same key, says what it costs of a
  // submission.
  const parsed = loadsText(lastAnswer);
  const receipt = parsed.ok ? verifyReceipt(parsed.value, service.receiptPublicKey) : parsed;
  if (!receipt.ok) throw new Error(`bench: the last answer is not a signed receipt: ${receipt.error.message}`);
  const signer = loadOrCreateReceiptKey(service.receiptKeyFile);
  const signStarted = performance.now();
  for (let i = 0; i < SIGNATURES; i++) signReceipt({ ...receipt.value, version: i + 1 }, signer.sign);
  const signMicros = ((performance.now() - signStarted) * 1000) / SIGNATURES;

  const row = (label: string, r: Run) =>
    console.log(
      `season-service: ${label.padEnd(22)} ${r.perSecond.toFixed(0).padStart(6)}/s  p50 ${r.p50.toFixed(2).padStart(6)} ms` +
        `  p99 ${r.p99.toFixed(2).padStart(6)} ms  (${r.requests} requests, ${r.failures} not 200)`,
    );
  console.log(
    `season-service: ${CLIENTS} keep-alive clients for ${SECONDS} s each, clients and service in one process`,
  );
  row('POST submit (capacity)', submissions);
  row('GET /v1/health', baseline);
  row(`POST submit at ${TARGET_PER_SECOND}/s`, atTarget);
  row('  ... during snapshots', duringSnapshots);
  console.log(
    `season-service: snapshot while ${TARGET_PER_SECOND} submissions/s are offered: p99 ${atTarget.p99.toFixed(1)} ms before, ` +
      `${duringSnapshots.p99.toFixed(1)} ms during; ${snapshots.length} snapshots of a ${(databaseBytes / 1_048_576).toFixed(1)} MiB ` +
      `database, ${(snapshots.reduce((a, b) => a + b, 0) / snapshots.length / 1000).toFixed(2)} s each (the key derived at the first, before); ` +
      `longest event-loop wait ${(loopDelay.max / 1e6).toFixed(1)} ms`,
  );
  console.log(
    `season-service: submit / health: throughput ${(submissions.perSecond / baseline.perSecond).toFixed(2)}, ` +
      `p50 ${(submissions.p50 / baseline.p50).toFixed(1)}x, p99 ${(submissions.p99 / baseline.p99).toFixed(1)}x; ` +
      `${recorded} versions recorded for ${submissions.requests - submissions.failures} acknowledged`,
  );
  // Closed loop, 50 clients each waiting for its answer: latency is 50 / throughput by Little's law, so the p99 target
  // is read on the open-loop run at the target rate, and the capacity run says how much headroom there is.
  const met = submissions.perSecond >= TARGET_PER_SECOND && atTarget.p99 < TARGET_P99_MS && atTarget.failures === 0;
  console.log(
    `season-service: target >= ${TARGET_PER_SECOND} submissions/s with p99 < ${TARGET_P99_MS} ms, receipts signed: ` +
      `${met ? 'met' : 'NOT met'} (capacity ${submissions.perSecond.toFixed(0)}/s; at ${TARGET_PER_SECOND}/s offered p99 ${atTarget.p99.toFixed(1)} ms)`,
  );
  console.log(
    `season-service: before signed receipts: capacity ${BEFORE_RECEIPTS.capacityPerSecond}/s; at ${TARGET_PER_SECOND}/s ` +
      `offered p99 ${BEFORE_RECEIPTS.p99AtTargetMs.toFixed(1)} ms. Signing one receipt (canonical JSON + Ed25519): ` +
      `${signMicros.toFixed(1)} µs, ${(1e6 / signMicros).toFixed(0)}/s on one core`,
  );
} finally {
  await pool.close();
  await service.stop();
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
}
