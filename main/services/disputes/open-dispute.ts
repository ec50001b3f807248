import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decisionDue } from '../../core/disputes/calendar.ts';
import {
  alreadyOpen,
  checkDisputeOpening,
  type DisputeOpening,
  type DisputeOpeningFacts,
  type DisputeOpeningRequest,
} from '../../core/disputes/dispute-opening.ts';
import { disputeEvidence } from '../../core/disputes/evidence.ts';
import { versionAt } from '../../core/disputes/participant-window.ts';
import {
  checkDisputeReceipt,
  receiptAgainstExport,
  receiptEvidenceBlock,
  type ReceiptAgainstExport,
} from '../../core/disputes/receipt-evidence.ts';
import { stateAfter, isDecided } from '../../core/disputes/transitions.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { canonical } from '../../core/json/canonical.ts';
import { sha256Canonical } from '../../core/json/sha256-canonical.ts';
import { pyObjectFrom, type PyObject } from '../../core/json/value.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import { openSignedExport } from '../../core/season-export/signed-export.ts';
import { isoUtc } from '../../core/time/iso-utc.ts';
import { appendAudit, type AuditAppend } from '../../db/audit-log.ts';
import { disputeEvents, insertDispute, listDisputes, nextDisputeId, type DisputeRow } from '../../db/disputes.ts';
import { indexShowingsOf } from '../../db/index-showings.ts';
import type { Db } from '../../db/open-database.ts';
import {
  closeReportOf,
  publicationVersionsOf,
  publishedReport,
  seasonCloseById,
  type PublicationVersionRow,
} from '../../db/publications.ts';
import type { Clock } from '../clock.ts';
import { BUNDLE, inBundle, reportFile } from '../close/bundle-layout.ts';
import { scoreBundle } from '../close/score-bundle.ts';
import { inTransaction, Refused } from '../refused.ts';

/**
 * A dispute as staff open it: the request the pure check reads (without `submissionReceipt` the evidence has no
 * `receipt` block), and the person acting.
 */
export interface OpenDisputeRequest extends DisputeOpeningRequest {
  actor: string;
}

export interface OpenedDispute {
  disputeId: string;
  publicationVersion: number;
  publishedAtMs: number;
  receivedAtMs: number;
  receivedAtEnteredByHand: boolean;
  windowEndsMs: number;
  decisionDueMs: number;
  evidence: PyObject;
  evidenceSha256: string;
  /** The submission receipt given, verified and compared with the close's export. */
  receipt?: ReceiptAgainstExport;
}

const enc = new TextEncoder();

/**
 * Opens a dispute (spec §9.2, docs/disputes.md): reads the track's publications and the participant's report, checks
 * them in one pure step (core/disputes/dispute-opening.ts: the publication disputed is the version that last changed
 * the participant's report, the receipt falls in that participant's own 14-day window, the assertion is in scope),
 * then recomputes the evidence from the close's replay bundle with the scorer's own code (scoreBundle) and records
 * it with the dispute. The dispute and its `dispute.open` audit entry are written in one transaction; a refusal
 * writes nothing.
 */
export async function openDispute(
  db: Db,
  clock: Clock,
  request: OpenDisputeRequest,
): Promise<Result<OpenedDispute, string>> {
  const now = clock.now();
  const checked = checkDisputeOpening(request, disputeOpeningFacts(db, request, now));
  if (!checked.ok) return checked;
  const evidence = await evidenceOf(db, request, checked.value.disputed.version);
  if (!evidence.ok) return evidence;
  return recordDispute(db, request, checked.value, evidence.value, now);
}

