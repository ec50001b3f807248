import { sha256Hex } from '../../core/hash/sha256.ts';
import { canonical } from '../../core/json/canonical.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { isoUtc } from '../../core/time/iso-utc.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { insertDisputeEvent, type DisputeRow } from '../../db/disputes.ts';
import type { Db } from '../../db/open-database.ts';
import { insertPublicationVersion, type PublicationVersionRow } from '../../db/publications.ts';
import type { CorrectionDocuments } from './correction-documents.ts';
import type { CorrectionOutcome, DecideRequest } from './decision-model.ts';

const enc = new TextEncoder();

/** The review step (received → under review): its event row and its `dispute.review` audit entry. */
export function recordReview(db: Db, dispute: DisputeRow, atMs: number, actor: string, reviewer: string): void {
  insertDisputeEvent(db, {
    disputeId: dispute.disputeId,
    step: 'review',
    state: 'under_review',
    atMs,
    actor,
    reviewer,
    reason: null,
    change: null,
    correctionVersion: null,
  });
  appendAudit(db, {
    atMs,
    actor,
    action: 'dispute.review',
    summary: `dispute ${dispute.disputeId} under review by ${reviewer}`,
    details: pyObjectFrom([
      ['dispute_id', dispute.disputeId],
      ['reviewer', reviewer],
    ]),
  });
}

/**
 * An upheld decision: its event row, its `dispute.decide` audit entry, the `correction.publish` entry, then the
 * correction version itself, carrying the audit head after its own entry (docs/publications.md).
 */
export function recordUpheld(
  db: Db,
  c: {
    dispute: DisputeRow;
    latest: PublicationVersionRow;
    documents: CorrectionDocuments;
    request: DecideRequest & { change: NonNullable<DecideRequest['change']> };
    atMs: number;
  },
): CorrectionOutcome {
  const { dispute, latest, documents: d, request, atMs } = c;
  const { season, track, participantId, taskId, assertionId } = dispute;
  insertDisputeEvent(db, {
    disputeId: dispute.disputeId,
    step: 'decision',
    state: 'upheld',
    atMs,
    actor: request.actor,
    reviewer: request.reviewer,
    reason: request.reason,
    change: request.change,
    correctionVersion: d.version,
  });
  appendAudit(db, {
    atMs,
    actor: request.actor,
    action: 'dispute.decide',
    summary:
      request.change === 'counted_with_remaining'
        ? `dispute ${dispute.disputeId} upheld by ${request.reviewer}: task ${taskId} counted as submitted with its remaining assertions`
        : `dispute ${dispute.disputeId} upheld by ${request.reviewer}: ${taskId}/${assertionId} becomes ${request.change}`,
    details: pyObjectFrom([
      ['dispute_id', dispute.disputeId],
      ['decision', 'upheld'],
      ['reviewer', request.reviewer],
      ['reason', request.reason],
      ['change', request.change],
      ['correction_version', BigInt(d.version)],
    ]),
  });
  // The head a correction carries is the one after its own correction.publish entry (docs/publications.md).
  const head = appendAudit(db, {
    atMs,
    actor: request.actor,
    action: 'correction.publish',
    summary: `published season ${season}, track ${track}, version ${d.version} correcting version ${d.correctsVersion} (dispute ${dispute.disputeId})`,
    details: pyObjectFrom([
      ['season', BigInt(season)],
      ['track', track],
      ['version', BigInt(d.version)],
      ['corrects_version', BigInt(d.correctsVersion)],
      ['disputes', [dispute.disputeId]],
      ['scores_sha256', d.scoresSha256],
      ['record_sha256', sha256Hex(enc.encode(canonical(d.record)))],
    ]),
  });
  insertPublicationVersion(
    db,
    {
      season,
      track,
      version: d.version,
      correctsVersion: d.correctsVersion,
      publishedAtMs: atMs,
      actor: request.actor,
      closeId: latest.closeId,
      scoresJson: d.scoresBytes,
      scoresSha256: d.scoresSha256,
      bundleDigestsJson: latest.bundleDigestsJson,
      correctionJson: enc.encode(`${canonical(d.record)}\n`),
      auditSeq: head.seq,
      auditHash: head.hash,
    },
    [{ participantId, reportJson: d.reportBytes, reportSha256: d.reportSha256 }],
  );
  return {
    version: d.version,
    correctsVersion: d.correctsVersion,
    participantId,
    before: d.before,
    after: d.after,
    scoresSha256: d.scoresSha256,
    reportSha256: d.reportSha256,
    audit: head,
  };
}

/** A rejected decision: its event row and its `dispute.decide` audit entry; no version changes. */
export function recordRejected(db: Db, dispute: DisputeRow, request: DecideRequest, atMs: number): void {
  insertDisputeEvent(db, {
    disputeId: dispute.disputeId,
    step: 'decision',
    state: 'rejected',
    atMs,
    actor: request.actor,
    reviewer: request.reviewer,
    reason: request.reason,
    change: null,
    correctionVersion: null,
  });
  appendAudit(db, {
    atMs,
    actor: request.actor,
    action: 'dispute.decide',
    summary: `dispute ${dispute.disputeId} rejected by ${request.reviewer}: no change to ${dispute.taskId}/${dispute.assertionId}`,
    details: pyObjectFrom([
      ['dispute_id', dispute.disputeId],
      ['decision', 'rejected'],
      ['reviewer', request.reviewer],
      ['reason', request.reason],
      ['decided_at', isoUtc(atMs)],
    ]),
  });
}
