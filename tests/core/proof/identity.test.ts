import { describe, expect, it } from 'vitest';
import type { PyObject } from '../../../main/core/json/value.ts';
import { checkIdentity } from '../../../main/core/proof/identity.ts';
import { checkOpenings, openingsFromFieldMap } from '../../../main/core/proof/openings.ts';
import type { ProofView } from '../../../main/core/proof/parse-view.ts';
import { artefactJson, artefactView, copyJson, viewOf } from './support/real-artefacts.ts';

function identityOf(view: ProofView) {
  const opened = checkOpenings(view, openingsFromFieldMap(view.disclosed, 'disclosed') ?? []).opened;
  return checkIdentity(view, opened);
}

describe('spec 3.1 identity', () => {
  it('the real freeze proof opens identity, verified and status', () => {
    const result = identityOf(artefactView('proof_proveit_gel.json'));
    expect(result.outcome.status).toBe('OK');
    expect(result.identity).toEqual({
      anchoring: 'opened',
      identity: 'did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq',
      verified: true,
      status: 'bound',
      consistent: true,
    });
  });

  it('a 3.0 proof carrying an identity is "not anchored", never evidence', () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    proof.spec_version = '3.0';
    const result = identityOf(viewOf(proof));
    expect(result.outcome).toMatchObject({ status: 'SKIP', code: 'IDENTITY_NOT_ANCHORED' });
    expect(result.identity.anchoring).toBe('not_anchored');
    expect(result.identity.identity).toBeUndefined();
  });

  it('a 3.1 proof whose disclosed block lacks a field fails with IDENTITY_NOT_OPENED', () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    delete (proof.disclosed as PyObject).did_resolution_status;
    const result = identityOf(viewOf(proof));
    expect(result.outcome).toMatchObject({
      status: 'FAIL',
      code: 'IDENTITY_NOT_OPENED',
      details: { missing: ['did_resolution_status'] },
    });
    expect(result.identity.anchoring).toBe('not_opened');
  });

  it('a 3.1 proof without an identity commitment fails with IDENTITY_NOT_COMMITTED', () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    delete (proof.commitments as PyObject).agent_identity;
    expect(identityOf(viewOf(proof)).outcome.code).toBe('IDENTITY_NOT_COMMITTED');
  });

  it('the three-field variant (no identity_consistent committed) opens with consistent undefined', () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    delete (proof.commitments as PyObject).identity_consistent;
    delete (proof.disclosed as PyObject).identity_consistent;
    const result = identityOf(viewOf(proof));
    expect(result.outcome).toMatchObject({ status: 'OK', details: { fields: 3 } });
    expect(result.identity.consistent).toBeUndefined();
  });
});
