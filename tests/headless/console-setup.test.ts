import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStartOf } from '../../main/cli/console-first-start.ts';
import { demoThread } from '../../main/demo/demo-thread.ts';
import { consoleServicesOf } from '../../main/cli/console-service-options.ts';
import { startHeadlessServer, type HeadlessServer } from '../../main/headless/headless-server.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { NO_SERVICES, type ConsoleServices } from '../../main/console/console-services.ts';
import { openConsole, type OpenedConsole } from '../../main/console/open-console.ts';
import { challengeDidOf } from '../../main/core/operator/challenge-did.ts';
import { defaultKeyFile } from '../../main/services/index-export/signing-key.ts';
import { participantKey } from '../../devnet/scripted/participant-key.ts';
import { journeyCorpus } from '../devnet/support/journey-corpus.ts';
import { freeSignupKey } from '../devnet/support/trust-layer-calls.ts';
import { DEVNET_SEASON_BASE, startFreezeDevnet, type FreezeDevnet } from '../services/freeze/support/freeze-devnet.ts';

// docs/console-backend.md "First start and the demo season" over the console's HTTP contract (headless mode, the real
// handlers): a new --db is an empty operations database, the Connections listing and its tests against a real devnet on
// loopback, and refusals caused by an option that name it. Nothing here reaches beyond loopback.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = Record<string, any>;

interface Served {
  opened: OpenedConsole;
  dbFile: string;
  call(channel: string, args?: object): Promise<Json>;
  close(): Promise<void>;
}

let net: FreezeDevnet;
let services: ConsoleServices;
let fresh: Served;
let broken: Served;
let operatorToken: string;
/** A participant's key, bound to the participant's own DID; a free-signup key bound to no DID. */
let participant: { apiKey: string; did: string };
let unboundKey: string;
const CONNECTIONS = [
  'trust_layer',
  'api_key',
  'season_base',
  'season_service',
  'operator_token',
  'trust_bundle',
  'backup_folder',
] as const;
const answered: string[] = [];

/** `proveit console --db FILE` on a file that does not exist, as the command decides and opens it (headless). */
async function serve(
  name: string,
  given: ConsoleServices,
  backupDir: string | null,
  { operatorKey = true } = {},
): Promise<Served> {
  const root = join(net.dir, name);
  const corpusDir = join(root, 'corpus');
  cpSync(journeyCorpus.dir, join(corpusDir, 'season-1', 'conformite'), { recursive: true });
  const dbFile = join(root, 'ops', 'console.sqlite');
  const start = firstStartOf({ db: dbFile, demo: false, dbFile, exists: existsSync(dbFile) });
  if (typeof start === 'string') throw new Error(start);
  // The operator key the devnet's season host accepts freezes from, where the Freeze screen signs with it.
  mkdirSync(dirname(dbFile), { recursive: true });
  if (operatorKey) copyFileSync(net.operatorKeyFile, defaultKeyFile(dbFile));
  const opened = openConsole({
    mode: 'headless',
    dbFile,
    corpusDir,
    defaultCorpusDir: corpusDir,
    services: given,
    demo: start.demo ? demoThread : null,
    backupDir,
    actor: 'setup-test',
  });
  await opened.ready;
  const token = randomBytes(32).toString('hex');
  const server: HeadlessServer = await startHeadlessServer({
    dispatch: createDispatcher(createConsoleHandlers(opened.ctx)),
    rendererDir: root,
    token,
    subscribe: (listener) => opened.ctx.events.subscribe(listener),
  });
  return {
    opened,
    dbFile,
    async call(channel, args = {}) {
      const answer = await fetch(`${server.origin}/api/invoke`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ channel, args }),
      });
      const text = await answer.text();
      answered.push(text);
      return JSON.parse(text) as Json;
    },
    async close() {
      await server.close();
      await opened.close();
    },
  };
}

async function value(on: Served, channel: string, args: object = {}): Promise<Json> {
  const answer = await on.call(channel, args);
  expect(answer.ok, JSON.stringify(answer)).toBe(true);
  return answer.value as Json;
}

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

