import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import { VirtualClock } from '../../devnet/scripted/virtual-clock.ts';
import { DEFAULT_CORPUS_DIR } from '../../devnet/season/demo-corpus.ts';
import { demoCalendar } from '../core/demo/demo-calendar.ts';
import { DEMO_AGENTS, DEMO_AGENT_NAMES } from '../core/demo/scripted-agents.ts';
import type { TrackName } from '../core/corpus/model.ts';
import { fail, ok, type Result } from '../core/result.ts';
import { openDatabase, type Db } from '../db/open-database.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import { defaultKeyFile, loadOrCreateSigningKey } from '../services/index-export/signing-key.ts';
import { closeDemoTracks } from './close-demo-tracks.ts';
import { openDemoDispute } from './demo-dispute.ts';
import type { DemoProgress, DemoSummary } from '../core/demo/demo-progress.ts';
import { DEMO_TRACKS, type DemoRun, type Participant } from './demo-run.ts';
import { enrollDemoAgents } from './enroll-demo-agents.ts';
import { exportDemoIndex } from './export-demo-index.ts';
import { publishDemoReports } from './demo-report-consents.ts';
import { freezeDemoTracks } from './freeze-demo-tracks.ts';
import { playDemoAgents } from './play-demo-agents.ts';

export { DEMO_TRACKS } from './demo-run.ts';

export interface PlayDemoOptions {
  /** Where the demo writes console.sqlite, corpus/<track>/ and <track>/ (each close's output). */
  outDir: string;
  /** The operator database written (default: OUT/console.sqlite); the console's first start names a partial file. */
  dbFile?: string;
  /** The moment the demo is played (the console's or the command's clock): the calendar is set back from it. */
  startedAt: number;
  /** The season folder played (default: corpus/season-1, both tracks). */
  seasonDir?: string;
  onProgress?: (progress: DemoProgress) => void;
}

/** The demo writes a new operator database and new close folders, never over an earlier one (DEMO_OUT_NOT_EMPTY). */
function checkOutIsNew(outDir: string, dbFile: string): Result<void> {
  if (existsSync(dbFile))
    return fail(
      'DEMO_OUT_NOT_EMPTY',
      `${dbFile} exists: the demo writes a new operator database; choose another --out`,
      {
        out: outDir,
      },
    );
  for (const track of DEMO_TRACKS)
    if (existsSync(join(outDir, track)) && readdirSync(join(outDir, track)).length > 0)
      return fail('DEMO_OUT_NOT_EMPTY', `${join(outDir, track)} is not empty: choose another --out`, { out: outDir });
  return ok(undefined);
}

/**
 * Plays the demo season headless on an in-process devnet (docs/season-service.md, devnet/README.md): both tracks
 * frozen through the proxy; five scripted participants per track (a reference run, a careful agent, one that claims
 * values the corpus does not serve, one that abstains, one with a constant verdict) enroll, read the corpus through
 * the proxy and submit; one read meets an instrument fault (the corpus host misses the challenge secret); then both
 * tracks are closed, scored and published, and a participant's dispute is received. Dates are the calendar's
 * (core/demo/demo-calendar.ts), set back from `startedAt`; keys, DIDs and proof ids are drawn fresh, so the figures
 * repeat but not the ids or dates.
 */
