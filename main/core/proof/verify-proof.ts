import { pyObjectFrom, type PyJson } from '../json/value.ts';
import type { TrustBundle } from '../trust/bundle.ts';
import { issuerAnomalies } from './anomalies.ts';
import { checkBatchAnchor } from './batch-anchor.ts';
import { chainHexOf, checkChain } from './chain-hash.ts';
import { checkFailed, type CheckOutcome } from './check-outcome.ts';
import { checkIdentity } from './identity.ts';
import {
  checkOpenings,
  disclosureFieldMap,
  openingsFromFieldMap,
  openingsFromOwnerView,
  type Opening,
  type OpeningsResult,
} from './openings.ts';
import type { OpeningView, ProofView } from './parse-view.ts';
import { INDEPENDENT_WITNESSES, verdictOf, type CheckName, type ProofReport, type ReportedCheck } from './report.ts';
import { checkSignature } from './signature.ts';
import { WitnessMemo } from './witness-memo.ts';
import { rekorWitness, tsaWitness, type NoAnchorReason } from './witnesses.ts';

export interface VerifyProofInput {
  view: ProofView;
  /** A supplied disclosure document (--disclose): bundle, submission `disclosures`, or `{field: {nonce, value}}`. */
  disclosure?: PyJson;
  /** The Rekor `GET /api/v1/log/entries/{uuid}` answer for this proof's anchored hash. */
  rekorEntry?: PyJson;
  /** Network witnesses are not fetched; only the material supplied is verified. */
  offline?: boolean;
}

export interface VerifierContext {
  bundle: TrustBundle;
  /** Shared across the proofs of one run so a batch's token and entry are verified once. */
  memo?: WitnessMemo;
}

function collectOpenings(view: OpeningView, disclosure: PyJson | undefined): Opening[] | null {
  const own = openingsFromFieldMap(view.disclosed, 'disclosed');
  const supplied =
    disclosure === undefined ? [] : openingsFromFieldMap(disclosureFieldMap(disclosure, view.proofId), 'disclosure');
  if (own === null || supplied === null) return null;
  return [...own, ...openingsFromOwnerView(view), ...supplied];
}

function openingsOf(view: OpeningView, disclosure: PyJson | undefined): OpeningsResult {
  const openings = collectOpenings(view, disclosure);
  if (openings === null) {
    return {
      outcome: checkFailed('OPENING_MALFORMED', 'openings must be an object {field: {nonce, value}}'),
      opened: new Map(),
    };
  }
  return checkOpenings(view, openings);
}

const reported = (name: CheckName, outcome: CheckOutcome): ReportedCheck => ({
  name,
  independent: INDEPENDENT_WITNESSES.has(name),
  ...outcome,
});

/**
 * Everything a proof's verification decides whatever disclosure comes with it: chain, signature, batch anchor and
 * both witnesses, and the part of the view the openings are checked against. A close prepares every cited proof
 * while the submissions that carry the disclosures are still being read (finishProof completes it).
 */
export interface PreparedProof {
  view: OpeningView;
  trustBundle: string;
  trustBundleDigest: string;
  chain: CheckOutcome;
  signature: CheckOutcome;
  batch: CheckOutcome;
  tsa: CheckOutcome;
  rekor: CheckOutcome;
  anchoredHash: string | null;
  anchorTime: string | null;
  logIntegratedTime: string | null;
}

/** The verified Rekor entry's integratedTime (Unix seconds in the check's details) as ISO UTC, else null. */
function integratedTimeOf(rekor: CheckOutcome): string | null {
  const seconds = rekor.status === 'OK' ? rekor.details['integrated_time'] : undefined;
  return typeof seconds === 'number' && Number.isSafeInteger(seconds) && seconds >= 0
    ? new Date(seconds * 1000).toISOString()
    : null;
}

/** The part of verifyProof that does not depend on a supplied disclosure. */
export async function prepareProof(
  input: Omit<VerifyProofInput, 'disclosure'>,
  context: VerifierContext,
): Promise<PreparedProof> {
  const { view } = input;
  const { bundle } = context;
  const memo = context.memo ?? new WitnessMemo();
  memo.bind(bundle);

  const chainHex = chainHexOf(view);
  const chain = checkChain(view);
  const batch = checkBatchAnchor(view.batchAnchor, chainHex);
  const anchored: { hex: string } | { reason: NoAnchorReason } = batch.anchoredHex
    ? { hex: batch.anchoredHex }
    : { reason: batch.outcome.status === 'PENDING' ? 'pending' : 'unverified' };
  const tsa = await tsaWitness(view.timestampAuthority, anchored, bundle, memo);
  const rekor = rekorWitness(
    { log: view.transparencyLog, entry: input.rekorEntry, offline: input.offline ?? false },
    anchored,
    bundle,
    memo,
  );
  // Key validity is judged at the third party's time when there is one (reference §9.10, "stricter verifier").
  const time = tsa.facts
    ? { iso: tsa.facts.genTime, source: 'tsa_gen_time' as const }
    : typeof view.json.timestamp === 'string' && !Number.isNaN(Date.parse(view.json.timestamp))
      ? { iso: view.json.timestamp, source: 'proof_timestamp' as const }
      : null;
  const signature = checkSignature({
    chainHex,
    specVersion: view.specVersion,
    signature: view.signature,
    pubkey: view.pubkey,
    kid: view.kid,
    time,
    keys: bundle.signingKeys,
  });
  return {
    view: {
      proofId: view.proofId,
      specVersion: view.specVersion,
      algorithm: view.algorithm,
      commitments: view.commitments,
      disclosed: view.disclosed,
      ownerNonces: view.ownerNonces,
      ownerChainData: view.ownerChainData,
      flat: view.flat,
    },
    trustBundle: bundle.name,
    trustBundleDigest: bundle.digest,
    chain,
    signature,
    batch: batch.outcome,
    tsa: tsa.outcome,
    rekor,
    anchoredHash: batch.anchoredHex,
    anchorTime: tsa.facts?.genTime ?? null,
    logIntegratedTime: integratedTimeOf(rekor),
  };
}

/** A prepared proof's report with one disclosure (or none): its openings, identity and issuer anomalies. */
export function finishProof(prepared: PreparedProof, disclosure?: PyJson): ProofReport {
  const { view } = prepared;
  const openings = openingsOf(view, disclosure);
  const identity = checkIdentity(view, openings.opened);
  const checks = [
    reported('chain', prepared.chain),
    reported('openings', openings.outcome),
    reported('identity', identity.outcome),
    reported('signature', prepared.signature),
    reported('batch_anchor', prepared.batch),
    reported('tsa', prepared.tsa),
    reported('rekor', prepared.rekor),
  ];
  return {
    proofId: view.proofId,
    specVersion: view.specVersion,
    trustBundle: prepared.trustBundle,
    trustBundleDigest: prepared.trustBundleDigest,
    ...verdictOf(checks),
    checks,
    anchoredHash: prepared.anchoredHash,
    anchorTime: prepared.anchorTime,
    logIntegratedTime: prepared.logIntegratedTime,
    identity: identity.identity,
    opened: pyObjectFrom(openings.opened),
    anomalies: issuerAnomalies(view.flat, openings.opened),
  };
}

/**
 * Verifies one proof as a third party (trust-layer-reference §8): chain, openings, identity, signature, batch
 * anchor, RFC 3161, Rekor. Pure apart from the awaited token verification; never throws on the proof's content.
 */
export async function verifyProof(input: VerifyProofInput, context: VerifierContext): Promise<ProofReport> {
  return finishProof(await prepareProof(input, context), input.disclosure);
}
