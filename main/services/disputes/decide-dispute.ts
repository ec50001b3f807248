import { isoUtc } from '../../core/disputes/calendar.ts';
import { assessedOfEvidence, taskRulesOfEvidence } from '../../core/disputes/evidence.ts';
import { findAssertion } from '../../core/disputes/scope.ts';
import {
  decideTransition,
  reviewTransition,
  stateAfter,
  type Decision,
  type DisputeChange,
} from '../../core/disputes/transitions.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { canonical } from '../../core/json/canonical.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../../core/json/value.ts';
import { countTaskWithRemaining } from '../../core/publications/count-remaining.ts';
import {
  correctReport,
  correctScores,
  figuresValue,
  type Figures,
  type TaskRules,
} from '../../core/publications/correct-report.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import { documentBytes } from '../../core/scoring/documents.ts';
import { appendAudit, type AuditHead } from '../../db/audit-log.ts';
import { disputeById, disputeEvents, insertDisputeEvent, type DisputeRow } from '../../db/disputes.ts';
import type { Db } from '../../db/open-database.ts';
import { insertPublicationVersion, latestPublicationVersion, publishedReport } from '../../db/publications.ts';
import type { Clock } from '../clock.ts';

const enc = new TextEncoder();

/** A refusal inside the write transaction: it rolls back, then becomes the Result. */
class Refused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

const parseDoc = (bytes: Uint8Array): PyObject | undefined => {
  const r = loads(bytes);
  return r.ok && isPyObject(r.value) ? r.value : undefined;
};

function notFound(disputeId: string): Failure {
  return {
    code: 'DISPUTE_NOT_FOUND',
    message: `no dispute ${disputeId} in this database: proveit dispute list shows the ids`,
    details: { dispute_id: disputeId },
  };
}

/** `proveit dispute review ID --reviewer NAME`: received → under review, with its `dispute.review` audit entry. */
export function reviewDispute(
  db: Db,
  clock: Clock,
  request: { disputeId: string; reviewer: string; actor: string },
): Result<{ disputeId: string; state: 'under_review'; atMs: number }, string> {
  const atMs = clock.now();
  const run = db.transaction(() => {
    const dispute = disputeById(db, request.disputeId);
    if (!dispute) throw new Refused(notFound(request.disputeId));
    const t = reviewTransition(stateAfter(disputeEvents(db, dispute.disputeId)), request.reviewer);
    if (!t.ok) throw new Refused({ ...t.error, details: { ...t.error.details, dispute_id: dispute.disputeId } });
    recordReview(db, dispute, atMs, request.actor, request.reviewer);
  });
  try {
    run.immediate();
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.failure };
    throw error;
  }
  return ok({ disputeId: request.disputeId, state: 'under_review', atMs });
}

