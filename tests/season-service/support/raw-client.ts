import { connect, type Socket } from 'node:net';

/**
 * A plain TCP client of an HTTP server: it sends what a test writes, when the test writes it, byte for byte (no HTTP
 * library in between to normalise a path, add a header or pace a body).
 */
export interface RawClient {
  socket: Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves with the milliseconds from connect to the server closing the socket. */
  closed: Promise<number>;
  connected: Promise<void>;
}

const open = new Set<Socket>();

/** A raw client of the server at `url`, connecting from `localAddress` (127.0.0.x stands for another client). */
export function raw(url: string, localAddress = '127.0.0.1'): RawClient {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port), localAddress });
  open.add(socket);
  const started = performance.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      open.delete(socket);
      resolve(performance.now() - started);
    }),
  );
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received: () => received, closed, connected };
}

/** Destroys every raw client still open (a test's cleanup). */
export function destroyRawClients(): void {
  for (const socket of open) socket.destroy();
  open.clear();
}

/** Writes `text` one byte every `everyMs` until the socket closes. */
export function trickle(client: RawClient, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (client.socket.destroyed || i >= text.length) return clearInterval(timer);
    client.socket.write(text[i++]!);
  }, everyMs);
  client.socket.once('close', () => clearInterval(timer));
}

/** The status code of the first answer a raw client received (0 when none). */
export function statusOf(client: RawClient): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(client.received())?.[1] ?? 0);
}

/** The refusal code of the answer read so far (`{"error": {"code"}}`), or null. */
export function codeOf(client: RawClient): string | null {
  return /"error":\{"code":"([A-Z0-9_]+)"/.exec(client.received())?.[1] ?? null;
}

/** GET /v1/health on a fresh connection from `localAddress`: its status and how long it took (ms). */
export async function health(url: string, localAddress: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const client = raw(url, localAddress);
  await client.connected;
  client.socket.write('GET /v1/health HTTP/1.1\r\nHost: season\r\nConnection: close\r\n\r\n');
  await client.closed;
  return { status: statusOf(client), ms: performance.now() - started };
}

/** Resolves once `condition` holds; fails the test if it still does not after `withinMs`. */
export async function until(condition: () => boolean, withinMs = 5_000): Promise<void> {
  const deadline = performance.now() + withinMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`not reached within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const closedCount = (clients: RawClient[]) => clients.filter((c) => c.socket.destroyed).length;
