// docs/season-follow.md "The bench": following a season while it runs, against reading everything at the close. A
// four-week season of BENCH_FOLLOW_PARTICIPANTS participants (default 1,000), each citing 25 to 45 proofs (about 35,000
// in all), 5 % of them in the final hour, is played on one virtual clock against the devnet: its Trust Layer's limiter
// (100 reads per 3600 s), its batches (closed at 100 proofs or 600 s after their first, trust-layer-reference §4.5) and
// real proofs issued through its proxy on corpus resources at their virtual arrival times.
//
// Two operators read the same proofs, each with its own operator database, from its own address (127.0.0.1 and,
// through a relay, 127.0.0.2: the limiter counts per IP, reference §9.16):
// - following: every 600 s (DEFAULT_FOLLOW_EVERY_MS) it reads what was cited since the last cycle and the pending
//   views due again. This drives the follow cycle's reading step as the cycle does (fetchProofs with the cycle's
//   recheck interval) rather than followCycle itself: the cycle needs a freeze in force and the season service's
//   signed export of 1,000 participants' submissions, whose making would cost more than the reads it measures; the
//   export only tells the cycle which ids are cited, which the bench knows as the season is played. fetchProofs is
//   given the cited ids whose stored view is not final yet rather than every cited id: the plan leaves a final view
//   out either way (same reads), and its cost grows with the ids given, 4,032 cycles times 35,000 ids otherwise.
// - not following: every cited id is read at the close.
// The close of each runs once the last batches anchor (closes_at + BATCH_MAX_AGE_MS) and reads what is left; the
// time to scores.json is the last view read plus the close's compute, measured by bench/close-replay.ts on the same
// scale when it ran before in the same `npm run bench` (bench/figures.ts).
//
// The clock stays still during a read and moves only from one event of the season to the next. fetchProofs waits
// for the window with clock.sleep; the bench stops it there (its signal, between reads) and starts it again at the
// time it would have woken, the season going on meanwhile, as a cycle waiting for the window would see it.
// A broken invariant throws (a 429, more than 100 reads in a window, a cited proof never anchored); figures never do.
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../devnet/scripted/virtual-clock.ts';
import { startDevnet, type Devnet } from '../devnet/start-devnet.ts';
import { openDatabase, type Db } from '../main/db/open-database.ts';
import { cachedViews } from '../main/db/proof-views.ts';
import { BATCH_MAX_AGE_MS } from '../main/core/proofs-plan/batch-age.ts';
import { DEFAULT_FOLLOW_EVERY_MS, DEFAULT_PENDING_RECHECK_MS } from '../main/services/follow/follow-input.ts';
import { createHttpClient, type HttpClient } from '../main/services/http/http-client.ts';
import { fetchProofs } from '../main/services/proofs/fetch-proofs.ts';
import { NULL_ANSWER_RECHECK_MS } from '../main/core/scoring/witness-state.ts';
import { figures } from './figures.ts';

const PARTICIPANTS = Number(process.env['BENCH_FOLLOW_PARTICIPANTS'] ?? 1000);
const LIMIT = 100;
const WINDOW_MS = 3_600_000;
const BATCH_SIZE = 100;
const IDS_PER_READ = 50;
const HOUR_MS = 3_600_000;
const SEASON_MS = 28 * 24 * HOUR_MS;
const FINAL_HOUR_SHARE = 0.05;
/** A participant's reads through the proxy are this far apart; it submits (cites them) a minute after the last. */
const PROOF_SPACING_MS = 12_000;
const SUBMIT_AFTER_MS = 60_000;
const CORPUS_DIR = join(process.cwd(), 'corpus/season-1/conformite');
const OPENS_AT = Date.parse('2026-10-05T08:00:00Z');
const CLOSES_AT = OPENS_AT + SEASON_MS;
/** The close runs once the last batches anchor: a batch closes at most BATCH_MAX_AGE_MS after its first proof. */
const CLOSE_STARTS_AT = CLOSES_AT + BATCH_MAX_AGE_MS;

