import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '../hash/sha256.ts';
import { fail, ok, type Result } from '../result.ts';
import { attribute } from './attribution.ts';
import { verifyCheckpoint } from './checkpoint.ts';
import { readEntryShape } from './entry-shape.ts';
import { verifyHashedRekord } from './hashedrekord.ts';
import { readInclusionProof, verifyEntryInclusion } from './inclusion-proof.ts';
import type { RekorCode, RekorFacts, RekorTrust } from './model.ts';
import { p256PointFromSpki } from './p256-public-key.ts';
import { verifySignedEntryTimestamp } from './signed-entry-timestamp.ts';
import { reconcile } from './sigstore-agreement.ts';
import { verifyEntryWithSigstore } from './sigstore-bundle.ts';

const ANCHORED_HEX = /^[0-9a-f]{64}$/;

export interface RekorEntryInput {
  entry: unknown;
  anchoredHex: string;
  expectedUuid?: string;
  trust: RekorTrust;
}

/**
 * The Sigstore Rekor witness (trust-layer-reference §6.2, §8 step 5), offline, on an entry supplied as input.
 *
 * Two verifiers, which must agree. @sigstore/verify, through its public API, checks the entry written as a Sigstore
 * bundle (sigstore-bundle.ts); the in-house checks below give the specific failure code with both values, and
 * check what that API cannot express (sigstore-agreement.ts lists it). The in-house result is returned when they
 * agree; otherwise REKOR_SIGSTORE_DISAGREES with both verdicts. The log keys come from the trust bundle and the
 * origin from the checkpoint, so a devnet log's entries verify with this same code.
 */
export function verifyRekorEntry(input: RekorEntryInput): Result<RekorFacts, RekorCode> {
  return reconcile(verifyRekorEntryInHouse(input), verifyEntryWithSigstore(input), input.entry);
}

/**
 * The in-house checks alone, in the order docs/witnesses.md lists them; the first failure is returned. Small
 * pieces: RFC 6962 through main/core/merkle, a signed-note parser, ECDSA P-256 through Node's OpenSSL.
 */
export function verifyRekorEntryInHouse(input: RekorEntryInput): Result<RekorFacts, RekorCode> {
  const { entry, anchoredHex, expectedUuid, trust } = input;
  if (!ANCHORED_HEX.test(anchoredHex)) {
    return fail('REKOR_ANCHORED_HEX_INVALID', 'the anchored hash must be 64 lowercase hex characters', {
      anchoredHex,
    });
  }
  const shape = readEntryShape(entry, expectedUuid);
  if (!shape.ok) return shape;
  const fields = shape.value;

  const record = verifyHashedRekord(fields.body, anchoredHex);
  if (!record.ok) return record;

  const attribution = attribute(record.value.publicKeyPem, trust.arkforgeKeys);
  if (!attribution.ok) return attribution;

  // The logID is recomputed from each trusted key rather than read from the bundle's logId field, so a key
  // listed under the right id but with other bytes cannot stand in for the log.
  const logKey = trust.logKeys.find((key) => bytesToHex(sha256(key.spkiDer)) === fields.logID);
  if (!logKey) {
    return fail('REKOR_LOG_UNKNOWN', 'the entry names a log whose key is not in the trust bundle', {
      logID: fields.logID,
      trusted: trust.logKeys.map((key) => ({ name: key.name, logId: bytesToHex(sha256(key.spkiDer)) })),
    });
  }
  const logPoint = p256PointFromSpki(logKey.spkiDer);
  if (!logPoint) {
    return fail('REKOR_LOG_KEY_UNSUPPORTED', `trust bundle: the key of log "${logKey.name}" is not a P-256 key`, {
      log: logKey.name,
    });
  }

  const set = verifySignedEntryTimestamp(fields, logPoint);
  if (!set.ok) return set;

  const proof = readInclusionProof(fields);
  if (!proof.ok) return proof;
  const leaf = verifyEntryInclusion(record.value.bodyBytes, proof.value);
  if (!leaf.ok) return leaf;

  const leafHex = bytesToHex(leaf.value);
  if (fields.uuid.slice(-64) !== leafHex) {
    return fail('REKOR_UUID_LEAF_MISMATCH', "the uuid does not end with the entry's leaf hash", {
      expected: leafHex,
      actual: fields.uuid.slice(-64),
    });
  }

  const checkpoint = verifyCheckpoint(proof.value, logKey, logPoint);
  if (!checkpoint.ok) return checkpoint;

  return ok({
    uuid: fields.uuid,
    logIndex: fields.logIndex,
    integratedTime: fields.integratedTime,
    attribution: attribution.value,
    logName: logKey.name,
    checkpointOrigin: checkpoint.value.origin,
  });
}
