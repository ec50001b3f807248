import { loads } from '../json/loads.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';
import { readReceipt, verifyReceipt, type SubmissionReceipt } from '../receipts/submission-receipt.ts';
import { fail, ok, type Failure, type Result } from '../result.ts';
import type { OpenedExport } from '../season-export/signed-export.ts';

export type DisputeReceiptCode = 'DISPUTE_RECEIPT_INVALID' | 'DISPUTE_RECEIPT_OTHER_SUBMISSION';

/** The submission a dispute concerns: the one whose receipt it may carry (docs/disputes.md "Submission receipt"). */
export interface DisputedSubmission {
  season: number;
  track: string;
  participantId: string;
  taskId: string;
}

/**
 * How the receipt's version stands against the export the close scored, for the same participant, track and task:
 * - `same`: the export's line has the receipt's version and SHA-256 (the close scored what the service acknowledged);
 * - `older_than_export`: the export has a later version (the participant replaced it: spec §7.4, the last one stands);
 * - `later_than_export`: the receipt's version is after the export's, which the close never saw;
 * - `same_version_other_sha256`: the export's line has that version number with other bytes;
 * - `no_line_for_task`: the export has no submission of that task for the participant.
 */
export type ReceiptComparison =
  'same' | 'older_than_export' | 'later_than_export' | 'same_version_other_sha256' | 'no_line_for_task';

export interface ReceiptAgainstExport {
  receipt: SubmissionReceipt;
  /** The receipt key that verified it: the one the close's export trailer names. */
  verifiedWith: string;
  exportTakenAt: string;
  exportVersion: number | null;
  exportSubmissionSha256: string | null;
  comparison: ReceiptComparison;
  /** True only for `same`. */
  inExport: boolean;
  /** True only for `older_than_export`: the receipt's submission was replaced before the close. */
  superseded: boolean;
  /** The service recorded it at or before the instant the export was taken. */
  receivedBeforeExport: boolean;
}

function invalid(failure: Failure, key: string | null): { ok: false; error: Failure<DisputeReceiptCode> } {
  const field = typeof failure.details?.['field'] === 'string' ? failure.details['field'] : null;
  return fail(
    'DISPUTE_RECEIPT_INVALID',
    `the submission receipt does not hold${field === null ? '' : ` (field '${field}')`}: ${failure.message}` +
      (key === null ? '' : `; it is checked with the receipt key that signed the close's export, ${key}`) +
      '; give the answer of the submission exactly as the season service sent it, or open the dispute without it',
    { receipt_code: failure.code, field, ...(key === null ? {} : { key }) },
  );
}

/**
 * The form of every field of a submission receipt (readReceipt), before the close's bundle is read: a file that is
 * no receipt is refused at once. The signature is checked by checkDisputeReceipt, with the export's key.
 */
export function checkReceiptForm(value: PyJson): Result<SubmissionReceipt, DisputeReceiptCode> {
  const read = readReceipt(value);
  return read.ok ? read : invalid(read.error, null);
}

/**
 * A submission receipt as a dispute's evidence (docs/disputes.md "Submission receipt"): it must verify with the receipt
 * key that signed the export the close scored (its trailer's `receipt_public_key`), and be for the submission the
 * dispute concerns — same season, track, participant and task. An edited field keeps its form but breaks the signature
 * (RECEIPT_SIGNATURE_INVALID), so the signature is checked before what the fields say.
 */
export function checkDisputeReceipt(
  value: PyJson,
  publicKeyHex: string,
  disputed: DisputedSubmission,
): Result<SubmissionReceipt, DisputeReceiptCode> {
  const verified = verifyReceipt(value, publicKeyHex);
  if (!verified.ok) return invalid(verified.error, publicKeyHex);
  const r = verified.value;
  const pairs: [string, string | number, string | number][] = [
    ['season', r.season, disputed.season],
    ['track', r.track, disputed.track],
    ['participant_id', r.participant_id, disputed.participantId],
    ['task_id', r.task_id, disputed.taskId],
  ];
  for (const [field, receipt, dispute] of pairs) {
    if (receipt !== dispute)
      return fail(
        'DISPUTE_RECEIPT_OTHER_SUBMISSION',
        `the submission receipt is for ${field} ${receipt}, the dispute for ${dispute}: a dispute carries the receipt ` +
          'of the submission it disputes (season, track, participant, task of the assertion)',
        { field, receipt, dispute },
      );
  }
  return ok(r);
}