/** mulberry32: a seeded generator, so every run plays the same season. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SeasonEvent {
  at: number;
  participant: number;
  /** A proof issued through the proxy, or the submission citing every proof the participant issued. */
  kind: 'proof' | 'cite';
}

/** Each participant's session: its proofs PROOF_SPACING_MS apart, then the submission citing them. */
function seasonEvents(participants: number): SeasonEvent[] {
  const random = seeded(26);
  const events: SeasonEvent[] = [];
  const finalHour = Math.round(participants * FINAL_HOUR_SHARE);
  for (let p = 0; p < participants; p++) {
    const proofs = 25 + Math.floor(random() * 21);
    const session = (proofs - 1) * PROOF_SPACING_MS + SUBMIT_AFTER_MS;
    const from = p < participants - finalHour ? OPENS_AT : CLOSES_AT - HOUR_MS;
    const to = (p < participants - finalHour ? CLOSES_AT - HOUR_MS : CLOSES_AT) - session - 1_000;
    const start = Math.floor(from + random() * (to - from));
    for (let i = 0; i < proofs; i++) events.push({ at: start + i * PROOF_SPACING_MS, participant: p, kind: 'proof' });
    events.push({ at: start + session, participant: p, kind: 'cite' });
  }
  return events.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === 'proof' ? -1 : 1));
}

