import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adoptionFailures, type AdoptionEvidence } from '../../../main/core/freeze/adopt-checks.ts';
import { freezeRequestHash } from '../../../main/core/freeze/freeze-document.ts';
import { keyCommitment } from '../../../main/core/freeze/key-commitment.ts';
import { parsePublishedFreeze, type PublishedFreeze } from '../../../main/core/freeze/publication.ts';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';
import { challengeDidOf } from '../../../main/core/operator/challenge-did.ts';
import type { CheckName, ProofReport } from '../../../main/core/proof/report.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- vectors are edited field by field
type Json = Record<string, any>;

const RULES = new TextEncoder().encode('# conformite-bareme-v3\n');
const KEY = pyObjectFrom([['tasks', [pyObjectFrom([['task_id', 'conf-01']])]]]);
const SALT = new Uint8Array(32).fill(9);
const SALT_HEX = '09'.repeat(32);

/** Season 1's chain shape (publication-with-replacement.json), its in-force freeze matching the folder below. */
function chain(): PublishedFreeze[] {
  const doc = JSON.parse(readFileSync('tests/vectors/freeze/publication-with-replacement.json', 'utf8')) as Json;
  doc.freezes[1].rules_hash = sha256Hex(RULES);
  for (const f of doc.freezes as Json[]) f.key_commitment = keyCommitment(KEY, SALT);
  return (doc.freezes as Json[]).map((f) => {
    const value = loadsText(JSON.stringify(f));
    const parsed = value.ok ? parsePublishedFreeze(value.value) : null;
    if (!parsed?.ok) throw new Error('vector');
    return parsed.value;
  });
}

const OK = (name: CheckName) => ({
  name,
  independent: name === 'tsa' || name === 'rekor',
  status: 'OK' as const,
  code: null,
  message: '',
  details: {},
});

/** A report as the verifier gives a proof anchored on 23 September with both witnesses, opening this document. */
function report(freeze: PublishedFreeze, change: Partial<ProofReport> = {}): ProofReport {
  return {
    proofId: freeze.proof_id,
    specVersion: '3.1',
    trustBundle: 'test',
    trustBundleDigest: '0'.repeat(64),
    verdict: 'VERIFIED',
    independentWitnesses: 2,
    failure: null,
    checks: (['chain', 'openings', 'identity', 'signature', 'batch_anchor', 'tsa', 'rekor'] as const).map(OK),
    anchoredHash: '1'.repeat(64),
    anchorTime: '2026-09-23T07:31:48Z',
    logIntegratedTime: null,
    identity: {
      anchoring: 'opened',
      identity: undefined,
      verified: undefined,
      status: undefined,
      consistent: undefined,
    },
    opened: { request_hash: freezeRequestHash(freeze.url, freeze) },
    anomalies: [],
    ...change,
  };
}

const evidence = (freeze: PublishedFreeze, change: Partial<AdoptionEvidence> = {}): AdoptionEvidence => ({
  freeze,
  viewProofId: freeze.proof_id,
  report: report(freeze),
  rekorProblem: null,
  seal: { salt: SALT_HEX, key: KEY },
  ...change,
});

const corpus = {
  season: 1,
  track: 'conformite',
  rulesVersion: 'conformite-bareme-v3',
  rulesText: RULES,
  manifestHash: '2'.repeat(64),
  key: KEY,
};

const codes = (chainEvidence: AdoptionEvidence[], change: Partial<typeof corpus> = {}) =>
  adoptionFailures({ chain: chainEvidence, corpus: { ...corpus, ...change }, challenge: null }).map((f) => [
    f.code,
    f.details?.['proof_id'],
  ]);

