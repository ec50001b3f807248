import { bytesToHex } from '@noble/hashes/utils.js';
import { fail, type Result } from '../result.ts';
import { readNoteBody } from './checkpoint.ts';
import { readEntryShape } from './entry-shape.ts';
import { readInclusionProof } from './inclusion-proof.ts';
import type { SigstoreCode, SigstoreFacts } from './sigstore-bundle.ts';
import type { RekorCode, RekorFacts } from './model.ts';

/**
 * The in-house checks that @sigstore/verify's public API cannot express, and why. When one of them refuses an entry,
 * the sigstore path may accept it: that is why they are kept, not a disagreement. Every other in-house refusal
 * must be a sigstore refusal too (docs/witnesses.md).
 */
export const IN_HOUSE_ONLY: Readonly<Partial<Record<RekorCode, string>>> = {
  REKOR_ANCHORED_HEX_INVALID:
    "a bundle's artefact is any bytes; that it is 64 lowercase hex characters is the Trust Layer's rule",
  REKOR_UUID_MISMATCH: 'a bundle has no uuid: which entry the proof names is outside it',
  REKOR_UUID_LEAF_MISMATCH: 'a bundle has no uuid: that it ends with the leaf hash is outside it',
  REKOR_HASH_ALGORITHM: "@sigstore/verify compares a hashedrekord 0.0.1 body's hash value, not its algorithm name",
  REKOR_LOG_KEY_UNSUPPORTED: '@sigstore/verify verifies with whatever key type the trust material gives a log',
  REKOR_CHECKPOINT_MALFORMED:
    '@sigstore/verify reads notes more loosely (any size text, any root length, unreadable signature lines skipped)',
  // With the same index and path, an RFC 6962 walk gives the same root for every size it accepts, so a proof whose
  // treeSize is not the note's may still walk to the note's root; a rootHash that is not the note's cannot.
  REKOR_CHECKPOINT_TREE_SIZE:
    "@sigstore/verify walks with the note's tree size and never reads the inclusion proof's own treeSize field",
  REKOR_CHECKPOINT_KEY_NAME:
    "@sigstore/verify matches a signature line's name as a regular expression anywhere in the log's base URL, " +
    'so a part of the name passes; the in-house check wants the trusted name itself',
};

/**
 * True when the in-house refusal `code` is one @sigstore/verify cannot see on this entry. An RFC 6962 walk code
 * counts as in-house only when the inclusion proof's treeSize or rootHash is not the note's (the in-house walk
 * targets those fields, @sigstore/verify's the note); with the fields equal to the note both walks are the same
 * computation and must agree.
 */
export function sigstoreCannotExpress(code: RekorCode, entry: unknown): boolean {
  if (IN_HOUSE_ONLY[code] !== undefined) return true;
  if (!code.startsWith('REKOR_INCLUSION_') || code === 'REKOR_INCLUSION_PROOF_MALFORMED') return false;
  const fields = readEntryShape(entry, undefined);
  const proof = fields.ok ? readInclusionProof(fields.value) : null;
  const note = proof?.ok ? readNoteBody(proof.value.checkpoint) : null;
  if (!proof?.ok || !note?.ok) return false;
  return (
    BigInt(note.value.sizeLine) !== BigInt(proof.value.treeSize) ||
    bytesToHex(note.value.root) !== bytesToHex(proof.value.rootHash)
  );
}

function verdictOf(result: Result<unknown, string>): string {
  return result.ok ? 'OK' : result.error.code;
}

/**
 * The witness verdict from both verifiers. Agreement returns the in-house result (its specific code and details);
 * an in-house refusal that sigstore cannot express returns it too. Anything else is REKOR_SIGSTORE_DISAGREES with
 * both verdicts: the in-house checks accept what @sigstore/verify refuses, or refuse, on a check both express, what
 * @sigstore/verify accepts. Either is a finding to examine, never a pass.
 */
export function reconcile(
  inHouse: Result<RekorFacts, RekorCode>,
  sigstore: Result<SigstoreFacts, SigstoreCode>,
  entry: unknown,
): Result<RekorFacts, RekorCode> {
  if (inHouse.ok === sigstore.ok) return inHouse;
  if (!inHouse.ok && sigstoreCannotExpress(inHouse.error.code, entry)) return inHouse;
  const message = inHouse.ok
    ? `the in-house checks accept the entry and @sigstore/verify refuses it: ${sigstore.ok ? '' : sigstore.error.message}`
    : `the in-house checks refuse the entry (${inHouse.error.code}) and @sigstore/verify accepts it`;
  return fail('REKOR_SIGSTORE_DISAGREES', message, {
    inHouse: verdictOf(inHouse),
    sigstore: verdictOf(sigstore),
    ...(inHouse.ok ? {} : { inHouseMessage: inHouse.error.message }),
    ...(sigstore.ok ? {} : sigstore.error.details),
  });
}