/** A TCP relay to the Trust Layer whose connections come from `localAddress`: a second operator for the limiter. */
async function relayFrom(target: string, localAddress: string) {
  const { hostname, port } = new URL(target);
  const server = createServer((inbound) => {
    const outbound = connect({ host: hostname, port: Number(port), localAddress });
    inbound.pipe(outbound).pipe(inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end);
    outbound.on('error', end);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One operator reading views into its own database. */
interface Reader {
  label: string;
  db: Db;
  http: HttpClient;
  trustLayerUrl: string;
  /** The (virtual) time each POST /v1/proofs was sent. */
  readTimes: number[];
  rateLimited: number;
}

/**
 * One run of fetchProofs from now, stopped where it would wait for the window: the time it would read again, or null
 * when nothing is due any more (then it has also fetched the new batches' Rekor entries).
 */
async function readFrom(clock: VirtualClock, reader: Reader, ids: readonly string[]): Promise<number | null> {
  const stop = new AbortController();
  let resumeAt: number | null = null;
  const report = await fetchProofs({
    db: reader.db,
    http: reader.http,
    clock,
    trustLayerUrl: reader.trustLayerUrl,
    ids,
    // As followCycle and the close: a `null` answer is read again until 48 h after closes_at.
    settings: {
      pendingRecheckMs: DEFAULT_PENDING_RECHECK_MS,
      absentRecheckUntilMs: CLOSES_AT + NULL_ANSWER_RECHECK_MS,
    },
    signal: stop.signal,
    onProgress: (progress) => {
      if (progress.phase === 'reading') reader.readTimes.push(progress.now);
      if (progress.phase === 'waiting' && !stop.signal.aborted) {
        if (progress.nextReadAt === null) throw new Error(`bench: ${reader.label} waits with no read planned`);
        resumeAt = progress.nextReadAt;
        stop.abort();
      }
    },
  });
  reader.rateLimited += report.rateLimited;
  if (report.outcome === 'error') {
    throw new Error(`bench: ${reader.label} reads failed: ${report.failure?.code} ${report.failure?.message}`);
  }
  const rekorFailed = report.rekor?.failed ?? [];
  if (rekorFailed.length > 0) {
    throw new Error(`bench: ${reader.label} Rekor entry failed: ${rekorFailed[0]!.failure.code}`);
  }
  return resumeAt;
}

/** The most reads in any sliding window of WINDOW_MS (as the limiter counts: (t - window, t]). */
function mostInAnyWindow(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[first]! <= sorted[last]! - WINDOW_MS) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/**
 * Of these ids, those whose stored view is not anchored (never read, pending, refused, or a `null` answer read again
 * until 48 h after closes_at), and those never read.
 */
function notFinal(db: Db, ids: readonly string[]): { open: string[]; notYetRead: number } {
  const views = cachedViews(db, ids);
  const open = ids.filter((id) => views.get(id)?.status !== 'anchored');
  return { open, notYetRead: ids.length - views.size };
}

/**
 * The close's reads: from closes_at + BATCH_MAX_AGE_MS until nothing is due, the clock moved to each time the window
 * allows the next read. The close gives fetchProofs every cited id; here it is given those not anchored in this
 * store, a window's reads (LIMIT × IDS_PER_READ ids) at a time: the same reads (an anchored view is never in a plan,
 * and whole windows of 50-id reads pack as one list does), without re-planning 35,000 ids after each of 700 reads.
 * The second close starts at the same virtual time as the first: the clock is set back to it.
 */
async function closeReads(clock: VirtualClock, reader: Reader, ids: readonly string[]) {
  clock.set(CLOSE_STARTS_AT);
  const before = reader.readTimes.length;
  const left = notFinal(reader.db, ids).open;
  for (let from = 0; from < left.length; from += LIMIT * IDS_PER_READ) {
    const chunk = left.slice(from, from + LIMIT * IDS_PER_READ);
    for (;;) {
      const resumeAt = await readFrom(clock, reader, chunk);
      if (resumeAt === null) break;
      clock.set(resumeAt);
    }
  }
  const unanchored = notFinal(reader.db, ids).open.length;
  if (unanchored > 0) throw new Error(`bench: ${reader.label} closes with ${unanchored} views not anchored`);
  const reads = reader.readTimes.length - before;
  const lastRead = reads > 0 ? reader.readTimes.at(-1)! : CLOSE_STARTS_AT;
  return { left: left.length, reads, viewsReadyAt: Math.max(lastRead, CLOSE_STARTS_AT) };
}

/**
 * One read through the proxy. A kept-alive connection the server closed as the request left is met as a reset: the
 * request is sent once more under the same idempotency key, so the proxy answers the proof it already issued.
 */
async function issueProof(http: HttpClient, devnet: Devnet, apiKey: string, resource: CorpusResource, n: number) {
  const send = () =>
    http.request({
      method: 'POST',
      url: `${devnet.info.trust_layer}/v1/proxy`,
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'x-idempotency-key': `bench-${n}` },
      body: JSON.stringify({
        target: `${devnet.info.virtual_hosts.corpus}${resource.path}`,
        method: resource.method,
        payload: resource.payload,
      }),
    });
  let answer = await send();
  if (!answer.ok && answer.error.code === 'HTTP_NETWORK') answer = await send();
  if (!answer.ok) throw new Error(`bench: the proxy did not answer: ${answer.error.code} ${answer.error.message}`);
  const text = new TextDecoder().decode(answer.value.body);
  if (answer.value.status !== 200) throw new Error(`bench: the proxy answered ${answer.value.status}: ${text}`);
  return (JSON.parse(text) as { proof: { proof_id: string } }).proof.proof_id;
}

interface CorpusResource {
  path: string;
  method: string;
  payload: unknown;
}

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const hours = (ms: number) => `${(ms / HOUR_MS).toFixed(2)} h`;
const span = (ms: number) => (ms < 2 * HOUR_MS ? minutes(ms) : hours(ms));
const count = (n: number) => n.toLocaleString('en-US');

async function bench() {
  const started = performance.now();
  const clock = new VirtualClock(OPENS_AT - HOUR_MS);
  // Every commit of the devnet and the operator databases is synced (synchronous=FULL): on tmpfs where there is one,
  // so the bench's time goes to the reads and the proofs rather than to the disk (about 800 MiB at 1,000 participants,
  // removed at the end).
  const folder = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'proveit-bench-follow-'));
  const devnet = await startDevnet({
    stateDir: join(folder, 'devnet'),
    corpusDir: CORPUS_DIR,
    readLimit: LIMIT,
    readWindowSeconds: WINDOW_MS / 1000,
    batchSize: BATCH_SIZE,
    batchAgeSeconds: BATCH_MAX_AGE_MS / 1000,
    now: clock.date,
  });
  const relay = await relayFrom(devnet.info.trust_layer, '127.0.0.2');
  const http = createHttpClient();
  const readerOf = (label: string, trustLayerUrl: string): Reader => ({
    label,
    db: openDatabase(join(folder, `${label.replaceAll(' ', '-')}.sqlite`)),
    http,
    trustLayerUrl,
    readTimes: [],
    rateLimited: 0,
  });
  const following = readerOf('following', devnet.info.trust_layer);
  const notFollowing = readerOf('not following', relay.url);
  try {
    const resources = (
      JSON.parse(readFileSync(join(CORPUS_DIR, 'catalogue.json'), 'utf8')) as { resources: CorpusResource[] }
    ).resources;
    const apiKey = await freeApiKey(http, devnet);

    console.log(
      `season-follow: a four-week season on a virtual clock against the devnet (limiter ${LIMIT} reads / ` +
        `${WINDOW_MS / 1000} s, batches closed at ${BATCH_SIZE} proofs or ${BATCH_MAX_AGE_MS / 1000} s)`,
    );
    const play = newPlay(clock, devnet, apiKey, resources, following);
    await playSeason(play);
    const proofs = play.cited.length;
    const atClose = notFinal(following.db, play.cited);
    console.log(
      `  ${count(PARTICIPANTS)} participants, ${count(proofs)} proofs issued through the proxy and cited ` +
        `(${count(play.finalHourProofs)} in the final hour), ${count(play.batches)} batches, ${count(play.cycles)} follow cycles`,
    );
    console.log(
      `  issuing took ${(play.issueMs / 1000).toFixed(1)} s (${(play.issueMs / proofs).toFixed(2)} ms a proof), anchoring ` +
        `${(play.anchorMs / 1000).toFixed(1)} s, the follower's cycles ${(play.readMs / 1000).toFixed(1)} s`,
    );

    const closeStarted = performance.now();
    const followedClose = await closeReads(clock, following, play.cited);
    const unfollowedClose = await closeReads(clock, notFollowing, play.cited);
    const closeReadMs = performance.now() - closeStarted;
    for (const reader of [following, notFollowing]) {
      const most = mostInAnyWindow(reader.readTimes);
      if (reader.rateLimited > 0 || most > LIMIT) {
        throw new Error(
          `bench: ${reader.label} made ${most} reads in one window and met ${reader.rateLimited} 429 answers`,
        );
      }
    }
    printComparison(play, atClose.notYetRead, { following, notFollowing }, { followedClose, unfollowedClose });
    console.log(
      `  bench: ${((performance.now() - started) / 1000).toFixed(0)} s in all (the two closes' reads ` +
        `${(closeReadMs / 1000).toFixed(1)} s); BENCH_FOLLOW_PARTICIPANTS=N plays another size`,
    );
  } finally {
    following.db.close();
    notFollowing.db.close();
    await http.close();
    await relay.close();
    await devnet.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A Trust Layer API key from the devnet's free signup. */
async function freeApiKey(http: HttpClient, devnet: Devnet): Promise<string> {
  const signup = await http.request({
    method: 'POST',
    url: `${devnet.info.trust_layer}/v1/keys/free-signup`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'season-follow-bench@example.org' }),
  });
  if (!signup.ok || signup.value.status !== 200) throw new Error('bench: the free signup failed');
  return (JSON.parse(new TextDecoder().decode(signup.value.body)) as { api_key: string }).api_key;
}

