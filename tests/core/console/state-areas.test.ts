import { describe, expect, it } from 'vitest';
import {
  AREAS_OF_ACT,
  AREAS_READ,
  CHANNELS_WITHOUT_STATE,
  readsTouched,
} from '../../../main/core/console/state-areas.ts';
import { SHAPES } from '../../../main/ipc/validate-call.ts';

describe('which channels announce and refresh what (state.changed)', () => {
  it('every channel of the contract is an act that names what it touches, a read that names what it shows, or listed as neither: a new act cannot be forgotten', () => {
    const classified = new Set([...Object.keys(AREAS_OF_ACT), ...Object.keys(AREAS_READ), ...CHANNELS_WITHOUT_STATE]);
    expect(Object.keys(SHAPES).filter((channel) => !classified.has(channel))).toEqual([]);
    expect(Object.keys(AREAS_OF_ACT).filter((channel) => channel in AREAS_READ)).toEqual([]);
  });

  it('a backup made in one window refreshes the backup list and the season cards of every other', () => {
    expect(readsTouched('backup.list', AREAS_OF_ACT['backup.create']!)).toBe(true);
    expect(readsTouched('season.status', AREAS_OF_ACT['backup.create']!)).toBe(true);
    expect(readsTouched('setup.view', AREAS_OF_ACT['setup.bind']!)).toBe(true);
  });
});
