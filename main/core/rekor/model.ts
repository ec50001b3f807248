import type { InclusionCode } from '../merkle/verify-inclusion.ts';

/**
 * What the Rekor entry checks share (the pattern of core/scoring/model.ts): the trust they are given, the facts they
 * establish and their codes. A leaf: every step module of this folder imports it, it imports none of them, so the
 * folder has no circle.
 */

/** Merkle codes carried over under the Rekor prefix: MERKLE_PATH_LENGTH → REKOR_INCLUSION_PATH_LENGTH. */
export type RekorInclusionCode = `REKOR_INCLUSION_${InclusionCode extends `MERKLE_${infer Rest}` ? Rest : never}`;

/** A transparency log's key. The entry's logID must equal SHA-256 of `spkiDer` (RFC 6962 §3.2 LogID). */
export interface RekorLogKey {
  name: string;
  logId: string;
  spkiDer: Uint8Array;
}

/** One of ArkForge's published Rekor submitter keys (published_keys.json `rekor_keys`). */
export interface ArkforgeRekorKey {
  kid: string;
  publicPem: string;
  validFrom: string;
  retiredAt: string | null;
}

export interface RekorTrust {
  logKeys: RekorLogKey[];
  arkforgeKeys: ArkforgeRekorKey[];
}

export interface RekorFacts {
  uuid: string;
  /** The global (top-level) log index, as the proof's transparency_log.log_index states it. */
  logIndex: number;
  integratedTime: number;
  attribution: { status: 'verified'; kid: string } | { status: 'unverifiable' };
  /** The trusted log key that signed the SET and the checkpoint. */
  logName?: string;
  /** The checkpoint's origin line. */
  checkpointOrigin?: string;
}

/** One stable code per distinct check (docs/conventions.md: codes are API). */
export type RekorCode =
  | 'REKOR_ANCHORED_HEX_INVALID'
  | 'REKOR_ENTRY_SHAPE'
  | 'REKOR_UUID_MISMATCH'
  | 'REKOR_BODY_MALFORMED'
  | 'REKOR_KIND_UNSUPPORTED'
  | 'REKOR_HASHEDREKORD_MALFORMED'
  | 'REKOR_HASH_ALGORITHM'
  | 'REKOR_HASH_MISMATCH'
  | 'REKOR_ENTRY_KEY_MALFORMED'
  | 'REKOR_ENTRY_SIGNATURE_INVALID'
  | 'REKOR_SIGNER_UNKNOWN'
  | 'REKOR_LOG_UNKNOWN'
  | 'REKOR_LOG_KEY_UNSUPPORTED'
  | 'REKOR_SET_MISSING'
  | 'REKOR_SET_INVALID'
  | 'REKOR_INCLUSION_PROOF_MALFORMED'
  | RekorInclusionCode
  | 'REKOR_UUID_LEAF_MISMATCH'
  | 'REKOR_CHECKPOINT_MALFORMED'
  | 'REKOR_CHECKPOINT_TREE_SIZE'
  | 'REKOR_CHECKPOINT_ROOT_MISMATCH'
  | 'REKOR_CHECKPOINT_KEY_HINT'
  | 'REKOR_CHECKPOINT_KEY_NAME'
  | 'REKOR_CHECKPOINT_SIGNATURE_INVALID'
  | 'REKOR_SIGSTORE_DISAGREES';
