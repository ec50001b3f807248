import { beforeAll, describe, expect, it } from 'vitest';
import type { PyObject } from '../../../main/core/json/value.ts';
import { verifyProof, type VerifyProofInput } from '../../../main/core/proof/verify-proof.ts';
import { missingWitness } from '../../../main/core/proof/witness-pair.ts';
import type { TrustBundle } from '../../../main/core/trust/bundle.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../../main/services/trust/production-bundle.ts';
import { artefactJson, artefactView, copyJson, viewOf } from './support/real-artefacts.ts';

let bundle: TrustBundle;
beforeAll(async () => {
  const loaded = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
  if (!loaded.ok) throw new Error(loaded.error.message);
  bundle = loaded.value;
});

const verify = (input: VerifyProofInput) => verifyProof({ offline: true, ...input }, { bundle });

describe('one witness rule: what a VERIFIED report lacks (real production artefacts)', () => {
  it('a proof with its token and its Rekor entry lacks nothing, and reports the entry’s signed integration time', async () => {
    const report = await verify({
      view: artefactView('proof_rekor.json'),
      rekorEntry: artefactJson('rekor_entry.json'),
    });
    expect(report.verdict).toBe('VERIFIED');
    expect(missingWitness(report)).toBeNull();
    expect(report.logIntegratedTime).toBe('2026-03-03T16:18:55.000Z');
  });

  it('the freeze proof verified on its token alone, no entry given, lacks its Rekor entry: awaitable, no integration time', async () => {
    const report = await verify({ view: artefactView('proof_proveit_gel.json') });
    expect(report).toMatchObject({ verdict: 'VERIFIED', independentWitnesses: 1, logIntegratedTime: null });
    expect(missingWitness(report)).toEqual({ witness: 'rekor', code: 'WITNESS_OFFLINE', awaitable: true });
  });

  it('a batch whose RFC 3161 step failed, verified on its Rekor entry alone, lacks its token for good', async () => {
    const proof = copyJson(artefactJson('proof_rekor.json'));
    proof.timestamp_authority = { status: 'failed' } as PyObject;
    const report = await verify({ view: viewOf(proof), rekorEntry: artefactJson('rekor_entry.json') });
    expect(report).toMatchObject({ verdict: 'VERIFIED', independentWitnesses: 1, anchorTime: null });
    expect(missingWitness(report)).toEqual({ witness: 'tsa', code: 'WITNESS_TOKEN_FAILED', awaitable: false });
    // The window's bound without the token (docs/scoring.md "A bounded time when the token failed").
    expect(report.logIntegratedTime).toBe('2026-03-03T16:18:55.000Z');
  });

  it('a proof whose view records its Rekor step as failed lacks its entry for good', async () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    proof.transparency_log = { status: 'failed' } as PyObject;
    const report = await verify({ view: viewOf(proof) });
    expect(missingWitness(report)).toEqual({ witness: 'rekor', code: 'WITNESS_LOG_FAILED', awaitable: false });
  });

  it('a pending or failed report is not asked: its verdict decides first', async () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    proof.timestamp_authority = { status: 'pending_batch' } as PyObject;
    (proof.batch_anchor as PyObject).status = 'pending';
    const report = await verify({ view: viewOf(proof) });
    expect(report.verdict).not.toBe('VERIFIED');
    expect(missingWitness(report)).toBeNull();
  });
});
