// Publishing and delivering a track's figures (main/ipc/contract.ts `season.publish`, `publish.preview`,
// `publication.versions`, `season.deliver`, `season.consents`; docs/publications.md).

import type { ScoreRow } from './scores.ts';
import type { TrackRef } from './track-ref.ts';

/** A participant's figures as a preview shows them: the parts of both rates, side by side, never combined. */
export type PreviewFigures = Pick<ScoreRow, 'overclaim' | 'success' | 'tasks_submitted' | 'instrument_faults'>;

/** What publishing now would change (docs/publications.md): shown before the operator confirms `season.publish`. */
export interface PublishPreview extends TrackRef {
  version: number;
  corrects_version: number | null;
  close_id: number;
  closed_at: string;
  /** Each participant whose published figures change; `before` is null when nothing was published for them. */
  changes: { participant_id: string; name: string | null; before: PreviewFigures | null; after: PreviewFigures }[];
  pending: string[];
}

export interface PublicationVersion {
  version: number;
  corrects_version: number | null;
  published_at: string;
  actor: string;
  scores_sha256: string;
  correction: {
    reason: string;
    disputes: string[];
    participants: {
      participant_id: string;
      /** The name staff know it by (as ConsoleDispute's `agent_name`), null when no close names it. */
      agent_name?: string | null;
      before: Pick<ScoreRow, 'overclaim' | 'success' | 'tasks_submitted' | 'instrument_faults'>;
      after: Pick<ScoreRow, 'overclaim' | 'success' | 'tasks_submitted' | 'instrument_faults'>;
    }[];
  } | null;
}

/**
 * A track's reports delivered to the season service (`season.deliver`; docs/publications.md "Private reports, public
 * by choice"): each participant's report of the latest publication version, signed by the operator key, which the
 * participant then reads with its season token.
 */
export interface ReportDeliveryView {
  season: number;
  track: string;
  publication_version: number;
  reports: number;
  /** Reports the service had not held before (0 when this version was delivered already). */
  recorded: number;
  delivered_at: string;
}

/** The participants' choices read from the season service (`season.consents`): each track's in force. */
export interface ConsentsView {
  season: number;
  new_consents: number;
  in_force: { track: string; participant_id: string; public: boolean; recorded_at: string }[];
}
