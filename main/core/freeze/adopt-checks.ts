import type { PyJson } from '../json/value.ts';
import type { ProofReport } from '../proof/report.ts';
import { missingWitness, missingWitnessText } from '../proof/witness-pair.ts';
import type { Failure } from '../result.ts';
import { freezeAnchorDidFailure, freezeOperatorPinFailure } from './anchor-did.ts';
import { keyCommitment, parseSalt } from './key-commitment.ts';
import type { PublishedFreeze } from './publication.ts';
import { verifyFreeze } from './verify-freeze.ts';

/** One freeze of the chain with what was gathered to check it before it is taken in force. */
export interface AdoptionEvidence {
  freeze: PublishedFreeze;
  /** The proof id the fetched (or given) view names. */
  viewProofId: PyJson | undefined;
  /** The freeze proof verified with the reader's trust bundle, the published disclosure and its Rekor entry. */
  report: ProofReport;
  /** Why the Rekor entry could not be had, when it could not (said in FREEZE_ADOPT_WITNESS_MISSING). */
  rekorProblem: string | null;
  /** The sealed material given for this freeze. */
  seal: { salt: PyJson; key: PyJson };
}

export interface AdoptionCheckInput {
  /** Oldest first; the last is the freeze in force. */
  chain: readonly AdoptionEvidence[];
  /** The track folder the freeze in force must have frozen (frozenMaterialOf). */
  corpus: {
    season: number;
    track: string;
    rulesVersion: string;
    rulesText: Uint8Array;
    manifestHash: string;
    key: PyJson | undefined;
  };
  /** The challenge's DID the reader's trust bundle pins, if it pins one (docs/trust-bundle.md). */
  challenge: { did: string; publicKeyHex: string } | null;
}

/**
 * The order refusals are named in: first what the proofs anchor (each freeze of the chain, oldest first), then the
 * freeze in force against the track folder, then each seal against its commitment. A code missing here (a check
 * verify-freeze.ts gains later) comes last among the anchor checks.
 */
const ORDER: readonly (readonly string[])[] = [
  [
    'FREEZE_ADOPT_PROOF_ID_MISMATCH',
    'FREEZE_ADOPT_PROOF_NOT_VERIFIED',
    'FREEZE_ADOPT_PROOF_PENDING',
    'FREEZE_ADOPT_WITNESS_MISSING',
    'FREEZE_ADOPT_REQUEST_NOT_OPENED',
    'FREEZE_ADOPT_REQUEST_HASH_MISMATCH',
    'FREEZE_ADOPT_OPERATOR_SIGNATURE_INVALID',
    'FREEZE_ADOPT_ANCHOR_FOREIGN_DID',
    'FREEZE_ADOPT_OPERATOR_KEY_MISMATCH',
    'FREEZE_ADOPT_ANCHORED_AFTER_OPENING',
  ],
  ['FREEZE_ADOPT_CORPUS_MISMATCH', 'FREEZE_ADOPT_RULES_HASH_MISMATCH', 'FREEZE_ADOPT_MANIFEST_HASH_MISMATCH'],
  ['FREEZE_ADOPT_SALT_FORMAT', 'FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH', 'FREEZE_ADOPT_CORPUS_KEY_MISMATCH'],
];

function rankOf(code: string): [number, number] {
  for (const [group, codes] of ORDER.entries()) {
    const at = codes.indexOf(code);
    if (at >= 0) return [group, at];
  }
  return [0, ORDER[0]!.length];
}

/** A check of verify-freeze.ts (or anchor-did.ts) as adoption names it: FREEZE_X becomes FREEZE_ADOPT_X. */
export function adoptionCode(code: string): string {
  return code.startsWith('FREEZE_') && !code.startsWith('FREEZE_ADOPT_') ? `FREEZE_ADOPT_${code.slice(7)}` : code;
}

interface Found {
  failure: Failure;
  index: number;
}

/** Both witnesses, as a participant's proof needs them (the one witness rule, main/core/proof/witness-pair.ts). */
function witnessFailure(e: AdoptionEvidence): Failure | null {
  const missing = missingWitness(e.report);
  if (missing === null) return null;
  const fetchHint =
    'give it with --rekor-entry FILE, or let it be read from the log the view names (without --offline)' +
    (e.rekorProblem === null ? '' : ` (${e.rekorProblem})`);
  return {
    code: 'FREEZE_ADOPT_WITNESS_MISSING',
    message: missingWitnessText(
      'the freeze proof',
      missing,
      fetchHint,
      'this freeze cannot be taken in force; a freeze anchored again before the opening can (spec §8)',
    ),
    details: { field: 'witnesses', witness: missing.witness, witness_code: missing.code, awaitable: missing.awaitable },
  };
}

function anchoredAfterOpening(e: AdoptionEvidence, opening: string): Failure | null {
  if (e.report.verdict !== 'VERIFIED') return null;
  const time = e.report.anchorTime;
  if (time !== null && Date.parse(time) < Date.parse(opening)) return null;
  return {
    code: 'FREEZE_ADOPT_ANCHORED_AFTER_OPENING',
    message: `opens_at: the freeze proof was anchored at ${String(time)}, not before the chain's opening ${opening} (spec §8: a freeze is anchored, and replaced, before the season opens); such a freeze cannot score`,
    details: { field: 'opens_at', anchored: opening, recomputed: time },
  };
}