/** The season as it is played: the devnet's batches, the follower's cycles, and what they cost. */
interface Play {
  clock: VirtualClock;
  devnet: Devnet;
  apiKey: string;
  resources: CorpusResource[];
  following: Reader;
  issuedBy: Map<number, string[]>;
  cited: string[];
  /** Cited ids whose view the follower's store does not hold final: what a cycle reads. */
  open: string[];
  batchProofs: number;
  batchDeadline: number | null;
  batches: number;
  nextCycle: number;
  cycles: number;
  resume: { at: number; ids: string[] } | null;
  longestBacklog: number;
  longestBacklogAt: number;
  mostReadsInACycle: number;
  cycleReads: number;
  issueMs: number;
  anchorMs: number;
  readMs: number;
  finalHourProofs: number;
}

function newPlay(
  clock: VirtualClock,
  devnet: Devnet,
  apiKey: string,
  resources: CorpusResource[],
  following: Reader,
): Play {
  return {
    clock,
    devnet,
    apiKey,
    resources,
    following,
    issuedBy: new Map(),
    cited: [],
    open: [],
    batchProofs: 0,
    batchDeadline: null,
    batches: 0,
    nextCycle: OPENS_AT + DEFAULT_FOLLOW_EVERY_MS,
    cycles: 0,
    resume: null,
    longestBacklog: 0,
    longestBacklogAt: OPENS_AT,
    mostReadsInACycle: 0,
    cycleReads: 0,
    issueMs: 0,
    anchorMs: 0,
    readMs: 0,
    finalHourProofs: 0,
  };
}

