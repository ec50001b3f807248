import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decisionDue, disputeWindowEnd } from '../../core/disputes/calendar.ts';
import { disputeEvidence } from '../../core/disputes/evidence.ts';
import {
  checkDisputeReceipt,
  checkReceiptForm,
  receiptAgainstExport,
  receiptEvidenceBlock,
  type ReceiptAgainstExport,
} from '../../core/disputes/receipt-evidence.ts';
import { checkParticipantWindow, participantWindow, versionAt } from '../../core/disputes/participant-window.ts';
import { publicVersions } from '../../core/disputes/public-versions.ts';
import { checkDisputeScope } from '../../core/disputes/scope.ts';
import { stateAfter, isDecided } from '../../core/disputes/transitions.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { canonical } from '../../core/json/canonical.ts';
import { loads } from '../../core/json/loads.ts';
import { sha256Canonical } from '../../core/json/sha256-canonical.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../../core/json/value.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import { openSignedExport } from '../../core/season-export/signed-export.ts';
import { isoUtc } from '../../core/time/iso-utc.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { disputeEvents, insertDispute, listDisputes, nextDisputeId } from '../../db/disputes.ts';
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

export interface OpenDisputeRequest {
  season: number;
  track: string;
  participantId: string;
  taskId: string;
  assertionId: string;
  reason: string;
  /** The receipt instant typed by staff (--received-at); absent: the receipt is now, on the Clock. */
  receivedAtMs?: number;
  /**
   * The answer the season service gave to the submission of the disputed task (`--receipt FILE`), as json.loads reads
   * it; absent: the evidence has no `receipt` block.
   */
  submissionReceipt?: PyJson;
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

/** Figures the database publishes that no exported Index holds yet: no window runs for them (spec §9.2). */
function notPublic(season: number, track: string, version: number) {
  return fail(
    'DISPUTE_SCORES_NOT_PUBLIC',
    `season ${season}, track ${track}: version ${version}, which holds this participant's figures, is published in the ` +
      'operator database but no exported Index holds it yet, so no dispute window runs (spec §9.2: 14 days after the ' +
      'score is published). Export the Index (proveit index export), then receive the dispute.',
    { season, track, version },
  );
}

const parseDoc = (bytes: Uint8Array): PyObject | undefined => {
  const r = loads(bytes);
  return r.ok && isPyObject(r.value) ? r.value : undefined;
};

/**
 * Opens a dispute (spec §9.2, docs/disputes.md): the publication it disputes is the version that last changed the
 * participant's report, among those published at or before the receipt; the receipt must fall in that
 * participant's own 14-day window (core/disputes/participant-window.ts); the assertion must be
 * in scope (core/disputes/scope.ts); the evidence is recomputed from the close's replay bundle with the scorer's own
 * code (scoreBundle) and stored with the dispute. The dispute and its `dispute.open` audit entry are written in one
 * transaction; a refusal writes nothing.
 */
export async function openDispute(
  db: Db,
  clock: Clock,
  request: OpenDisputeRequest,
): Promise<Result<OpenedDispute, string>> {
  const { season, track, participantId, taskId, assertionId } = request;
  if (request.reason.trim() === '')
    return fail('DISPUTE_REASON_REQUIRED', 'a dispute carries the participant\u2019s written reason (--reason TEXT)');
  const now = clock.now();
  const byHand = request.receivedAtMs !== undefined;
  const receivedAtMs = request.receivedAtMs ?? now;
  if (receivedAtMs > now)
    return fail(
      'DISPUTE_RECEIVED_IN_FUTURE',
      `--received-at ${isoUtc(receivedAtMs)} is later than now (${isoUtc(now)}): check the date and its time zone`,
      { received_at: isoUtc(receivedAtMs), now: isoUtc(now) },
    );
  const versions = publicationVersionsOf(db, season, track);
  if (versions.length === 0)
    return fail(
      'DISPUTE_NOT_PUBLISHED',
      `season ${season}, track ${track} is not published: a dispute concerns a publication (proveit season publish)`,
      { season, track },
    );
  // Spec §9.2, "after the score is published": a version is published when the Index holding it is exported
  // (core/disputes/public-versions.ts); what the database records before that opens no window.
  const made = publicVersions(versions, indexShowingsOf(db, season, track));
  // What was published at the receipt (before the first version, the calendar refuses it below); the participant's
  // figures there must be public for a window to run.
  const inForce: PublicationVersionRow = versionAt(versions, receivedAtMs) ?? versions[0]!;
  const stored = publishedReport(db, season, track, inForce.version, participantId);
  if (stored && !made.some((v) => v.version === stored.version)) return notPublic(season, track, stored.version);
  // Spec §9.2 (docs/disputes.md "The calendar"): the participant's own window, from the version that last changed its
  // report; the publication disputed is that version. A participant with no report is refused by the scope check below.
  const own = participantWindow(made, stored?.version) ?? {
    version: inForce.version,
    publishedAtMs: inForce.publishedAtMs,
    windowEndsMs: disputeWindowEnd(inForce.publishedAtMs),
  };
  // Its publishedAtMs is when it became public: the window's start, which the dispute records.
  const disputed = made.find((v) => v.version === own.version) ?? versions.find((v) => v.version === own.version)!;
  const window = checkParticipantWindow(participantId, own, receivedAtMs);
  if (!window.ok)
    return { ok: false, error: { ...window.error, details: { ...window.error.details, version: disputed.version } } };

  const report = stored ? parseDoc(stored.reportJson) : undefined;
  const scope = checkDisputeScope(report, participantId, taskId, assertionId);
  if (!scope.ok) return scope;
  const openBefore = undecidedDispute(db, request);
  if (openBefore) return alreadyOpen(openBefore, request);
  // A file that is no receipt is refused before the bundle is scored; its signature is checked with the export's key.
  if (request.submissionReceipt !== undefined) {
    const form = checkReceiptForm(request.submissionReceipt);
    if (!form.ok) return form;
  }

  // Evidence: the close's bundle, scored again with the scorer's code; its report must be the one published.
  // The close that scored this participant (version 1's, or a later close's for a participant pending at first).
  const origin = closeReportOf(db, season, track, disputed.version, participantId);
  const close = origin ? seasonCloseById(db, origin.closeId) : undefined;
  const bundleDir = close ? join(close.outDir, 'bundle') : '(no close)';
  // Only this participant's proofs are verified (every view is still hashed): the report is the close's, bytes alike.
  const scored = await scoreBundle(bundleDir, { season, track }, { participants: new Set([participantId]) });
  const unavailable = (message: string, failures: Failure[] = []) =>
    fail(
      'DISPUTE_EVIDENCE_UNAVAILABLE',
      `${message}: the evidence is computed from the close's replay bundle (${bundleDir}); restore it (its digests ` +
        'are in the publication) and open the dispute again',
      { bundle: bundleDir, failures: failures.map((f) => ({ code: f.code, message: f.message })) },
    );
  if (scored.kind === 'refused') return unavailable('the bundle does not score', scored.failures);
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
  let evidence = assertionEvidence;
  let receipt: ReceiptAgainstExport | undefined;
  if (request.submissionReceipt !== undefined) {
    const exported = await scoredExport(bundleDir, scored.input.inputs.submissions_sha256);
    if (!exported.ok) return unavailable(exported.error.message, [exported.error]);
    const disputed = { season, track, participantId, taskId };
    const checked = checkDisputeReceipt(request.submissionReceipt, exported.value.trailer.publicKeyHex, disputed);
    if (!checked.ok) return checked;
    receipt = receiptAgainstExport(checked.value, exported.value, disputed);
    // Only a dispute that carries a receipt has the block: evidence stored before keeps its bytes.
    evidence = pyObjectFrom([...Object.entries(assertionEvidence), ['receipt', receiptEvidenceBlock(receipt)]]);
  }
  const evidenceSha256 = sha256Canonical(evidence);
  const decisionDueMs = decisionDue(receivedAtMs);

  const written = inTransaction<string, 'DISPUTE_ALREADY_OPEN'>(db, () => {
    // Checked again with the write lock held: two staff opening the same dispute at once record it once.
    const existing = undecidedDispute(db, request);
    if (existing) throw new Refused(alreadyOpen(existing, request).error);
    const disputeId = nextDisputeId(db, season, track);
    insertDispute(db, {
      disputeId,
      season,
      track,
      participantId,
      taskId,
      assertionId,
      publicationId: disputed.id,
      publicationVersion: disputed.version,
      publishedAtMs: disputed.publishedAtMs,
      receivedAtMs,
      receivedAtEnteredByHand: byHand,
      windowEndsMs: window.value.windowEndsMs,
      decisionDueMs,
      openedAtMs: now,
      openedBy: request.actor,
      reason: request.reason,
      assertionStatus: scope.value.status,
      evidenceJson: enc.encode(`${canonical(evidence)}\n`),
      evidenceSha256,
    });
    appendAudit(db, {
      atMs: now,
      actor: request.actor,
      action: 'dispute.open',
      summary: `opened dispute ${disputeId} on ${participantId} ${taskId}/${assertionId} (season ${season}, ${track}, version ${disputed.version})`,
      details: pyObjectFrom([
        ['dispute_id', disputeId],
        ['season', BigInt(season)],
        ['track', track],
        ['participant_id', participantId],
        ['task_id', taskId],
        ['assertion_id', assertionId],
        ['publication_version', BigInt(disputed.version)],
        ['received_at', isoUtc(receivedAtMs)],
        ['received_at_entered_by_hand', byHand],
        ['decision_due', isoUtc(decisionDueMs)],
        ['reason', request.reason],
        ['evidence_sha256', evidenceSha256],
      ]),
    });
    return disputeId;
  });
  if (!written.ok) return written;
  const disputeId = written.value;
  return ok({
    disputeId,
    publicationVersion: disputed.version,
    publishedAtMs: disputed.publishedAtMs,
    receivedAtMs,
    receivedAtEnteredByHand: byHand,
    windowEndsMs: window.value.windowEndsMs,
    decisionDueMs,
    evidence,
    evidenceSha256,
    ...(receipt === undefined ? {} : { receipt }),
  });
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

function alreadyOpen(disputeId: string, r: OpenDisputeRequest) {
  return fail(
    'DISPUTE_ALREADY_OPEN',
    `dispute ${disputeId} on ${r.participantId} ${r.taskId}/${r.assertionId} is not decided yet: decide it first ` +
      '(a new fact goes into its review)',
    { dispute_id: disputeId },
  );
}
