import { describe, expect, it } from 'vitest';
import { addDays, isIsoDay, withinInclusive } from '../../../main/core/corpus/dates.ts';

describe('corpus days', () => {
  it.each(['2026-02-29', '2026-13-01', '2026-1-01', '01/10/2026', '2026-10-01T00:00:00Z'])('%s is not a day', (text) => {
    expect(isIsoDay(text)).toBe(false);
  });

  it('a leap day and month ends are days, and addDays crosses them', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('bounds are inclusive at both ends', () => {
    expect(withinInclusive('2026-10-01', '2026-10-01', '2026-10-01')).toBe(true);
    expect(withinInclusive('2026-10-02', '2026-10-01', '2026-10-01')).toBe(false);
    expect(withinInclusive('2026-09-30', '2026-10-01', '2026-12-31')).toBe(false);
  });
});
