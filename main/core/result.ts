/**
 * Untrusted input never makes the core throw: checks return a Result whose failure carries a stable code.
 * Codes are API (persisted, exported): never rename one.
 */
export interface Failure<C extends string = string> {
  code: C;
  message: string;
  details?: Record<string, unknown>;
}

export type Result<T, C extends string = string> = { ok: true; value: T } | { ok: false; error: Failure<C> };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail<C extends string>(
  code: C,
  message: string,
  details?: Record<string, unknown>,
): { ok: false; error: Failure<C> } {
  return details === undefined
    ? { ok: false, error: { code, message } }
    : { ok: false, error: { code, message, details } };
}

/** Whether a value returned in place of a result is a Failure (a function answering `T | Failure`). */
export const isFailure = (v: unknown): v is Failure =>
  typeof v === 'object' && v !== null && 'code' in v && 'message' in v;
