import { assessedOfEvidence, taskRulesOfEvidence } from '../../core/disputes/evidence.ts';
import type { DisputeChange } from '../../core/disputes/transitions.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { loads } from '../../core/json/loads.ts';
import { pyObjectFrom, type PyJson, type PyObject } from '../../core/json/value.ts';
import { countTaskWithRemaining } from '../../core/publications/count-remaining.ts';
import {
  correctReport,
  correctScores,
  figuresValue,
  type Figures,
  type TaskRules,
} from '../../core/publications/correct-report.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { documentBytes } from '../../core/scoring/documents.ts';
import type { DisputeRow } from '../../db/disputes.ts';
import { parseDoc, type PublishedAssertion } from './published-assertion.ts';

/** The corrected report and what changed: one assertion's status, or a task counted with its remaining assertions. */
interface Corrected {
  report: PyObject;
  before: Figures;
  after: Figures;
  assertions: { taskId: string; assertionId: string; from: string; to: string }[];
}

/** What the correction version k+1 holds (docs/publications.md), built before anything is written. */
export interface CorrectionDocuments {
  version: number;
  correctsVersion: number;
  before: Figures;
  after: Figures;
  scoresBytes: Uint8Array;
  scoresSha256: string;
  reportBytes: Uint8Array;
  reportSha256: string;
  /** The correction record (correction_json), figures before and after. */
  record: PyObject;
}

/**
 * The pure recount an upheld decision publishes (docs/publications.md): `counted_with_remaining` counts a task its
 * faults left below its minimum with the statuses the scorer assessed (the evidence's `task.assessed`, docs/disputes.md,
 * core/publications/count-remaining.ts); `supported` / `instrument_fault` change one assertion
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

/** The correction record: the version it corrects, the dispute, and the participant's figures before and after. */
function correctionRecord(
  dispute: DisputeRow,
  change: DisputeChange,
  reason: string,
  c: { version: number; correctsVersion: number; corrected: Corrected; reportSha256: string; scoresSha256: string },
): PyObject {
  const { corrected } = c;
  return pyObjectFrom([
    ['version', BigInt(c.version)],
    ['corrects_version', BigInt(c.correctsVersion)],
    ['reason', reason],
    ['disputes', [dispute.disputeId]],
    [
      'participants',
      [
        pyObjectFrom([
          ['participant_id', dispute.participantId],
          ['before', figuresValue(corrected.before)],
          ['after', figuresValue(corrected.after)],
          [
            'assertions',
            corrected.assertions.map((x) =>
              pyObjectFrom([
                ['task_id', x.taskId],
                ['assertion_id', x.assertionId],
                ['from_status', x.from],
                ['to_status', x.to],
              ]),
            ),
          ],
          // Only a task counted with its remaining assertions (docs/disputes.md): older records keep their bytes.
          ...(change === 'counted_with_remaining'
            ? ([
                [
                  'task',
                  pyObjectFrom([
                    ['task_id', dispute.taskId],
                    ['from_status', 'not_submitted'],
                    ['from_reason', 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS'],
                    ['to_status', 'submitted'],
                  ]),
                ],
              ] as [string, PyJson][])
            : []),
          ['report_sha256', c.reportSha256],
        ]),
      ],
    ],
    ['scores_sha256', c.scoresSha256],
  ]);
}

/**
 * The correction version k+1 of the latest version k an upheld dispute publishes: the corrected report, the
 * corrected scores.json and the correction record. Refused when the stored evidence has no task rules
 * (DISPUTE_EVIDENCE_INVALID), the change does not apply (DISPUTE_CHANGE_NOT_ALLOWED) or version k's scores.json is
 * unreadable (DISPUTE_REPORT_MISSING).
 */
export function correctionDocuments(
  published: PublishedAssertion,
  change: DisputeChange,
  reason: string,
): Result<CorrectionDocuments, string> {
  const { dispute, latest, report } = published;
  const evidence = loads(dispute.evidenceJson);
  const rules = taskRulesOfEvidence(evidence.ok ? evidence.value : null);
  if (!rules)
    return fail(
      'DISPUTE_EVIDENCE_INVALID',
      `dispute ${dispute.disputeId}'s stored evidence has no task minimum or grounding facts`,
      { dispute_id: dispute.disputeId },
    );
  const version = latest.version + 1;
  const correctsVersion = latest.version;
  const corrected = correctionOf(dispute, report, rules, evidence.ok ? evidence.value : null, {
    change,
    version,
    correctsVersion,
    reason,
  });
  if (!corrected.ok) return corrected;
  const scores = parseDoc(latest.scoresJson);
  if (!scores) return fail('DISPUTE_REPORT_MISSING', `version ${latest.version}'s scores.json is unreadable`);
  const scoresBytes = documentBytes(
    correctScores(scores, dispute.participantId, corrected.value.after, {
      version,
      correctsVersion,
      disputeIds: [dispute.disputeId],
    }),
  );
  const reportBytes = documentBytes(corrected.value.report);
  const scoresSha256 = sha256Hex(scoresBytes);
  const reportSha256 = sha256Hex(reportBytes);
  const record = correctionRecord(dispute, change, reason, {
    version,
    correctsVersion,
    corrected: corrected.value,
    reportSha256,
    scoresSha256,
  });
  return ok({
    version,
    correctsVersion,
    before: corrected.value.before,
    after: corrected.value.after,
    scoresBytes,
    scoresSha256,
    reportBytes,
    reportSha256,
    record,
  });
}