beforeAll(async () => {
  net = await startFreezeDevnet('console-setup-');
  operatorToken = net.devnet.info.internal_secret;
  participant = await participantKey(net.devnet.info.trust_layer, 'participant@example.org');
  unboundKey = await freeSignupKey(net.devnet.info.trust_layer, 'unbound@example.org');
  const tokenFile = join(net.dir, 'operator.token');
  writeFileSync(tokenFile, `${operatorToken}\n`);
  // No --season-base: the freeze goes to --season-url, the season service's loopback address.
  const read = await consoleServicesOf({
    'trust-layer': net.devnet.info.trust_layer,
    'api-key-file': net.apiKeyFile,
    'season-url': net.devnet.info.season,
    'operator-token-file': tokenFile,
    trust: net.devnet.info.trust_bundle,
  });
  if (typeof read === 'string') throw new Error(read);
  services = read;
  const backups = join(net.dir, 'backups');
  mkdirSync(backups);
  fresh = await serve('fresh', services, backups);
  const notAFolder = join(net.dir, 'backups-file');
  writeFileSync(notAFolder, 'a file, not a folder\n');
  broken = await serve(
    'broken',
    {
      ...NO_SERVICES,
      freeze: {
        trustLayer: `http://127.0.0.1:${await closedPort()}`,
        apiKey: net.apiKey,
        seasonBase: 'http://127.0.0.1:9/base',
      },
      trustDir: join(net.dir, 'no-bundle-here'),
    },
    notAFolder,
  );
}, 180_000);

afterAll(async () => {
  await fresh?.close();
  await broken?.close();
  await net?.close();
});

describe('setup: a new --db is an empty operations database', () => {
  it('a fresh --db holds no demo data: no job, no audit entry, no dispute or incident, every track a draft', async () => {
    expect(fresh.opened.ctx.firstStart).toBeNull();
    expect(existsSync(fresh.dbFile)).toBe(true);
    expect((await value(fresh, 'jobs.list')).jobs).toEqual([]);
    expect((await value(fresh, 'audit.list')).total).toBe(0);
    expect((await value(fresh, 'dispute.list')).disputes).toEqual([]);
    expect((await value(fresh, 'incident.list')).incidents).toEqual([]);
    const { tracks } = await value(fresh, 'season.status');
    expect(tracks.map((t: Json) => [t.track, t.state, t.published_at])).toEqual([['conformite', 'draft', null]]);
    expect((await fresh.call('freeze.view', { season: 1, track: 'conformite' })).error.code).toBe('FREEZE_NOT_FOUND');
    // Nothing of the demo beside the database: no played corpus, close output, Index, freezes or marker.
    const beside = readdirSync(dirname(fresh.dbFile));
    for (const demoOutput of ['corpus', 'conformite', 'generique', 'index', 'freezes', 'demo-playing.marker'])
      expect(beside).not.toContain(demoOutput);
    expect(beside).not.toContain('console.sqlite.partial');
  });
});