/** What the check needs, read from the operator database: the receipt instant decides which report is read. */
function disputeOpeningFacts(
  db: Db,
  request: OpenDisputeRequest,
  nowMs: number,
): DisputeOpeningFacts<PublicationVersionRow> {
  const { season, track, participantId } = request;
  const versions = publicationVersionsOf(db, season, track);
  // What was published at the receipt (before the first version, the calendar refuses it); the participant's
  // figures there must be public for a window to run.
  const inForce = versionAt(versions, request.receivedAtMs ?? nowMs) ?? versions[0];
  const stored = inForce && publishedReport(db, season, track, inForce.version, participantId);
  return {
    nowMs,
    versions,
    showings: indexShowingsOf(db, season, track),
    report: stored && { version: stored.version, reportJson: stored.reportJson },
    undecided: undecidedDispute(db, request),
  };
}

interface DisputeEvidence {
  evidence: PyObject;
  /** The submission receipt given, verified and compared with the close's export. */
  receipt?: ReceiptAgainstExport;
}

/**
 * The evidence, from the close's bundle scored again with the scorer's code (the close that scored this participant:
 * version 1's, or a later close's for a participant pending at first); its report must be the one published.
 */
async function evidenceOf(
  db: Db,
  request: OpenDisputeRequest,
  version: number,
): Promise<Result<DisputeEvidence, string>> {
  const { season, track, participantId, taskId, assertionId } = request;
  const origin = closeReportOf(db, season, track, version, participantId);
  const close = origin ? seasonCloseById(db, origin.closeId) : undefined;
  const bundleDir = close ? join(close.outDir, 'bundle') : '(no close)';
  // Only this participant's proofs are verified (every view is still hashed): the report is the close's, bytes alike.
  const scoring = await scoreBundle(bundleDir, { season, track }, { participants: new Set([participantId]) });
  const unavailable = (message: string, failures: Failure[] = []) =>
    fail(
      'DISPUTE_EVIDENCE_UNAVAILABLE',
      `${message}: the evidence is computed from the close's replay bundle (${bundleDir}); restore it (its digests ` +
        'are in the publication) and open the dispute again',
      { bundle: bundleDir, failures: failures.map((f) => ({ code: f.code, message: f.message })) },
    );
  if (!scoring.ok) return unavailable('the bundle does not score', scoring.error);
  const scored = scoring.value;
  const result = scored.score.participants.find((p) => p.participant.participantId === participantId);
  const recomputed = scored.files.find((f) => f.path === reportFile(participantId));
  if (
    !result ||
    !origin ||
    !recomputed ||
    Buffer.compare(Buffer.from(recomputed.bytes), Buffer.from(origin.reportJson)) !== 0
  )
    return unavailable(
      `the bundle no longer gives the report of ${participantId} published in version ${origin?.version ?? 1}`,
    );
  const assertionEvidence = disputeEvidence(scored.input, result, taskId, assertionId);
  if (assertionEvidence === null)
    return unavailable(`the bundle has no assertion ${taskId}/${assertionId} for ${participantId}`);
  if (request.submissionReceipt === undefined) return ok({ evidence: assertionEvidence });
  const exported = await scoredExport(bundleDir, scored.input.inputs.submissions_sha256);
  if (!exported.ok) return unavailable(exported.error.message, [exported.error]);
  const disputed = { season, track, participantId, taskId };
  const checked = checkDisputeReceipt(request.submissionReceipt, exported.value.trailer.publicKeyHex, disputed);
  if (!checked.ok) return checked;
  const receipt = receiptAgainstExport(checked.value, exported.value, disputed);
  // Only a dispute that carries a receipt has the block: evidence stored before keeps its bytes.
  const evidence = pyObjectFrom([...Object.entries(assertionEvidence), ['receipt', receiptEvidenceBlock(receipt)]]);
  return ok({ evidence, receipt });
}

/**
 * Records the dispute and its `dispute.open` audit entry in one transaction. The undecided dispute is looked for
 * again with the write lock held: two staff opening the same dispute at once record it once.
 */
