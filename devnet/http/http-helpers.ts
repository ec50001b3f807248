import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PyJson } from '../../main/core/json/value.ts';
import { jsonAnswers } from '../../main/services/http/json-answers.ts';
import { readBodyWithin } from '../../main/services/http/read-body.ts';
import { sendBody } from '../../main/services/http/send-body.ts';
import { jsonDumps } from '../wire/json-dumps.ts';

/** Thrown by readBody when a request body exceeds the limit; handlers answer 413. */
export class BodyTooLarge extends Error {}

export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const read = await readBodyWithin(request, limit);
  if (read.ok) return read.body;
  if (read.refusal === 'too_large') throw new BodyTooLarge(`request body over ${limit} bytes`);
  throw read.cause;
}

/** JSON the way the Python server writes it (json.dumps, compact separators, insertion order). */
const answers = jsonAnswers<PyJson, { code: string; message: string }>({
  headers: { 'Content-Type': 'application/json' },
  encode: jsonDumps,
  // The Trust Layer's error shape (trust-layer-reference §7): {"error": {"code", "message", "status"}}.
  refusal: (status, { code, message }) => ({ error: { code, message, status: BigInt(status) } }),
});

export function sendJson(
  response: ServerResponse,
  status: number,
  body: PyJson,
  headers: Record<string, string> = {},
): void {
  answers.json(response, status, body, headers);
}

export function sendError(
  response: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  answers.refuse(response, status, { code, message }, headers);
}

export function sendBytes(response: ServerResponse, status: number, contentType: string, body: Uint8Array): void {
  sendBody(response, status, body, { 'Content-Type': contentType });
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