export async function playDemo(options: PlayDemoOptions): Promise<Result<DemoSummary>> {
  const outDir = resolve(options.outDir);
  const dbFile = resolve(options.dbFile ?? join(outDir, 'console.sqlite'));
  const isNew = checkOutIsNew(outDir, dbFile);
  if (!isNew.ok) return isNew;
  const seasonDir = resolve(options.seasonDir ?? DEFAULT_CORPUS_DIR);
  const emit: DemoRun['emit'] = (step, message, done = 0, total = 0) =>
    options.onProgress?.({ step, message, done, total });

  mkdirSync(outDir, { recursive: true });
  const stateDir = mkdtempSync(join(tmpdir(), 'proveit-demo-devnet-'));
  const calendar = demoCalendar(options.startedAt);
  const clock = new VirtualClock(calendar.frozenAt);
  const http = createHttpClient({ timeoutMs: 30_000 });
  let devnet: Devnet | null = null;
  let db: Db | null = null;
  try {
    // The operator's key beside the database (the one the Index export signs with), made first: the devnet's season
    // service accepts the freezes it signs, and no other (docs/freeze.md).
    const signingKey = loadOrCreateSigningKey(defaultKeyFile(dbFile));
    if (!signingKey.ok) return signingKey;
    emit('devnet', 'starting the local Trust Layer, TSA, log, corpus hosts and season service');
    devnet = await startDevnet({
      stateDir,
      corpusDir: seasonDir,
      batchSize: 10_000,
      // Never by age: the clock jumps by weeks; batches close when the demo says so.
      batchAgeSeconds: 10 * 365 * 24 * 3600,
      now: clock.date,
      operatorPublicKey: signingKey.value.publicKeyHex,
    });
    db = openDatabase(dbFile);
    const season = Number(
      (JSON.parse(readFileSync(join(seasonDir, 'conformite', 'season.json'), 'utf8')) as { season: number }).season,
    );
    // The frozen copies stay beside the database, as corpus/season-N/<track>.
    const corpusDir = Object.fromEntries(
      DEMO_TRACKS.map((track) => [track, join(outDir, 'corpus', `season-${season}`, track)]),
    ) as Record<TrackName, string>;
    const run = { outDir, dbFile, seasonDir, season, corpusDir, signingKey: signingKey.value, calendar, emit };
    return await playSeason({ ...run, devnet, db, http, clock });
  } catch (error) {
    return fail('DEMO_FAILED', `the demo season stopped: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await http.close();
    db?.close();
    await devnet?.close();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

/**
 * The season, date by date of the calendar: frozen, then played by the agents, closed and published, exported as the
 * signed Index, and disputed.
 */
async function playSeason(run: DemoRun): Promise<Result<DemoSummary>> {
  const frozen = await freezeDemoTracks(run);
  if (!frozen.ok) return frozen;

  run.clock.set(run.calendar.playedAt);
  const participants = await enrollDemoAgents(run);
  if (!participants.ok) return participants;
  const played = await playDemoAgents(run, participants.value);
  if (!played.ok) return played;

  run.clock.set(run.calendar.closedAt);
  const tracks = await closeDemoTracks(run);
  if (!tracks.ok) return tracks;

  // The Index at once: the scores are public, and the dispute windows run, from its export (spec §9.2). Two days
  // later, the dispute.
  // Each participant receives its report and makes it public before the export (docs/publications.md).
  const consents = await publishDemoReports(run, participants.value);
  if (!consents.ok) return consents;
  const index = exportDemoIndex(run, participants.value);
  if (!index.ok) return index;
  run.clock.set(run.calendar.disputedAt);
  const dispute = await openDemoDispute(run, participants.value);
  if (!dispute.ok) return dispute;

  const summary: DemoSummary = {
    out: run.outDir,
    db: run.dbFile,
    season: run.season,
    tracks: tracks.value,
    participants: participantsOf(participants.value),
    dispute: dispute.value,
    index: index.value,
  };
  run.emit('done', `demo season played: ${run.dbFile}`, 1, 1);
  return ok(summary);
}

/** Each agent once, with its participant id and the tasks it submitted per track. */
function participantsOf(participants: readonly Participant[]): DemoSummary['participants'] {
  return DEMO_AGENTS.map((agent) => {
    const mine = participants.filter((p) => p.agent === agent);
    return {
      agent,
      name: DEMO_AGENT_NAMES[agent],
      participantId: (mine[0] as Participant).participantId,
      tasksSubmitted: Object.fromEntries(mine.map((p) => [p.track, p.submissions.length])),
    };
  });
}
