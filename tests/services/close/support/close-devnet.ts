import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../../../devnet/start-devnet.ts';
import { openDatabase, type Db } from '../../../../main/db/open-database.ts';
import { VirtualClock } from '../../../../devnet/scripted/virtual-clock.ts';
import { createHttpClient, type HttpClient } from '../../../../main/services/http/http-client.ts';
import { journeyCorpus } from '../../../devnet/support/journey-corpus.ts';
import { operatorApiKey } from '../../../devnet/support/trust-layer-calls.ts';
import { boundKey, enroll, submit, type BoundKey } from '../../../season-service/support/season-fixture.ts';
import { freezeTrack, ownerFullView } from './devnet-operator.ts';

/** The season of these tests: frozen on 20 September, open from 1 October to 29 October 08:00. */
export const FROZEN_AT = Date.parse('2026-09-20T12:00:00.000Z');
export const OPENS_AT = '2026-10-01T08:00:00.000Z';
export const CLOSES_AT = '2026-10-29T08:00:00.000Z';
export const DURING = Date.parse('2026-10-10T12:00:00.000Z');
export const AFTER_CLOSE = Date.parse('2026-10-29T09:00:00.000Z');
/** Past the 48 hours a `null` answer is read again after closes_at (docs/scoring.md "Witness limits"): final. */
export const AFTER_NULL_RECHECK = Date.parse('2026-10-31T09:00:00.000Z');

/** One clock for the devnet and the operator, which the test moves (shared with the demo season). */
export { VirtualClock };

export interface ReadProof {
  proofId: string;
  /** From the owner's full view: the pairs a submission discloses for this proof. */
  disclosure: { request_hash: { nonce: string; value: string }; response_hash: { nonce: string; value: string } };
}

export interface Participant {
  key: BoundKey;
  participantId: string;
  seasonToken: string;
  /** A proxied read of a corpus path of the compliance track with this participant's key: a real proof. */
  read(path: string): Promise<ReadProof>;
  submit(body: object): Promise<{ status: number; json: Record<string, unknown> }>;
}

export interface CloseDevnet {
  devnet: Devnet;
  dir: string;
  clock: VirtualClock;
  db: Db;
  dbFile: string;
  corpusDir: string;
  operatorTokenFile: string;
  http: HttpClient;
  /** A bound key enrolled in the season (a new one, or `key` when given: a key that already made calls). */
  enroll(label: string, key?: BoundKey): Promise<Participant>;
  /** A proxied read with `key`, enrolled or not (a call made before the opening, say). */
  readWith(key: BoundKey, path: string): Promise<ReadProof>;
  close(): Promise<void>;
}

/**
 * A devnet whose clock the test moves, the compliance track frozen through it on 20 September (batch anchored then,
 * before the opening, unless `anchorFreezeAt` says when), and an operator database holding that freeze. Batches
 * close only when the test says so.
 */
export async function startCloseDevnet(
  prefix: string,
  options: {
    anchorFreezeAt?: number;
    /**
     * The freeze posted through the proxy with a participant's key, bound to its own DID (docs/freeze.md "The
     * challenge's DID").
     */
    freezeUnderParticipantDid?: boolean;
  } = {},
): Promise<CloseDevnet> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const clock = new VirtualClock(FROZEN_AT);
  const devnet = await startDevnet({
    stateDir: join(dir, 'state'),
    corpusDir: journeyCorpus.dir,
    batchSize: 10_000,
    // Never by age: the clock jumps by weeks, and a pending batch must stay pending until the test closes it.
    batchAgeSeconds: 10 * 365 * 24 * 3600,
    now: clock.date,
  });
  const trustLayer = devnet.info.trust_layer;
  const http = createHttpClient({ timeoutMs: 10_000 });
  const corpusDir = join(dir, 'corpus');
  cpSync(journeyCorpus.dir, corpusDir, { recursive: true });
  const dbFile = join(dir, 'console.sqlite');
  const db = openDatabase(dbFile);
  const operatorKey = options.freezeUnderParticipantDid
    ? (await boundKey(trustLayer, 'freeze-participant')).apiKey
    : await operatorApiKey(trustLayer, 'operator@example.org', devnet.info.operator_key_file as string);
  await freezeTrack(
    corpusDir,
    { opensAt: OPENS_AT, closesAt: CLOSES_AT },
    { trustLayer, apiKey: operatorKey, operatorKeyFile: devnet.info.operator_key_file as string, db, http, clock },
  );
  // The freeze's batch is anchored at once, or at the instant asked (after the opening, for the refusal tests).
  if (options.anchorFreezeAt !== undefined) clock.set(options.anchorFreezeAt);
  await devnet.closeBatch();
  const operatorTokenFile = join(dir, 'operator.token');
  writeFileSync(operatorTokenFile, `${devnet.info.internal_secret}\n`);

  /** A proxied read of a corpus path of the compliance track with `key`: a real proof, and its disclosures. */
  async function readWith(key: BoundKey, path: string): Promise<ReadProof> {
    const answer = await fetch(`${trustLayer}/v1/proxy`, {
      method: 'POST',
      headers: { 'X-Api-Key': key.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        target: `${journeyCorpus.base}${path}`,
        method: 'GET',
        payload: {},
        currency: 'eur',
      }),
    });
    const body = (await answer.json()) as { proof?: { proof_id: string } };
    if (answer.status !== 200 || !body.proof)
      throw new Error(`proxy read of ${path}: ${answer.status} ${JSON.stringify(body)}`);
    const proofId = body.proof.proof_id;
    const full = await ownerFullView(trustLayer, key.apiKey, proofId);
    const pair = (field: string) => ({ nonce: full.commitment_nonces[field]!, value: full.chain_data[field]! });
    return { proofId, disclosure: { request_hash: pair('request_hash'), response_hash: pair('response_hash') } };
  }

  return {
    devnet,
    dir,
    clock,
    db,
    dbFile,
    corpusDir,
    operatorTokenFile,
    http,
    readWith,
    async enroll(label, given) {
      const key = given ?? (await boundKey(trustLayer, label));
      const enrolled = await enroll(devnet.info.season, key.apiKey, {
        agent_name: label,
        declared_stack: 'a test harness',
      });
      if (enrolled.status !== 201) throw new Error(`enrollment refused: ${JSON.stringify(enrolled.json)}`);
      const seasonToken = enrolled.json.season_token as string;
      return {
        key,
        participantId: enrolled.json.participant_id as string,
        seasonToken,
        read: (path) => readWith(key, path),
        submit: (body) => submit(devnet.info.season, seasonToken, JSON.stringify(body)),
      };
    },
    async close() {
      await http.close();
      db.close();
      await devnet.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
