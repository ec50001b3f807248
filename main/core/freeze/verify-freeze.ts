import { sha256Hex } from '../hash/sha256.ts';
import type { PyJson } from '../json/value.ts';
import { missingWitnessText, type MissingWitness } from '../proof/witness-pair.ts';
import type { Failure } from '../result.ts';
import { freezeRequestHash, type FreezeDocument } from './freeze-document.ts';
import { keyCommitment, parseSalt } from './key-commitment.ts';
import { freezeOperatorSignatureFailure } from './operator-freeze.ts';

export type FreezeCheckCode =
  | 'FREEZE_SALT_FORMAT'
  | 'FREEZE_KEY_COMMITMENT_MISMATCH'
  | 'FREEZE_RULES_HASH_MISMATCH'
  | 'FREEZE_MANIFEST_HASH_MISMATCH'
  | 'FREEZE_REQUEST_NOT_OPENED'
  | 'FREEZE_REQUEST_HASH_MISMATCH'
  | 'FREEZE_PROOF_PENDING'
  | 'FREEZE_PROOF_NOT_VERIFIED'
  | 'FREEZE_OPERATOR_SIGNATURE_INVALID'
  | 'FREEZE_PROOF_ONE_WITNESS';

export interface FreezeVerificationInput {
  /** What was published at freeze time. */
  document: FreezeDocument;
  url: string;
  /** What is revealed at close. */
  revealedKey: PyJson;
  revealedSaltHex: string;
  /** The frozen material as kept: the rules text bytes and the manifest hash recomputed from the corpus. */
  rulesText: Uint8Array;
  recomputedManifestHash: string;
  /** From the proof verifier: its verdict and the opened request_hash value (null when no opening was supplied). */
  proofVerdict: 'VERIFIED' | 'FAILED' | 'PENDING' | 'NOT_INDEPENDENTLY_VERIFIED';
  /** From the same report (missingWitness): the witness a VERIFIED proof lacks, null when it has both. */
  missingWitness: MissingWitness | null;
  openedRequestHash: string | null;
}

/**
 * The freeze proof meets the participant's rule (docs/freeze.md "Both witnesses"): a VERIFIED verdict on one witness
 * refuses scoring, naming the missing one and what to do.
 */
export function freezeOneWitness(missing: MissingWitness): Failure<'FREEZE_PROOF_ONE_WITNESS'> {
  return {
    code: 'FREEZE_PROOF_ONE_WITNESS',
    message: missingWitnessText(
      'the freeze proof',
      missing,
      "check again once the log answers (the Freeze screen's re-check, or the close run again), or give the entry its view names to proveit freeze verify --rekor-entry FILE",
      'replace the freeze before its opening (proveit freeze create --replace); after the opening this freeze cannot be scored (spec §8)',
    ),
    details: { witness: missing.witness, witness_code: missing.code, awaitable: missing.awaitable },
  };
}

/** `field` names the published freeze field that differs, so a refusal says exactly what changed. */
function mismatch(
  code: FreezeCheckCode,
  field: string,
  what: string,
  expected: string,
  actual: string,
): Failure<FreezeCheckCode> {
  return {
    code,
    message: `${field}: ${what} does not match what the freeze anchored (anchored ${expected}, recomputed ${actual})`,
    details: { field, anchored: expected, recomputed: actual },
  };
}

/**
 * Spec §8.5: before scoring, recompute every frozen hash from the revealed material and compare it with what the
 * published proof anchors. Every difference is listed (not only the first), and any difference refuses scoring.
 */
export function verifyFreeze(input: FreezeVerificationInput): Failure<FreezeCheckCode>[] {
  const failures: Failure<FreezeCheckCode>[] = [];
  const { document } = input;

  const salt = parseSalt(input.revealedSaltHex);
  if (!salt.ok) failures.push(salt.error);
  else {
    const commitment = keyCommitment(input.revealedKey, salt.value);
    if (commitment !== document.key_commitment) {
      failures.push(
        mismatch(
          'FREEZE_KEY_COMMITMENT_MISMATCH',
          'key_commitment',
          'sha256(salt ‖ key)',
          document.key_commitment,
          commitment,
        ),
      );
    }
  }

  const rulesHash = sha256Hex(input.rulesText);
  if (rulesHash !== document.rules_hash) {
    failures.push(
      mismatch(
        'FREEZE_RULES_HASH_MISMATCH',
        'rules_hash',
        'the scoring-rules text hash',
        document.rules_hash,
        rulesHash,
      ),
    );
  }
  if (input.recomputedManifestHash !== document.manifest_hash) {
    failures.push(
      mismatch(
        'FREEZE_MANIFEST_HASH_MISMATCH',
        'manifest_hash',
        'the corpus manifest hash',
        document.manifest_hash,
        input.recomputedManifestHash,
      ),
    );
  }

  // The anchoring binds the document only through the opened request_hash commitment (spec 3.1: flat hashes are
  // informational), so the freeze must come with that opening.
  const expectedRequest = freezeRequestHash(input.url, document);
  if (input.openedRequestHash === null) {
    failures.push({
      code: 'FREEZE_REQUEST_NOT_OPENED',
      message: 'the freeze proof has no opening of request_hash: supply the disclosure published with the freeze',
    });
  } else if (input.openedRequestHash !== expectedRequest) {
    failures.push(
      mismatch(
        'FREEZE_REQUEST_HASH_MISMATCH',
        'request_hash',
        'the request hash of the freeze document',
        input.openedRequestHash,
        expectedRequest,
      ),
    );
  }

  // Version 3: the document is the operator's (docs/freeze.md "The freeze document"); the request hash above already
  // covers the signature.
  const signature = freezeOperatorSignatureFailure(document);
  if (signature !== null) failures.push(signature);

  if (input.proofVerdict === 'PENDING') {
    failures.push({
      code: 'FREEZE_PROOF_PENDING',
      message: 'the freeze proof is pending anchoring: verify again once its batch is closed',
    });
  } else if (input.proofVerdict !== 'VERIFIED') {
    failures.push({
      code: 'FREEZE_PROOF_NOT_VERIFIED',
      message: `the freeze proof did not verify (${input.proofVerdict})`,
      details: { verdict: input.proofVerdict },
    });
  } else if (input.missingWitness !== null) {
    failures.push(freezeOneWitness(input.missingWitness));
  }
  return failures;
}
