import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PyObject } from '../../../main/core/json/value.ts';
import { buildProofRecord, withoutSecrets } from '../../../devnet/trust-layer/proof-record.ts';
import { fullView, integrityVerified, publicView } from '../../../devnet/trust-layer/proof-views.ts';

// get_public_proof()'s keys in order (trust-layer-reference §3.2), then the three the endpoint appends.
const PUBLIC_ORDER = [
  'proof_id',
  'is_demo',
  'spec_version',
  'hashes',
  'commitments',
  'batch_anchor',
  'timestamp_authority',
  'timestamp',
  'upstream_timestamp',
  'verification_algorithm',
  'arkforge_signature',
  'arkforge_pubkey',
  'identity_consistent',
  'views_count',
  'transaction_success',
  'upstream_status_code',
  'disputed',
  'dispute_id',
  'transparency_log',
  'agent_identity',
  'agent_identity_verified',
  'did_resolution_status',
  'seller',
  'disclosed',
  'provider_payment',
  'integrity_verified',
];

function record(): PyObject {
  return buildProofRecord({
    proofId: 'prf_20261130_010203_abcdef',
    baseUrl: 'http://127.0.0.1:1',
    timestamp: '2026-11-30T01:02:03Z',
    requestData: {
      target: 'http://conformite.corpus.devnet.localhost/x',
      method: 'GET',
      payload: {},
      amount: 0,
      currency: 'eur',
    },
    responseData: { resource: '/x', exists: false },
    paymentData: { method: 'free_tier', transaction_id: 'free_tier', amount: 0, currency: 'eur', status: 'free_tier' },
    buyerFingerprint: 'ab'.repeat(32),
    seller: 'conformite.corpus.devnet.localhost',
    agentIdentity: 'did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq',
    agentIdentityVerified: true,
    didResolutionStatus: 'bound',
    identityConsistent: true,
    agentVersion: '1.0',
    upstreamTimestamp: 'Mon, 30 Nov 2026 01:02:03 GMT',
    transactionSuccess: true,
    upstreamStatusCode: 200,
    batchId: 'batch_20261130_010203_004',
    signer: { signChain: (hex) => `ed25519:${hex}`, publicKey: 'ed25519:k', kid: 'devnet-key-1' },
    randomBytes: (n) => new Uint8Array(randomBytes(n)),
  });
}

describe('proof views', () => {
  it('the public view has exactly the key set and order of get_public_proof plus disclosed, provider_payment, integrity_verified', () => {
    expect(Object.keys(publicView(record(), 3n))).toEqual(PUBLIC_ORDER);
  });

  it('commits the 11 fields of a 3.1 proof with an upstream Date, request_hash first (chain_data order)', () => {
    expect(Object.keys(record()['commitments'] as PyObject)).toEqual([
      'request_hash',
      'response_hash',
      'transaction_id',
      'timestamp',
      'buyer_fingerprint',
      'seller',
      'upstream_timestamp',
      'agent_identity',
      'agent_identity_verified',
      'did_resolution_status',
      'identity_consistent',
    ]);
  });

  it('a pending proof says so in batch_anchor and timestamp_authority and has no transparency_log yet', () => {
    const view = publicView(record(), 0n);
    expect(view['batch_anchor']).toEqual({ status: 'pending', batch_id: 'batch_20261130_010203_004' });
    expect(view['timestamp_authority']).toEqual({ status: 'pending_batch' });
    expect(view['transparency_log']).toBeNull();
  });

  it('flat identity values come from the committed data, so an edited parties block changes nothing', () => {
    const edited = record();
    (edited['parties'] as PyObject)['agent_identity'] = 'someone-else';
    expect(publicView(edited, 0n)['agent_identity']).toBe('did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq');
  });

  it('integrity_verified turns false when a nonce no longer opens its commitment', () => {
    const tampered = record();
    expect(integrityVerified(tampered)).toBe(true);
    (tampered['_commitment_nonces'] as PyObject)['seller'] = '00'.repeat(32);
    expect(integrityVerified(tampered)).toBe(false);
  });

  it('secrets leave only through the full view, renamed commitment_nonces and chain_data', () => {
    const proof = record();
    expect(Object.keys(withoutSecrets(proof)).some((key) => key.startsWith('_'))).toBe(false);
    expect(Object.keys(publicView(proof, 0n)).some((key) => key.startsWith('_') || key === 'chain_data')).toBe(false);
    const full = fullView(proof, 0n);
    expect(Object.keys(full['commitment_nonces'] as PyObject)).toHaveLength(11);
    expect((full['chain_data'] as PyObject)['seller']).toBe('conformite.corpus.devnet.localhost');
    expect(full['certification_fee']).toEqual({
      transaction_id: 'free_tier',
      amount: 0,
      currency: 'eur',
      status: 'free_tier',
      method: 'free_tier',
    });
  });
});
