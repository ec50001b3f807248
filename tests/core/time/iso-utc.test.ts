import { describe, expect, it } from 'vitest';
import { isoUtc } from '../../../main/core/time/iso-utc.ts';

describe('isoUtc: an instant in milliseconds as ISO 8601 UTC', () => {
  it('writes UTC with its milliseconds', () => {
    expect(isoUtc(Date.UTC(2026, 2, 1, 8, 0, 0, 0))).toBe('2026-03-01T08:00:00.000Z');
    expect(isoUtc(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe('2026-12-31T23:59:59.999Z');
  });

  it('writes the epoch and instants before it', () => {
    expect(isoUtc(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoUtc(-1)).toBe('1969-12-31T23:59:59.999Z');
  });

  it('keeps an instant that is not there yet as null', () => {
    expect(isoUtc(null)).toBeNull();
  });

  it('is read back to the same milliseconds', () => {
    const ms = Date.UTC(2026, 5, 15, 12, 34, 56, 789);
    expect(Date.parse(isoUtc(ms))).toBe(ms);
  });
});
