import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import {
  boundKey,
  exportLines,
  freezeDocument,
  postFreeze,
  SEASON_DIR,
  TEST_OPERATOR,
} from '../season-service/support/season-fixture.ts';
import { validSubmission } from '../season-service/support/submissions.ts';
import { NGINX, startNginx, type RunningNginx } from './support/nginx-process.ts';
import { argumentsFromUnit, startCommand, type RunningCommand } from './support/service-from-unit.ts';

// The deployment of deploy/ played end to end: Debian's nginx with the site as written (its places swapped for
// loopback ports and a throwaway certificate) in front of the real `proveit season serve` started with the systemd
// unit's own flags, a participant reaching it over HTTPS only. Loopback addresses 127.0.0.x stand for clients on
// other machines: nginx sees each as its own address, as it would see two participants.
const ABSENT = !existsSync(NGINX);
const title = ABSENT
  ? `the season service behind nginx (skipped: ${NGINX} is absent; install Debian's nginx package to run it)`
  : 'the season service behind nginx';

/** The per-address enrollment budget the service runs with here (`--enroll-limit`), small enough to use up. */
const ENROLL_LIMIT = 2;

let dir: string;
let devnet: Devnet;
let service: RunningCommand;
let nginx: RunningNginx;
let ca: Buffer;
const operatorToken = randomBytes(32).toString('hex');
const challengeSecret = randomBytes(24).toString('hex');

beforeAll(async () => {
  if (ABSENT) return;
  dir = mkdtempSync(join(tmpdir(), 'deploy-nginx-'));
  devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: join(SEASON_DIR, 'conformite') });
  const secret = (name: string, text: string) => {
    writeFileSync(join(dir, name), `${text}\n`, { mode: 0o600 });
    return join(dir, name);
  };
  const args = argumentsFromUnit({
    '--port': '0',
    '--state': join(dir, 'state'),
    '--season-dir': SEASON_DIR,
    '--trust-layer': devnet.info.trust_layer,
    '--operator-token-file': secret('operator-token', operatorToken),
    '--challenge-secret-file': secret('challenge-secret', challengeSecret),
    '--operator-public-key': secret('operator-public-key', TEST_OPERATOR.publicKeyHex),
  });
  service = await startCommand([...args, '--enroll-limit', String(ENROLL_LIMIT)]);
  // The real clock: both tracks opened a minute ago. The freeze goes to the service itself, as the Trust Layer
  // proxy posts it.
  const opensAt = new Date(Date.now() - 60_000).toISOString();
  const closesAt = new Date(Date.now() + 3_600_000).toISOString();
  for (const track of ['conformite', 'generique']) {
    const posted = await postFreeze({ url: service.url, challengeSecret }, freezeDocument(track, opensAt, closesAt));
    expect(posted.status).toBe(200);
  }
  nginx = await startNginx(join(dir, 'nginx'), service.port);
  ca = readFileSync(join(dir, 'nginx', 'cert.pem'));
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  // systemd's stop: SIGTERM, and the service ends on its own.
  if (service) expect(await service.stop()).toEqual([0, null]);
  await devnet?.close();
  for (const agent of agents.values()) await agent.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const agents = new Map<string, Agent>();
/** HTTPS connections from `address`, trusting the throwaway certificate alone. */
function from(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) agents.set(address, (agent = new Agent({ localAddress: address, connect: { ca } })));
  return agent;
}

/** One call through nginx from `address`; the answer's status, headers and JSON body. */
async function call(
  address: string,
  path: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
) {
  const answer = await request(`${nginx.httpsUrl}${path}`, { ...init, dispatcher: from(address) });
  const text = await answer.body.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test asserts the fields it depends on
  return { status: answer.statusCode, headers: answer.headers, text, json: JSON.parse(text) as Record<string, any> };
}

const enrollBody = (name: string) => JSON.stringify({ agent_name: name, declared_stack: 'a framework, a model' });
const enroll = (address: string, apiKey: string, headers: Record<string, string> = {}) =>
  call(address, '/v1/season/1/enroll', {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json', ...headers },
    body: enrollBody(`Agent ${randomBytes(3).toString('hex')}`),
  });
/** A well-formed API key the Trust Layer does not know: a real attempt (it is looked up), refused 401. */
const unknownKey = () => `ak_unknown_${randomBytes(8).toString('hex')}`;

/**
 * A submission's headers from `address` with `Expect: 100-continue` and its body never sent: resolved once nginx asks
 * for the body (100 Continue), so the request is under way there and counted against the address's limit.
 */
async function requestUnderWay(port: number, address: string) {
  const socket = tlsConnect({
    socket: connect({ host: '127.0.0.1', port, localAddress: address }),
    host: '127.0.0.1',
    ca,
  });
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('secureConnect', () => resolve()));
  let received = '';
  const asked = new Promise<void>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('100 Continue')) resolve();
    }),
  );
  socket.write(
    'POST /v1/season/1/submit HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100\r\nExpect: 100-continue\r\n\r\n',
  );
  await asked;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  // Ended, not destroyed: nginx reads the end, ends the request (and its count), then closes the connection.
  return { end: () => (socket.end(), closed) };
}