describe('console.connections: the services in use, each tested by one harmless request', () => {
  it('lists the Trust Layer, API key, season base, season service, operator token, trust bundle and backup folder, never a key or a token', async () => {
    const { connections, test } = await value(fresh, 'console.connections');
    expect(test).toBeNull();
    expect(connections).toEqual([
      { name: 'trust_layer', target: net.devnet.info.trust_layer, source: 'option', option: '--trust-layer' },
      { name: 'api_key', target: net.devnet.info.trust_layer, source: 'option', option: '--api-key-file' },
      { name: 'season_base', target: net.devnet.info.season, source: 'default', option: '--season-base' },
      { name: 'season_service', target: net.devnet.info.season, source: 'option', option: '--season-url' },
      {
        name: 'operator_token',
        target: net.devnet.info.season,
        source: 'option',
        option: '--operator-token-file',
      },
      { name: 'trust_bundle', target: net.devnet.info.trust_bundle, source: 'option', option: '--trust' },
      { name: 'backup_folder', target: join(net.dir, 'backups'), source: 'option', option: '--backup-dir' },
    ]);
  });

  it('each test works on the devnet: the key is bound to the challenge’s DID, the season answers, the token is accepted', async () => {
    const tested: Record<string, Json> = {};
    for (const name of CONNECTIONS) tested[name] = (await value(fresh, 'console.connections', { test: name })).test;
    expect(tested.trust_layer).toMatchObject({
      name: 'trust_layer',
      ok: true,
      checked: `GET ${net.devnet.info.trust_layer}/v1/health`,
      detail: 'answered 200, signing mode devnet',
      error: null,
    });
    const challengeDid = challengeDidOf(net.operatorKey.publicKeyHex);
    expect(tested.api_key).toMatchObject({
      ok: true,
      checked: `GET ${net.devnet.info.trust_layer}/v1/keys/identity with the API key`,
    });
    expect(tested.api_key?.detail).toContain(
      `bound to the challenge's DID ${challengeDid} (challenge_response, since `,
    );
    expect(tested.season_service).toMatchObject({ ok: true, checked: `GET ${net.devnet.info.season}/v1/season/1` });
    expect(tested.season_service?.detail).toMatch(/^season 1: conformite not_frozen; receipt key [0-9a-f]{16}…$/);
    expect(tested.operator_token).toMatchObject({
      ok: true,
      checked: `HEAD ${net.devnet.info.season}/v1/season/1/export with the operator token`,
      detail: 'answered 200: the season service accepts the operator token (nothing was read)',
    });
    expect(tested.trust_bundle).toMatchObject({ ok: true, checked: `load ${net.devnet.info.trust_bundle}` });
    expect(tested.trust_bundle?.detail).toMatch(/digest [0-9a-f]{64}$/);
    expect(tested.backup_folder).toMatchObject({ ok: true, detail: 'writable' });
    expect(readdirSync(join(net.dir, 'backups'))).toEqual([]);
    // This machine reaches the loopback base, but the Trust Layer's proxy posts freezes to HTTPS addresses only.
    expect(tested.season_base).toMatchObject({ ok: true });
    expect(tested.season_base?.warning).toContain('is not HTTPS');
    expect(tested.season_base?.warning).toContain('give --season-base https://');
  });

  it('a test that fails answers its code and names the option to correct', async () => {
    const test = async (name: string) => (await value(broken, 'console.connections', { test: name })).test as Json;
    const trustLayer = await test('trust_layer');
    expect(trustLayer).toMatchObject({ ok: false, error: { code: 'CONNECTION_UNREACHABLE' } });
    expect(trustLayer.error.message).toContain('--trust-layer');
    const bundle = await test('trust_bundle');
    expect(bundle).toMatchObject({ ok: false, error: { code: 'BUNDLE_INDEX_MISSING' } });
    expect(bundle.error.message).toContain('give --trust DIR');
    const backup = await test('backup_folder');
    expect(backup).toMatchObject({ ok: false, error: { code: 'CONNECTION_NOT_WRITABLE' } });
    expect(backup.error.message).toContain('--backup-dir DIR');
    const base = await test('season_base');
    expect(base).toMatchObject({ ok: false, error: { code: 'CONNECTION_UNREACHABLE' } });
    expect(base.error.message).toContain('--season-base');
    expect(base.warning).toContain('is not HTTPS');
    const service = await test('season_service');
    expect(service).toMatchObject({ ok: false, error: { code: 'CONNECTION_NOT_CONFIGURED' } });
    expect(service.error.message).toContain('--season-url URL --operator-token-file FILE');
    const apiKey = await test('api_key');
    expect(apiKey).toMatchObject({ ok: false, error: { code: 'CONNECTION_UNREACHABLE' } });
    expect(apiKey.error.message).toContain('--trust-layer');
    expect((await test('operator_token')).error.code).toBe('CONNECTION_NOT_CONFIGURED');
    expect((await broken.call('console.connections', { test: 'elsewhere' })).error.code).toBe('IPC_BAD_ARGUMENTS');
  });

  it("a devnet's virtual host as the season base works when the Trust Layer is that devnet, which reaches it", async () => {
    const devnetBase = await serve(
      'devnet-base',
      { ...services, freeze: { ...services.freeze!, seasonBase: DEVNET_SEASON_BASE } },
      null,
    );
    try {
      const { connections, test } = await value(devnetBase, 'console.connections', { test: 'season_base' });
      expect(connections[2]).toEqual({
        name: 'season_base',
        target: DEVNET_SEASON_BASE,
        source: 'option',
        option: '--season-base',
      });
      // Not asked from this machine, where nothing answers that name: the devnet's proxy maps it to its season host.
      expect(test).toMatchObject({ ok: true, warning: null, error: null });
      expect(test.checked).toBe(
        `GET ${net.devnet.info.trust_layer}/v1/health (whose proxy posts to ${DEVNET_SEASON_BASE})`,
      );
      expect(test.detail).toContain("is a devnet's virtual host, which the devnet's Trust Layer reaches");
    } finally {
      await devnetBase.close();
    }
  });

  it('no answer carried the API key or the operator token', () => {
    expect(answered.length).toBeGreaterThan(0);
    for (const text of answered) {
      expect(text).not.toContain(net.apiKey);
      expect(text).not.toContain(operatorToken);
    }
  });
});

