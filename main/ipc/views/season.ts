// `season.status`'s answer (main/ipc/contract.ts): each track's state and what the operator does next.

import type { SeasonState } from '../../core/console/season-state.ts';
import type { AnchorDeadlineView, SeasonInvalidationView } from './freeze.ts';
import type { TrackRef } from './track-ref.ts';

export interface SeasonTrackStatus extends TrackRef {
  state: SeasonState;
  opens_at: string | null;
  closes_at: string | null;
  revealed_at: string | null;
  latest_close_at: string | null;
  published_at: string | null;
  /** Latest publication version (1, or a correction's k+1). */
  latest_version: number | null;
  /** When the latest version was published (`published_at` is version 1's): the date shown beside that version. */
  latest_published_at: string | null;
  dispute_window_ends_at: string | null;
  disputes_open: number;
  disputes_at_risk: number;
  disputes_overdue: number;
  incidents_open: number;
  /** When the operator database was last backed up (docs/operator-database.md "Backups"), or null: never. */
  last_backup_at: string | null;
  /** A freeze was recorded after the last backup (BACK_UP_SEASON): shown first, above `next_step`. */
  backup_due: boolean;
  /** The freeze in force against its anchor deadline (the Season screen shows it while the proof is pending). */
  anchor_deadline: AnchorDeadlineView | null;
  /** The track's season invalidated (state `invalidated`): when, why, its proof; null when it was not. */
  invalidation: SeasonInvalidationView | null;
  /** What the operator does next, in a sentence (English; the screen may translate by `next_step_code`). */
  next_step: string;
  next_step_code: string;
  now: string;
}
