import { resolveJsonPointer } from '../json/json-pointer.ts';
import { jsonEquals } from '../json/json-equals.ts';
import type { PyJson } from '../json/value.ts';
import type { ManifestResource } from '../corpus/manifest.ts';
import type { ProofReport } from '../proof/report.ts';
import type { ProofOutcome, ScoringInput, TrustLayerFaultCode } from './model.ts';
import { NULL_ANSWER_RECHECK_MS, REKOR_ENTRY_FETCH_LIMIT_MS, witnessState } from './witness-state.ts';

/** What the conditions compare one cited proof with. */
export interface ProofCheckContext {
  window: ScoringInput['window'];
  enrolledDid: string;
  /** The manifest entry of `claim.resource`, or undefined when the path is not a corpus resource. */
  resource: ManifestResource | undefined;
  /** The `/_systeme` response hashes: a response equal to one of them is an instrument fault (spec §4.1). */
  systemeHashes: { status: '403' | '503' | '400'; hash: string }[];
  claim: { resource: string; field: string; value: PyJson };
  /** json.loads of the frozen body at claim.resource. */
  frozenBody: PyJson | undefined;
  /** When the close read the Trust Layer and the log (ScoringInput.closedAt). */
  closedAt: string;
  /** The last read of this proof, when the Trust Layer answered `null` for it. */
  nullAnsweredAt: string | undefined;
}

/** An opened hash as the scorer compares it: 64 lowercase hex, whether or not it is written with "sha256:". */
const bareHex = (value: PyJson | undefined): string | null =>
  typeof value === 'string' ? value.replace(/^sha256:/, '').toLowerCase() : null;

/**
 * The value at a pointer of a frozen body, resolved once per (body, pointer): the assertions of a season's close
 * cite the same few fields of the same resources tens of thousands of times. Bodies are never mutated.
 */
const resolved = new WeakMap<object, Map<string, ReturnType<typeof resolveJsonPointer>>>();

function valueAt(body: PyJson, pointer: string): ReturnType<typeof resolveJsonPointer> {
  if (typeof body !== 'object' || body === null) return resolveJsonPointer(body, pointer);
  let byPointer = resolved.get(body);
  if (!byPointer) {
    byPointer = new Map();
    resolved.set(body, byPointer);
  }
  let result = byPointer.get(pointer);
  if (!result) {
    result = resolveJsonPointer(body, pointer);
    byPointer.set(pointer, result);
  }
  return result;
}

/** "3.1" or later (spec §4.1 condition 2): a 3.0 identity is not anchored. */
function atLeast31(version: string | null): boolean {
  const match = /^(\d+)\.(\d+)/.exec(version ?? '');
  if (!match) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > 3 || (major === 3 && minor >= 1);
}

type Fail = Extract<ProofOutcome, { kind: 'fail' }>;
const fail = (
  proofId: string,
  condition: Fail['condition'],
  cause: Fail['cause'],
  code: string,
  expected?: PyJson,
  actual?: PyJson,
): Fail => ({
  kind: 'fail',
  proofId,
  condition,
  cause,
  code,
  ...(expected !== undefined ? { expected } : {}),
  ...(actual !== undefined ? { actual } : {}),
});

/** At or past `closes_at` + `limitMs`: a missing witness is no longer waited for (docs/scoring.md "Witness limits"). */
const pastLimit = (at: string | undefined, closesAt: string, limitMs: number): boolean =>
  at !== undefined && Date.parse(at) >= Date.parse(closesAt) + limitMs;

/**
 * One cited proof against the four conditions of spec §4.1, in order; the first that fails is the outcome
 * (docs/scoring.md "the four conditions"). Identity and hashes are read from openings only, never flat fields.
 * Condition 1 needs both witnesses (docs/scoring.md "Per assertion: the four conditions (spec §4.1)"): one not there
 * yet makes the proof pending; one the Trust Layer failed to produce makes it a Trust Layer fault, but only after
 * conditions 2 to 4 hold on its openings, so a fault of ArkForge's side never removes an assertion the participant's
 * own call would have failed.
 */
