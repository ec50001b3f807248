import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../main/core/disputes/calendar.ts';
import {
  checkParticipantWindow,
  participantWindow,
  versionAt,
} from '../../../main/core/disputes/participant-window.ts';

const V1 = Date.parse('2026-11-02T10:00:00.000Z');
/** Version 1 on day 0, a correction for another participant on day 10, one for this participant on day 20. */
const versions = [
  { version: 1, publishedAtMs: V1 },
  { version: 2, publishedAtMs: V1 + 10 * DAY_MS },
  { version: 3, publishedAtMs: V1 + 20 * DAY_MS },
];

describe('a participant\u2019s own dispute window (spec §9.2)', () => {
  it('runs 14 days from the version holding its report, not from the track\u2019s latest version', () => {
    expect(participantWindow(versions, 1)).toEqual({ version: 1, publishedAtMs: V1, windowEndsMs: V1 + 14 * DAY_MS });
    expect(participantWindow(versions, 3)?.windowEndsMs).toBe(V1 + 34 * DAY_MS);
    expect(participantWindow(versions, undefined)).toBeUndefined();
  });

  it('the version published at a receipt is the latest at or before it; none before the first', () => {
    expect(versionAt(versions, V1 + 10 * DAY_MS)?.version).toBe(2);
    expect(versionAt(versions, V1 + 10 * DAY_MS - 1)?.version).toBe(1);
    expect(versionAt(versions, V1 - 1)).toBeUndefined();
  });

  it('a correction for another participant on day 10 does not reopen it: day 14 exactly is received, 1 ms later DISPUTE_WINDOW_CLOSED naming the participant and its end', () => {
    const own = participantWindow(versions, 1)!;
    expect(checkParticipantWindow('p-a', own, V1 + 14 * DAY_MS)).toEqual({
      ok: true,
      value: { windowEndsMs: V1 + 14 * DAY_MS },
    });
    const late = checkParticipantWindow('p-a', own, V1 + 14 * DAY_MS + 1);
    expect(late.ok).toBe(false);
    if (late.ok) return;
    expect(late.error.code).toBe('DISPUTE_WINDOW_CLOSED');
    expect(late.error.message).toContain("participant p-a's dispute window closed at 2026-11-16T10:00:00.000Z");
    expect(late.error.details).toMatchObject({ participant_id: 'p-a', window_version: 1 });
  });

  it('a receipt before the version it disputes keeps the calendar\u2019s DISPUTE_BEFORE_PUBLICATION', () => {
    const r = checkParticipantWindow('p-a', participantWindow(versions, 1)!, V1 - 1);
    expect(r.ok ? 'ok' : r.error.code).toBe('DISPUTE_BEFORE_PUBLICATION');
  });
});
