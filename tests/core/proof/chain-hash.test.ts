import { describe, expect, it } from 'vitest';
import { sha256Hex, sha256HexOfText } from '../../../main/core/hash/sha256.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import type { PyJson, PyObject } from '../../../main/core/json/value.ts';
import { checkChain, legacyChainHash, valuesChainHash, type ChainInputs } from '../../../main/core/proof/chain-hash.ts';
import { artefactJson, artefactView, copyJson, vectorJson, viewOf } from './support/real-artefacts.ts';

const spec = artefactJson('proof-spec-test-vectors-2.1.0.json');
const vectors = spec.vectors as PyObject[];

/** The spec's inputs name transaction_id "payment_intent_id" and carry the API key, not its fingerprint. */
function inputsOf(vector: PyObject): ChainInputs {
  const input = vector.input as PyObject;
  return {
    request_hash: sha256HexOfText(canonical(input.request as PyJson)),
    response_hash: sha256HexOfText(canonical(input.response as PyJson)),
    transaction_id: input.payment_intent_id as string,
    timestamp: input.timestamp as string,
    buyer_fingerprint: sha256HexOfText(input.api_key as string),
    seller: input.seller as string,
    upstream_timestamp: (input.upstream_timestamp as string | undefined) ?? null,
    receipt_content_hash: (input.receipt_content_hash as string | undefined) ?? null,
  };
}

describe('chain hash', () => {
  it('reproduces every proof-spec 2.1.0 test vector (legacy concatenation and canonical values)', () => {
    expect(vectors.length).toBe(9);
    for (const vector of vectors) {
      const expected = vector.expected as PyObject;
      const inputs = inputsOf(vector);
      expect(inputs.request_hash, `${String(vector.name)} request`).toBe(expected.request_hash);
      expect(inputs.response_hash, `${String(vector.name)} response`).toBe(expected.response_hash);
      expect(inputs.buyer_fingerprint, `${String(vector.name)} buyer`).toBe(expected.buyer_fingerprint);
      const chain = vector.algorithm === 'canonical_json' ? valuesChainHash(inputs) : legacyChainHash(inputs);
      expect(chain, String(vector.name)).toBe(expected.chain_hash);
    }
  });

  it('recomputes the spec 3.1 freeze proof chain as the root of its 11 sorted commitments', () => {
    const outcome = checkChain(artefactView('proof_proveit_gel.json'));
    expect(outcome).toMatchObject({ status: 'OK', details: { algorithm: 'commitments', fields: 11 } });
  });

  it('recomputes a legacy owner record with `payment` and `parties` (Feb 2026, no spec_version)', () => {
    const outcome = checkChain(viewOf(vectorJson('legacy-owner-record-2026-02.json')));
    expect(outcome).toMatchObject({ status: 'OK', details: { algorithm: 'legacy' } });
  });

  it('recomputes a spec 1.2 owner view that names the fee `certification_fee`', () => {
    const inputs = inputsOf(vectors.find((v) => v.name === 'canonical_json_v1_2') as PyObject);
    const owner = copyJson(artefactJson('proof_2026_07.json'));
    owner.hashes = { request: `sha256:${inputs.request_hash}`, response: `sha256:${inputs.response_hash}`, chain: '' };
    owner.parties = { buyer_fingerprint: inputs.buyer_fingerprint, seller: inputs.seller };
    owner.certification_fee = { transaction_id: inputs.transaction_id, method: 'stripe' };
    owner.timestamp = inputs.timestamp;
    delete owner.upstream_timestamp;
    delete owner.seller;
    owner.provider_payment = null;
    (owner.hashes as PyObject).chain = `sha256:${valuesChainHash(inputs)}`;
    expect(checkChain(viewOf(owner)).status).toBe('OK');
  });

  it('a spec 1.2 public view whose preimage is redacted is SKIP, never FAIL', () => {
    const outcome = checkChain(artefactView('proof_2026_07.json'));
    expect(outcome).toMatchObject({ status: 'SKIP', code: 'CHAIN_PREIMAGE_REDACTED' });
  });

  it('a spec 2.0 public view (legacy) whose preimage is redacted is SKIP', () => {
    expect(checkChain(artefactView('proof_rekor.json'))).toMatchObject({
      status: 'SKIP',
      code: 'CHAIN_PREIMAGE_REDACTED',
    });
  });

  it('a changed chain hash fails with CHAIN_MISMATCH and gives both values', () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    const wrong = sha256Hex(new Uint8Array([1]));
    (proof.hashes as PyObject).chain = `sha256:${wrong}`;
    const outcome = checkChain(viewOf(proof));
    expect(outcome).toMatchObject({
      status: 'FAIL',
      code: 'CHAIN_MISMATCH',
      details: { expected: wrong, actual: '39384292e666534cd3111304449f40b7ebdf298e86f3c0ce2e9698eb6e6dd8d9' },
    });
  });

  it('a changed commitment fails with CHAIN_MISMATCH', () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    (proof.commitments as PyObject).seller = `sha256:${sha256Hex(new Uint8Array([2]))}`;
    expect(checkChain(viewOf(proof))).toMatchObject({ status: 'FAIL', code: 'CHAIN_MISMATCH' });
  });

  it('a dropped commitment fails with CHAIN_MISMATCH', () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    delete (proof.commitments as PyObject).upstream_timestamp;
    expect(checkChain(viewOf(proof))).toMatchObject({ status: 'FAIL', code: 'CHAIN_MISMATCH' });
  });

  it('a reordered commitments object still verifies: leaves are sorted by field name', () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    const commitments = proof.commitments as PyObject;
    proof.commitments = Object.fromEntries(Object.entries(commitments).reverse()) as PyObject;
    expect(checkChain(viewOf(proof)).status).toBe('OK');
  });

  it('malformed input fails with a code, never a crash', () => {
    const cases: [string, (p: PyObject) => void][] = [
      ['CHAIN_HASH_MALFORMED', (p) => ((p.hashes as PyObject).chain = 'sha256:xyz')],
      ['CHAIN_HASH_MALFORMED', (p) => (p.hashes = null)],
      ['CHAIN_COMMITMENTS_MISSING', (p) => (p.commitments = null)],
      ['CHAIN_COMMITMENTS_MISSING', (p) => (p.commitments = {})],
      ['CHAIN_COMMITMENT_MALFORMED', (p) => ((p.commitments as PyObject).seller = 42n)],
    ];
    for (const [code, tamper] of cases) {
      const proof = copyJson(artefactJson('proof_proveit_gel.json'));
      tamper(proof);
      expect(checkChain(viewOf(proof)), code).toMatchObject({ status: 'FAIL', code });
    }
    const legacy = copyJson(vectorJson('legacy-owner-record-2026-02.json'));
    (legacy.parties as PyObject).seller = null;
    expect(checkChain(viewOf(legacy))).toMatchObject({ status: 'FAIL', code: 'CHAIN_INPUT_MALFORMED' });
  });
});
