/**
 * The outcome of one check of a proof (trust-layer-reference §8): OK, FAIL (the proof is wrong), SKIP (nothing
 * can be said, with the reason), or PENDING (the batch is not anchored yet: neither valid nor invalid, spec §4.1).
 */
export type CheckStatus = 'OK' | 'FAIL' | 'SKIP' | 'PENDING';

export interface CheckOutcome<C extends string = string> {
  status: CheckStatus;
  /** A stable code for every status but OK: which check decided, never renamed (docs/conventions.md). */
  code: C | null;
  message: string;
  details: Record<string, unknown>;
}

export function checkOk(message: string, details: Record<string, unknown> = {}): CheckOutcome<never> {
  return { status: 'OK', code: null, message, details };
}

export function checkFailed<C extends string>(
  code: C,
  message: string,
  details: Record<string, unknown> = {},
): CheckOutcome<C> {
  return { status: 'FAIL', code, message, details };
}

export function checkSkipped<C extends string>(
  code: C,
  message: string,
  details: Record<string, unknown> = {},
): CheckOutcome<C> {
  return { status: 'SKIP', code, message, details };
}

export function checkPending<C extends string>(
  code: C,
  message: string,
  details: Record<string, unknown> = {},
): CheckOutcome<C> {
  return { status: 'PENDING', code, message, details };
}
