import { findAssertion } from '../../core/disputes/scope.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, type PyObject } from '../../core/json/value.ts';
import { disputeById, type DisputeRow } from '../../db/disputes.ts';
import type { Db } from '../../db/open-database.ts';
import { latestPublicationVersion, publishedReport, type PublicationVersionRow } from '../../db/publications.ts';
import { Refused } from '../refused.ts';

/** A stored canonical document (a report, a scores.json), or undefined when it does not parse as an object. */
export const parseDoc = (bytes: Uint8Array): PyObject | undefined => {
  const r = loads(bytes);
  return r.ok && isPyObject(r.value) ? r.value : undefined;
};

/** The dispute `disputeId`, read under the write lock; a missing one is refused (DISPUTE_NOT_FOUND). */
export function disputeNamed(db: Db, disputeId: string): DisputeRow {
  const dispute = disputeById(db, disputeId);
  if (!dispute)
    throw new Refused({
      code: 'DISPUTE_NOT_FOUND',
      message: `no dispute ${disputeId} in this database: proveit dispute list shows the ids`,
      details: { dispute_id: disputeId },
    });
  return dispute;
}

/** A dispute with the latest publication version of its track and the disputed assertion in that version's report. */
export interface PublishedAssertion {
  dispute: DisputeRow;
  latest: PublicationVersionRow;
  report: PyObject;
  /** The assertion's status in that report: the decision is checked against it (decideTransition). */
  status: string;
}

/**
 * What a decision applies to: the latest version, not the one disputed, since a correction is always k+1 of the
 * latest k (docs/publications.md). A report without the assertion is refused (DISPUTE_REPORT_MISSING).
 */
export function publishedAssertion(db: Db, disputeId: string): PublishedAssertion {
  const dispute = disputeNamed(db, disputeId);
  const { season, track, participantId, taskId, assertionId } = dispute;
  const latest = latestPublicationVersion(db, season, track);
  const stored = latest ? publishedReport(db, season, track, latest.version, participantId) : undefined;
  const report = stored ? parseDoc(stored.reportJson) : undefined;
  const found = report ? findAssertion(report, taskId, assertionId) : undefined;
  if (!latest || !report || !found)
    throw new Refused({
      code: 'DISPUTE_REPORT_MISSING',
      message: `the published report of ${participantId} has no assertion ${taskId}/${assertionId}`,
      details: { dispute_id: dispute.disputeId },
    });
  return { dispute, latest, report, status: found.status };
}
