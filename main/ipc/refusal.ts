/**
 * A handler's refusal: a stable SCREAMING_SNAKE code, a message saying what happened and what to do, and the facts
 * behind it (a Failure's `details`, main/core/result.ts) so the screen can say it in its own language. The
 * dispatcher answers it as `{ok: false, error: {code, message, details?}}`; any other exception is IPC_HANDLER_FAILED.
 */
export class HandlerRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Throws a service's failure as a refusal, its details kept (handlers return values; services return Results). */
export function valueOrRefuse<T>(
  result:
    { ok: true; value: T } | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } },
): T {
  if (!result.ok) throw new HandlerRefusal(result.error.code, result.error.message, result.error.details);
  return result.value;
}
