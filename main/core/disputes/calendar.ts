import { fail, ok, type Result } from '../result.ts';
import { isoUtc } from '../time/iso-utc.ts';

/**
 * The dispute calendar (spec §9.2, docs/disputes.md), written once: the CLI, the services and the console's UI all
 * call these functions, so "14 days" and "30 days" mean the same thing everywhere.
 *
 * - A day is 86,400 seconds of elapsed UTC time (86,400,000 ms). No calendar days, no local time zone, no daylight
 *   saving: "14 days after the publication" is the publication instant plus 14 × 86,400,000 ms.
 * - Bounds are inclusive: a dispute received exactly at the deadline is accepted, one millisecond later it is not.
 *   A dispute received before the publication it disputes is refused (there was nothing published to dispute).
 * - The decision is due 30 days after the receipt, same rule; "at risk" is 5 days or less left (inclusive), "overdue"
 *   is strictly after the due instant.
 * - An instant typed by a person must carry its zone (`Z` or `±HH:MM`); it is converted to UTC. A time without a zone
 *   would depend on the operator's machine and is refused.
 */
export const DAY_MS = 86_400_000;
export const DISPUTE_WINDOW_DAYS = 14;
export const DECISION_DAYS = 30;
export const AT_RISK_DAYS = 5;

/** The last instant (inclusive) at which a dispute of a publication made at `publishedAtMs` is accepted. */
export function disputeWindowEnd(publishedAtMs: number): number {
  return publishedAtMs + DISPUTE_WINDOW_DAYS * DAY_MS;
}

/** The instant (inclusive) by which a dispute received at `receivedAtMs` must be decided. */
export function decisionDue(receivedAtMs: number): number {
  return receivedAtMs + DECISION_DAYS * DAY_MS;
}

export type WindowCode = 'DISPUTE_WINDOW_CLOSED' | 'DISPUTE_BEFORE_PUBLICATION';

/** Whether a dispute received at `receivedAtMs` falls in the window of the publication made at `publishedAtMs`. */
export function checkDisputeWindow(
  publishedAtMs: number,
  receivedAtMs: number,
): Result<{ windowEndsMs: number }, WindowCode> {
  const end = disputeWindowEnd(publishedAtMs);
  const details = {
    published_at: isoUtc(publishedAtMs),
    received_at: isoUtc(receivedAtMs),
    window_ends_at: isoUtc(end),
  };
  if (receivedAtMs < publishedAtMs) {
    return fail(
      'DISPUTE_BEFORE_PUBLICATION',
      `the dispute is dated ${details.received_at}, before the publication it disputes (${details.published_at}); ` +
        'check --received-at (it must carry the time zone of the receipt)',
      details,
    );
  }
  if (receivedAtMs > end) {
    return fail(
      'DISPUTE_WINDOW_CLOSED',
      `the dispute was received at ${details.received_at}, after the window of ${DISPUTE_WINDOW_DAYS} days that ` +
        `closed at ${details.window_ends_at} (publication ${details.published_at} + ${DISPUTE_WINDOW_DAYS} × 24 h, ` +
        'UTC, bounds included); it cannot be accepted',
      details,
    );
  }
  return ok({ windowEndsMs: end });
}

export type DeadlineStatus = 'on_time' | 'at_risk' | 'overdue' | 'decided';

/** The deadline status of a dispute at `nowMs`: decided once decided; else overdue, at risk (≤ 5 days left), on time. */
export function deadlineStatus(dueMs: number, nowMs: number, decided: boolean): DeadlineStatus {
  if (decided) return 'decided';
  if (nowMs > dueMs) return 'overdue';
  if (dueMs - nowMs <= AT_RISK_DAYS * DAY_MS) return 'at_risk';
  return 'on_time';
}

/** Milliseconds left before the decision is due (negative once overdue). */
export function timeLeftMs(dueMs: number, nowMs: number): number {
  return dueMs - nowMs;
}

const ISO_WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * Reads an instant typed by a person (`--received-at`): `YYYY-MM-DDTHH:MM[:SS[.mmm]]` followed by `Z` or `±HH:MM`,
 * converted to UTC milliseconds. A missing zone, an impossible date (30 February) or an offset beyond ±23:59 is
 * refused with DISPUTE_TIME_FORMAT.
 */
export function parseZonedInstant(flag: string, text: string): Result<number, 'DISPUTE_TIME_FORMAT'> {
  const bad = () =>
    fail(
      'DISPUTE_TIME_FORMAT',
      `${flag} '${text}' is not an instant with its time zone: write YYYY-MM-DDTHH:MM:SSZ or with the offset of ` +
        'the receipt, e.g. 2026-11-12T09:30:00+01:00',
      { flag, received: text },
    );
  const m = ISO_WITH_ZONE.exec(text);
  if (!m) return bad();
  const [, y, mo, d, h, mi, s, frac, zone, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s ?? '0');
  const millis = Number((frac ?? '0').padEnd(3, '0'));
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return bad();
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return bad();
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const oH = Number(oh);
    const oM = Number(om);
    if (oH > 23 || oM > 59) return bad();
    offsetMinutes = (zone!.startsWith('-') ? -1 : 1) * (oH * 60 + oM);
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
  return ok(utc);
}
