import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startDevnet, type Devnet } from '../../../devnet/start-devnet.ts';
import { operatorKey, participantKey } from '../../../devnet/scripted/participant-key.ts';
import type { ProxiedRead } from '../../../devnet/scripted/proxy-read.ts';
import { scriptedRead, scriptedSubmission } from '../../../devnet/scripted/scripted-submission.ts';
import { VirtualClock } from '../../../devnet/scripted/virtual-clock.ts';
import { DEFAULT_CORPUS_DIR } from '../../cli/devnet-up.ts';
import { loadCorpus } from '../../core/corpus/load-corpus.ts';
import { parseKey, parseTasks } from '../../core/corpus/parse-tasks-and-key.ts';
import { Problems } from '../../core/corpus/problems.ts';
import { TRACKS } from '../../core/corpus/tracks.ts';
import { demoCalendar } from '../../core/demo/demo-calendar.ts';
import { DEMO_AGENTS, DEMO_AGENT_NAMES, scriptTrack, type ScriptedAgent } from '../../core/demo/scripted-agents.ts';
import type { Track } from '../../core/freeze/freeze-document.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { freezeInForceOf } from '../../db/freezes.ts';
import { openDatabase, type Db } from '../../db/open-database.ts';
import { announcedReceiptKey } from '../receipts/announced-receipt-key.ts';
import { closeSeason } from '../close/close-season.ts';
import { readCorpusTree } from '../corpus/corpus-folder.ts';
import { loadTrustBundle } from '../trust/load-bundle.ts';
import { openDispute } from '../disputes/open-dispute.ts';
import { createFreeze } from '../freeze/create-freeze.ts';
import { checkFreezeAnchoring } from '../freeze/freeze-anchoring.ts';
import { publishFreeze } from '../freeze/publish-freeze.ts';
import { createHttpClient, type HttpClient } from '../http/http-client.ts';
import { exportIndex } from '../index-export/export-index.ts';
import { defaultKeyFile, loadOrCreateSigningKey } from '../index-export/signing-key.ts';
import { markReferenceRun } from '../index-export/participants.ts';
import { publishSeason } from '../publications/publish-season.ts';
import type { DemoProgress, DemoSummary } from './demo-progress.ts';

export const DEMO_TRACKS: readonly Track[] = ['conformite', 'generique'];
/** The track whose careful agent meets the instrument fault (one incident opens there). */
const FAULT_TRACK: Track = 'conformite';
/** Who the demo records as acting in the audit log. */
const DEMO_ACTOR = 'demo-operator';

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

type Participant = ScriptedAgent & { track: Track; participantId: string; seasonToken: string; did: string };

async function seasonCall(devnet: Devnet, season: number, path: string, headers: Record<string, string>, body: string) {
  const answer = await fetch(`${devnet.info.season}/v1/season/${season}/${path}`, { method: 'POST', headers, body });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

async function readExport(http: HttpClient, devnet: Devnet, season: number): Promise<Uint8Array> {
  const answer = await http.request({
    method: 'GET',
    url: `${devnet.info.season}/v1/season/${season}/export`,
    headers: { authorization: `Bearer ${devnet.info.internal_secret}`, accept: 'application/x-ndjson' },
  });
  if (!answer.ok || answer.value.status !== 200) throw new Error('the devnet season service did not give its export');
  return answer.value.body;
}

/** The first unsupported assertion of a participant's report: the one the demo's participant disputes. */
function firstUnsupported(reportFile: string): { taskId: string; assertionId: string } | null {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    assertions: { task_id: string; assertion_id: string; status: string }[];
  };
  const found = report.assertions.find((a) => a.status === 'unsupported');
  return found ? { taskId: found.task_id, assertionId: found.assertion_id } : null;
}

