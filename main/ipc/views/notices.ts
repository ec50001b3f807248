// Notices to participants (main/ipc/contract.ts `season.notice`, `incident.notice_draft`; docs/season-service.md
// "Notices").

import type { TrackName } from '../../core/corpus/model.ts';
import type { NoticeKind } from '../../core/notices/season-notice.ts';

/**
 * A notice to participants as the operator writes it (`season.notice`; docs/season-service.md "Notices"): the fields of
 * a `proveit-season-notice/1` document before it is signed. `incident_id` names the incident it tells about (its
 * reference becomes `incident ID`); `window_from` and `window_to` go together.
 */
export interface NoticeRequest {
  season: number;
  kind: NoticeKind;
  track?: TrackName;
  text_fr: string;
  text_en: string;
  tasks?: string[];
  window_from?: string;
  window_to?: string;
  incident_id?: number;
}

/** A notice drafted from an incident (`incident.notice_draft`), to publish as it is or edited: nothing signed yet. */
export type NoticeDraft = NoticeRequest & { reference: string };

/** A notice published (`season.notice`): the season service serves it in GET /v1/season/{n}. */
export interface NoticeView {
  season: number;
  kind: string;
  track: string | null;
  incident_id: number | null;
  document_sha256: string;
  issued_at: string;
  /** The signed document as posted (canonical JSON). */
  document: string;
  /** The service had published it already (an earlier attempt whose answer was lost): recorded, not posted again. */
  already_published: boolean;
}
