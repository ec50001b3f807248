import { TRACK_NAMES, type TrackName } from '../../core/corpus/model.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { freezeInForceOf } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import { invalidationOf } from '../../db/season-invalidations.ts';

/** A track of the season with a freeze in force: its window and its freeze proof (read with the cited ones). */
export interface FollowedTrack {
  track: TrackName;
  freezeProofId: string;
  manifestHash: string;
  opensAtMs: number;
  closesAtMs: number;
  opensAt: string;
  closesAt: string;
}

/**
 * The tracks of a season this database holds a freeze in force for (spec §8: the freeze in force is the window), less
 * the invalidated ones (docs/freeze.md "Invalidating a season"): nothing of those is scored, so no read is spent on
 * them. A season whose every frozen track was invalidated has nothing to follow (FOLLOW_TRACKS_INVALIDATED).
 */
export function followedTracks(
  db: Db,
  season: number,
): Result<FollowedTrack[], 'FOLLOW_NO_FROZEN_TRACK' | 'FOLLOW_TRACKS_INVALIDATED'> {
  const tracks: FollowedTrack[] = [];
  const invalidated: TrackName[] = [];
  for (const track of TRACK_NAMES) {
    const freeze = freezeInForceOf(db, season, track);
    if (!freeze) continue;
    if (invalidationOf(db, season, track) !== null) {
      invalidated.push(track);
      continue;
    }
    tracks.push({
      track,
      freezeProofId: freeze.proofId,
      manifestHash: freeze.manifestHash,
      opensAtMs: Date.parse(freeze.opensAt),
      closesAtMs: Date.parse(freeze.closesAt),
      opensAt: freeze.opensAt,
      closesAt: freeze.closesAt,
    });
  }
  if (tracks.length === 0 && invalidated.length > 0)
    return fail(
      'FOLLOW_TRACKS_INVALIDATED',
      `every frozen track of season ${season} was invalidated (${invalidated.join(', ')}): nothing of it is read or scored; follow the season that starts over once it is frozen`,
      { season, tracks: invalidated },
    );
  if (tracks.length === 0)
    return fail(
      'FOLLOW_NO_FROZEN_TRACK',
      `season ${season} has no freeze in this operator database: there is no window to follow; freeze a track first ('proveit freeze create'), or give the --db that holds the season's freezes`,
      { season },
    );
  return ok(tracks);
}
