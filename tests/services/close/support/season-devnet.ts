import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../../../devnet/start-devnet.ts';
import { TRACK_NAMES, type TrackName } from '../../../../main/core/corpus/model.ts';
import { openDatabase, type Db } from '../../../../main/db/open-database.ts';
import { createHttpClient, type HttpClient } from '../../../../main/services/http/http-client.ts';
import { DEMO_SEASON_DIR } from '../../../devnet/support/journey-corpus.ts';
import { operatorApiKey } from '../../../devnet/support/trust-layer-calls.ts';
import { boundKey, type BoundKey } from '../../../season-service/support/season-fixture.ts';
import { CLOSES_AT, FROZEN_AT, OPENS_AT, VirtualClock, type ReadProof } from './close-devnet.ts';
import { freezeTrack, ownerFullView } from './devnet-operator.ts';
import { devnetFault } from '../../../devnet/support/devnet-faults.ts';

/** What a proxied read asks the Trust Layer: any target (canonical or not), optional extra headers. */
export interface ReadRequest {
  target: string;
  extraHeaders?: Record<string, string>;
}

export interface SeasonParticipant {
  label: string;
  key: BoundKey;
  participantId: string;
  seasonToken: string;
  read(request: ReadRequest | string): Promise<ReadProof>;
  submit(body: object): Promise<{ status: number; json: Record<string, unknown> }>;
}

/** A participant's key before enrollment: it can already read through the proxy (the season service is not asked). */
export interface Reader {
  label: string;
  key: BoundKey;
  read(request: ReadRequest | string): Promise<ReadProof>;
}

export interface SeasonDevnet {
  /** The season number of the corpus served (season.json). */
  season: number;
  devnet: Devnet;
  dir: string;
  clock: VirtualClock;
  db: Db;
  dbFile: string;
  /** Per track, the frozen copy of its folder the close is given as --corpus. */
  corpusDir: Record<TrackName, string>;
  base: Record<TrackName, string>;
  operatorTokenFile: string;
  /** The operator's API key (bound to the challenge's DID) that froze both tracks: what later operator acts anchor with. */
  operatorApiKey: string;
  reader(label: string): Promise<Reader>;
  enroll(reader: Reader): Promise<SeasonParticipant>;
  /** POST /_devnet/faults: the proxy's next calls to that host meet the fault (null clears it). */
  fault(host: string, fault: 'drop-secret' | null): Promise<void>;
  close(): Promise<void>;
}

/**
 * A devnet serving a whole season (the demo season unless `seasonDir` names another season folder) (each track on its own host), with one clock the test moves (the devnet's
 * TSA and proofs, the season host's window, the operator's freeze, reveal and read ledger). Both tracks are frozen
 * through it at FROZEN_AT and that batch is anchored at once, before the opening. Batches close only when the test
 * says so: nothing here waits for time to pass.
 */
export async function startSeasonDevnet(prefix: string, options: { seasonDir?: string } = {}): Promise<SeasonDevnet> {
  const seasonDir = options.seasonDir ?? DEMO_SEASON_DIR;
  const seasonOf = (track: TrackName) =>
    JSON.parse(readFileSync(join(seasonDir, track, 'season.json'), 'utf8')) as { season: number; base: string };
  const season = seasonOf('conformite').season;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const clock = new VirtualClock(FROZEN_AT);
  const devnet = await startDevnet({
    stateDir: join(dir, 'state'),
    corpusDir: seasonDir,
    batchSize: 10_000,
    batchAgeSeconds: 10 * 365 * 24 * 3600,
    now: clock.date,
  });
  const trustLayer = devnet.info.trust_layer;
  const http: HttpClient = createHttpClient({ timeoutMs: 10_000 });
  const dbFile = join(dir, 'console.sqlite');
  const db = openDatabase(dbFile);
  const operatorKey = await operatorApiKey(trustLayer, 'operator@example.org', devnet.info.operator_key_file as string);
  const corpusDir = {} as Record<TrackName, string>;
  const base = {} as Record<TrackName, string>;
  for (const track of TRACK_NAMES) {
    corpusDir[track] = join(dir, 'corpus', track);
    cpSync(join(seasonDir, track), corpusDir[track], { recursive: true });
    base[track] = seasonOf(track).base;
    await freezeTrack(
      corpusDir[track],
      { opensAt: OPENS_AT, closesAt: CLOSES_AT },
      { trustLayer, apiKey: operatorKey, operatorKeyFile: devnet.info.operator_key_file as string, db, http, clock },
    );
  }
  await devnet.closeBatch();
  const operatorTokenFile = join(dir, 'operator.token');
  writeFileSync(operatorTokenFile, `${devnet.info.internal_secret}\n`);

  const readWith =
    (key: BoundKey) =>
    async (request: ReadRequest | string): Promise<ReadProof> => {
      const { target, extraHeaders } =
        typeof request === 'string' ? { target: `${base.conformite}${request}`, extraHeaders: undefined } : request;
      const answer = await fetch(`${trustLayer}/v1/proxy`, {
        method: 'POST',
        headers: { 'X-Api-Key': key.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          target,
          method: 'GET',
          payload: {},
          currency: 'eur',
          ...(extraHeaders ? { extra_headers: extraHeaders } : {}),
        }),
      });
      const body = (await answer.json()) as { proof?: { proof_id: string } };
      if (answer.status !== 200 || !body.proof)
        throw new Error(`proxy read of ${target}: ${answer.status} ${JSON.stringify(body)}`);
      const proofId = body.proof.proof_id;
      const full = await ownerFullView(trustLayer, key.apiKey, proofId);
      const pair = (field: string) => ({ nonce: full.commitment_nonces[field]!, value: full.chain_data[field]! });
      return { proofId, disclosure: { request_hash: pair('request_hash'), response_hash: pair('response_hash') } };
    };

  const seasonCall = async (path: string, headers: Record<string, string>, body: string) => {
    const answer = await fetch(`${devnet.info.season}/v1/season/${season}/${path}`, { method: 'POST', headers, body });
    return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
  };
  return {
    season,
    devnet,
    dir,
    clock,
    db,
    dbFile,
    corpusDir,
    base,
    operatorTokenFile,
    operatorApiKey: operatorKey,
    async reader(label) {
      const key = await boundKey(trustLayer, label);
      return { label, key, read: readWith(key) };
    },
    async enroll(reader) {
      const enrolled = await seasonCall(
        'enroll',
        { 'X-Api-Key': reader.key.apiKey },
        JSON.stringify({ agent_name: reader.label, declared_stack: 'a scripted participant' }),
      );
      if (enrolled.status !== 201) throw new Error(`enrollment refused: ${JSON.stringify(enrolled.json)}`);
      const seasonToken = enrolled.json.season_token as string;
      return {
        ...reader,
        participantId: enrolled.json.participant_id as string,
        seasonToken,
        submit: (body) => seasonCall('submit', { Authorization: `Bearer ${seasonToken}` }, JSON.stringify(body)),
      };
    },
    fault: (host, fault) => devnetFault(devnet.info, { host, fault }),
    async close() {
      await http.close();
      db.close();
      await devnet.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
