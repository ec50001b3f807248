import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PyJson } from '../../main/core/json/value.ts';
import { jsonDumps } from '../wire/json-dumps.ts';

/** Thrown by readBody when a request body exceeds the limit; handlers answer 413. */
export class BodyTooLarge extends Error {}

export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge(`request body over ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Writes a JSON body the way the Python server does (json.dumps, compact separators, insertion order). */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: PyJson,
  headers: Record<string, string> = {},
): void {
  const text = jsonDumps(body);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

/** The Trust Layer's error shape (trust-layer-reference §7): {"error": {"code", "message", "status"}}. */
export function sendError(
  response: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(response, status, { error: { code, message, status: BigInt(status) } }, headers);
}

export function sendBytes(response: ServerResponse, status: number, contentType: string, body: Uint8Array): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(body.length) });
  response.end(body);
}

/** Starts listening and resolves with the base URL (`http://127.0.0.1:PORT`). */
export async function listen(server: Server, host: string, port: number): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return `http://${host}:${address.port}`;
}

/** Stops accepting connections, ends idle keep-alive sockets and resolves when the server is closed. */
export async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

/** The caller's address as the limiter counts it (loopback in the devnet; no proxy headers are trusted). */
export function clientIp(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? 'unknown';
}
