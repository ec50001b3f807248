import type { LiveIncident, LiveSeason } from '../../core/follow/model.ts';
import { windowUse } from '../../core/proofs-plan/read-window.ts';
import { latestFollowCycle } from '../../db/follow-cycles.ts';
import { incidentsOf } from '../../db/incidents.ts';
import type { Db } from '../../db/open-database.ts';
import { ledgerState } from '../../db/read-ledger.ts';
import { readsOfLastDay } from '../proofs/hourly-reads.ts';
import { DEFAULT_READ_SETTINGS, effectiveRule } from '../proofs/read-settings.ts';

/** The incidents the season's reads opened during the season (opened_by 'follow'), oldest first. */
function followIncidents(db: Db, season: number): LiveIncident[] {
  return incidentsOf(db, { season })
    .filter((i) => i.openedBy === 'follow')
    .map((i) => ({
      id: i.id,
      track: i.track,
      kind: i.kind,
      cause: i.cause,
      summary: i.summary,
      opened_at: new Date(i.openedAtMs).toISOString(),
      state: i.state,
      links: i.links.length,
    }));
}

/**
 * What the live Season screen shows (`season.live`, docs/season-follow.md): the last cycle's picture of each track,
 * the reads of the last hours against the limit, and the incidents the reads opened. Reads the database only, and
 * nothing from a close: counts, never a score (spec §7.4). `follow` is the follower's state, which the caller holds.
 */
export function liveSeason(
  db: Db,
  options: { season: number | null; now: number; follow: LiveSeason['follow'] },
): LiveSeason {
  const { season, now } = options;
  const rule = effectiveRule(DEFAULT_READ_SETTINGS);
  return {
    season,
    at: new Date(now).toISOString(),
    follow: options.follow,
    tracks: season === null ? [] : (latestFollowCycle(db, season)?.tracks ?? []),
    reads_per_hour: readsOfLastDay(db, now),
    read_limit: {
      limit: DEFAULT_READ_SETTINGS.limit,
      window_seconds: DEFAULT_READ_SETTINGS.windowMs / 1000,
      used_in_window: windowUse(ledgerState(db, now, rule), rule, now).used,
    },
    incidents: season === null ? [] : followIncidents(db, season),
  };
}
