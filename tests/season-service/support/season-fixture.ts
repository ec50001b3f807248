import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { afterEach } from 'vitest';
import { didKeyOfEd25519 } from '../../../main/core/encoding/did-key.ts';
import type { TrackName } from '../../../main/core/corpus/model.ts';
import { signFreezeDocument } from '../../../main/core/freeze/operator-freeze.ts';
import { publicKeyOf } from '../../../main/core/index/signature.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { seasonServiceMigrations } from '../../../main/db/season-service/migrations.ts';
import { createHttpClient, type HttpClient } from '../../../main/services/http/http-client.ts';
import { loadOrCreateReceiptKey, RECEIPT_KEY_FILE } from '../../../season-service/receipt-key.ts';
import { loadSeasonMaterial, type SeasonMaterial } from '../../../season-service/season-material.ts';
import { startSeasonService, type SeasonService, type StopOutcome } from '../../../season-service/server.ts';
import type { ServiceLimits } from '../../../season-service/limits/service-limits.ts';
import { trustLayerIdentity, type IdentityLookup } from '../../../season-service/trust-layer-identity.ts';
import { openSignedExport } from '../../../main/core/season-export/signed-export.ts';
import { runSeasonService } from '../../../season-service/run-season-service.ts';

export const SEASON_DIR = fileURLToPath(new URL('../../../corpus/season-1', import.meta.url));

/**
 * The service as `proveit season serve` starts it (runSeasonService) on `stateFile`, on a free loopback port, with
 * no Trust Layer answering (nothing here enrolls) and no challenge secret.
 */
export function serveSeasonOn(stateFile: string) {
  return runSeasonService({
    host: '127.0.0.1',
    port: 0,
    stateFile,
    seasonDir: SEASON_DIR,
    trustLayer: 'http://127.0.0.1:1',
    operatorToken: 'o'.repeat(43),
    challengeSecret: null,
    requestLog: null,
  });
}
export const OPENS_AT = '2026-10-01T08:00:00.000Z';
export const CLOSES_AT = '2026-10-29T08:00:00.000Z';
export const DURING = new Date('2026-10-10T12:00:00.000Z');

/** An operator's Ed25519 key: what signs a freeze (document version 3) and what a test service is started with. */
export interface TestOperator {
  privateKey: Uint8Array;
  publicKeyHex: string;
}

/** The operator of every test service (`--operator-public-key`): a fresh key per test run. */
export const TEST_OPERATOR: TestOperator = operatorOf(new Uint8Array(randomBytes(32)));

export function operatorOf(privateKey: Uint8Array): TestOperator {
  return { privateKey, publicKeyHex: Buffer.from(publicKeyOf(privateKey)).toString('hex') };
}

/** A clock a test moves by hand: the service reads it, nothing sleeps. */
export class TestClock {
  constructor(public current: Date = DURING) {}
  readonly now = () => this.current;
}

export interface RunningService {
  url: string;
  db: Db;
  clock: TestClock;
  operatorToken: string;
  challengeSecret: string;
  material: SeasonMaterial;
  /** The service's receipt key file (a real one, created in the service's folder) and its public key hex. */
  receiptKeyFile: string;
  receiptPublicKey: string;
  /** `GET /metrics` of this service, or null when started without `metricsPort`. */
  metricsUrl: string | null;
  metrics: SeasonService['metrics'];
  /** The service's own stop (as SIGTERM runs it), leaving the database open for the test to read. */
  stopService(withinMs?: number): Promise<StopOutcome>;
  stop(): Promise<void>;
}

