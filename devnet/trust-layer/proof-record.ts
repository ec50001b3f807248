import { sha256Canonical } from '../../main/core/json/sha256-canonical.ts';
import type { PyJson, PyObject } from '../../main/core/json/value.ts';
import { commitFields } from './commitments.ts';

export const VERIFICATION_ALGORITHM =
  'https://github.com/ark-forge/proof-spec/blob/main/SPEC.md#2-chain-hash-algorithm';

export interface ProofSigner {
  /** "ed25519:" + base64url(signature over the chain hex as ASCII), reference §5. */
  signChain(chainHex: string): string;
  publicKey: string;
  kid: string;
}

export interface ProofInputs {
  proofId: string;
  baseUrl: string;
  timestamp: string;
  requestData: PyObject;
  responseData: PyJson;
  paymentData: PyObject;
  buyerFingerprint: string;
  seller: string;
  agentIdentity: string | null;
  agentIdentityVerified: true | null;
  didResolutionStatus: 'bound' | 'unverified' | null;
  identityConsistent: boolean | null;
  agentVersion: string | null;
  upstreamTimestamp: string | null;
  transactionSuccess: boolean;
  upstreamStatusCode: number | null;
  batchId: string;
  signer: ProofSigner;
  randomBytes: (n: number) => Uint8Array;
}

/**
 * The stored record of one spec 3.1 proof, as generate_proof() and the proxy build it (reference §3.1).
 * Keys starting with `_` are secret: only GET /v1/proof/{id}/full serves them, renamed.
 */
export function buildProofRecord(input: ProofInputs): PyObject {
  const requestHash = sha256Canonical(input.requestData);
  const responseHash = sha256Canonical(input.responseData);
  // chain_data in generate_proof()'s insertion order: the six base fields, upstream_timestamp when truthy, then
  // the four identity fields of spec 3.1, null when absent (reference §4.3 "Committed field set").
  const chainData: PyObject = {
    request_hash: requestHash,
    response_hash: responseHash,
    transaction_id: input.paymentData['transaction_id'] ?? '',
    timestamp: input.timestamp,
    buyer_fingerprint: input.buyerFingerprint,
    seller: input.seller,
  };
  if (input.upstreamTimestamp) chainData['upstream_timestamp'] = input.upstreamTimestamp;
  chainData['agent_identity'] = input.agentIdentity;
  chainData['agent_identity_verified'] = input.agentIdentityVerified;
  chainData['did_resolution_status'] = input.didResolutionStatus;
  chainData['identity_consistent'] = input.identityConsistent;
  const committed = commitFields(chainData, input.randomBytes);

  const record: PyObject = {
    proof_id: input.proofId,
    spec_version: '3.1',
    verification_url: `${input.baseUrl}/v1/proof/${input.proofId}`,
    verification_algorithm: VERIFICATION_ALGORITHM,
    hashes: {
      request: `sha256:${requestHash}`,
      response: `sha256:${responseHash}`,
      chain: `sha256:${committed.chainHash}`,
    },
    parties: {
      buyer_fingerprint: input.buyerFingerprint,
      seller: input.seller,
      agent_identity: input.agentIdentity,
      agent_identity_verified: input.agentIdentityVerified,
      did_resolution_status: input.didResolutionStatus,
      agent_version: input.agentVersion,
    },
    certification_fee: input.paymentData,
    timestamp: input.timestamp,
    timestamp_authority: { status: 'pending_batch' },
    identity_consistent: input.identityConsistent,
    transaction_success: input.transactionSuccess,
  };
  if (input.upstreamStatusCode !== null) record['upstream_status_code'] = BigInt(input.upstreamStatusCode);
  if (input.upstreamTimestamp) record['upstream_timestamp'] = input.upstreamTimestamp;
  record['arkforge_signature'] = input.signer.signChain(committed.chainHash);
  record['arkforge_pubkey'] = input.signer.publicKey;
  record['arkforge_kid'] = input.signer.kid;
  record['commitments'] = committed.commitments;
  record['batch_anchor'] = { status: 'pending', batch_id: input.batchId };
  record['_commitment_nonces'] = committed.nonces;
  record['_chain_data'] = chainData;
  return record;
}

/** The record without its secret `_` keys, as the proxy returns it (reference §3.3, last paragraph). */
export function withoutSecrets(record: PyObject): PyObject {
  const out: PyObject = {};
  for (const key of Object.keys(record)) if (!key.startsWith('_')) out[key] = record[key] as PyJson;
  return out;
}
