import { fail, ok, type Result } from '../result.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * Reads an instant given on the command line (season opening and close). Only the UTC form
 * `YYYY-MM-DDTHH:MM:SS[.mmm]Z` is accepted: a local time or a date without a zone would move the opening by the
 * operator's time zone, and the opening decides whether a freeze may still change (spec §8).
 */
export function parseInstant(flag: string, text: string): Result<string, 'FREEZE_TIME_FORMAT'> {
  if (!ISO_UTC.test(text) || Number.isNaN(Date.parse(text))) {
    return fail(
      'FREEZE_TIME_FORMAT',
      `${flag} '${text}' is not a UTC instant: write it as YYYY-MM-DDTHH:MM:SSZ, e.g. 2026-10-01T08:00:00Z`,
      { flag, received: text },
    );
  }
  return ok(new Date(Date.parse(text)).toISOString());
}
