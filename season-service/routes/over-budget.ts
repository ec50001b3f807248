import type { ServerResponse } from 'node:http';
import { sendError } from '../http/respond.ts';
import type { EnrollmentBudget } from '../limits/enrollment-budget.ts';

/**
 * The 429 of an enrollment or token request over its budget (docs/season-service.md "Durability and limits"): whose
 * budget it was, the key's or the address's, and when to retry, in the message and in Retry-After.
 */
export function refuseOverBudget(
  response: ServerResponse,
  over: Extract<EnrollmentBudget, { ok: false }>,
  code: string,
  say: (whose: string, retryAfterSeconds: number) => string,
) {
  const whose = over.by === 'key' ? 'with this API key' : 'from this address';
  return sendError(
    response,
    429,
    { code, message: say(whose, over.retryAfterSeconds) },
    { 'Retry-After': String(over.retryAfterSeconds) },
  );
}
