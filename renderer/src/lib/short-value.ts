/**
 * The short form of a long identifier (a SHA-256, a Rekor entry, a did:key): its prefix kept readable (`sha256:`,
 * `did:<method>:`), then the first 8 and the last 6 characters of the rest. Values whose rest is under LONG
 * characters are kept whole: proof ids (`prf_20261028_101500_00a1b2`) and did:web names are short enough to read
 * and compare as they are.
 */
const LONG = 32;
const HEAD = 8;
const TAIL = 6;
const PREFIX = /^(sha256:|did:[a-z0-9]+:)/;

export function shortValue(value: string): string {
  const prefix = PREFIX.exec(value)?.[0] ?? '';
  const rest = value.slice(prefix.length);
  if (rest.length < LONG) return value;
  return `${prefix}${rest.slice(0, HEAD)}…${rest.slice(-TAIL)}`;
}

export type ValueKind = 'sha256' | 'did' | 'value';

/** What a value is, for the name of its copy button ("Copy SHA-256", "Copy DID"). */
export function valueKind(value: string): ValueKind {
  if (value.startsWith('did:')) return 'did';
  if (/^(sha256:)?[0-9a-f]{64}$/.test(value)) return 'sha256';
  return 'value';
}
