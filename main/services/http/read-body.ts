import type { IncomingMessage } from 'node:http';

/**
 * A request body read within a limit, or why not: `too_large` (declared or sent past `limit`; reading stopped, the
 * caller answers its own 413 or refusal), `aborted` (the client went away mid-body; `cause` is the stream's error).
 */
export type BodyRead =
  | { ok: true; body: Buffer }
  | { ok: false; refusal: 'too_large'; limit: number }
  | { ok: false; refusal: 'aborted'; cause: unknown };

/** Reads a request body up to `limit` bytes; a Content-Length over it is refused before a byte is read. */
export async function readBodyWithin(request: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return { ok: false, refusal: 'too_large', limit };
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > limit) return { ok: false, refusal: 'too_large', limit };
      chunks.push(chunk as Buffer);
    }
  } catch (cause) {
    return { ok: false, refusal: 'aborted', cause };
  }
  return { ok: true, body: Buffer.concat(chunks) };
}
