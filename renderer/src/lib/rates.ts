/**
 * A rate as the Index shows it (spec §7.2; docs/index-export.md "What a page shows"): the percentage and the counts it
 * comes from, "12.5 % = 5/40". Never a bare float, never the two rates combined. `null` when there is nothing to divide
 * (no task submitted).
 */
export function formatRate(numerator: number | null, denominator: number | null, locale: string): string | null {
  if (numerator === null || denominator === null || denominator === 0) return null;
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format((100 * numerator) / denominator);
  return `${percent} % = ${numerator}/${denominator}`;
}

/** An ISO instant shown in UTC, the zone every dispute and freeze time is written in. */
export function formatInstant(iso: string | number | null, locale: string): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/** A duration in whole days and hours, for "time left" (negative once overdue: the caller words it). */
export function daysAndHours(ms: number): { days: number; hours: number } {
  const abs = Math.abs(ms);
  return { days: Math.floor(abs / 86_400_000), hours: Math.floor((abs % 86_400_000) / 3_600_000) };
}
