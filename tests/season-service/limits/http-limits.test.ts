import { afterEach, describe, expect, it } from 'vitest';
import { freezeBothTracks, startTestService, type RunningService } from '../support/season-fixture.ts';
import type { ServiceLimits } from '../../../season-service/limits/service-limits.ts';
import { closedCount, destroyRawClients, health, raw, trickle, until } from '../support/raw-client.ts';

// Connections, timeouts and header caps over real sockets (docs/season-service.md "Durability and limits"). No Trust
// Layer is needed: nothing here reaches an identity lookup, so the service is given an address where none answers.
const NO_TRUST_LAYER = 'http://127.0.0.1:1';

let running: RunningService[] = [];

afterEach(async () => {
  destroyRawClients();
  await Promise.all(running.map((service) => service.stop()));
  running = [];
});

async function service(limits: Partial<ServiceLimits>): Promise<RunningService> {
  const started = await startTestService(NO_TRUST_LAYER, { limits });
  running.push(started);
  return started;
}

describe('slow clients are cut at the documented timeouts', () => {
  it('headers sent a byte at a time are answered 408 and closed at the headers timeout, not held', async () => {
    const { url } = await service({ headersTimeoutMs: 400, requestTimeoutMs: 2_000 });
    const client = raw(url);
    await client.connected;
    trickle(client, `GET /v1/health HTTP/1.1\r\nHost: season\r\n${'X-Slow: 1\r\n'.repeat(200)}\r\n`, 20);
    const heldMs = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    // Node checks its timeouts on a timer (30 s by default): the service checks ten times per timeout.
    expect(heldMs).toBeGreaterThanOrEqual(350);
    expect(heldMs).toBeLessThan(400 * 3);
  });

  it('a connection that sends nothing is closed at the headers timeout', async () => {
    const { url } = await service({ headersTimeoutMs: 400, requestTimeoutMs: 2_000 });
    const client = raw(url);
    const heldMs = await client.closed;
    expect(heldMs).toBeLessThan(400 * 3);
  });

  it('a body sent a byte at a time is answered 408 and closed at the request timeout; nothing is recorded', async () => {
    const target = await service({ headersTimeoutMs: 300, requestTimeoutMs: 800 });
    await freezeBothTracks(target);
    const client = raw(target.url);
    await client.connected;
    const body = JSON.stringify({ agent_name: 'Slow', declared_stack: 'x'.repeat(200) });
    client.socket.write(
      `POST /v1/season/1/enroll HTTP/1.1\r\nHost: season\r\nX-Api-Key: mcp_free_${'0'.repeat(40)}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    trickle(client, body, 20);
    const heldMs = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(heldMs).toBeGreaterThanOrEqual(750);
    expect(heldMs).toBeLessThan(800 * 3);
    expect(target.db.prepare('SELECT COUNT(*) FROM participants').pluck().get()).toBe(0);
  });

  it('a kept-alive connection left idle after its answer is closed at the keep-alive timeout', async () => {
    const { url } = await service({ keepAliveTimeoutMs: 200, headersTimeoutMs: 5_000, requestTimeoutMs: 10_000 });
    const client = raw(url);
    await client.connected;
    client.socket.write('GET /v1/health HTTP/1.1\r\nHost: season\r\n\r\n');
    const heldMs = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    // Node keeps a kept-alive socket up to one second past keepAliveTimeout; the default (5 s) would show here.
    expect(heldMs).toBeLessThan(200 + 1_000 + 1_000);
  });
});

describe('connections are capped', () => {
  it('300 idle sockets from one address: past the per-address cap they are closed at once, and another address gets GET /v1/health within 1 s', async () => {
    const { url } = await service({
      maxConnections: 100,
      maxConnectionsPerAddress: 20,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
    });
    const flood = Array.from({ length: 300 }, () => raw(url, '127.0.0.2'));
    await Promise.all(flood.map((c) => c.connected));
    // The 280 past the cap are closed on arrival; the 20 accepted ones would stay until the headers timeout (10 s).
    await until(() => closedCount(flood) >= 280);
    const open = flood.filter((c) => !c.socket.destroyed);
    expect(open).toHaveLength(20);
    const answer = await health(url, '127.0.0.3');
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(1_000);
    // The 20 held ones still hold: the cap did not close what it had accepted.
    expect(open.every((c) => !c.socket.destroyed)).toBe(true);
  });

  it('past the cap on all connections new ones are closed at once; the idle ones go at the headers timeout and GET /v1/health answers within 1 s', async () => {
    const { url } = await service({
      maxConnections: 60,
      maxConnectionsPerAddress: 20,
      headersTimeoutMs: 2_000,
      requestTimeoutMs: 5_000,
    });
    const flood = Array.from({ length: 200 }, (_, i) => raw(url, `127.0.1.${1 + (i % 10)}`));
    await Promise.all(flood.map((c) => c.connected));
    await until(() => closedCount(flood) >= 140);
    expect(flood.filter((c) => !c.socket.destroyed)).toHaveLength(60);
    // While the cap is held, a new client is closed unanswered (Node drops it on arrival).
    const during = await health(url, '127.0.0.4');
    expect(during.status).toBe(0);
    // The flood never sends a header: at the headers timeout every slot is free again, with nothing done by it.
    await Promise.all(flood.map((c) => c.closed));
    const after = await health(url, '127.0.0.4');
    expect(after.status).toBe(200);
    expect(after.ms).toBeLessThan(1_000);
  });
});

describe('header floods are refused', () => {
  it('headers past 16 KiB are answered 431 and closed, and the service goes on answering GET /v1/health', async () => {
    const { url } = await service({});
    const client = raw(url);
    await client.connected;
    const headers = Array.from({ length: 2_000 }, (_, i) => `X-Flood-${i}: ${'a'.repeat(10)}\r\n`).join('');
    client.socket.write(`GET /v1/health HTTP/1.1\r\nHost: season\r\n${headers}\r\n`);
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 431 /);
    const answer = await health(url, '127.0.0.5');
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(1_000);
  });

  it('the header cap is the service limit: a request under it is answered, one over it is 431', async () => {
    const { url } = await service({ maxHeaderBytes: 1_024 });
    const under = raw(url);
    await under.connected;
    under.socket.write(
      `GET /v1/health HTTP/1.1\r\nHost: season\r\nX-Pad: ${'a'.repeat(500)}\r\nConnection: close\r\n\r\n`,
    );
    await under.closed;
    expect(under.received()).toMatch(/^HTTP\/1\.1 200 /);
    const over = raw(url);
    await over.connected;
    over.socket.write(`GET /v1/health HTTP/1.1\r\nHost: season\r\nX-Pad: ${'a'.repeat(1_500)}\r\n\r\n`);
    await over.closed;
    expect(over.received()).toMatch(/^HTTP\/1\.1 431 /);
  });
});
