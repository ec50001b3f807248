import { describe, expect, it } from 'vitest';
import { commitmentHex } from '../../../main/core/proof/commitments.ts';
import type { PyObject } from '../../../main/core/json/value.ts';
import {
  checkOpenings,
  disclosureFieldMap,
  openingsFromFieldMap,
  openingsFromOwnerView,
} from '../../../main/core/proof/openings.ts';
import type { ProofView } from '../../../main/core/proof/parse-view.ts';
import { artefactJson, artefactView, copyJson, viewOf } from './support/real-artefacts.ts';

const gel = () => copyJson(artefactJson('proof_proveit_gel.json'));
const own = (view: ProofView) => openingsFromFieldMap(view.disclosed, 'disclosed') ?? [];

/** A 3.1 proof whose request_hash commitment is replaced by one we can open, as an owner disclosure would. */
function withOpenableRequestHash(): { proof: PyObject; nonce: string; value: string } {
  const proof = gel();
  const nonce = '11'.repeat(32);
  const value = 'fcf90245abf92197d0aa081849aab238307b12e0461e1ff23a719355ca49041d';
  (proof.commitments as PyObject).request_hash = `sha256:${commitmentHex('request_hash', nonce, value)}`;
  return { proof, nonce, value };
}

describe('openings', () => {
  it('the four disclosed identity triplets of the real 3.1 proof open their commitments', () => {
    const view = artefactView('proof_proveit_gel.json');
    const result = checkOpenings(view, own(view));
    expect(result.outcome.status).toBe('OK');
    expect(result.opened.get('agent_identity')).toBe('did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq');
    expect(result.opened.get('did_resolution_status')).toBe('bound');
  });

  it('a changed disclosed value fails with OPENING_MISMATCH and gives both commitments', () => {
    const proof = gel();
    ((proof.disclosed as PyObject).did_resolution_status as PyObject).value = 'unverified';
    const view = viewOf(proof);
    const result = checkOpenings(view, own(view));
    expect(result.outcome).toMatchObject({
      status: 'FAIL',
      code: 'OPENING_MISMATCH',
      details: {
        field: 'did_resolution_status',
        expected: 'e1321c04cee8158929dfede68cd809088c0e9f13214c2d8cc96749c838f95856',
      },
    });
    expect(result.outcome.details.actual).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a changed disclosed nonce fails with OPENING_MISMATCH', () => {
    const proof = gel();
    const pair = (proof.disclosed as PyObject).agent_identity as PyObject;
    pair.nonce = `${(pair.nonce as string).slice(0, 63)}${(pair.nonce as string).endsWith('0') ? '1' : '0'}`;
    const view = viewOf(proof);
    expect(checkOpenings(view, own(view)).outcome).toMatchObject({ status: 'FAIL', code: 'OPENING_MISMATCH' });
  });

  it('the value true and the string "true" are different openings', () => {
    const proof = gel();
    ((proof.disclosed as PyObject).agent_identity_verified as PyObject).value = 'true';
    const view = viewOf(proof);
    expect(checkOpenings(view, own(view)).outcome.code).toBe('OPENING_MISMATCH');
  });

  it('a submission disclosure {request_hash: {nonce, value}} opens its commitment', () => {
    const { proof, nonce, value } = withOpenableRequestHash();
    const view = viewOf(proof);
    const submission = { disclosures: { [view.proofId as string]: { request_hash: { nonce, value } } } };
    const supplied = openingsFromFieldMap(disclosureFieldMap(submission, view.proofId), 'disclosure') ?? [];
    const result = checkOpenings(view, [...own(view), ...supplied]);
    expect(result.outcome.status).toBe('OK');
    expect(result.opened.get('request_hash')).toBe(value);
  });

  it('a disclosure bundle {"disclosed": {...}} and a bare field map are read the same way', () => {
    const { proof, nonce, value } = withOpenableRequestHash();
    const view = viewOf(proof);
    const bundle = openingsFromFieldMap(
      disclosureFieldMap({ disclosed: { request_hash: { nonce, value } } }, null),
      'disclosure',
    );
    const bare = openingsFromFieldMap(disclosureFieldMap({ request_hash: { nonce, value } }, null), 'disclosure');
    expect(checkOpenings(view, bundle ?? []).outcome.status).toBe('OK');
    expect(checkOpenings(view, bare ?? []).outcome.status).toBe('OK');
  });

  it('an owner view (commitment_nonces + chain_data) opens every field it carries', () => {
    const { proof, nonce, value } = withOpenableRequestHash();
    proof.commitment_nonces = { request_hash: nonce };
    proof.chain_data = { request_hash: value };
    const view = viewOf(proof);
    const result = checkOpenings(view, openingsFromOwnerView(view));
    expect(result.outcome.status).toBe('OK');
    expect(result.opened.get('request_hash')).toBe(value);
  });

  it('an opening of a field the proof does not commit fails with OPENING_NOT_COMMITTED', () => {
    const view = artefactView('proof_proveit_gel.json');
    const extra = openingsFromFieldMap({ payload: { nonce: '22'.repeat(32), value: 'x' } }, 'disclosure') ?? [];
    expect(checkOpenings(view, extra).outcome.code).toBe('OPENING_NOT_COMMITTED');
  });

  it('a nonce that is not 64 hex fails with OPENING_NONCE_MALFORMED; a missing value with OPENING_MALFORMED', () => {
    const view = artefactView('proof_proveit_gel.json');
    const short = openingsFromFieldMap({ seller: { nonce: 'abcd', value: 'x' } }, 'disclosure') ?? [];
    expect(checkOpenings(view, short).outcome.code).toBe('OPENING_NONCE_MALFORMED');
    const noValue = openingsFromFieldMap({ seller: { nonce: '22'.repeat(32) } }, 'disclosure') ?? [];
    expect(checkOpenings(view, noValue).outcome.code).toBe('OPENING_MALFORMED');
  });

  it("the real proof's disclosed nonces in capitals still open their commitments (32 raw bytes, either case)", () => {
    const proof = gel();
    for (const pair of Object.values(proof.disclosed as PyObject))
      (pair as PyObject).nonce = ((pair as PyObject).nonce as string).toUpperCase();
    const view = viewOf(proof);
    expect(checkOpenings(view, own(view)).outcome.status).toBe('OK');
  });

  it('a disclosure for a proof before spec 3.0 fails with OPENING_BEFORE_COMMITMENTS', () => {
    const view = artefactView('proof_2026_07.json');
    const supplied = openingsFromFieldMap({ seller: { nonce: '22'.repeat(32), value: 'x' } }, 'disclosure') ?? [];
    expect(checkOpenings(view, supplied).outcome.code).toBe('OPENING_BEFORE_COMMITMENTS');
  });

  it('no opening at all is SKIP (OPENING_NONE)', () => {
    expect(checkOpenings(artefactView('proof_rekor.json'), []).outcome).toMatchObject({
      status: 'SKIP',
      code: 'OPENING_NONE',
    });
  });
});