/**
 * Plays the demo season headless on an in-process devnet (issue 14): both tracks frozen through the proxy; five
 * scripted participants per track (a reference run, a careful agent, one that claims values the corpus does not
 * serve, one that abstains, one with a constant verdict) enroll, read the corpus through the proxy and submit; one
 * read meets an instrument fault (the corpus host misses the challenge secret); then both tracks are closed, scored
 * and published, and a participant's dispute is received. Dates are the calendar's (core/demo/demo-calendar.ts), set
 * back from `startedAt`; keys, DIDs and proof ids are drawn fresh, so the figures repeat but not the ids or dates.
 */
export async function playDemo(options: PlayDemoOptions): Promise<Result<DemoSummary>> {
  const outDir = resolve(options.outDir);
  const dbFile = resolve(options.dbFile ?? join(outDir, 'console.sqlite'));
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
  const seasonDir = resolve(options.seasonDir ?? DEFAULT_CORPUS_DIR);
  const emit = (step: DemoProgress['step'], message: string, done = 0, total = 0) =>
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
    // service accepts the freezes it signs, and no other (issue 22).
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
    const trustLayer = devnet.info.trust_layer;
    db = openDatabase(dbFile);

    // Freeze both tracks (the frozen copies stay beside the database, as corpus/season-N/<track>).
    const season = Number(
      (JSON.parse(readFileSync(join(seasonDir, 'conformite', 'season.json'), 'utf8')) as { season: number }).season,
    );
    const corpusDir = {} as Record<Track, string>;
    const opKey = await operatorKey(trustLayer, 'operator@demo.example.org', signingKey.value);
    for (const [i, track] of DEMO_TRACKS.entries()) {
      emit('freeze', `freezing the ${track} track: rules, manifest, key commitment, anchored through the proxy`, i, 2);
      corpusDir[track] = join(outDir, 'corpus', `season-${season}`, track);
      cpSync(join(seasonDir, track), corpusDir[track], { recursive: true });
      const frozen = await createFreeze(
        {
          corpusDir: corpusDir[track],
          trustLayer,
          apiKey: opKey,
          operatorKey: signingKey.value,
          seasonBase: devnet.info.virtual_hosts.season,
          opensAt: calendar.opensAt,
          closesAt: calendar.closesAt,
          replace: false,
          reason: null,
          actor: DEMO_ACTOR,
        },
        { db, http, clock, randomBytes: (n) => new Uint8Array(randomBytes(n)) },
      );
      if (!frozen.ok) return frozen;
    }
    await devnet.closeBatch();
    // Anchored before the opening, the freezes are checked as a third party would and published (spec §8.3, §8.5):
    // the Freeze screen then shows every step done.
    const trust = await loadTrustBundle(devnet.info.trust_bundle);
    if (!trust.ok) return trust;
    for (const track of DEMO_TRACKS) {
      const freeze = freezeInForceOf(db, season, track);
      if (!freeze) return fail('DEMO_FREEZE_MISSING', `the ${track} freeze just made is not in ${dbFile}`);
      const anchored = await checkFreezeAnchoring(freeze, trust.value, { db, http, clock });
      if (!anchored.ok) return anchored;
      const out = join(outDir, 'freezes', `season-${season}-${track}-publication.json`);
      mkdirSync(dirname(out), { recursive: true });
      const published = await publishFreeze(db, clock, { season, track, actor: DEMO_ACTOR, out });
      if (!published.ok) return published;
    }
    emit('freeze', 'both tracks frozen, anchored and published', 2, 2);

    // The scripts, from each track's published tasks, its key and its frozen bodies.
    clock.set(calendar.playedAt);
    const scriptsOf = {} as Record<Track, ScriptedAgent[]>;
    for (const track of DEMO_TRACKS) {
      const problems = new Problems();
      const corpus = loadCorpus(await readCorpusTree(corpusDir[track]), problems);
      const tasks = parseTasks(corpus.tasks, problems);
      const key = parseKey(corpus.key, problems);
      const definition = TRACKS[track];
      if (!definition || problems.list.length > 0)
        return fail('DEMO_CORPUS_UNREADABLE', `the ${track} track of ${seasonDir} cannot be read`, {
          problems: problems.list.map((p) => `${p.code} ${p.message}`),
        });
      scriptsOf[track] = scriptTrack({
        definition,
        tasks,
        key,
        lookup: (path) => corpus.bodies.get(path)?.value,
        withFault: track === FAULT_TRACK,
      });
    }
    // Each agent signs up, binds a DID and enrolls once for the season; it submits on both tracks.
    const participants: Participant[] = [];
    const keys = new Map<string, { apiKey: string; did: string }>();
    for (const [i, agent] of DEMO_AGENTS.entries()) {
      const k = await participantKey(trustLayer, `${agent}@demo.example.org`);
      keys.set(agent, k);
      const name = DEMO_AGENT_NAMES[agent];
      const enrolled = await seasonCall(
        devnet,
        season,
        'enroll',
        { 'X-Api-Key': k.apiKey },
        JSON.stringify({ agent_name: name, declared_stack: 'a scripted demo participant' }),
      );
      if (enrolled.status !== 201)
        return fail('DEMO_ENROLL_REFUSED', `the season service refused ${name}: ${JSON.stringify(enrolled.json)}`);
      for (const track of DEMO_TRACKS) {
        const script = scriptsOf[track].find((s) => s.agent === agent) as ScriptedAgent;
        participants.push({
          ...script,
          track,
          did: k.did,
          participantId: enrolled.json['participant_id'] as string,
          seasonToken: enrolled.json['season_token'] as string,
        });
      }
      emit('enroll', `${name} enrolled`, i + 1, DEMO_AGENTS.length);
    }

    // Reads through the proxy, then submissions.
    const totalReads = participants.reduce((n, p) => n + p.reads.length, 0);
    let readsDone = 0;
    const proofs = new Map<string, ProxiedRead>();
    const scriptedDevnet = { trustLayer, internalSecret: devnet.info.internal_secret };
    const proofKey = (p: Participant, resource: string, underFault: boolean) =>
      `${p.track}|${p.participantId}|${resource}|${underFault}`;
    for (const p of participants) {
      const base = (JSON.parse(readFileSync(join(corpusDir[p.track], 'season.json'), 'utf8')) as { base: string }).base;
      for (const read of p.reads) {
        const proof = await scriptedRead(scriptedDevnet, keys.get(p.agent)!.apiKey, base, read);
        proofs.set(proofKey(p, read.resource, read.underFault), proof);
        readsDone++;
        if (readsDone % 10 === 0 || readsDone === totalReads)
          emit('read', `agents reading the corpus through the proxy`, readsDone, totalReads);
      }
    }
    await devnet.closeBatch();
    const totalSubmissions = participants.reduce((n, p) => n + p.submissions.length, 0);
    let submitted = 0;
    for (const p of participants) {
      for (const task of p.submissions) {
        const target = { season, track: p.track, did: p.did, narrative: 'scripted demo participant' };
        const body = scriptedSubmission(target, task, (resource, underFault) => {
          const proof = proofs.get(proofKey(p, resource, underFault));
          if (!proof) throw new Error(`no read of ${resource} by ${p.name}`);
          return proof;
        });
        const answer = await seasonCall(devnet, season, 'submit', { Authorization: `Bearer ${p.seasonToken}` }, body);
        if (answer.json['recorded'] !== true)
          return fail(
            'DEMO_SUBMISSION_REFUSED',
            `${p.name}'s ${task.taskId} was refused at intake: ${JSON.stringify(answer.json)}`,
          );
        submitted++;
      }
      emit('submit', `${p.name} submitted on ${p.track}`, submitted, totalSubmissions);
    }

    // Close, score and publish each track.
    clock.set(calendar.closedAt);
    const exported = await readExport(http, devnet, season);
    const serviceKey = await announcedReceiptKey(devnet.info.season, season, 'the demo reads it from its own devnet');
    if (!serviceKey.ok) return serviceKey;
    const closes: DemoSummary['tracks'] = [];
    for (const track of DEMO_TRACKS) {
      emit('close', `closing ${track}: key revealed, cited proofs read under the limit, scored`);
      const closed = await closeSeason({
        db,
        http,
        clock,
        season,
        track,
        corpusDir: corpusDir[track],
        submissions: exported,
        serviceKey: serviceKey.value,
        trustLayerUrl: trustLayer,
        trustDir: devnet.info.trust_bundle,
        outDir: join(outDir, track),
        actor: DEMO_ACTOR,
        onReadProgress: (p) => emit('close', `reading the cited proofs of ${track} (${p.phase})`, p.done, p.total),
      });
      if (!closed.ok) return closed;
      emit('publish', `publishing ${track} (version 1; the 14-day dispute window starts)`);
      const published = await publishSeason({ db, clock, season, track, actor: DEMO_ACTOR });
      if (!published.ok) return published;
      closes.push({
        track,
        out: join(outDir, track),
        closeId: closed.value.closeId,
        scoresSha256: closed.value.scoresSha256,
        scored: closed.value.scored.length,
        pending: closed.value.pending.length,
        publicationVersion: published.value.version,
      });
    }

    // A participant disputes one of its unsupported assertions, two days after publication.
    clock.set(calendar.disputedAt);
    const disputer = participants.find((p) => p.agent === 'overclaims' && p.track === FAULT_TRACK);
    const assertion = disputer
      ? firstUnsupported(join(outDir, FAULT_TRACK, 'reports', `${disputer.participantId}.json`))
      : null;
    if (!disputer || !assertion)
      return fail('DEMO_NO_DISPUTABLE_ASSERTION', 'the scripted season left no unsupported assertion to dispute');
    emit('dispute', `${disputer.name} disputes ${assertion.taskId} ${assertion.assertionId}`);
    const dispute = await openDispute(db, clock, {
      season,
      track: FAULT_TRACK,
      participantId: disputer.participantId,
      taskId: assertion.taskId,
      assertionId: assertion.assertionId,
      reason: 'The participant states that the value claimed is the one the resource served when it was read.',
      actor: DEMO_ACTOR,
    });
    if (!dispute.ok) return dispute;

    // The reference run is marked as such (spec §7.1), then the signed Index is exported (issue 13's function).
    const reference = participants.find((p) => p.agent === 'reference') as Participant;
    const marked = markReferenceRun(db, {
      season,
      participantId: reference.participantId,
      model: 'scripted-reference',
      modelVersion: '1',
      framework: 'proveit demo',
      prompt: new TextEncoder().encode(
        'Answer each task with the key verdict and its grounding facts (demo script).\n',
      ),
      clock,
      actor: DEMO_ACTOR,
    });
    if (!marked.ok) return marked;
    emit('export', 'exporting the signed Index (French and English, manifest.json signed)');
    const indexDir = join(outDir, 'index');
    const indexed = exportIndex(db, { season, outDir: indexDir, clock, actor: DEMO_ACTOR });
    if (!indexed.ok)
      return fail(indexed.error.code, indexed.error.message, {
        ...(indexed.error.details ?? {}),
        findings: indexed.findings ?? [],
      });

    const summary: DemoSummary = {
      out: outDir,
      db: dbFile,
      season,
      tracks: closes,
      participants: DEMO_AGENTS.map((agent) => {
        const mine = participants.filter((p) => p.agent === agent);
        return {
          agent,
          name: DEMO_AGENT_NAMES[agent],
          participantId: (mine[0] as Participant).participantId,
          tasksSubmitted: Object.fromEntries(mine.map((p) => [p.track, p.submissions.length])),
        };
      }),
      dispute: { id: dispute.value.disputeId, participantId: disputer.participantId, ...assertion },
      index: {
        out: indexDir,
        version: indexed.value.indexVersion,
        manifestSha256: indexed.value.manifestSha256,
        keyId: indexed.value.keyId,
        files: indexed.value.files,
      },
    };
    emit('done', `demo season played: ${dbFile}`, 1, 1);
    return ok(summary);
  } catch (error) {
    return fail('DEMO_FAILED', `the demo season stopped: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await http.close();
    db?.close();
    await devnet?.close();
    rmSync(stateDir, { recursive: true, force: true });
  }
}
