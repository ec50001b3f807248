import { describe, expect, it } from 'vitest';
import { newPyObject, pyObjectFrom, type PyJson } from '../../../main/core/json/value.ts';
import type { ProofReport } from '../../../main/core/proof/report.ts';
import { verifyProof } from '../../../main/core/proof/verify-proof.ts';
import { decodeCitedRun, encodeCitedRun } from '../../../main/services/close/cited-wire.ts';
import type { CitedOutcome } from '../../../main/services/close/verify-cited.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../../main/services/trust/production-bundle.ts';
import { artefactView } from '../../core/proof/support/real-artefacts.ts';

const NO_DETAILS = Object.freeze({});
const withoutDetails = (report: ProofReport): ProofReport => ({
  ...report,
  checks: report.checks.map((c) => ({ ...c, details: NO_DETAILS })),
});

async function realReport(): Promise<ProofReport> {
  const trust = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
  if (!trust.ok) throw new Error(trust.error.message);
  const report = await verifyProof(
    { view: artefactView('proof_proveit_gel.json'), offline: true },
    { bundle: trust.value },
  );
  return withoutDetails(report);
}

/** Values JSON numbers would blur: Python ints of any size, floats with -0.0, NaN and the infinities. */
const awkward: PyJson = pyObjectFrom([
  ['__proto__', 'a plain key'],
  ['2', 'an index-like key first'],
  ['big', 123456789012345678901234567890n],
  ['one', 1n],
  ['one_float', 1],
  ['negative_zero', -0],
  ['nan', Number.NaN],
  ['inf', Number.POSITIVE_INFINITY],
  ['lone_surrogate', '\ud800x'],
  ['nested', [null, true, false, 'x', [], newPyObject(), [-1n, 0.5]]],
]);

function outcomes(report: ProofReport): CitedOutcome[] {
  const odd: ProofReport = {
    ...report,
    verdict: 'FAILED',
    failure: { check: 'openings', code: 'OPENING_MISMATCH' },
    opened: pyObjectFrom([['request_hash', awkward]]),
    identity: { anchoring: 'not_opened', identity: undefined, verified: undefined, status: undefined, consistent: 7n },
    anomalies: [{ code: 'ISSUER_FLAT_FIELD_DIFFERS', field: 'seller', flat: '"a"', opened: '"b"' }],
  };
  return [
    {
      proofId: 'prf_a',
      missing: false,
      viewSha256: 'ab'.repeat(32),
      rekor: { uuid: 'u1', sha256: 'cd'.repeat(32) },
      reports: [report, odd, 'absent'],
    },
    { proofId: 'prf_b', missing: true, viewSha256: null, rekor: null, reports: ['absent'] },
  ];
}

describe('the cited outcomes a verifying worker sends as one text', () => {
  it('a real report and one with every awkward Python value decode equal to what was encoded', async () => {
    const sent = outcomes(await realReport());
    const received = decodeCitedRun(encodeCitedRun(sent));
    expect(received).toStrictEqual(sent);
    // Python types stay apart: an int is not a float, -0.0 keeps its sign, NaN stays NaN.
    const opened = (received[0]!.reports[1] as ProofReport).opened['request_hash'] as Record<string, PyJson>;
    expect(typeof opened['one']).toBe('bigint');
    expect(typeof opened['one_float']).toBe('number');
    expect(Object.is(opened['negative_zero'], -0)).toBe(true);
    expect(Object.getPrototypeOf(opened)).toBeNull();
    expect(Object.keys(opened)).toEqual(Object.keys(awkward as object));
  });

  it('an identity value that is absent stays absent, not null', async () => {
    const [first] = decodeCitedRun(encodeCitedRun(outcomes(await realReport())));
    const identity = (first!.reports[1] as ProofReport).identity;
    expect('identity' in identity && identity.identity === undefined).toBe(true);
    expect(identity.consistent).toBe(7n);
  });

  it('reports made with two trust bundles in one run are refused: the run carries one bundle name and digest', async () => {
    const report = await realReport();
    const other: ProofReport = { ...report, trustBundleDigest: '00'.repeat(32) };
    expect(() =>
      encodeCitedRun([{ proofId: 'prf_a', missing: false, viewSha256: null, rekor: null, reports: [report, other] }]),
    ).toThrow(/one trust bundle/);
  });

  it('a text with an unknown value tag is refused, not read as a string', () => {
    const text = JSON.stringify({
      trustBundle: 'b',
      trustBundleDigest: 'd',
      outcomes: [
        [
          'prf_a',
          false,
          null,
          null,
          [[null, null, 'VERIFIED', 0, null, [], null, null, ['opened', ['q'], null, null, null], ['o'], []]],
        ],
      ],
    });
    expect(() => decodeCitedRun(text)).toThrow(/unknown value tag "q"/);
  });
});
