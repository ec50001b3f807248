import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

/**
 * A loopback HTTP gate in front of a Trust Layer: it forwards the first `pass` POST /v1/proofs calls and holds every
 * later one without answering. A reader sent through it stops at a known read, whatever the machine's speed: the test
 * waits for `held()` and then acts (kills the process), instead of racing the reader with a polling loop.
 */
export interface ReadGate {
  url: string;
  /** Resolves once a call is being held (the reader is blocked on it). */
  held(): Promise<void>;
  /** POST /v1/proofs calls forwarded so far. */
  forwarded(): number;
  close(): Promise<void>;
}

export async function startReadGate(target: string, pass: number): Promise<ReadGate> {
  let forwarded = 0;
  const holding: ServerResponse[] = [];
  let onHeld: () => void = () => {};
  const firstHeld = new Promise<void>((resolve) => (onHeld = resolve));

  async function forward(incoming: IncomingMessage, response: ServerResponse, body: Buffer) {
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

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const isRead = incoming.method === 'POST' && incoming.url?.startsWith('/v1/proofs');
      if (isRead && forwarded >= pass) {
        holding.push(response);
        onHeld();
        return;
      }
      if (isRead) forwarded++;
      forward(incoming, response, Buffer.concat(chunks)).catch(() => response.destroy());
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => firstHeld,
    forwarded: () => forwarded,
    async close() {
      for (const response of holding) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
