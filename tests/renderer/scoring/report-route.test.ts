import { describe, expect, it } from 'vitest';
import type { TrackRef } from '../../../renderer/src/api/operations.ts';
import { trackOfPart, trackPart } from '../../../renderer/src/scoring/report-route.ts';

// How a report's URL names its track (#/scoring/<track>/<participant>, docs/console.md "Screens").
const one: TrackRef[] = [
  { season: 1, track: 'conformite' },
  { season: 1, track: 'generique' },
];
const two: TrackRef[] = [...one, { season: 2, track: 'conformite' }];

describe('the track part of a report URL', () => {
  it('is the track’s name while no other season has a track of that name', () => {
    expect(trackPart(one[0]!, one)).toBe('conformite');
    expect(trackOfPart('generique', one)).toEqual(one[1]);
  });

  it('carries the season once two seasons share the name, and the bare name then names neither', () => {
    expect(trackPart(two[0]!, two)).toBe('1-conformite');
    expect(trackPart(two[2]!, two)).toBe('2-conformite');
    expect(trackPart(two[1]!, two)).toBe('generique');
    expect(trackOfPart('2-conformite', two)).toEqual(two[2]);
    expect(trackOfPart('conformite', two)).toBeUndefined();
  });

  it('a link written with the season still opens its track when the name alone would do', () => {
    expect(trackOfPart('1-generique', one)).toEqual(one[1]);
  });

  it('names no track for an unknown part', () => {
    expect(trackOfPart('nowhere', one)).toBeUndefined();
    expect(trackOfPart('3-conformite', two)).toBeUndefined();
  });
});
