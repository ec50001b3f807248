/**
 * What the RFC 3161 token checks share (the pattern of core/scoring/model.ts): the trust they are given, the facts
 * they establish and their codes. A leaf: every step module of this folder imports it, it imports none of them, so
 * the folder has no circle.
 */

/** One timestamp authority's trust material: DER certificates (the bundle loader decodes the PEM files). */
export interface TsaProviderTrust {
  roots: Uint8Array[];
  untrusted: Uint8Array[];
}

/** Keyed by the provider name a proof states in `timestamp_authority.provider`, e.g. "freetsa.org". */
export type TsaTrust = Record<string, TsaProviderTrust>;

export interface TimestampFacts {
  /** TSTInfo genTime, ISO 8601 UTC ("2026-09-23T07:31:48Z"; milliseconds only when the token has them). */
  genTime: string;
  /** TSTInfo serialNumber, lowercase hex of its unsigned value. */
  serialNumber: string;
  /** TSTInfo policy OID. */
  policy: string;
}

/** One stable code per distinct check (docs/conventions.md: codes are API). */
export type TsaCode =
  | 'TSA_ANCHORED_HASH_LENGTH'
  | 'TSA_UNKNOWN_PROVIDER'
  | 'TSA_TRUST_CERT_MALFORMED'
  | 'TSA_RESPONSE_MALFORMED'
  | 'TSA_STATUS_NOT_GRANTED'
  | 'TSA_TOKEN_ABSENT'
  | 'TSA_CONTENT_NOT_SIGNED_DATA'
  | 'TSA_ECONTENT_TYPE'
  | 'TSA_TSTINFO_MALFORMED'
  | 'TSA_SIGNER_COUNT'
  | 'TSA_IMPRINT_ALGORITHM'
  | 'TSA_IMPRINT_MISMATCH'
  | 'TSA_SIGNER_CERT_NOT_FOUND'
  | 'TSA_SIGNED_ATTRIBUTES_MISSING'
  | 'TSA_CONTENT_TYPE_ATTRIBUTE'
  | 'TSA_DIGEST_ALGORITHM_UNSUPPORTED'
  | 'TSA_MESSAGE_DIGEST_MISSING'
  | 'TSA_MESSAGE_DIGEST_MISMATCH'
  | 'TSA_SIGNATURE_ALGORITHM_UNSUPPORTED'
  | 'TSA_SIGNATURE_INVALID'
  | 'TSA_ESS_ATTRIBUTE_MISSING'
  | 'TSA_ESS_ATTRIBUTE_MALFORMED'
  | 'TSA_ESS_CERT_MISMATCH'
  | 'TSA_SIGNER_EKU_MISSING'
  | 'TSA_SIGNER_EKU_NOT_CRITICAL'
  | 'TSA_SIGNER_EKU_NOT_EXCLUSIVE'
  | 'TSA_CERT_NOT_VALID_AT_GENTIME'
  | 'TSA_CHAIN_UNTRUSTED'
  | 'TSA_STRUCTURE_UNEXPECTED';
