/**
 * The wait a 429 asks for, in ms (RFC 9110 §10.2.3: `Retry-After` is delay-seconds or an HTTP-date).
 * Without a usable header the whole window is assumed, the longest the Trust Layer's hourly counter can need.
 */
export function retryAfterMs(header: string | undefined, now: number, windowMs: number): number {
  const text = header?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date names a weekday and a month; a bare number that is not delay-seconds (e.g. "-5") is not one.
  const date = /[A-Za-z]/.test(text) ? Date.parse(text) : NaN;
  if (Number.isFinite(date)) return Math.max(0, date - now);
  return windowMs;
}
