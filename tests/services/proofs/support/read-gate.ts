import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

/**
 * A loopback HTTP gate in front of a Trust Layer, so that tests of reading processes act at a known read instead of
 * racing the readers with a polling loop (the outcome must not depend on the machine's speed):
 * - `pass: n` forwards the first n POST /v1/proofs calls and holds every later one without answering;
 * - `barrier: k` holds the first calls until k of them wait together, then forwards them all, and every later one:
 *   k processes started together are sure to be reading at the same time;
 * - `refuse: { call: n, retryAfterSeconds }` answers the n-th call (1-based) itself with the Trust Layer's 429 and that
 *   Retry-After, as the devnet limiter words it: a 429 at a known read, whatever time the reads before it took.
 */
export interface ReadGate {
  url: string;
  /** Resolves once a call is being held for good (`pass`): the reader is blocked on it. */
  held(): Promise<void>;
  close(): Promise<void>;
}

interface Held {
  incoming: IncomingMessage;
  response: ServerResponse;
  body: Buffer;
}

export async function startReadGate(
  target: string,
  options: { pass?: number; barrier?: number; refuse?: { call: number; retryAfterSeconds: number } },
): Promise<ReadGate> {
  let forwarded = 0;
  let calls = 0;
  const waiting: Held[] = [];
  const holding: ServerResponse[] = [];
  let onHeld: () => void = () => {};
  const firstHeld = new Promise<void>((resolve) => (onHeld = resolve));
  let barrier = options.barrier ?? 0;

  async function forward({ incoming, response, body }: Held) {
    const answer = await request(new URL(incoming.url ?? '/', target), {
      method: incoming.method as 'GET' | 'POST',
      headers: { 'content-type': incoming.headers['content-type'] ?? 'application/json', 'user-agent': 'read-gate' },
      body: incoming.method === 'POST' ? body : undefined,
    });
    const bytes = Buffer.from(await answer.body.arrayBuffer());
    const headers: Record<string, string> = { 'content-type': String(answer.headers['content-type'] ?? '') };
    if (answer.headers['retry-after'] !== undefined) headers['retry-after'] = String(answer.headers['retry-after']);
    response.writeHead(answer.statusCode, headers);
    response.end(bytes);
  }
  const send = (call: Held) => void forward(call).catch(() => call.response.destroy());

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const call = { incoming, response, body: Buffer.concat(chunks) };
      if (!(incoming.method === 'POST' && incoming.url?.startsWith('/v1/proofs'))) return send(call);
      calls++;
      if (options.refuse && calls === options.refuse.call) {
        const seconds = options.refuse.retryAfterSeconds;
        const message = `Proof reads are limited per IP. Retry after ${seconds} s.`;
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(seconds) });
        response.end(JSON.stringify({ error: { code: 'rate_limited', message, status: 429 } }));
        return;
      }
      if (barrier > 0) {
        waiting.push(call);
        if (waiting.length < barrier) return;
        barrier = 0;
        forwarded += waiting.length;
        for (const w of waiting.splice(0)) send(w);
        return;
      }
      if (options.pass !== undefined && forwarded >= options.pass) {
        holding.push(response);
        onHeld();
        return;
      }
      forwarded++;
      send(call);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => firstHeld,
    async close() {
      for (const response of holding) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
