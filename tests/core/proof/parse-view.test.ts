import { describe, expect, it } from 'vitest';
import type { PyObject } from '../../../main/core/json/value.ts';
import { parseProofView, proofViewFromJson } from '../../../main/core/proof/parse-view.ts';
import { artefactBytes, artefactJson, copyJson, vectorJson, viewOf } from './support/real-artefacts.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('proof view parsing', () => {
  it('keeps the raw bytes and reads the 3.1 public view', () => {
    const raw = artefactBytes('proof_proveit_gel.json');
    const parsed = parseProofView(raw);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.raw).toBe(raw);
    expect(parsed.value).toMatchObject({
      proofId: 'prf_20260923_072144_2ad720',
      specVersion: '3.1',
      algorithm: 'commitments',
      kid: undefined,
    });
    expect(parsed.value.preimage.buyer_fingerprint).toBeUndefined();
    expect(parsed.value.flat.request_hash).toBe('fcf90245abf92197d0aa081849aab238307b12e0461e1ff23a719355ca49041d');
  });

  it('reads the 1.2 view with commitments: null and batch_anchor: null, and the legacy tsr_url', () => {
    const view = viewOf(artefactJson('proof_2026_07.json'));
    expect(view).toMatchObject({ algorithm: 'values', commitments: null, batchAnchor: null });
    expect((view.timestampAuthority as PyObject).tsr_url).toMatch(/\/tsr$/);
  });

  it('reads `payment` (legacy) and `certification_fee` (implementation) as the same transaction id', () => {
    const legacy = viewOf(vectorJson('legacy-owner-record-2026-02.json'));
    expect(legacy.preimage.transaction_id).toBe('pi_3T589s6iihEhp9U90MAMOCHF');
    expect(legacy.specVersion).toBeNull();
    expect(legacy.algorithm).toBe('legacy');
    const owner = copyJson(artefactJson('proof_2026_07.json'));
    owner.certification_fee = { transaction_id: 'crd_1', method: 'credit' };
    expect(viewOf(owner).preimage.transaction_id).toBe('crd_1');
  });

  it('reads seller and identity from `parties` when the flat field is absent (owner and legacy shapes)', () => {
    const legacy = viewOf(vectorJson('legacy-owner-record-2026-02.json'));
    expect(legacy.preimage.seller).toBe('arkforge.fr');
    expect(legacy.preimage.buyer_fingerprint).toBe('833ffc8249c4283c9a4fc3b12733a064237a42df124727efcb0c88cc3d18dbd0');
    expect(legacy.flat.agent_identity).toBeNull();
  });

  it('reads the optional arkforge_kid and the receipt hash without its prefix', () => {
    const proof = copyJson(artefactJson('proof_rekor.json'));
    proof.arkforge_kid = 'key-1';
    const view = viewOf(proof);
    expect(view.kid).toBe('key-1');
    expect(view.preimage.receipt_content_hash).toBe('c26b65261ff8fdb91fb87d2f715961114975043d9cf045a0c1cf62a045cbfb8e');
  });

  it('reads one entry of a POST /v1/proofs answer', () => {
    const answer = { proofs: { prf_20260923_072144_2ad720: artefactJson('proof_proveit_gel.json') } };
    const entry = answer.proofs.prf_20260923_072144_2ad720;
    const parsed = proofViewFromJson(entry, encode('{}'));
    expect(parsed.ok && parsed.value.specVersion).toBe('3.1');
  });

  it('an unknown spec_version is refused, never guessed', () => {
    for (const version of ['3.2', '4.0', '', 3.1, 31n, true]) {
      const proof = copyJson(artefactJson('proof_proveit_gel.json'));
      proof.spec_version = version;
      const parsed = proofViewFromJson(proof, encode(''));
      expect(!parsed.ok && parsed.error.code, String(version)).toBe('PROOF_SPEC_VERSION_UNKNOWN');
    }
  });

  it('bytes that are not JSON, and JSON that is not an object, are refused with their codes', () => {
    const notJson = parseProofView(encode('{"proof_id": '));
    expect(!notJson.ok && notJson.error.code).toBe('PROOF_NOT_JSON');
    const notObject = parseProofView(encode('[1, 2]'));
    expect(!notObject.ok && notObject.error.code).toBe('PROOF_NOT_OBJECT');
  });
});