describe('adoptionFailures: what freeze adopt checks before taking a chain in force', () => {
  it('a chain whose proofs, folder and seals all agree has no difference; the replaced freeze keeps its own rules', () => {
    const [first, replacement] = chain() as [PublishedFreeze, PublishedFreeze];
    // The replaced freeze froze conformite-bareme-v2 (rules_hash 1111…): only the freeze in force is held to the folder.
    expect(codes([evidence(first), evidence(replacement)])).toEqual([]);
  });

  it('names the proofs first, then the folder, then the seals, whatever the order they were found in', () => {
    const [first, replacement] = chain() as [PublishedFreeze, PublishedFreeze];
    const found = codes(
      [
        evidence(first, { seal: { salt: 'ab'.repeat(32), key: KEY } }),
        evidence(replacement, {
          report: report(replacement, {
            checks: report(replacement).checks.map((c) =>
              c.name === 'rekor' ? { ...c, status: 'SKIP', code: 'WITNESS_ENTRY_NOT_SUPPLIED' } : c,
            ),
            independentWitnesses: 1,
          }),
        }),
      ],
      { manifestHash: '3'.repeat(64) },
    );
    expect(found).toEqual([
      ['FREEZE_ADOPT_WITNESS_MISSING', replacement.proof_id],
      ['FREEZE_ADOPT_MANIFEST_HASH_MISMATCH', replacement.proof_id],
      ['FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH', first.proof_id],
    ]);
  });

  it('a freeze proof anchored at or after the chain’s earliest opening is FREEZE_ADOPT_ANCHORED_AFTER_OPENING', () => {
    const [first, replacement] = chain() as [PublishedFreeze, PublishedFreeze];
    const late = evidence(replacement, { report: report(replacement, { anchorTime: '2026-10-01T08:00:00Z' }) });
    expect(codes([evidence(first), late])).toEqual([['FREEZE_ADOPT_ANCHORED_AFTER_OPENING', replacement.proof_id]]);
  });

  it('a pending proof, or one that failed a check, refuses before anything else of that freeze', () => {
    const [first, replacement] = chain() as [PublishedFreeze, PublishedFreeze];
    const pending = evidence(first, { report: report(first, { verdict: 'PENDING', anchorTime: null }) });
    const failed = evidence(replacement, {
      report: report(replacement, { verdict: 'FAILED', failure: { check: 'signature', code: 'SIGNATURE_INVALID' } }),
    });
    expect(codes([pending, failed])).toEqual([
      ['FREEZE_ADOPT_PROOF_PENDING', first.proof_id],
      ['FREEZE_ADOPT_PROOF_NOT_VERIFIED', replacement.proof_id],
    ]);
  });

  it('a view of another proof is FREEZE_ADOPT_PROOF_ID_MISMATCH; a folder sealed with another key, FREEZE_ADOPT_CORPUS_KEY_MISMATCH', () => {
    const [first, replacement] = chain() as [PublishedFreeze, PublishedFreeze];
    expect(codes([evidence(first, { viewProofId: 'prf_20260101_000000_000000' }), evidence(replacement)])).toEqual([
      ['FREEZE_ADOPT_PROOF_ID_MISMATCH', first.proof_id],
    ]);
    expect(codes([evidence(first), evidence(replacement)], { key: pyObjectFrom([['tasks', []]]) })).toEqual([
      ['FREEZE_ADOPT_CORPUS_KEY_MISMATCH', replacement.proof_id],
    ]);
  });

  it("a version-3 freeze signed by another key than the bundle's pinned challenge DID is FREEZE_ADOPT_OPERATOR_KEY_MISMATCH", () => {
    const v = JSON.parse(readFileSync('tests/vectors/freeze/operator-signed-v3.json', 'utf8')) as Json;
    const doc = v.documents[0].document as Json;
    doc.rules_hash = sha256Hex(RULES);
    doc.key_commitment = keyCommitment(KEY, SALT);
    const value = loadsText(
      JSON.stringify({
        ...doc,
        proof_id: 'prf_20260920_120000_a1b2c3',
        url: v.url,
        disclosure: { request_hash: { nonce: '0'.repeat(64), value: '' } },
      }),
    );
    const parsed = value.ok ? parsePublishedFreeze(value.value) : null;
    if (!parsed?.ok) throw new Error('vector');
    const freeze = parsed.value;
    const did = challengeDidOf(freeze.operator_public_key as string);
    const identity = {
      anchoring: 'opened' as const,
      identity: did ?? undefined,
      verified: true,
      status: 'bound',
      consistent: true,
    };
    const pinned = { did: 'did:key:z6MkpinnedElsewhere', publicKeyHex: 'f'.repeat(64) };
    const found = adoptionFailures({
      chain: [evidence(freeze, { report: report(freeze, { identity }) })],
      corpus,
      challenge: pinned,
    });
    // The signature no longer covers the changed hashes either: both are named, the pin among the proof's checks.
    expect(found.map((f) => f.code)).toContain('FREEZE_ADOPT_OPERATOR_KEY_MISMATCH');
    expect(found.find((f) => f.code === 'FREEZE_ADOPT_OPERATOR_KEY_MISMATCH')?.details).toMatchObject({
      field: 'operator_public_key',
      recomputed: 'f'.repeat(64),
      check: 'FREEZE_OPERATOR_KEY_MISMATCH',
    });
  });
});
