import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonAnswers } from '../../main/services/http/json-answers.ts';
import { readBodyWithin } from '../../main/services/http/read-body.ts';

/**
 * The one refusal shape of the season service (docs/season-service.md "Endpoints (API)"): `{"error": {"code",
 * "message"[, "pointer"]}}`.
 */
export interface ServiceError {
  code: string;
  message: string;
  pointer?: string;
  position?: { offset: number; line: number; column: number };
}

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

const answers = jsonAnswers<unknown, ServiceError>({
  headers: { ...NO_STORE, 'Content-Type': 'application/json' },
  encode: (body) => JSON.stringify(body),
  refusal: (_status, error) => ({ error }),
});

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  answers.json(response, status, body, headers);
}

/** The refusal code each answer carried, for the request log and the metrics (season-service/operations/). */
const answeredCodes = new WeakMap<ServerResponse, string>();

export function sendError(
  response: ServerResponse,
  status: number,
  error: ServiceError,
  headers?: Record<string, string>,
) {
  answeredCodes.set(response, error.code);
  answers.refuse(response, status, error, headers);
}

/** The code of the refusal sent on `response`, or null (an answer that is not a refusal, or none yet). */
export function answeredCode(response: ServerResponse): string | null {
  return answeredCodes.get(response) ?? null;
}

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the body exceeds ${limit} bytes`);
  }
}

/** Reads a request body up to `limit` bytes; past it, stops reading and throws BodyTooLarge (answered 413). */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const read = await readBodyWithin(request, limit);
  if (read.ok) return read.body;
  if (read.refusal === 'too_large') throw new BodyTooLarge(limit);
  // The client went away mid-body: its stream's own error (ECONNRESET), which the dispatcher answers no one for.
  throw read.cause;
}

/** The bearer token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: IncomingMessage): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([\x21-\x7e]{1,512})$/.exec(header) : null;
  return match ? match[1]! : null;
}
