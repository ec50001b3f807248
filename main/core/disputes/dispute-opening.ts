import { loads } from '../json/loads.ts';
import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import { disputeWindowEnd } from './calendar.ts';
import { isoUtc } from '../time/iso-utc.ts';
import { checkParticipantWindow, participantWindow, versionAt, type VersionDate } from './participant-window.ts';
import { publicVersions, type IndexShowing } from './public-versions.ts';
import { checkReceiptForm } from './receipt-evidence.ts';
import { checkDisputeScope } from './scope.ts';

export interface DisputeOpeningRequest {
  season: number;
  track: string;
  participantId: string;
  taskId: string;
  assertionId: string;
  reason: string;
  /** The receipt instant typed by staff (--received-at); absent: the receipt is now. */
  receivedAtMs?: number;
  /** The submission receipt handed over (`--receipt FILE`), as json.loads reads it. */
  submissionReceipt?: PyJson;
}

/** What `proveit dispute open` read before deciding, for the request's season and track. */
export interface DisputeOpeningFacts<V extends VersionDate> {
  /** The operator's clock, in milliseconds since the epoch (the core reads no clock). */
  nowMs: number;
  /** The track's publication versions, in order, as the operator database records them. */
  versions: readonly V[];
  /** The exported Index versions that made them public (core/disputes/public-versions.ts). */
  showings: readonly IndexShowing[];
  /** The participant's report as published at the receipt (the version holding it), if it has one. */
  report: { version: number; reportJson: Uint8Array } | undefined;
  /** The undecided dispute on the same assertion, if any. */
  undecided: string | undefined;
}

/** A dispute that may be opened: the version disputed, the receipt and its window, the assertion's status. */
export interface DisputeOpening<V extends VersionDate> {
  /** The version that last changed the participant's report; its publishedAtMs is when it became public. */
  disputed: V;
  receivedAtMs: number;
  receivedAtEnteredByHand: boolean;
  windowEndsMs: number;
  assertionStatus: string;
}

/**
 * Whether a dispute may be opened (spec §9.2, docs/disputes.md), before its evidence is computed: a written reason,
 * a receipt not in the future, a published track whose participant's figures are public, the receipt in that
 * participant's own 14-day window (core/disputes/participant-window.ts), an assertion in scope
 * (core/disputes/scope.ts), no undecided dispute on it, and a receipt file that is a receipt. The first refusal is
 * returned, in that order.
 */
export function checkDisputeOpening<V extends VersionDate>(
  request: DisputeOpeningRequest,
  facts: DisputeOpeningFacts<V>,
): Result<DisputeOpening<V>, string> {
  const { season, track, participantId } = request;
  if (request.reason.trim() === '')
    return fail('DISPUTE_REASON_REQUIRED', 'a dispute carries the participant\u2019s written reason (--reason TEXT)');
  const now = facts.nowMs;
  const receivedAtMs = request.receivedAtMs ?? now;
  if (receivedAtMs > now)
    return fail(
      'DISPUTE_RECEIVED_IN_FUTURE',
      `--received-at ${isoUtc(receivedAtMs)} is later than now (${isoUtc(now)}): check the date and its time zone`,
      { received_at: isoUtc(receivedAtMs), now: isoUtc(now) },
    );
  const { versions, report: stored } = facts;
  const first = versions[0];
  if (first === undefined)
    return fail(
      'DISPUTE_NOT_PUBLISHED',
      `season ${season}, track ${track} is not published: a dispute concerns a publication (proveit season publish)`,
      { season, track },
    );
  // Spec §9.2, "after the score is published": a version is published when the Index holding it is exported
  // (core/disputes/public-versions.ts); what the database records before that opens no window.
  const made = publicVersions(versions, facts.showings);
  if (stored && !made.some((v) => v.version === stored.version)) return notPublic(season, track, stored.version);
  // The participant's own window, from the version that last changed its report (docs/disputes.md "The calendar");
  // with no report, the version in force at the receipt (the scope check below refuses it).
  const inForce = versionAt(versions, receivedAtMs) ?? first;
  const own = participantWindow(made, stored?.version) ?? {
    version: inForce.version,
    publishedAtMs: inForce.publishedAtMs,
    windowEndsMs: disputeWindowEnd(inForce.publishedAtMs),
  };
  const disputed = made.find((v) => v.version === own.version) ?? versions.find((v) => v.version === own.version)!;
  const window = checkParticipantWindow(participantId, own, receivedAtMs);
  if (!window.ok)
    return { ok: false, error: { ...window.error, details: { ...window.error.details, version: disputed.version } } };
  const scope = checkDisputeScope(
    stored && parseDoc(stored.reportJson),
    participantId,
    request.taskId,
    request.assertionId,
  );
  if (!scope.ok) return scope;
  if (facts.undecided !== undefined) return alreadyOpen(facts.undecided, request);
  // A file that is no receipt is refused before the bundle is scored; its signature is checked with the export's key.
  if (request.submissionReceipt !== undefined) {
    const form = checkReceiptForm(request.submissionReceipt);
    if (!form.ok) return form;
  }
  return ok({
    disputed,
    receivedAtMs,
    receivedAtEnteredByHand: request.receivedAtMs !== undefined,
    windowEndsMs: window.value.windowEndsMs,
    assertionStatus: scope.value.status,
  });
}

/** The refusal of a second dispute on an assertion whose dispute `disputeId` is not decided yet. */
export function alreadyOpen(disputeId: string, r: { participantId: string; taskId: string; assertionId: string }) {
  return fail(
    'DISPUTE_ALREADY_OPEN',
    `dispute ${disputeId} on ${r.participantId} ${r.taskId}/${r.assertionId} is not decided yet: decide it first ` +
      '(a new fact goes into its review)',
    { dispute_id: disputeId },
  );
}

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
