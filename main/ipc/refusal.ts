/**
 * A handler's refusal: a stable SCREAMING_SNAKE code and a message saying what happened and what to do. The
 * dispatcher answers it as `{ok: false, error: {code, message}}`; any other exception is IPC_HANDLER_FAILED.
 */
export class HandlerRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Throws a service's failure as a refusal (handlers return values; services return Results). */
export function valueOrRefuse<T>(
  result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!result.ok) throw new HandlerRefusal(result.error.code, result.error.message);
  return result.value;
}
