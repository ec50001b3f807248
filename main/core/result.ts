/**
 * Untrusted input never makes the core throw: checks return a Result whose failure carries a stable code.
 * Codes are API (persisted, exported): never rename one.
 */
export interface Failure<C extends string = string> {
  code: C;
  message: string;
  details?: Record<string, unknown>;
}

export type Result<T, C extends string = string, E = Failure<C>> = { ok: true; value: T } | { ok: false; error: E };

/**
 * A check that reports every failure it finds, not only the first: a replay bundle's refusal names each changed file
 * at once (docs/replay-bundle.md), so one run tells a reader all that differs. The same Result, its error the list
 * (never empty).
 */
export type ResultAll<T> = Result<T, string, Failure[]>;

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

/** The refusal of a ResultAll, with every failure found. */
export function failAll(...failures: Failure[]): { ok: false; error: Failure[] } {
  return { ok: false, error: failures };
}