export function assessProof(proofId: string, report: ProofReport | 'absent', c: ProofCheckContext): ProofOutcome {
  // Condition 1: a valid proof under third-party verification, opened, anchored within the season.
  if (report === 'absent') {
    // A `null` answer may be transient: read again until the recheck limit after the close (docs/scoring.md "Witness
    // limits").
    return pastLimit(c.nullAnsweredAt, c.window.closesAt, NULL_ANSWER_RECHECK_MS) || c.nullAnsweredAt === undefined
      ? fail(proofId, 1, 'invalid_proof', 'PROOF_ABSENT')
      : { kind: 'pending', proofId, reason: 'NULL_ANSWER_RECHECK' };
  }
  if (report.verdict === 'PENDING') return { kind: 'pending', proofId, reason: 'BATCH_PENDING' };
  if (report.verdict === 'FAILED') return fail(proofId, 1, 'invalid_proof', report.failure?.code ?? 'PROOF_FAILED');
  const witnesses = witnessState(report, pastLimit(c.closedAt, c.window.closesAt, REKOR_ENTRY_FETCH_LIMIT_MS));
  if (witnesses.kind === 'pending') return { kind: 'pending', proofId, reason: witnesses.reason };
  if (witnesses.kind === 'unverified') {
    return fail(
      proofId,
      1,
      'invalid_proof',
      report.verdict === 'NOT_INDEPENDENTLY_VERIFIED'
        ? 'PROOF_NOT_INDEPENDENTLY_VERIFIED'
        : 'PROOF_WITNESS_NOT_VERIFIED',
    );
  }
  const fault: TrustLayerFaultCode | null = witnesses.kind === 'fault' ? witnesses.code : null;
  const openedRequest = bareHex(report.opened['request_hash']);
  const openedResponse = bareHex(report.opened['response_hash']);
  if (openedRequest === null || openedResponse === null)
    return fail(proofId, 1, 'invalid_proof', 'DISCLOSURE_NOT_OPENED');
  if (fault === 'TRUST_LAYER_TSA_FAILED') {
    // Without the token (ArkForge's fault) the window is bounded by the Rekor entry's integration time, signed by the
    // log (docs/scoring.md "A bounded time when the token failed"). It is an upper bound only: the call came before
    // its batch's root existed, hence before the log integrated it. Integrated before the opening, the call was
    // before it: ANCHOR_BEFORE_OPENING. Integrated at or after the opening (after the close too), it proves no side
    // of the window: the proof stays a Trust Layer fault, set aside.
    const logged = report.logIntegratedTime;
    if (logged !== null && Date.parse(logged) < Date.parse(c.window.opensAt)) {
      return fail(proofId, 1, 'invalid_proof', 'ANCHOR_BEFORE_OPENING', c.window.opensAt, logged);
    }
  } else {
    // The RFC 3161 time is the window's clock (spec §4.1 condition 1).
    const anchorTime = report.anchorTime;
    if (anchorTime === null) return fail(proofId, 1, 'invalid_proof', 'ANCHOR_TIME_MISSING');
    const t = Date.parse(anchorTime);
    if (t < Date.parse(c.window.opensAt)) {
      return fail(proofId, 1, 'invalid_proof', 'ANCHOR_BEFORE_OPENING', c.window.opensAt, anchorTime);
    }
    if (t > Date.parse(c.window.closesAt)) {
      return fail(proofId, 1, 'invalid_proof', 'ANCHOR_AFTER_CLOSE', c.window.closesAt, anchorTime);
    }
  }

  // Condition 2: spec >= 3.1, the identity opened from `disclosed`, verified, bound, the enrolled DID.
  if (!atLeast31(report.specVersion))
    return fail(proofId, 2, 'identity_not_bound', 'SPEC_BEFORE_3_1', '3.1', report.specVersion);
  const identity = report.identity;
  if (identity.anchoring !== 'opened') return fail(proofId, 2, 'identity_not_bound', 'IDENTITY_NOT_OPENED');
  if (identity.verified !== true) {
    return fail(proofId, 2, 'identity_not_bound', 'IDENTITY_NOT_VERIFIED', true, identity.verified ?? null);
  }
  if (identity.status !== 'bound') {
    return fail(proofId, 2, 'identity_not_bound', 'IDENTITY_NOT_BOUND', 'bound', identity.status ?? null);
  }
  if (identity.identity !== c.enrolledDid) {
    return fail(proofId, 2, 'identity_not_bound', 'IDENTITY_OTHER_DID', c.enrolledDid, identity.identity ?? null);
  }

  // Condition 3: the opened request hash is the canonical request for claim.resource.
  if (!c.resource) return fail(proofId, 3, 'resource_mismatch', 'RESOURCE_NOT_IN_MANIFEST', null, c.claim.resource);
  if (openedRequest !== c.resource.request_hash) {
    return fail(proofId, 3, 'resource_mismatch', 'REQUEST_HASH_MISMATCH', c.resource.request_hash, openedRequest);
  }
  // Only now an instrument fault: testing it after condition 3 closes the spoofed-host route (spec §4.1).
  const systeme = c.systemeHashes.find((s) => s.hash === openedResponse);
  if (systeme) return { kind: 'instrument_fault', proofId, status: systeme.status };

  // Condition 4: the frozen response, and the claimed value at the claimed pointer.
  if (openedResponse !== c.resource.response_hash) {
    return fail(proofId, 4, 'value_mismatch', 'RESPONSE_HASH_MISMATCH', c.resource.response_hash, openedResponse);
  }
  const served = c.frozenBody === undefined ? undefined : valueAt(c.frozenBody, c.claim.field);
  if (!served || !served.ok) return fail(proofId, 4, 'value_mismatch', 'POINTER_NOT_FOUND', null, c.claim.value);
  if (!jsonEquals(served.value, c.claim.value)) {
    return fail(proofId, 4, 'value_mismatch', 'VALUE_DIFFERS', served.value, c.claim.value);
  }
  return fault === null ? { kind: 'ok', proofId } : { kind: 'trust_layer_fault', proofId, code: fault };
}