/** A season service on its own temporary SQLite file, with a hand-moved clock and the devnet Trust Layer. */
export async function startTestService(
  trustLayer: string,
  options: {
    limits?: Partial<ServiceLimits>;
    identity?: IdentityLookup;
    clock?: TestClock;
    trustedProxies?: string[];
    /** The operator key the service accepts freezes from (default TEST_OPERATOR's; null: none). */
    operatorPublicKey?: string | null;
    /** `GET /metrics` on this loopback port (0: a free one); absent: no metrics listener. */
    metricsPort?: number;
    /** Where the request log goes; none by default (the tests' output stays theirs). */
    requestLog?: (line: string) => void;
  } = {},
): Promise<RunningService> {
  const dir = mkdtempSync(join(tmpdir(), 'season-service-'));
  const db = openDatabase(join(dir, 'season.sqlite'), { migrations: seasonServiceMigrations });
  const http: HttpClient = createHttpClient({ timeoutMs: 5_000 });
  const clock = options.clock ?? new TestClock();
  const operatorToken = randomBytes(32).toString('base64url');
  const challengeSecret = randomBytes(24).toString('hex');
  const material = await loadSeasonMaterial(SEASON_DIR);
  const receiptKeyFile = join(dir, RECEIPT_KEY_FILE);
  const receiptSigner = loadOrCreateReceiptKey(receiptKeyFile);
  const service: SeasonService = await startSeasonService({
    host: '127.0.0.1',
    port: 0,
    db,
    material,
    identity: options.identity ?? trustLayerIdentity(trustLayer, http),
    operatorToken,
    challengeSecret,
    operatorPublicKey: options.operatorPublicKey === undefined ? TEST_OPERATOR.publicKeyHex : options.operatorPublicKey,
    receiptSigner,
    now: clock.now,
    // Every test client connects from loopback: one address stands for many participants (tests set their own).
    limits: { enrollPerIpPerHour: 1_000, maxConnectionsPerAddress: 1_000, ...options.limits },
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    ...(options.metricsPort !== undefined ? { metricsPort: options.metricsPort } : {}),
    requestLog: options.requestLog ?? null,
  });
  return {
    url: service.url,
    metricsUrl: service.metricsUrl,
    metrics: service.metrics,
    stopService: (withinMs?: number) => service.close(withinMs),
    db,
    clock,
    operatorToken,
    challengeSecret,
    material,
    receiptKeyFile,
    receiptPublicKey: receiptSigner.publicKeyHex,
    async stop() {
      await service.close();
      await http.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let signedDocuments = 0;

/**
 * A version-3 freeze document of a track signed by `operator`, as `freeze create` posts it through the proxy: the
 * first of its chain unless `replacesSha256` names one. Each document made here is signed one millisecond after the
 * one before, so a later document wins a place over an earlier one, as the operator's later decision does.
 */
export function freezeDocument(
  track: string,
  opensAt = OPENS_AT,
  closesAt = CLOSES_AT,
  operator: TestOperator = TEST_OPERATOR,
  replacesSha256: string | null = null,
): Record<string, string | number | null> {
  const signed = signFreezeDocument(
    {
      document_version: 3,
      season: 1,
      track: track as TrackName,
      rules_version: track === 'conformite' ? 'conformite-bareme-v3' : 'generique-bareme-v1',
      rules_hash: 'a'.repeat(64),
      manifest_hash: 'b'.repeat(64),
      key_commitment: 'c'.repeat(64),
      replaces: replacesSha256 === null ? null : 'prf_20260920_120000_000000',
      reason: replacesSha256 === null ? null : 'a replacement before opening',
      opens_at: opensAt,
      closes_at: closesAt,
      replaces_sha256: replacesSha256,
      signed_at: new Date(Date.parse('2026-09-20T12:00:00.000Z') + signedDocuments++).toISOString(),
    },
    operator.privateKey,
  );
  return { ...signed };
}

/** Posts a freeze as the proxy would (with the challenge secret). */
export async function postFreeze(service: { url: string; challengeSecret: string }, document: object) {
  const answer = await fetch(`${service.url}/v1/season/1/freeze`, {
    method: 'POST',
    headers: { 'X-Challenge-Secret': service.challengeSecret, 'Content-Type': 'application/json' },
    body: JSON.stringify(document),
  });
  return { status: answer.status, text: await answer.text() };
}

/** Both demo tracks frozen with the default window. */
export async function freezeBothTracks(service: RunningService): Promise<void> {
  for (const track of ['conformite', 'generique']) {
    const answer = await postFreeze(service, freezeDocument(track));
    if (answer.status !== 200) throw new Error(`freeze of ${track} refused: ${answer.text}`);
  }
}

const agents = new Map<string, Agent>();
/** An HTTP agent whose connections leave from `address` (127.0.0.x): the devnet limits signups per address. */
export function fromAddress(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address });
    agents.set(address, agent);
  }
  return agent;
}

async function callJson(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  address: string,
) {
  const answer = await request(url, { ...init, dispatcher: fromAddress(address) });
  return { status: answer.statusCode, json: (await answer.body.json()) as Record<string, unknown> };
}

export interface DidKeyPair {
  did: string;
  privateKey: KeyObject;
}

/** A fresh Ed25519 did:key and its private key (to answer the binding challenge). */
export function newDidKey(): DidKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'));
  return { did: didKeyOfEd25519(raw), privateKey };
}

