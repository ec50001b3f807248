import { TRACK_NAMES, type TrackName } from '../../core/corpus/model.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { freezeInForceOf } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';

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

/** The tracks of a season this database holds a freeze in force for (spec §8: the freeze in force is the window). */
export function followedTracks(db: Db, season: number): Result<FollowedTrack[], 'FOLLOW_NO_FROZEN_TRACK'> {
  const tracks: FollowedTrack[] = [];
  for (const track of TRACK_NAMES) {
    const freeze = freezeInForceOf(db, season, track);
    if (!freeze) continue;
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
  if (tracks.length === 0)
    return fail(
      'FOLLOW_NO_FROZEN_TRACK',
      `season ${season} has no freeze in this operator database: there is no window to follow; freeze a track first ('proveit freeze create'), or give the --db that holds the season's freezes`,
      { season },
    );
  return ok(tracks);
}
