/**
 * Corpus dates are "YYYY-MM-DD" strings (docs/corpus-format.md "Response contract"): they compare as text, and the
 * referentiel's bounds are inclusive (spec §5.3), so `from <= day && day <= to` is the whole rule.
 */
const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written "YYYY-MM-DD" (no 2026-02-30). */
export function isIsoDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The day `days` after (or before, if negative) an ISO day. */
export function addDays(day: string, days: number): string {
  const match = ISO_DAY.exec(day);
  if (!match) throw new RangeError(`addDays: '${day}' is not YYYY-MM-DD`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Inclusive bounds (spec §5.3: "inclusive date bounds"). */
export function withinInclusive(day: string, from: string, to: string): boolean {
  return from <= day && day <= to;
}