/** Every check of one freeze of the chain, as verify-freeze.ts and the close make them, under adoption's codes. */
function freezeFailures(e: AdoptionEvidence, inForce: boolean, input: AdoptionCheckInput, opening: string): Failure[] {
  const { freeze, report } = e;
  const found: Failure[] = [];
  if (e.viewProofId !== freeze.proof_id) {
    found.push({
      code: 'FREEZE_PROOF_ID_MISMATCH',
      message: `proof_id: the view is of ${String(e.viewProofId)}, the published freeze is ${freeze.proof_id}`,
      details: { field: 'proof_id', anchored: freeze.proof_id, recomputed: e.viewProofId ?? null },
    });
  }
  const openings = report.checks.find((c) => c.name === 'openings');
  const opened = report.opened['request_hash'];
  const checks = verifyFreeze({
    document: freeze,
    url: freeze.url,
    revealedKey: e.seal.key,
    revealedSaltHex: e.seal.salt as string,
    rulesText: input.corpus.rulesText,
    recomputedManifestHash: input.corpus.manifestHash,
    proofVerdict: report.verdict,
    // Judged below with adoption's own advice (FREEZE_ADOPT_WITNESS_MISSING).
    missingWitness: null,
    openedRequestHash: openings?.status === 'OK' && typeof opened === 'string' ? opened : null,
  });
  for (const f of checks) {
    // A replaced freeze froze the rules and corpus of its time (season 1: conformite-bareme-v2, then v3): only the
    // freeze in force is held to the track folder.
    if (!inForce && (f.code === 'FREEZE_RULES_HASH_MISMATCH' || f.code === 'FREEZE_MANIFEST_HASH_MISMATCH')) continue;
    found.push(
      f.code === 'FREEZE_PROOF_NOT_VERIFIED' ? { ...f, details: { ...f.details, failure: report.failure } } : f,
    );
  }
  if (report.verdict === 'VERIFIED') {
    const witnesses = witnessFailure(e);
    if (witnesses !== null) found.push(witnesses);
    const late = anchoredAfterOpening(e, opening);
    if (late !== null) found.push(late);
  }
  const foreign = freezeAnchorDidFailure(freeze, report.identity);
  if (foreign !== null) found.push(foreign);
  const unpinned = freezeOperatorPinFailure(freeze, input.challenge);
  if (unpinned !== null) found.push(unpinned);
  if (inForce) {
    const corpus = input.corpus;
    const pairs: [string, unknown, unknown][] = [
      ['season', freeze.season, corpus.season],
      ['track', freeze.track, corpus.track],
      ['rules_version', freeze.rules_version, corpus.rulesVersion],
    ];
    for (const [field, anchored, recomputed] of pairs.filter(([, a, r]) => a !== r)) {
      found.push({
        code: 'FREEZE_CORPUS_MISMATCH',
        message: `${field}: the freeze is for ${String(anchored)}, the track folder's season.json says ${String(recomputed)}; adopt with the frozen track folder`,
        details: { field, anchored, recomputed },
      });
    }
    // The folder's own sealed key, when it has one, is the key the close would read: it must be the committed one.
    const salt = parseSalt(e.seal.salt);
    const opens = !checks.some((f) => f.code === 'FREEZE_KEY_COMMITMENT_MISMATCH' || f.code === 'FREEZE_SALT_FORMAT');
    if (corpus.key !== undefined && salt.ok && opens) {
      const local = keyCommitment(corpus.key, salt.value);
      if (local !== freeze.key_commitment) {
        found.push({
          code: 'FREEZE_CORPUS_KEY_MISMATCH',
          message: `sealed/answer-key.json: the track folder's key is not the committed key (anchored ${freeze.key_commitment}, recomputed ${local})`,
          details: { field: 'sealed/answer-key.json', anchored: freeze.key_commitment, recomputed: local },
        });
      }
    }
  }
  return found;
}

/**
 * Everything `freeze adopt` checks before it takes a freeze made elsewhere in force (docs/freeze.md "Adopting a
 * freeze made elsewhere"), every difference found, in the order they are named: the first is the refusal. Each
 * failure carries the adoption code (FREEZE_ADOPT_*), the freeze it is about (`details.proof_id`) and the check it
 * comes from (`details.check`, the code `freeze verify` gives the same difference).
 */
export function adoptionFailures(input: AdoptionCheckInput): Failure[] {
  const opening = input.chain.map((e) => e.freeze.opens_at).reduce((a, b) => (Date.parse(b) < Date.parse(a) ? b : a));
  const found: Found[] = input.chain.flatMap((e, index) =>
    freezeFailures(e, index === input.chain.length - 1, input, opening).map((f) => ({
      failure: {
        code: adoptionCode(f.code),
        message: `freeze ${e.freeze.proof_id}: ${f.message}`,
        details: { ...f.details, proof_id: e.freeze.proof_id, check: f.code },
      },
      index,
    })),
  );
  const sortKey = (f: Found): [number, number, number] => {
    const [group, at] = rankOf(f.failure.code);
    return [group, f.index, at];
  };
  return found
    .map((f, i) => ({ f, i, key: sortKey(f) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || a.i - b.i)
    .map(({ f }) => f.failure);
}
