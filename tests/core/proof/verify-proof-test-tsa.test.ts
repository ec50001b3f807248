import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PyObject } from '../../../main/core/json/value.ts';
import { verifyProof } from '../../../main/core/proof/verify-proof.ts';
import { WitnessMemo } from '../../../main/core/proof/witness-memo.ts';
import type { TrustBundle } from '../../../main/core/trust/bundle.ts';
import { createTestTsa, type TestTsa } from '../../support/test-tsa.ts';
import { viewOf } from './support/real-artefacts.ts';
import { syntheticBatch, syntheticBundle, syntheticSigner, type SyntheticProof } from './support/synthetic-proofs.ts';

let tsa: TestTsa;
let bundle: TrustBundle;
let batch: SyntheticProof[];
const signer = syntheticSigner(5);

beforeAll(() => {
  tsa = createTestTsa({ key: 'ec-p256', name: 'proof verify test' });
  bundle = syntheticBundle(signer, tsa);
  batch = syntheticBatch({ count: 7, seed: 'test', signer, stamp: (raw32) => tsa.stamp(raw32) });
});
afterAll(() => tsa.close());

describe('verifyProof under a test trust bundle (openssl TSA, test Ed25519 key): the same code path', () => {
  it('every proof of a 7-proof batch verifies, with arkforge_kid, and the token is verified once', async () => {
    const memo = new WitnessMemo();
    for (const proof of batch) {
      const report = await verifyProof({ view: viewOf(proof.view), offline: true }, { bundle, memo });
      expect(report).toMatchObject({ verdict: 'VERIFIED', independentWitnesses: 1, identity: { anchoring: 'opened' } });
      expect(report.anchorTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(memo.tsa.size).toBe(1);
  });

  it("the submission's disclosures open request_hash and response_hash; the opened values are reported", async () => {
    const [proof] = batch as [SyntheticProof];
    const view = viewOf(proof.view);
    const submission = { disclosures: { [view.proofId as string]: proof.disclosures } };
    const report = await verifyProof({ view, disclosure: submission, offline: true }, { bundle });
    expect(report.verdict).toBe('VERIFIED');
    expect(report.opened.request_hash).toBe(proof.disclosures.request_hash.value);
    expect(report.opened.response_hash).toBe(proof.disclosures.response_hash.value);
    expect(report.anomalies).toEqual([]);
  });

  it('hashes.request altered in the view: every witness stays green and the flat field is an issuer anomaly', async () => {
    const [proof] = batch as [SyntheticProof];
    const altered = structuredClone(proof.view);
    (altered.hashes as PyObject).request = `sha256:${'0f'.repeat(32)}`;
    const report = await verifyProof(
      { view: viewOf(altered), disclosure: proof.disclosures, offline: true },
      { bundle },
    );
    expect(report.verdict).toBe('VERIFIED');
    expect(report.anomalies).toEqual([
      {
        code: 'ISSUER_FLAT_FIELD_DIFFERS',
        field: 'request_hash',
        flat: `"${'0f'.repeat(32)}"`,
        opened: `"${proof.disclosures.request_hash.value}"`,
      },
    ]);
  });

  it('a disclosed response_hash value that does not open fails with OPENING_MISMATCH', async () => {
    const [proof] = batch as [SyntheticProof];
    const wrong = {
      ...proof.disclosures,
      response_hash: { ...proof.disclosures.response_hash, value: 'ab'.repeat(32) },
    };
    const report = await verifyProof({ view: viewOf(proof.view), disclosure: wrong, offline: true }, { bundle });
    expect(report.failure).toEqual({ check: 'openings', code: 'OPENING_MISMATCH' });
  });

  it('the production bundle refuses the test proofs: unknown kid, unknown TSA provider', async () => {
    const { loadTrustBundle } = await import('../../../main/services/trust/load-bundle.ts');
    const { PRODUCTION_BUNDLE_DIR } = await import('../../../main/services/trust/production-bundle.ts');
    const production = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
    if (!production.ok) throw new Error(production.error.message);
    const [proof] = batch as [SyntheticProof];
    const report = await verifyProof({ view: viewOf(proof.view), offline: true }, { bundle: production.value });
    const codes = Object.fromEntries(report.checks.map((c) => [c.name, c.code]));
    expect(codes).toMatchObject({ signature: 'SIGNATURE_UNKNOWN_KID', tsa: 'TSA_UNKNOWN_PROVIDER' });
  });
});
