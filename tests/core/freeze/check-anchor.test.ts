import { describe, expect, it } from 'vitest';
import { checkFreezeAnchor } from '../../../main/core/freeze/check-anchor.ts';
import { commitmentHex } from '../../../main/core/proof/commitments.ts';
import type { PyObject } from '../../../main/core/json/value.ts';

const expected = 'ab'.repeat(32);
const nonce = 'cd'.repeat(32);
const committed = `sha256:${commitmentHex('request_hash', nonce, expected)}`;
const proxyProof = (): PyObject => ({
  proof_id: 'prf_20260923_072144_2ad720',
  hashes: { request: `sha256:${expected}` },
  commitments: { request_hash: committed },
});
const fullView = (): PyObject => ({
  proof_id: 'prf_20260923_072144_2ad720',
  commitments: { request_hash: committed },
  commitment_nonces: { request_hash: nonce },
  chain_data: { request_hash: expected },
});
const check = (proof: PyObject, full: PyObject) => {
  const result = checkFreezeAnchor({
    proofId: 'prf_20260923_072144_2ad720',
    proxyProof: proof,
    fullView: full,
    expectedRequestHash: expected,
  });
  return result.ok ? result.value : `${result.error.code} ${String(result.error.details?.['field'])}`;
};

describe('checking a fresh freeze proof anchors the posted document (before recording it)', () => {
  it('the owner view opens request_hash to the document hash: the opening is returned for publication', () => {
    expect(check(proxyProof(), fullView())).toEqual({ nonce, value: expected });
  });

  it('a proxy that hashed another request is refused at proof.hashes.request', () => {
    expect(check({ ...proxyProof(), hashes: { request: `sha256:${'00'.repeat(32)}` } }, fullView())).toBe(
      'FREEZE_ANCHOR_MISMATCH proof.hashes.request',
    );
  });

  it('an owner view of another proof, another chain_data value or a nonce that does not open are refused', () => {
    expect(check(proxyProof(), { ...fullView(), proof_id: 'prf_20260101_000000_000000' })).toBe(
      'FREEZE_ANCHOR_MISMATCH full view proof_id',
    );
    expect(check(proxyProof(), { ...fullView(), chain_data: { request_hash: '00'.repeat(32) } })).toBe(
      'FREEZE_ANCHOR_MISMATCH chain_data.request_hash',
    );
    expect(check(proxyProof(), { ...fullView(), commitment_nonces: { request_hash: 'ee'.repeat(32) } })).toBe(
      'FREEZE_ANCHOR_MISMATCH commitments.request_hash',
    );
    expect(check(proxyProof(), { ...fullView(), commitment_nonces: {} })).toBe(
      'FREEZE_ANCHOR_MISMATCH commitment_nonces.request_hash',
    );
  });

  it('a proxy answer committing to something else than the owner view is refused', () => {
    expect(check({ ...proxyProof(), commitments: { request_hash: `sha256:${'11'.repeat(32)}` } }, fullView())).toBe(
      'FREEZE_ANCHOR_MISMATCH proof.commitments.request_hash',
    );
  });
});