describe.skipIf(ABSENT)(title, () => {
  it('a participant enrolls and submits over HTTPS through the proxy: 201 with a season token, then the signed receipt, and the export holds it', async () => {
    const key = await boundKey(devnet.info.trust_layer, 'deploy');
    const enrolled = await enroll('127.0.0.5', key.apiKey);
    expect(enrolled.status).toBe(201);
    expect(enrolled.json['season_token']).toMatch(/^sst_/);
    const submitted = await call('127.0.0.5', '/v1/season/1/submit', {
      method: 'POST',
      headers: { Authorization: `Bearer ${enrolled.json['season_token']}` },
      body: JSON.stringify(validSubmission('conformite', 'conf-01', key.did)),
    });
    expect([submitted.status, submitted.json['recorded'], submitted.json['task_id']]).toEqual([200, true, 'conf-01']);
    expect(submitted.headers['strict-transport-security']).toBe('max-age=63072000');
    const recorded = await exportLines({ url: service.url, operatorToken });
    expect(recorded.lines.map((line) => line['submission_sha256'])).toContain(submitted.json['submission_sha256']);
  });

  it('two client addresses through the proxy are two enrollment budgets, and an X-Forwarded-For a client writes chooses none', async () => {
    const [first, second] = [
      await boundKey(devnet.info.trust_layer, 'a'),
      await boundKey(devnet.info.trust_layer, 'b'),
    ];
    // 127.0.0.2 uses up its budget: one enrollment and one attempt with a key the Trust Layer refuses.
    expect((await enroll('127.0.0.2', first.apiKey)).status).toBe(201);
    expect((await enroll('127.0.0.2', unknownKey())).json['error'].code).toBe('ENROLL_API_KEY_REFUSED');
    const spent = await enroll('127.0.0.2', second.apiKey);
    expect([spent.status, spent.json['error'].code]).toEqual([429, 'ENROLL_RATE_LIMITED']);
    expect(spent.json['error'].message).toContain('from this address');
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    // Naming another address in X-Forwarded-For does not give 127.0.0.2 a fresh budget: nginx replaces the header.
    const forged = await enroll('127.0.0.2', second.apiKey, { 'X-Forwarded-For': '127.0.0.50' });
    expect([forged.status, forged.json['error'].code]).toEqual([429, 'ENROLL_RATE_LIMITED']);
    // Another client address has its own budget.
    expect((await enroll('127.0.0.3', second.apiKey)).status).toBe(201);
  });

  it('a client connecting from the proxy’s own address cannot name another address in X-Forwarded-For: it counts as the proxy’s', async () => {
    // Appended to ($proxy_add_x_forwarded_for), the service would skip the trusted 127.0.0.1 and key on the entry the
    // client wrote; replaced ($remote_addr), 127.0.0.1 is the only entry.
    for (let i = 0; i < ENROLL_LIMIT; i++) expect((await enroll('127.0.0.1', unknownKey())).status).toBe(401);
    const forged = await enroll('127.0.0.1', unknownKey(), { 'X-Forwarded-For': '127.0.0.51' });
    expect([forged.status, forged.json['error'].code]).toEqual([429, 'ENROLL_RATE_LIMITED']);
  });

  it('an oversized submission or enrollment is refused 413 BODY_TOO_LARGE by the proxy, in the service’s shape and words, its cap named', async () => {
    for (const [path, headers, cap] of [
      ['submit', { Authorization: `Bearer sst_${'a'.repeat(43)}` }, 1_048_576],
      ['enroll', { 'X-Api-Key': unknownKey() }, 16_384],
    ] as const) {
      const refused = await call('127.0.0.6', `/v1/season/1/${path}`, {
        method: 'POST',
        headers,
        body: ' '.repeat(cap + 1),
      });
      expect([refused.status, refused.headers['content-type']]).toEqual([413, 'application/json']);
      expect(refused.json).toEqual({
        error: { code: 'BODY_TOO_LARGE', message: `The body exceeds ${cap} bytes; nothing was recorded.` },
      });
    }
  });

  it('a season token the service never issued, or none, is refused 401 SEASON_TOKEN_REFUSED through the proxy', async () => {
    const body = JSON.stringify(validSubmission('conformite', 'conf-01', 'did:key:z6Mkfake'));
    const unknownToken = { Authorization: `Bearer sst_${randomBytes(32).toString('base64url')}` };
    for (const headers of [unknownToken, {}] as Record<string, string>[]) {
      const refused = await call('127.0.0.6', '/v1/season/1/submit', { method: 'POST', headers, body });
      expect([refused.status, refused.json['error'].code]).toEqual([401, 'SEASON_TOKEN_REFUSED']);
    }
  });

  it('a client with 128 requests under way gets 429 REQUESTS_AT_ONCE_LIMITED for the next, in the service’s shape; another address is served, and so is this one once they end', async () => {
    const port = Number(new URL(nginx.httpsUrl).port);
    const held = await Promise.all(Array.from({ length: 128 }, () => requestUnderWay(port, '127.0.0.9')));
    try {
      const refused = await call('127.0.0.9', '/v1/season/1/submit', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(refused.status).toBe(429);
      expect(refused.json.error.code).toBe('REQUESTS_AT_ONCE_LIMITED');
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.headers['strict-transport-security']).toBe('max-age=63072000');
      expect((await call('127.0.0.10', '/v1/health')).status).toBe(200);
    } finally {
      await Promise.all(held.map((h) => h.end()));
    }
    expect((await call('127.0.0.9', '/v1/health')).status).toBe(200);
  }, 30_000);

  it('headers sent a byte at a time are cut at 10 s from the connection’s opening, however steadily they come', async () => {
    const port = Number(new URL(nginx.httpsUrl).port);
    const socket = tlsConnect({
      socket: connect({ host: '127.0.0.1', port, localAddress: '127.0.0.7' }),
      host: '127.0.0.1',
      ca,
    });
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('secureConnect', () => resolve()));
    const opened = performance.now();
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.write('GET /v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    // A byte every 250 ms: never 10 s without one, so only a deadline on the whole of the headers cuts it.
    const timer = setInterval(() => socket.write('a'), 250);
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    clearInterval(timer);
    const held = performance.now() - opened;
    expect(received).toBe('');
    expect(held).toBeGreaterThan(9_500);
    expect(held).toBeLessThan(11_500);
  }, 20_000);
});