/** The version and SHA-256 of the export's line for one submission (participant, track, task), if it has one. */
function exportLineOf(
  body: Uint8Array,
  s: DisputedSubmission,
): { version: number | null; sha256: string | null } | null {
  let start = 0;
  while (start < body.length) {
    let end = body.indexOf(0x0a, start);
    if (end === -1) end = body.length;
    const parsed = loads(body.subarray(start, end));
    start = end + 1;
    if (!parsed.ok || !isPyObject(parsed.value)) continue;
    const line = parsed.value;
    const submission = line['submission'];
    if (
      line['participant_id'] !== s.participantId ||
      !isPyObject(submission ?? null) ||
      (submission as PyObject)['season'] !== BigInt(s.season) ||
      (submission as PyObject)['track'] !== s.track ||
      (submission as PyObject)['task_id'] !== s.taskId
    )
      continue;
    const version = line['version'];
    const sha256 = line['submission_sha256'];
    return {
      version: typeof version === 'bigint' ? Number(version) : null,
      sha256: typeof sha256 === 'string' ? sha256 : null,
    };
  }
  return null;
}

function comparisonOf(receipt: SubmissionReceipt, line: ReturnType<typeof exportLineOf>): ReceiptComparison {
  if (line === null || line.version === null) return 'no_line_for_task';
  if (receipt.version > line.version) return 'later_than_export';
  if (receipt.version < line.version) return 'older_than_export';
  return receipt.submission_sha256 === line.sha256 ? 'same' : 'same_version_other_sha256';
}

/**
 * A verified receipt beside the export the close scored (docs/disputes.md "Submission receipt"): whether the version
 * the service acknowledged is the one the export holds for that task. `in_export: false` without `superseded` is what
 * the receipt evidences: the service acknowledged a submission the close did not score. The receipt changes no score by
 * itself; a decision does.
 */
export function receiptAgainstExport(
  receipt: SubmissionReceipt,
  exported: OpenedExport,
  disputed: DisputedSubmission,
): ReceiptAgainstExport {
  const line = exportLineOf(exported.body, disputed);
  const comparison = comparisonOf(receipt, line);
  return {
    receipt,
    verifiedWith: exported.trailer.publicKeyHex,
    exportTakenAt: exported.trailer.takenAt,
    exportVersion: line?.version ?? null,
    exportSubmissionSha256: line?.sha256 ?? null,
    comparison,
    inExport: comparison === 'same',
    superseded: comparison === 'older_than_export',
    receivedBeforeExport: Date.parse(receipt.received_at) <= Date.parse(exported.trailer.takenAt),
  };
}

/**
 * The evidence document's `receipt` block (docs/disputes.md "Submission receipt"): the receipt's ten fields as the
 * service signed them (so the block can be checked again offline with `verified_with`), then the comparison.
 */
export function receiptEvidenceBlock(r: ReceiptAgainstExport): PyObject {
  const receipt = r.receipt;
  return pyObjectFrom([
    ['recorded', true],
    ['replaces_previous', receipt.replaces_previous],
    ['season', BigInt(receipt.season)],
    ['track', receipt.track],
    ['task_id', receipt.task_id],
    ['participant_id', receipt.participant_id],
    ['version', BigInt(receipt.version)],
    ['received_at', receipt.received_at],
    ['submission_sha256', receipt.submission_sha256],
    ['receipt_signature', receipt.receipt_signature],
    ['verified_with', r.verifiedWith],
    ['export_taken_at', r.exportTakenAt],
    ['export_version', r.exportVersion === null ? null : BigInt(r.exportVersion)],
    ['export_submission_sha256', r.exportSubmissionSha256],
    ['comparison', r.comparison],
    ['in_export', r.inExport],
    ['superseded', r.superseded],
    ['received_before_export', r.receivedBeforeExport],
  ]);
}