function recordReview(db: Db, dispute: DisputeRow, atMs: number, actor: string, reviewer: string): void {
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

/** The corrected report and what changed: one assertion's status, or a task counted with its remaining assertions. */
interface Corrected {
  report: PyObject;
  before: Figures;
  after: Figures;
  assertions: { taskId: string; assertionId: string; from: string; to: string }[];
}

/**
 * The pure recount an upheld decision publishes (docs/publications.md): `counted_with_remaining` counts a task its
 * faults left below its minimum with the statuses the scorer assessed (the evidence's `task.assessed`, issue 24
 * rule 4, core/publications/count-remaining.ts); `supported` / `instrument_fault` change one assertion
 * (core/publications/correct-report.ts). A change that does not apply is DISPUTE_CHANGE_NOT_ALLOWED.
 */
function correctionOf(
  dispute: DisputeRow,
  report: PyObject,
  rules: TaskRules,
  evidence: PyJson | null,
  c: { change: DisputeChange; version: number; correctsVersion: number; reason: string },
): Result<Corrected, string> {
  const { taskId, assertionId, disputeId } = dispute;
  const common = {
    taskId,
    assertionId,
    disputeId,
    version: c.version,
    correctsVersion: c.correctsVersion,
    reason: c.reason,
  };
  if (c.change === 'counted_with_remaining') {
    const assessed = assessedOfEvidence(evidence);
    if (!assessed)
      return fail(
        'DISPUTE_CHANGE_NOT_ALLOWED',
        `dispute ${disputeId}'s evidence holds no assessment of task ${taskId}'s assertions: only a task its faults ` +
          'left below its minimum (BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS) can be counted with its remaining ' +
          'assertions; choose --change supported or instrument_fault',
        { dispute_id: disputeId, change: c.change },
      );
    const counted = countTaskWithRemaining(report, common, rules, assessed);
    return counted.ok ? counted : { ok: false, error: { ...counted.error, code: 'DISPUTE_CHANGE_NOT_ALLOWED' } };
  }
  const one = correctReport(report, { ...common, to: c.change }, rules);
  if (!one.ok) return { ok: false, error: { ...one.error, code: 'DISPUTE_CHANGE_NOT_ALLOWED' } };
  return ok({ ...one.value, assertions: [one.value.assertion] });
}

export interface DecideRequest {
  disputeId: string;
  decision: Decision;
  reason: string;
  reviewer: string;
  change?: DisputeChange;
  actor: string;
}

export interface CorrectionOutcome {
  version: number;
  correctsVersion: number;
  participantId: string;
  before: Figures;
  after: Figures;
  scoresSha256: string;
  reportSha256: string;
  audit: AuditHead;
}

export interface DecideOutcome {
  disputeId: string;
  decision: Decision;
  atMs: number;
  /** Whether this call recorded the review step too (the dispute was received, not yet under review). */
  reviewed: boolean;
  correction: CorrectionOutcome | null;
}

/**
 * `proveit dispute decide` (docs/disputes.md): validated by decideTransition; an upheld dispute produces the
 * correction version k+1 of the latest version k (core/publications/correct-report.ts: the corrected report, the
 * corrected scores.json, the correction record with the figures before and after), in the same transaction as the
 * decision and its audit entries (dispute.review when the dispute was only received, dispute.decide,
 * correction.publish). A rejected dispute changes no version; its decision and reason are recorded and listed.
 */
export function decideDispute(db: Db, clock: Clock, request: DecideRequest): Result<DecideOutcome, string> {
  const atMs = clock.now();
  const run = db.transaction((): DecideOutcome => {
    const dispute = disputeById(db, request.disputeId);
    if (!dispute) throw new Refused(notFound(request.disputeId));
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
    const state = stateAfter(disputeEvents(db, dispute.disputeId));
    const t = decideTransition(
      state,
      request.decision,
      { reason: request.reason, reviewer: request.reviewer, change: request.change },
      found.status,
    );
    if (!t.ok) throw new Refused({ ...t.error, details: { ...t.error.details, dispute_id: dispute.disputeId } });
    const reviewed = t.value.steps.includes('under_review');
    if (reviewed) recordReview(db, dispute, atMs, request.actor, request.reviewer);

    let correction: CorrectionOutcome | null = null;
    if (request.decision === 'upheld') {
      const evidence = loads(dispute.evidenceJson);
      const rules = taskRulesOfEvidence(evidence.ok ? evidence.value : null);
      if (!rules)
        throw new Refused({
          code: 'DISPUTE_EVIDENCE_INVALID',
          message: `dispute ${dispute.disputeId}'s stored evidence has no task minimum or grounding facts`,
          details: { dispute_id: dispute.disputeId },
        });
      const version = latest.version + 1;
      const corrected = correctionOf(dispute, report, rules, evidence.ok ? evidence.value : null, {
        change: request.change!,
        version,
        correctsVersion: latest.version,
        reason: request.reason,
      });
      if (!corrected.ok) throw new Refused(corrected.error);
      const scores = parseDoc(latest.scoresJson);
      if (!scores)
        throw new Refused({
          code: 'DISPUTE_REPORT_MISSING',
          message: `version ${latest.version}'s scores.json is unreadable`,
        });
      const scoresBytes = documentBytes(
        correctScores(scores, participantId, corrected.value.after, {
          version,
          correctsVersion: latest.version,
          disputeIds: [dispute.disputeId],
        }),
      );
      const reportBytes = documentBytes(corrected.value.report);
      const scoresSha256 = sha256Hex(scoresBytes);
      const reportSha256 = sha256Hex(reportBytes);
      const record = pyObjectFrom([
        ['version', BigInt(version)],
        ['corrects_version', BigInt(latest.version)],
        ['reason', request.reason],
        ['disputes', [dispute.disputeId]],
        [
          'participants',
          [
            pyObjectFrom([
              ['participant_id', participantId],
              ['before', figuresValue(corrected.value.before)],
              ['after', figuresValue(corrected.value.after)],
              [
                'assertions',
                corrected.value.assertions.map((x) =>
                  pyObjectFrom([
                    ['task_id', x.taskId],
                    ['assertion_id', x.assertionId],
                    ['from_status', x.from],
                    ['to_status', x.to],
                  ]),
                ),
              ],
              // Only a task counted with its remaining assertions (issue 24 rule 4): older records keep their bytes.
              ...(request.change === 'counted_with_remaining'
                ? ([
                    [
                      'task',
                      pyObjectFrom([
                        ['task_id', taskId],
                        ['from_status', 'not_submitted'],
                        ['from_reason', 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS'],
                        ['to_status', 'submitted'],
                      ]),
                    ],
                  ] as [string, PyJson][])
                : []),
              ['report_sha256', reportSha256],
            ]),
          ],
        ],
        ['scores_sha256', scoresSha256],
      ]);
      insertDisputeEvent(db, {
        disputeId: dispute.disputeId,
        step: 'decision',
        state: 'upheld',
        atMs,
        actor: request.actor,
        reviewer: request.reviewer,
        reason: request.reason,
        change: request.change!,
        correctionVersion: version,
      });
      appendAudit(db, {
        atMs,
        actor: request.actor,
        action: 'dispute.decide',
        summary:
          request.change === 'counted_with_remaining'
            ? `dispute ${dispute.disputeId} upheld by ${request.reviewer}: task ${taskId} counted as submitted with its remaining assertions`
            : `dispute ${dispute.disputeId} upheld by ${request.reviewer}: ${taskId}/${assertionId} becomes ${request.change!}`,
        details: pyObjectFrom([
          ['dispute_id', dispute.disputeId],
          ['decision', 'upheld'],
          ['reviewer', request.reviewer],
          ['reason', request.reason],
          ['change', request.change!],
          ['correction_version', BigInt(version)],
        ]),
      });
      // The head a correction carries is the one after its own correction.publish entry (docs/publications.md).
      const head = appendAudit(db, {
        atMs,
        actor: request.actor,
        action: 'correction.publish',
        summary: `published season ${season}, track ${track}, version ${version} correcting version ${latest.version} (dispute ${dispute.disputeId})`,
        details: pyObjectFrom([
          ['season', BigInt(season)],
          ['track', track],
          ['version', BigInt(version)],
          ['corrects_version', BigInt(latest.version)],
          ['disputes', [dispute.disputeId]],
          ['scores_sha256', scoresSha256],
          ['record_sha256', sha256Hex(enc.encode(canonical(record)))],
        ]),
      });
      insertPublicationVersion(
        db,
        {
          season,
          track,
          version,
          correctsVersion: latest.version,
          publishedAtMs: atMs,
          actor: request.actor,
          closeId: latest.closeId,
          scoresJson: scoresBytes,
          scoresSha256,
          bundleDigestsJson: latest.bundleDigestsJson,
          correctionJson: enc.encode(`${canonical(record)}\n`),
          auditSeq: head.seq,
          auditHash: head.hash,
        },
        [{ participantId, reportJson: reportBytes, reportSha256 }],
      );
      correction = {
        version,
        correctsVersion: latest.version,
        participantId,
        before: corrected.value.before,
        after: corrected.value.after,
        scoresSha256,
        reportSha256,
        audit: head,
      };
    } else {
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
        summary: `dispute ${dispute.disputeId} rejected by ${request.reviewer}: no change to ${taskId}/${assertionId}`,
        details: pyObjectFrom([
          ['dispute_id', dispute.disputeId],
          ['decision', 'rejected'],
          ['reviewer', request.reviewer],
          ['reason', request.reason],
          ['decided_at', isoUtc(atMs)],
        ]),
      });
    }
    return { disputeId: dispute.disputeId, decision: request.decision, atMs, reviewed, correction };
  });
  try {
    return ok(run.immediate());
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.failure };
    throw error;
  }
}