export interface BoundKey {
  apiKey: string;
  did: string;
  /** Binds a DID (a fresh one by default) to the same API key; the previous one goes to the key's history. */
  rebind(pair?: DidKeyPair): Promise<string>;
}

let signups = 0;

/** A free-signup key of the devnet with a did:key bound (spec §3 steps 1-2); signups spread over source addresses. */
export async function boundKey(trustLayer: string, label: string, bind = true): Promise<BoundKey> {
  const address = `127.0.0.${10 + Math.floor(signups++ / 5)}`;
  const signup = await callJson(
    `${trustLayer}/v1/keys/free-signup`,
    { method: 'POST', body: JSON.stringify({ email: `${label}-${randomBytes(4).toString('hex')}@example.org` }) },
    address,
  );
  const apiKey = signup.json['api_key'] as string;
  if (typeof apiKey !== 'string') throw new Error(`signup refused: ${JSON.stringify(signup.json)}`);
  const bindOne = async ({ did, privateKey }: DidKeyPair) => {
    const headers = { 'X-Api-Key': apiKey };
    const started = await callJson(
      `${trustLayer}/v1/keys/bind-did`,
      { method: 'POST', headers, body: JSON.stringify({ did }) },
      address,
    );
    const challenge = started.json['challenge'] as string;
    const signature = sign(null, Buffer.from(challenge), privateKey).toString('base64url');
    const confirmed = await callJson(
      `${trustLayer}/v1/keys/bind-did/confirm`,
      { method: 'POST', headers, body: JSON.stringify({ challenge, signature }) },
      address,
    );
    if (confirmed.status !== 200) throw new Error(`binding refused: ${JSON.stringify(confirmed.json)}`);
    return did;
  };
  const key: BoundKey = { apiKey, did: '', rebind: async (pair = newDidKey()) => (key.did = await bindOne(pair)) };
  if (bind) await key.rebind();
  return key;
}

/** An answer's JSON, read loosely: each test asserts the fields it depends on. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are checked field by field
type Answer = Record<string, any>;

/** POST /enroll with a key; the parsed answer. */
export async function enroll(
  serviceUrl: string,
  apiKey: string | null,
  body: unknown = { agent_name: 'Agent Nord', declared_stack: 'a framework, a model' },
) {
  const answer = await fetch(`${serviceUrl}/v1/season/1/enroll`, {
    method: 'POST',
    headers: apiKey === null ? {} : { 'X-Api-Key': apiKey },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: answer.status, headers: answer.headers, json: (await answer.json()) as Answer };
}

/** POST /submit with a season token; the parsed answer. */
export async function submit(serviceUrl: string, token: string | null, body: string) {
  const answer = await fetch(`${serviceUrl}/v1/season/1/submit`, {
    method: 'POST',
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
    body,
  });
  return { status: answer.status, headers: answer.headers, json: (await answer.json()) as Answer };
}

/**
 * GET /export with the operator token: the participant lines parsed, after the signed trailer was checked (its
 * signature, line count and SHA-256, main/core/season-export/signed-export.ts), and the trailer itself.
 */
export async function exportLines(service: { url: string; operatorToken: string }) {
  const answer = await fetch(`${service.url}/v1/season/1/export`, {
    headers: { Authorization: `Bearer ${service.operatorToken}` },
  });
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const opened = answer.status === 200 ? openSignedExport(bytes, null) : null;
  if (opened && !opened.ok) throw new Error(`the export does not open: ${opened.error.code} ${opened.error.message}`);
  return {
    status: answer.status,
    contentType: answer.headers.get('content-type'),
    text,
    trailer: opened?.value.trailer ?? null,
    /** The enrollment lines (format 2): each participant's name and stack, apart from the submission lines. */
    enrollments: new TextDecoder()
      .decode(opened?.value.enrollments ?? new Uint8Array())
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Answer),
    /** The export as a replay bundle keeps it: no enrollment line, still signed. */
    withoutNames: opened?.value.withoutNames ?? null,
    lines: new TextDecoder()
      .decode(opened?.value.body ?? new Uint8Array())
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Answer),
  };
}

/** Every API key bound to the one DID given: what the service asks instead of a Trust Layer, when none runs. */
export function boundToOneDid(did: string): IdentityLookup {
  return async () => ({ kind: 'bound', did, history: [] });
}

/** The services a test file starts: push each one, and it is stopped after its test. */
export function stoppedAfterEach(): RunningService[] {
  const running: RunningService[] = [];
  afterEach(async () => {
    for (const service of running.splice(0)) await service.stop();
  });
  return running;
}
