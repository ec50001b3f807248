import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStartOf } from '../../main/cli/console-first-start.ts';
import { demoThread } from '../../main/demo/demo-thread.ts';
import { consoleServicesOf } from '../../main/cli/console-service-options.ts';
import { startHeadlessServer, type HeadlessServer } from '../../main/headless/headless-server.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../main/services/console/console-handlers.ts';
import { NO_SERVICES, type ConsoleServices } from '../../main/services/console/console-services.ts';
import { openConsole, type OpenedConsole } from '../../main/services/console/open-console.ts';
import { defaultKeyFile } from '../../main/services/index-export/signing-key.ts';
import { journeyCorpus } from '../devnet/support/journey-corpus.ts';
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
const answered: string[] = [];

/** `proveit console --db FILE` on a file that does not exist, as the command decides and opens it (headless). */
async function serve(name: string, given: ConsoleServices, backupDir: string | null): Promise<Served> {
  const root = join(net.dir, name);
  const corpusDir = join(root, 'corpus');
  cpSync(journeyCorpus.dir, join(corpusDir, 'season-1', 'conformite'), { recursive: true });
  const dbFile = join(root, 'ops', 'console.sqlite');
  const start = firstStartOf({ db: dbFile, demo: false, dbFile, exists: existsSync(dbFile) });
  if (typeof start === 'string') throw new Error(start);
  // The operator key the devnet's season host accepts freezes from, where the Freeze screen signs with it.
  mkdirSync(dirname(dbFile), { recursive: true });
  copyFileSync(net.operatorKeyFile, defaultKeyFile(dbFile));
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
  it('lists the Trust Layer, season base, season service, trust bundle and backup folder, never a key or a token', async () => {
    const { connections, test } = await value(fresh, 'console.connections');
    expect(test).toBeNull();
    expect(connections).toEqual([
      { name: 'trust_layer', target: net.devnet.info.trust_layer, source: 'option', option: '--trust-layer' },
      { name: 'season_base', target: net.devnet.info.season, source: 'default', option: '--season-base' },
      { name: 'season_service', target: net.devnet.info.season, source: 'option', option: '--season-url' },
      { name: 'trust_bundle', target: net.devnet.info.trust_bundle, source: 'option', option: '--trust' },
      { name: 'backup_folder', target: join(net.dir, 'backups'), source: 'option', option: '--backup-dir' },
    ]);
  });

  it('each test works on the devnet: /v1/health answers, the bundle loads and verifies, the folder is writable', async () => {
    const tested: Record<string, Json> = {};
    for (const name of ['trust_layer', 'season_base', 'season_service', 'trust_bundle', 'backup_folder'])
      tested[name] = (await value(fresh, 'console.connections', { test: name })).test;
    expect(tested.trust_layer).toMatchObject({
      name: 'trust_layer',
      ok: true,
      checked: `GET ${net.devnet.info.trust_layer}/v1/health`,
      error: null,
    });
    expect(tested.season_service).toMatchObject({ ok: true, checked: `GET ${net.devnet.info.season}/v1/health` });
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
    expect((await broken.call('console.connections', { test: 'elsewhere' })).error.code).toBe('IPC_BAD_ARGUMENTS');
  });

  it("a devnet's virtual host as the season base is tested with a warning saying its Trust Layer reaches it", async () => {
    const devnetBase = await serve(
      'devnet-base',
      { ...services, freeze: { ...services.freeze!, seasonBase: DEVNET_SEASON_BASE } },
      null,
    );
    try {
      const { connections, test } = await value(devnetBase, 'console.connections', { test: 'season_base' });
      expect(connections[1]).toEqual({
        name: 'season_base',
        target: DEVNET_SEASON_BASE,
        source: 'option',
        option: '--season-base',
      });
      expect(test.warning).toContain("is a devnet's virtual host: the devnet's Trust Layer reaches it");
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
