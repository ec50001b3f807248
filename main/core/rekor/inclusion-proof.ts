import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { leafHash } from '../merkle/rfc6962.ts';
import { verifyInclusion } from '../merkle/verify-inclusion.ts';
import { fail, ok, type Result } from '../result.ts';
import { asCount, isRecord, type RekorEntryFields } from './entry-shape.ts';
import type { RekorCode, RekorInclusionCode } from './model.ts';

export interface InclusionProof {
  logIndex: number;
  treeSize: number;
  rootHash: Uint8Array;
  hashes: Uint8Array[];
  checkpoint: string;
}

const HASH = /^[0-9a-f]{64}$/;

export function readInclusionProof(fields: RekorEntryFields): Result<InclusionProof, RekorCode> {
  const proof = fields.verification?.inclusionProof;
  const malformed = (message: string) =>
    fail<RekorCode>('REKOR_INCLUSION_PROOF_MALFORMED', `verification.inclusionProof: ${message}`, {
      uuid: fields.uuid,
    });
  if (!isRecord(proof)) return malformed('absent; an entry without an inclusion proof cannot be checked offline');
  const logIndex = asCount(proof.logIndex);
  const treeSize = asCount(proof.treeSize);
  const { rootHash, hashes, checkpoint } = proof;
  if (logIndex === null || treeSize === null)
    return malformed('"logIndex" and "treeSize" must be non-negative integers');
  if (typeof rootHash !== 'string' || !HASH.test(rootHash)) return malformed('"rootHash" must be 64 lowercase hex');
  if (!Array.isArray(hashes) || !hashes.every((h) => typeof h === 'string' && HASH.test(h))) {
    return malformed('"hashes" must be a list of 64-hex hashes');
  }
  if (typeof checkpoint !== 'string') return malformed('"checkpoint" must be the signed note text');
  return ok({
    logIndex,
    treeSize,
    rootHash: hexToBytes(rootHash),
    hashes: (hashes as string[]).map((h) => hexToBytes(h)),
    checkpoint,
  });
}

/**
 * trust-layer-reference §6.2 step 7 with the §4.4 MUSTs: leaf = SHA-256(0x00 ‖ body), walked with the
 * shard-local `inclusionProof.logIndex` (not the global top-level logIndex), path length equal to the expected
 * length, every hash consumed, root equal to rootHash. Returns the leaf hash for the uuid check.
 */
export function verifyEntryInclusion(bodyBytes: Uint8Array, proof: InclusionProof): Result<Uint8Array, RekorCode> {
  const leaf = leafHash(bodyBytes);
  const walked = verifyInclusion({
    leaf,
    index: proof.logIndex,
    size: proof.treeSize,
    path: proof.hashes,
    root: proof.rootHash,
  });
  if (!walked.ok) {
    const code = walked.error.code.replace('MERKLE_', 'REKOR_INCLUSION_') as RekorInclusionCode;
    return fail(code, `Rekor inclusion proof: ${walked.error.message}`, {
      ...walked.error.details,
      leaf: bytesToHex(leaf),
    });
  }
  return ok(leaf);
}
