/**
 * Following a season while it runs (docs/season-follow.md): what one cycle of `proveit proofs follow` (or the
 * console's background follower) did, and what the live Season screen shows of an open track. Keys are snake_case:
 * they are the `--json` line and the `season.live` answer (API). Nothing here is a score (spec §7.4): counts of
 * enrollments, submissions, reads and incidents only.
 */

/** One cycle, as `proofs follow` prints it (`--json`: these keys, in this order, then the optional ones). */
export interface FollowCycleLine {
  cycle: number;
  /** Distinct proof ids cited by the submissions in force, across the season's followed tracks. */
  cited: number;
  /** Cited ids whose view was read by this cycle (new citations, and pending ones rechecked). */
  read_now: number;
  /** Cited ids whose final view the store held before this cycle: never read again. */
  cached: number;
  /** Cited ids whose view is pending after this cycle (a batch not yet anchored, or a `null` answer rechecked). */
  pending: number;
  /** POST /v1/proofs calls this cycle made. */
  reads_this_cycle: number;
  /** Reads left in the sliding window after this cycle (100 an hour on the Trust Layer). */
  reads_left_in_window: number;
  /** When the next cycle starts (ISO UTC); null after the last one. */
  next_cycle_at: string | null;
  /** When this cycle started (ISO UTC). */
  at: string;
  season: number;
  /** Cited ids with no view stored after this cycle (the window ran out, or the cycle stopped). */
  not_yet_read: number;
  /** Incidents this cycle opened, and open ones it added affected items to (docs/incidents.md "During the season"). */
  incidents_opened: number[];
  incidents_extended: number[];
  /** done: every read due was made; error: reads stopped on a failure (failure says why); aborted: stopped. */
  outcome: 'done' | 'error' | 'aborted';
  failure: { code: string; message: string } | null;
}

/** One task's submissions in force (spec §7.4: a later submission replaces the earlier one). */
export interface LiveTaskCount {
  task_id: string;
  submissions_in_force: number;
}

/** An open (or closing) track as the last cycle saw it. */
export interface LiveTrack {
  track: string;
  opens_at: string;
  closes_at: string;
  /** Participants enrolled in the season (every line of the export names one). */
  enrolled: number;
  /** Participants with at least one submission in force on this track. */
  submitting: number;
  tasks: LiveTaskCount[];
  /** Distinct proof ids this track's submissions cite, and where their views stand. */
  cited: number;
  /** Ids whose view was read: anchored (final), or absent (a null answer, read again until 48 h after closes_at). */
  read: number;
  /** Of `read`, the absent ones (absent from cycles recorded before this count was kept: then unknown, read as 0). */
  absent?: number;
  pending: number;
  not_yet_read: number;
  /** What would be left to read at closes_at at the current pace (backlog.ts): reads and ids. */
  backlog_at_close: { ids: number; reads: number };
}

/** Reads made in one clock hour (UTC), for the chart against the limit. */
export interface HourlyReads {
  hour_start: string;
  reads: number;
}

/** An incident opened (or extended) during the season by the follower. */
export interface LiveIncident {
  id: number;
  track: string;
  kind: string;
  cause: string;
  summary: string;
  opened_at: string;
  state: 'open' | 'resolved';
  links: number;
}

export type FollowState = 'following' | 'stopped' | 'not_configured' | 'no_open_track';

/** What `season.live` answers: the follower's state, the last cycle's picture per track, reads and incidents. */
export interface LiveSeason {
  season: number | null;
  /** When this answer was made (ISO UTC). */
  at: string;
  follow: {
    state: FollowState;
    /** Why not following, in the screen's words (null while following). */
    reason: string | null;
    cycle: number | null;
    last_cycle_at: string | null;
    next_cycle_at: string | null;
    last_failure: { code: string; message: string } | null;
    /** A cycle is under way now (its next_cycle_at is not due yet). */
    cycle_running: boolean;
    /** Between cycle starts, as set (`follow.cadence`) or by default. */
    every_seconds: number;
    /** When the follower stops by itself: the latest closes_at plus two batch ages (null: no season followed). */
    until: string | null;
  };
  tracks: LiveTrack[];
  /** The last 24 clock hours, oldest first, current hour included. */
  reads_per_hour: HourlyReads[];
  read_limit: { limit: number; window_seconds: number; used_in_window: number };
  incidents: LiveIncident[];
}
