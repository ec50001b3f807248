import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { followableSeason } from '../../../main/services/follow/follow-season.ts';
import { followedTracks } from '../../../main/services/follow/followed-tracks.ts';
import { recordFreeze, recordInvalidation } from '../freeze/support/invalidated-track.ts';

// Issue 38, point 2: the follower spends no read on an invalidated track (docs/season-follow.md, docs/freeze.md
// "Invalidating a season"): nothing of it is scored.
const HOUR = 3_600_000;
const NOW = Date.parse('2026-10-05T12:00:00Z');
let dir: string;
let db: Db;
let conformite: string;
let generique: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proveit-followed-tracks-'));
  db = openDatabase(join(dir, 'console.sqlite'));
  conformite = recordFreeze(db, 1, 'conformite', NOW - 48 * HOUR, NOW + 120 * HOUR);
  generique = recordFreeze(db, 1, 'generique', NOW - 48 * HOUR, NOW + 120 * HOUR);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the tracks the follower reads', () => {
  it('an invalidated track is left out: the other track of the season is still followed', () => {
    recordInvalidation(db, 1, 'generique', generique, NOW - HOUR, 'gen-01 changed');
    const tracks = followedTracks(db, 1);
    expect(tracks.ok && tracks.value.map((t) => t.track)).toEqual(['conformite']);
    expect(followableSeason(db, NOW)).toBe(1);
  });

  it('a season whose every frozen track was invalidated is not followed (FOLLOW_TRACKS_INVALIDATED, naming them)', () => {
    recordInvalidation(db, 1, 'generique', generique, NOW - HOUR, 'gen-01 changed');
    recordInvalidation(db, 1, 'conformite', conformite, NOW - HOUR, 'conf-01 changed');
    expect(followedTracks(db, 1)).toMatchObject({
      ok: false,
      error: { code: 'FOLLOW_TRACKS_INVALIDATED', details: { season: 1, tracks: ['conformite', 'generique'] } },
    });
    expect(followableSeason(db, NOW)).toBeNull();
  });
});
