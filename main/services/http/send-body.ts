import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * Writes a whole answer with its Content-Length: the headers `before` it, then Content-Length, then `after` (the
 * order each server has always written them in).
 */
export function sendBody(
  response: ServerResponse,
  status: number,
  body: string | Uint8Array,
  before: OutgoingHttpHeaders,
  after: OutgoingHttpHeaders = {},
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  response.writeHead(status, { ...before, 'Content-Length': String(bytes.byteLength), ...after });
  response.end(bytes);
}
