import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../../main/core/freeze/instant.ts';

const read = (text: string) => {
  const result = parseInstant('--opens-at', text);
  return result.ok ? result.value : result.error.code;
};

describe('season instants on the command line', () => {
  it('a UTC instant is read and normalised to milliseconds', () => {
    expect(read('2026-10-01T08:00:00Z')).toBe('2026-10-01T08:00:00.000Z');
    expect(read('2026-10-01T08:00:00.5Z')).toBe('2026-10-01T08:00:00.500Z');
  });

  it.each([
    '2026-10-01',
    '2026-10-01T08:00:00',
    '2026-10-01T08:00:00+02:00',
    '2026-10-01 08:00:00Z',
    '2026-13-01T08:00:00Z',
  ])("'%s' (no zone, another zone, or not a date) is refused with FREEZE_TIME_FORMAT", (text) => {
    expect(read(text)).toBe('FREEZE_TIME_FORMAT');
  });
});
