import { freezeAnchorDidFailure, freezeOperatorPinFailure } from '../../core/freeze/anchor-did.ts';
import { frozenMaterialOf } from '../../core/freeze/frozen-material.ts';
import { keyCommitment, parseSalt } from '../../core/freeze/key-commitment.ts';
import { parseFreezeToVerify, type PublishedFreeze } from '../../core/freeze/publication.ts';
import { revealedMaterialFor } from '../../core/freeze/reveal.ts';
import { verifyFreeze } from '../../core/freeze/verify-freeze.ts';
import { pyObjectFrom, type PyJson } from '../../core/json/value.ts';
import { parseProofView } from '../../core/proof/parse-view.ts';
import type { ProofReport } from '../../core/proof/report.ts';
import { verifyProof } from '../../core/proof/verify-proof.ts';
import { missingWitness } from '../../core/proof/witness-pair.ts';
import type { WitnessMemo } from '../../core/proof/witness-memo.ts';
import type { Failure } from '../../core/result.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { readCorpusTree } from '../corpus/corpus-folder.ts';

export interface FreezeForScoringInput {
  /** The track folder as it will be scored (its sealed/ folder may be absent once the key is revealed). */
  corpusDir: string;
  /** The published freeze or the whole publication (its freeze in force is verified). */
  freeze: PyJson;
  /** The reveal document (or one `{salt, key}`). */
  reveal: PyJson;
  /** The freeze proof's public view, as served by GET /v1/proof/{id} (or read from a file). */
  view: Uint8Array;
  bundle: TrustBundle;
  rekorEntry?: PyJson;
  memo?: WitnessMemo;
}

export interface FreezeVerification {
  /** True only when every check passed: anything else refuses scoring (spec §8.5, fail closed). */
  verified: boolean;
  freeze: PublishedFreeze | null;
  /** Every difference found, each with its code and, for a mismatch, the field and both values. */
  failures: Failure[];
  proof: ProofReport | null;
  /** The revealed key the commitment opened: the one to score with. Null unless verified. */
  key: PyJson | null;
}

const refused = (freeze: PublishedFreeze | null, failure: Failure): FreezeVerification => ({
  verified: false,
  freeze,
  failures: [failure],
  proof: null,
  key: null,
});

function corpusDifferences(freeze: PublishedFreeze, corpus: { season: number; track: string; rulesVersion: string }) {
  const pairs: [string, unknown, unknown][] = [
    ['season', freeze.season, corpus.season],
    ['track', freeze.track, corpus.track],
    ['rules_version', freeze.rules_version, corpus.rulesVersion],
  ];
  return pairs
    .filter(([, published, local]) => published !== local)
    .map(([field, published, local]): Failure => ({
      code: 'FREEZE_CORPUS_MISMATCH',
      message: `${field}: the freeze is for ${String(published)}, the corpus folder's season.json says ${String(local)}; verify with the frozen track folder`,
      details: { field, anchored: published, recomputed: local },
    }));
}

/**
 * What the scorer calls before scoring (spec §8.5): recompute the rules hash, the manifest hash and
 * sha256(salt ‖ key) from the revealed material, open the anchored request_hash with the published disclosure,
 * verify the freeze proof with the issue-3 verifier, and refuse on any difference. Never throws on its inputs.
 */
export async function verifyFreezeForScoring(input: FreezeForScoringInput): Promise<FreezeVerification> {
  const published = parseFreezeToVerify(input.freeze);
  if (!published.ok) return refused(null, published.error);
  const freeze = published.value;
  const revealed = revealedMaterialFor(input.reveal, freeze.proof_id);
  if (!revealed.ok) return refused(freeze, revealed.error);

  const tree = await readCorpusTree(input.corpusDir).catch((error: unknown) => error as Error);
  if (tree instanceof Error) {
    return refused(freeze, {
      code: 'FREEZE_CORPUS_UNREADABLE',
      message: `cannot read the corpus folder ${input.corpusDir}: ${tree.message}`,
    });
  }
  const material = frozenMaterialOf(tree);
  if (!material.ok) return refused(freeze, material.error);

  const view = parseProofView(input.view);
  if (!view.ok) {
    return refused(freeze, {
      code: 'FREEZE_PROOF_UNREADABLE',
      message: `the freeze proof's view cannot be read: ${view.error.code} ${view.error.message}`,
    });
  }
  if (view.value.proofId !== freeze.proof_id) {
    return refused(freeze, {
      code: 'FREEZE_PROOF_ID_MISMATCH',
      message: `proof_id: the view is of ${String(view.value.proofId)}, the published freeze is ${freeze.proof_id}`,
      details: { field: 'proof_id', anchored: freeze.proof_id, recomputed: view.value.proofId },
    });
  }
  const disclosure = pyObjectFrom([
    [
      'request_hash',
      pyObjectFrom([
        ['nonce', freeze.disclosure.request_hash.nonce],
        ['value', freeze.disclosure.request_hash.value],
      ]),
    ],
  ]);
  const report = await verifyProof(
    { view: view.value, disclosure, ...(input.rekorEntry === undefined ? {} : { rekorEntry: input.rekorEntry }) },
    { bundle: input.bundle, ...(input.memo ? { memo: input.memo } : {}) },
  );
  const openings = report.checks.find((c) => c.name === 'openings');
  const opened = report.opened['request_hash'];
  const failures: Failure[] = [...corpusDifferences(freeze, material.value)];
  failures.push(
    ...verifyFreeze({
      document: freeze,
      url: freeze.url,
      revealedKey: revealed.value.key,
      revealedSaltHex: revealed.value.salt as string,
      rulesText: material.value.rulesText,
      recomputedManifestHash: material.value.manifestHash,
      proofVerdict: report.verdict,
      missingWitness: missingWitness(report),
      openedRequestHash: openings?.status === 'OK' && typeof opened === 'string' ? opened : null,
    }).map((f) =>
      f.code === 'FREEZE_PROOF_NOT_VERIFIED' ? { ...f, details: { ...f.details, failure: report.failure } } : f,
    ),
  );

  // Who anchored it (docs/freeze.md "The challenge's DID"): the identity opened from `disclosed`, whatever the batch's
  // state.
  const foreign = freezeAnchorDidFailure(freeze, report.identity);
  if (foreign !== null) failures.push(foreign);
  // And whose key that is: the one the reader's trust bundle pins, when it pins one (docs/trust-bundle.md).
  const unpinned = freezeOperatorPinFailure(freeze, input.bundle.challenge);
  if (unpinned !== null) failures.push(unpinned);

  // The folder's own sealed key, when it still has one, must be the committed key too: the scorer reads it there.
  // Checked once the revealed material itself opens the commitment, so one tampered salt is one difference.
  const salt = parseSalt(revealed.value.salt);
  const revealedOpens = !failures.some(
    (f) => f.code === 'FREEZE_KEY_COMMITMENT_MISMATCH' || f.code === 'FREEZE_SALT_FORMAT',
  );
  if (material.value.key !== undefined && salt.ok && revealedOpens) {
    const local = keyCommitment(material.value.key, salt.value);
    if (local !== freeze.key_commitment) {
      failures.push({
        code: 'FREEZE_CORPUS_KEY_MISMATCH',
        message: `sealed/answer-key.json: the corpus folder's key is not the committed key (anchored ${freeze.key_commitment}, recomputed ${local}); score with the revealed key`,
        details: { field: 'sealed/answer-key.json', anchored: freeze.key_commitment, recomputed: local },
      });
    }
  }
  const verified = failures.length === 0;
  return { verified, freeze, failures, proof: report, key: verified ? revealed.value.key : null };
}