function recordDispute(
  db: Db,
  request: OpenDisputeRequest,
  opening: DisputeOpening<PublicationVersionRow>,
  { evidence, receipt }: DisputeEvidence,
  now: number,
): Result<OpenedDispute, string> {
  const { disputed } = opening;
  const evidenceSha256 = sha256Canonical(evidence);
  const decisionDueMs = decisionDue(opening.receivedAtMs);
  const written = inTransaction<string, 'DISPUTE_ALREADY_OPEN'>(db, () => {
    const existing = undecidedDispute(db, request);
    if (existing) throw new Refused(alreadyOpen(existing, request).error);
    const row: DisputeRow = {
      disputeId: nextDisputeId(db, request.season, request.track),
      season: request.season,
      track: request.track,
      participantId: request.participantId,
      taskId: request.taskId,
      assertionId: request.assertionId,
      publicationId: disputed.id,
      publicationVersion: disputed.version,
      publishedAtMs: disputed.publishedAtMs,
      receivedAtMs: opening.receivedAtMs,
      receivedAtEnteredByHand: opening.receivedAtEnteredByHand,
      windowEndsMs: opening.windowEndsMs,
      decisionDueMs,
      openedAtMs: now,
      openedBy: request.actor,
      reason: request.reason,
      assertionStatus: opening.assertionStatus,
      evidenceJson: enc.encode(`${canonical(evidence)}\n`),
      evidenceSha256,
    };
    insertDispute(db, row);
    appendAudit(db, disputeOpenAudit(row));
    return row.disputeId;
  });
  if (!written.ok) return written;
  return ok({
    disputeId: written.value,
    publicationVersion: disputed.version,
    publishedAtMs: disputed.publishedAtMs,
    receivedAtMs: opening.receivedAtMs,
    receivedAtEnteredByHand: opening.receivedAtEnteredByHand,
    windowEndsMs: opening.windowEndsMs,
    decisionDueMs,
    evidence,
    evidenceSha256,
    ...(receipt === undefined ? {} : { receipt }),
  });
}

/** The `dispute.open` audit entry of a recorded dispute, from its row. */
function disputeOpenAudit(row: DisputeRow): AuditAppend {
  return {
    atMs: row.openedAtMs,
    actor: row.openedBy,
    action: 'dispute.open',
    summary: `opened dispute ${row.disputeId} on ${row.participantId} ${row.taskId}/${row.assertionId} (season ${row.season}, ${row.track}, version ${row.publicationVersion})`,
    details: pyObjectFrom([
      ['dispute_id', row.disputeId],
      ['season', BigInt(row.season)],
      ['track', row.track],
      ['participant_id', row.participantId],
      ['task_id', row.taskId],
      ['assertion_id', row.assertionId],
      ['publication_version', BigInt(row.publicationVersion)],
      ['received_at', isoUtc(row.receivedAtMs)],
      ['received_at_entered_by_hand', row.receivedAtEnteredByHand],
      ['decision_due', isoUtc(row.decisionDueMs)],
      ['reason', row.reason],
      ['evidence_sha256', row.evidenceSha256],
    ]),
  };
}

/**
 * The export the close scored, as its bundle keeps it (docs/replay-bundle.md): the bytes whose SHA-256 the scored
 * inputs name (so the report just compared with the published one was made from them), opened with the signature
 * its trailer carries. The trailer's key is the one a submission receipt must verify with.
 */
async function scoredExport(bundleDir: string, submissionsSha256: string) {
  const file = inBundle(bundleDir, BUNDLE.submissions);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return fail('REPLAY_FILE_MISSING', `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  if (sha256Hex(bytes) !== submissionsSha256)
    return fail('REPLAY_FILE_CHANGED', `${file} is not the export the close scored (SHA-256 ${submissionsSha256})`);
  return openSignedExport(bytes, null);
}

/** The undecided dispute on the same assertion, if any. */
function undecidedDispute(db: Db, r: OpenDisputeRequest): string | undefined {
  return listDisputes(db, { season: r.season, track: r.track }).find(
    (d) =>
      d.participantId === r.participantId &&
      d.taskId === r.taskId &&
      d.assertionId === r.assertionId &&
      !isDecided(stateAfter(disputeEvents(db, d.disputeId))),
  )?.disputeId;
}