/** The season's events in time order, with the batches' deadlines and the follower's cycles between them. */
async function playSeason(play: Play): Promise<void> {
  const { clock } = play;
  const events = seasonEvents(PARTICIPANTS);
  let e = 0;
  for (;;) {
    // As followSeason: a cycle starts once the one before has finished, at its time or at once if that is past.
    const cycleDue =
      play.resume === null && play.nextCycle <= CLOSES_AT ? Math.max(play.nextCycle, clock.now()) : Infinity;
    // A cycle still waiting for the window when the close starts leaves the rest to the close.
    const resumeDue = play.resume !== null && play.resume.at < CLOSE_STARTS_AT ? play.resume.at : Infinity;
    const at = Math.min(events[e]?.at ?? Infinity, play.batchDeadline ?? Infinity, cycleDue, resumeDue);
    if (at === Infinity) break;
    clock.set(at);
    if (play.batchDeadline === at) {
      await closeBatch(play);
    } else if (events[e]?.at === at) {
      const event = events[e++]!;
      if (event.kind === 'proof') await issueEventProof(play, event, at, e);
      else {
        play.cited.push(...play.issuedBy.get(event.participant)!);
        play.open.push(...play.issuedBy.get(event.participant)!);
      }
    } else if (cycleDue === at) {
      play.nextCycle = at + DEFAULT_FOLLOW_EVERY_MS;
      play.cycles++;
      const t = performance.now();
      const backlog = notFinal(play.following.db, play.open).notYetRead;
      if (backlog > play.longestBacklog) [play.longestBacklog, play.longestBacklogAt] = [backlog, at];
      play.readMs += performance.now() - t;
      play.cycleReads = 0;
      play.resume = await cycleRead(play, [...play.open]);
    } else if (play.resume !== null) {
      play.resume = await cycleRead(play, play.resume.ids);
    }
  }
}

/** A proof issued through the proxy at `at`, into the open batch (which the devnet closes at BATCH_SIZE). */
async function issueEventProof(play: Play, event: SeasonEvent, at: number, e: number): Promise<void> {
  const t = performance.now();
  const id = await issueProof(
    play.following.http,
    play.devnet,
    play.apiKey,
    play.resources[e % play.resources.length]!,
    e,
  );
  play.issueMs += performance.now() - t;
  const own = play.issuedBy.get(event.participant) ?? [];
  own.push(id);
  play.issuedBy.set(event.participant, own);
  if (at >= CLOSES_AT - HOUR_MS) play.finalHourProofs++;
  if (play.batchProofs++ === 0) play.batchDeadline = at + BATCH_MAX_AGE_MS;
  // The devnet closed it itself (BATCH_MAX_SIZE); this waits for that close to finish.
  if (play.batchProofs === BATCH_SIZE) await closeBatch(play);
}

