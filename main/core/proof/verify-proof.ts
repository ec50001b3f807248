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
import type { ProofView } from './parse-view.ts';
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

function collectOpenings(input: VerifyProofInput): Opening[] | null {
  const own = openingsFromFieldMap(input.view.disclosed, 'disclosed');
  const supplied =
    input.disclosure === undefined
      ? []
      : openingsFromFieldMap(disclosureFieldMap(input.disclosure, input.view.proofId), 'disclosure');
  if (own === null || supplied === null) return null;
  return [...own, ...openingsFromOwnerView(input.view), ...supplied];
}

function openingsOf(input: VerifyProofInput): OpeningsResult {
  const openings = collectOpenings(input);
  if (openings === null) {
    return {
      outcome: checkFailed('OPENING_MALFORMED', 'openings must be an object {field: {nonce, value}}'),
      opened: new Map(),
    };
  }
  return checkOpenings(input.view, openings);
}

const reported = (name: CheckName, outcome: CheckOutcome): ReportedCheck => ({
  name,
  independent: INDEPENDENT_WITNESSES.has(name),
  ...outcome,
});

/**
 * Verifies one proof as a third party (trust-layer-reference §8): chain, openings, identity, signature, batch
 * anchor, RFC 3161, Rekor. Pure apart from the awaited token verification; never throws on the proof's content.
 */
export async function verifyProof(input: VerifyProofInput, context: VerifierContext): Promise<ProofReport> {
  const { view } = input;
  const { bundle } = context;
  const memo = context.memo ?? new WitnessMemo();
  memo.bind(bundle);

  const chainHex = chainHexOf(view);
  const chain = checkChain(view);
  const openings = openingsOf(input);
  const identity = checkIdentity(view, openings.opened);
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

  const checks = [
    reported('chain', chain),
    reported('openings', openings.outcome),
    reported('identity', identity.outcome),
    reported('signature', signature),
    reported('batch_anchor', batch.outcome),
    reported('tsa', tsa.outcome),
    reported('rekor', rekor),
  ];
  return {
    proofId: view.proofId,
    specVersion: view.specVersion,
    trustBundle: bundle.name,
    trustBundleDigest: bundle.digest,
    ...verdictOf(checks),
    checks,
    anchoredHash: batch.anchoredHex,
    anchorTime: tsa.facts?.genTime ?? null,
    identity: identity.identity,
    opened: pyObjectFrom(openings.opened),
    anomalies: issuerAnomalies(view.flat, openings.opened),
  };
}