describe('a Connections test of an API key bound to another DID, or of a wrong operator token, says so', () => {
  it('the API key of a participant (bound to its own DID) and a token the season service refuses, each naming its option', async () => {
    const other = await serve(
      'other-did',
      {
        ...services,
        freeze: { ...services.freeze!, apiKey: participant.apiKey },
        seasonService: { url: net.devnet.info.season, operatorToken: 'w'.repeat(43) },
      },
      null,
    );
    try {
      const { test: apiKey } = await value(other, 'console.connections', { test: 'api_key' });
      const challengeDid = challengeDidOf(net.operatorKey.publicKeyHex);
      expect(apiKey).toMatchObject({ ok: false, error: { code: 'CONNECTION_API_KEY_OTHER_DID' } });
      expect(apiKey.error.message).toContain(
        `is bound to ${participant.did}, not to the challenge's DID ${challengeDid}`,
      );
      expect(apiKey.error.message).toContain('give --api-key-file FILE');
      const { test: token } = await value(other, 'console.connections', { test: 'operator_token' });
      expect(token).toMatchObject({ ok: false, error: { code: 'CONNECTION_TOKEN_REFUSED' } });
      expect(token.error.message).toContain('answered 403');
      expect(token.error.message).toContain('give --operator-token-file FILE');
    } finally {
      await other.close();
    }
  });
});

describe('set-up: the operator key created beside the database, the API key bound to its challenge DID', () => {
  it('creates the key (audited), finds the key unbound, binds it (the challenge signed in main, audited), then the test says bound', async () => {
    const setup = await serve('unbound', { ...services, freeze: { ...services.freeze!, apiKey: unboundKey } }, null, {
      operatorKey: false,
    });
    try {
      const keyFile = defaultKeyFile(setup.dbFile);
      expect(await value(setup, 'setup.view')).toEqual({
        key_file: keyFile,
        operator_key: null,
        key_problem: null,
        api_key_given: true,
      });
      const apiKeyTest = async () => (await value(setup, 'console.connections', { test: 'api_key' })).test as Json;
      const before = await apiKeyTest();
      expect(before).toMatchObject({ ok: false, error: { code: 'SETUP_OPERATOR_KEY_MISSING' } });
      expect(before.error.message).toContain('the API key is bound to no DID');
      expect((await setup.call('setup.bind')).error.code).toBe('SETUP_OPERATOR_KEY_MISSING');

      const created = await value(setup, 'setup.operator_key');
      expect(existsSync(keyFile)).toBe(true);
      const did = challengeDidOf(created.operator_key.public_key_hex);
      expect(created.operator_key.challenge_did).toBe(did);
      expect(await value(setup, 'setup.operator_key')).toEqual(created);
      const unbound = await apiKeyTest();
      expect(unbound).toMatchObject({ ok: false, error: { code: 'CONNECTION_API_KEY_UNBOUND' } });
      expect(unbound.error.message).toContain(`bind it to the challenge's DID ${did}`);
      expect(unbound.error.message).toContain('--api-key-file');

      const bound = await value(setup, 'setup.bind');
      expect(bound).toMatchObject({ did, method: 'challenge_response', already_bound: false });
      const after = await apiKeyTest();
      expect(after).toMatchObject({ ok: true, error: null });
      expect(after.detail).toContain(`bound to the challenge's DID ${did}`);
      expect(await value(setup, 'setup.bind')).toMatchObject({ did, already_bound: true, audit_head: null });

      const { entries } = await value(setup, 'audit.list');
      expect(entries.map((e: Json) => [e.action, e.actor])).toEqual([
        ['api_key.bind', 'setup-test'],
        ['operator_key.create', 'setup-test'],
      ]);
      expect(JSON.parse(entries[0].details)).toMatchObject({ did, method: 'challenge_response', previous_did: null });
      const pem = readFileSync(keyFile, 'utf8');
      for (const text of answered) {
        expect(text).not.toContain(unboundKey);
        expect(text).not.toContain(participant.apiKey);
        expect(text).not.toContain(pem.split('\n')[1]);
      }
    } finally {
      await setup.close();
    }
  });
});

describe('a refusal caused by an option names the option', () => {
  it('a freeze posted to the default season base (--season-url, plain http on loopback) is refused naming --season-base', async () => {
    const day = 86_400_000;
    const at = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString().replace('.000', '');
    const refused = await fresh.call('freeze.create', {
      season: 1,
      track: 'conformite',
      opens_at: at(2 * day),
      closes_at: at(3 * day),
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FREEZE_TRUST_LAYER_REFUSED' } });
    expect(refused.error.message).toContain('Only HTTPS targets allowed');
    expect(refused.error.message).toContain('give --season-base URL');
    expect(refused.error.message).toContain('--season-base https://');
    expect((await fresh.call('freeze.view', { season: 1, track: 'conformite' })).error.code).toBe('FREEZE_NOT_FOUND');
  }, 60_000);
});