async function closeBatch(play: Play): Promise<void> {
  const t = performance.now();
  await play.devnet.closeBatch();
  play.anchorMs += performance.now() - t;
  play.batches++;
  play.batchProofs = 0;
  play.batchDeadline = null;
}

/** The follower's reads of a cycle from now; where to resume when they stopped for the window. */
async function cycleRead(play: Play, ids: string[]): Promise<{ at: number; ids: string[] } | null> {
  const { following } = play;
  const t = performance.now();
  const before = following.readTimes.length;
  const resumeAt = await readFrom(play.clock, following, ids);
  play.open = notFinal(following.db, play.open).open;
  play.readMs += performance.now() - t;
  play.cycleReads += following.readTimes.length - before;
  play.mostReadsInACycle = Math.max(play.mostReadsInACycle, play.cycleReads);
  return resumeAt === null ? null : { at: resumeAt, ids };
}

type CloseReads = Awaited<ReturnType<typeof closeReads>>;

/** Following against not following: the reads, the backlog, the close's reads and when the scores are out. */
function printComparison(
  play: Play,
  notYetReadAtClose: number,
  { following, notFollowing }: { following: Reader; notFollowing: Reader },
  { followedClose, unfollowedClose }: { followedClose: CloseReads; unfollowedClose: CloseReads },
): void {
  const proofs = play.cited.length;
  const row = (label: string, a: string, b: string) =>
    console.log(`  ${label.padEnd(38)}${a.padStart(22)}${b.padStart(22)}`);
  row('', 'following', 'not following');
  row('reads used', count(following.readTimes.length), count(notFollowing.readTimes.length));
  row(
    `most reads in any ${WINDOW_MS / 1000} s (limit ${LIMIT})`,
    String(mostInAnyWindow(following.readTimes)),
    String(mostInAnyWindow(notFollowing.readTimes)),
  );
  row('longest backlog (cited, never read)', count(play.longestBacklog), count(proofs));
  row('not yet read at closes_at', count(notYetReadAtClose), count(proofs));
  row(
    'left to the close: N_new, ceil(N_new/50)',
    `${count(followedClose.left)}, ${Math.ceil(followedClose.left / IDS_PER_READ)}`,
    `${count(unfollowedClose.left)}, ${Math.ceil(unfollowedClose.left / IDS_PER_READ)}`,
  );
  row('reads the close made', count(followedClose.reads), count(unfollowedClose.reads));
  row(
    'last view read',
    `closes_at + ${minutes(followedClose.viewsReadyAt - CLOSES_AT)}`,
    `closes_at + ${hours(unfollowedClose.viewsReadyAt - CLOSES_AT)}`,
  );
  console.log(
    `  the longest backlog was at closes_at - ${span(CLOSES_AT - play.longestBacklogAt)}; ` +
      `most reads in one cycle: ${play.mostReadsInACycle}; reads per cited proof: following ` +
      `${(following.readTimes.length / proofs).toFixed(3)}, not following ` +
      `${(notFollowing.readTimes.length / proofs).toFixed(3)} (${(following.readTimes.length / notFollowing.readTimes.length).toFixed(2)}×)`,
  );
  const compute = figures.closeSeconds;
  const followedScores = followedClose.viewsReadyAt - CLOSES_AT + (compute ?? 0) * 1000;
  const unfollowedScores = unfollowedClose.viewsReadyAt - CLOSES_AT + (compute ?? 0) * 1000;
  console.log(
    compute === undefined
      ? '  close compute: not measured in this run (bench/close-replay.ts measures it before this bench in `npm run bench`); the times below leave it out'
      : `  close compute: ${compute.toFixed(1)} s (bench/close-replay.ts in this run, ${figures.closeMeasuredOn})`,
  );
  console.log(
    `  scores at closes_at + ${minutes(followedScores)} (target 15 min), without following closes_at + ` +
      `${hours(unfollowedScores)}; ${(unfollowedScores / followedScores).toFixed(1)}× sooner`,
  );
}

await bench();
