import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../main/services/clock.ts';
import { backoffDelay, withBackoff } from '../../../main/services/http/backoff.ts';
import { createHttpClient } from '../../../main/services/http/http-client.ts';
import { USER_AGENT } from '../../../main/services/http/user-agent.ts';

let server: Server;
let base = '';
const seen: { userAgent?: string; body?: string } = {};
/** Resolves when the server's trickled answer was cut by the client (its connection closed). */
let trickleCut: Promise<void> = Promise.resolve();
/** Called when the server starts a trickled answer. */
let onTrickle: () => void = () => {};

/** An answer sent a byte every 50 ms, never ending: each byte comes well inside any idle timeout. */
function trickleBody(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  onTrickle();
  const timer = setInterval(() => response.write(' '), 50);
  trickleCut = new Promise((resolve) =>
    response.once('close', () => {
      clearInterval(timer);
      resolve();
    }),
  );
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (request.url === '/echo') {
        seen.userAgent = request.headers['user-agent'];
        seen.body = Buffer.concat(chunks).toString();
        response.writeHead(200, { 'content-type': 'application/json', 'retry-after': '7' });
        response.end('{"ok":true}');
      } else if (request.url === '/silent') {
        response.writeHead(200);
        response.write('{');
        // Never finishes: the body timeout must end the wait.
      } else if (request.url === '/trickle') {
        trickleBody(response);
      } else if (request.url === '/big') {
        response.end(Buffer.alloc(4096, 0x20));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the HTTP client', () => {
  it('sends the explicit console User-Agent (the Trust Layer edge refuses library defaults with a 403)', async () => {
    const http = createHttpClient();
    const response = await http.request({ method: 'POST', url: `${base}/echo`, body: '{"proof_ids":[]}' });
    await http.close();
    expect(USER_AGENT).toMatch(/^proveit-console\/\d+\.\d+\.\d+/);
    expect(seen).toEqual({ userAgent: USER_AGENT, body: '{"proof_ids":[]}' });
    expect(response.ok && response.value.status).toBe(200);
    expect(response.ok && response.value.headers['retry-after']).toBe('7');
  });

  it('a server that stops sending fails with HTTP_TIMEOUT instead of hanging', async () => {
    const http = createHttpClient({ timeoutMs: 300 });
    const response = await http.request({ method: 'GET', url: `${base}/silent` });
    await http.close();
    expect(!response.ok && response.error.code).toBe('HTTP_TIMEOUT');
  });

  it('a body trickled a byte every 50 ms fails with HTTP_TIMEOUT at the total deadline, naming it and the URL, and the read is cut', async () => {
    const http = createHttpClient({ timeoutMs: 5_000, deadlineMs: 300 });
    const started = performance.now();
    const response = await http.request({ method: 'GET', url: `${base}/trickle` });
    const elapsedMs = performance.now() - started;
    await trickleCut;
    await http.close();
    expect(!response.ok && response.error).toMatchObject({
      code: 'HTTP_TIMEOUT',
      details: { cause: 'DEADLINE', deadline_ms: 300 },
    });
    expect(!response.ok && response.error.message).toContain(`GET ${base}/trickle: no whole answer within 0.3 s`);
    // Not before the deadline; how long after it is the machine's load, not the client's (the answer never ends, and
    // each byte comes inside the idle timeout, so only the deadline can have cut it: DEADLINE above).
    expect(elapsedMs).toBeGreaterThanOrEqual(290);
  });

  it("a request's own deadline replaces the client's, and a caller's abort stays HTTP_ABORTED", async () => {
    const http = createHttpClient({ timeoutMs: 5_000, deadlineMs: 60_000 });
    const own = await http.request({ method: 'GET', url: `${base}/trickle`, deadlineMs: 200 });
    expect(!own.ok && own.error.message).toContain('no whole answer within 0.2 s');
    await trickleCut;
    const stop = new AbortController();
    const started = new Promise<void>((resolve) => (onTrickle = resolve));
    const stopped = http.request({ method: 'GET', url: `${base}/trickle`, signal: stop.signal });
    await started;
    stop.abort();
    expect(((await stopped) as { error: { code: string } }).error.code).toBe('HTTP_ABORTED');
    await trickleCut;
    await http.close();
  });

  it('a refused connection fails with HTTP_NETWORK naming the URL', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const http = createHttpClient({ timeoutMs: 2_000 });
    const response = await http.request({ method: 'GET', url: `http://127.0.0.1:${port}/v1/proofs` });
    await http.close();
    expect(!response.ok && response.error.code).toBe('HTTP_NETWORK');
    expect(!response.ok && response.error.message).toContain(`127.0.0.1:${port}/v1/proofs`);
  });

  it('an answer larger than the cap fails with HTTP_BODY_TOO_LARGE and is not kept', async () => {
    const http = createHttpClient({ maxBodyBytes: 1024 });
    const response = await http.request({ method: 'GET', url: `${base}/big` });
    await http.close();
    expect(!response.ok && response.error.code).toBe('HTTP_BODY_TOO_LARGE');
  });
});

describe('backoff', () => {
  it('doubles from the first delay up to the cap', () => {
    const policy = { attempts: 6, firstDelayMs: 100, maxDelayMs: 500 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy))).toEqual([100, 200, 400, 500, 500]);
  });

  it('retries transient failures on the clock, at most `attempts` times in all', async () => {
    const slept: number[] = [];
    const clock: Clock = { now: () => 0, sleep: async (ms) => void slept.push(ms) };
    let calls = 0;
    const value = await withBackoff(
      async () => ({ retry: true, value: ++calls }),
      { attempts: 4, firstDelayMs: 10, maxDelayMs: 1_000 },
      clock,
    );
    expect(value).toBe(4);
    expect(slept).toEqual([10, 20, 40]);
  });
});
