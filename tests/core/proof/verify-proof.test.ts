import { beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { p256 } from '@noble/curves/nist.js';
import type { PyJson, PyObject } from '../../../main/core/json/value.ts';
import { verifyProof, type VerifyProofInput } from '../../../main/core/proof/verify-proof.ts';
import { WitnessMemo } from '../../../main/core/proof/witness-memo.ts';
import type { CheckName, ProofReport } from '../../../main/core/proof/report.ts';
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

const gel = () => copyJson(artefactJson('proof_proveit_gel.json'));
const verify = (input: VerifyProofInput, trust: TrustBundle = bundle, memo?: WitnessMemo) =>
  verifyProof({ offline: true, ...input }, memo ? { bundle: trust, memo } : { bundle: trust });
const check = (report: ProofReport, name: CheckName) => report.checks.find((c) => c.name === name);
const summary = (report: ProofReport) => Object.fromEntries(report.checks.map((c) => [c.name, c.code ?? c.status]));

describe('verifyProof on the real production artefacts (offline, trust/production)', () => {
  it('the 3.1 freeze proof is VERIFIED by its TSA when no Rekor entry is given, with its anchor time and identity', async () => {
    const report = await verify({ view: artefactView('proof_proveit_gel.json') });
    expect(report).toMatchObject({
      verdict: 'VERIFIED',
      independentWitnesses: 1,
      anchorTime: '2026-09-23T07:31:48Z',
      anchoredHash: '01a5b72c92007b3ff0be9696c325dd1828738173d8a76780c81b3e56e35823b6',
      identity: { anchoring: 'opened', verified: true, status: 'bound' },
      anomalies: [],
    });
    expect(summary(report)).toEqual({
      chain: 'OK',
      openings: 'OK',
      identity: 'OK',
      signature: 'OK',
      batch_anchor: 'OK',
      tsa: 'OK',
      rekor: 'WITNESS_OFFLINE',
    });
  });

  it('without --offline and without an entry, Rekor is SKIP with the reason WITNESS_ENTRY_NOT_SUPPLIED', async () => {
    const report = await verify({ view: artefactView('proof_proveit_gel.json'), offline: false });
    expect(check(report, 'rekor')).toMatchObject({ status: 'SKIP', code: 'WITNESS_ENTRY_NOT_SUPPLIED' });
  });

  it('proof_rekor.json with rekor_entry.json: TSA + Rekor = 2 independent witnesses', async () => {
    const report = await verify({
      view: artefactView('proof_rekor.json'),
      rekorEntry: artefactJson('rekor_entry.json'),
    });
    expect(report).toMatchObject({ verdict: 'VERIFIED', independentWitnesses: 2, anchorTime: '2026-03-03T16:18:55Z' });
    expect(check(report, 'rekor')).toMatchObject({
      status: 'OK',
      details: { attribution: { status: 'verified', kid: 'rekor-1' } },
    });
  });

  it('proof_2026_07.json: chain SKIP (preimage redacted), signature and TSA OK', async () => {
    const report = await verify({ view: artefactView('proof_2026_07.json') });
    expect(report).toMatchObject({ verdict: 'VERIFIED', independentWitnesses: 1 });
    expect(summary(report)).toMatchObject({
      chain: 'CHAIN_PREIMAGE_REDACTED',
      signature: 'OK',
      tsa: 'OK',
      batch_anchor: 'BATCH_NONE',
    });
  });

  it('rekor_unrelated.json (a dsse entry) is refused', async () => {
    const unrelated = artefactJson('rekor_unrelated.json');
    const asGiven = await verify({ view: artefactView('proof_proveit_gel.json'), rekorEntry: unrelated });
    expect(asGiven.verdict).toBe('FAILED');
    expect(check(asGiven, 'rekor')?.status).toBe('FAIL');
    const proof = gel();
    (proof.transparency_log as PyObject).uuid = Object.keys(unrelated)[0] as string;
    const pointed = await verify({ view: viewOf(proof), rekorEntry: unrelated });
    expect(check(pointed, 'rekor')).toMatchObject({ status: 'FAIL', code: 'REKOR_KIND_UNSUPPORTED' });
  });
});

describe('verifyProof on tampered variants: the check that caught it reports its code', () => {
  it('a flipped byte of an audit path element fails the batch anchor; the witnesses say the anchor did not verify', async () => {
    const proof = gel();
    const path = (proof.batch_anchor as PyObject).audit_path as string[];
    const bytes = hexToBytes(path[2] as string);
    bytes[31]! ^= 0x80;
    path[2] = bytesToHex(bytes);
    const report = await verify({ view: viewOf(proof) });
    expect(report).toMatchObject({
      verdict: 'FAILED',
      failure: { check: 'batch_anchor', code: 'MERKLE_ROOT_MISMATCH' },
    });
    expect(check(report, 'tsa')?.code).toBe('WITNESS_ANCHOR_UNVERIFIED');
  });

  it('a path one element short with a matching tree_size fails with MERKLE_ROOT_MISMATCH', async () => {
    const proof = gel();
    const anchor = proof.batch_anchor as PyObject;
    (anchor.audit_path as string[]).pop();
    anchor.tree_size = 8n;
    const report = await verify({ view: viewOf(proof) });
    expect(report.failure).toEqual({ check: 'batch_anchor', code: 'MERKLE_ROOT_MISMATCH' });
  });

  it('a path one element long fails with MERKLE_PATH_LENGTH', async () => {
    const proof = gel();
    ((proof.batch_anchor as PyObject).audit_path as string[]).push('00'.repeat(32));
    expect((await verify({ view: viewOf(proof) })).failure).toEqual({
      check: 'batch_anchor',
      code: 'MERKLE_PATH_LENGTH',
    });
  });

  it('a changed disclosed value fails with OPENING_MISMATCH; a changed nonce too', async () => {
    const value = gel();
    ((value.disclosed as PyObject).agent_identity as PyObject).value = 'did:key:z6MkOther';
    const byValue = await verify({ view: viewOf(value) });
    expect(byValue.failure).toEqual({ check: 'openings', code: 'OPENING_MISMATCH' });
    expect(byValue.identity.anchoring).toBe('not_opened');
    const nonce = gel();
    ((nonce.disclosed as PyObject).identity_consistent as PyObject).nonce = '00'.repeat(32);
    expect((await verify({ view: viewOf(nonce) })).failure).toEqual({ check: 'openings', code: 'OPENING_MISMATCH' });
  });

  it('a changed chain hash fails with CHAIN_MISMATCH (and the signature no longer verifies)', async () => {
    const proof = gel();
    (proof.hashes as PyObject).chain = `sha256:${'5a'.repeat(32)}`;
    const report = await verify({ view: viewOf(proof) });
    expect(report.failure).toEqual({ check: 'chain', code: 'CHAIN_MISMATCH' });
    expect(check(report, 'signature')?.code).toBe('SIGNATURE_INVALID');
  });

  it('a changed commitment fails with CHAIN_MISMATCH', async () => {
    const proof = gel();
    (proof.commitments as PyObject).timestamp = `sha256:${'77'.repeat(32)}`;
    expect((await verify({ view: viewOf(proof) })).failure).toEqual({ check: 'chain', code: 'CHAIN_MISMATCH' });
  });

  it('a token from another proof fails the TSA witness with TSA_IMPRINT_MISMATCH', async () => {
    const proof = gel();
    const other = artefactJson('proof_2026_07.json').timestamp_authority as PyObject;
    (proof.timestamp_authority as PyObject).tsr_base64 = other.tsr_base64 as string;
    const report = await verify({ view: viewOf(proof) });
    expect(report.failure).toEqual({ check: 'tsa', code: 'TSA_IMPRINT_MISMATCH' });
    expect(report.anchorTime).toBeNull();
  });

  it('an unknown TSA provider fails with TSA_UNKNOWN_PROVIDER', async () => {
    const proof = gel();
    (proof.timestamp_authority as PyObject).provider = 'tsa.example';
    expect((await verify({ view: viewOf(proof) })).failure).toEqual({ check: 'tsa', code: 'TSA_UNKNOWN_PROVIDER' });
  });

  it('key-1 retired between the proof timestamp and the TSA genTime fails with SIGNATURE_KEY_RETIRED', async () => {
    const retired: TrustBundle = {
      ...bundle,
      signingKeys: bundle.signingKeys.map((k) => (k.kid === 'key-1' ? { ...k, retiredAt: '2026-09-23T07:25:00Z' } : k)),
    };
    const report = await verify({ view: artefactView('proof_proveit_gel.json') }, retired);
    expect(report.failure).toEqual({ check: 'signature', code: 'SIGNATURE_KEY_RETIRED' });
    expect(check(report, 'signature')?.details).toMatchObject({ time_source: 'tsa_gen_time' });
  });

  it('an unknown kid fails with SIGNATURE_UNKNOWN_KID', async () => {
    const proof = gel();
    proof.arkforge_kid = 'key-7';
    expect((await verify({ view: viewOf(proof) })).failure).toEqual({
      check: 'signature',
      code: 'SIGNATURE_UNKNOWN_KID',
    });
  });

  it('an embedded key that differs from the published ones fails with SIGNATURE_KEY_NOT_PUBLISHED', async () => {
    const proof = gel();
    proof.arkforge_pubkey = 'ed25519:JDExMYvtm2iej7qeb8bXfPIB92zH0IlSL8cRNZ9KkNx';
    expect((await verify({ view: viewOf(proof) })).failure).toEqual({
      check: 'signature',
      code: 'SIGNATURE_KEY_NOT_PUBLISHED',
    });
  });

  it('an altered flat field is an issuer anomaly, not a witness failure', async () => {
    const proof = gel();
    proof.agent_identity = 'did:key:z6MkSomeoneElse';
    proof.did_resolution_status = 'unverified';
    const report = await verify({ view: viewOf(proof) });
    expect(report.verdict).toBe('VERIFIED');
    expect(report.identity.identity).toBe('did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq');
    expect(report.anomalies).toEqual([
      {
        code: 'ISSUER_FLAT_FIELD_DIFFERS',
        field: 'agent_identity',
        flat: '"did:key:z6MkSomeoneElse"',
        opened: '"did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq"',
      },
      { code: 'ISSUER_FLAT_FIELD_DIFFERS', field: 'did_resolution_status', flat: '"unverified"', opened: '"bound"' },
    ]);
  });

  it('a pending proof is PENDING, never invalid: the witnesses report nothing anchored yet', async () => {
    const proof = gel();
    proof.batch_anchor = { status: 'pending', batch_id: 'batch_20260923_072145_099' };
    proof.timestamp_authority = { status: 'pending_batch' };
    delete proof.transparency_log;
    const report = await verify({ view: viewOf(proof) });
    expect(report).toMatchObject({ verdict: 'PENDING', failure: null, anchorTime: null, anchoredHash: null });
    expect(summary(report)).toMatchObject({
      batch_anchor: 'BATCH_PENDING',
      tsa: 'WITNESS_NOTHING_ANCHORED',
      rekor: 'WITNESS_NOTHING_ANCHORED',
      signature: 'OK',
    });
  });

  it('a proof without a usable token is NOT_INDEPENDENTLY_VERIFIED', async () => {
    const proof = gel();
    proof.timestamp_authority = { status: 'verified', provider: 'freetsa.org' };
    const report = await verify({ view: viewOf(proof) });
    expect(report).toMatchObject({ verdict: 'NOT_INDEPENDENTLY_VERIFIED', independentWitnesses: 0 });
    expect(check(report, 'tsa')?.code).toBe('WITNESS_TOKEN_ABSENT');
  });

  it('a token the Trust Layer records as failed is WITNESS_TOKEN_FAILED: its RFC 3161 step, not the proof, failed', async () => {
    const proof = gel();
    proof.timestamp_authority = { status: 'failed', provider: 'freetsa.org' };
    const report = await verify({ view: viewOf(proof) });
    expect(report).toMatchObject({ verdict: 'NOT_INDEPENDENTLY_VERIFIED', independentWitnesses: 0 });
    expect(check(report, 'tsa')?.code).toBe('WITNESS_TOKEN_FAILED');
  });

  it('a Rekor entry whose SET covers another body fails end to end with the Rekor check code', async () => {
    const entry = copyJson(artefactJson('rekor_entry.json'));
    const record = Object.values(entry)[0] as PyObject;
    record.integratedTime = (record.integratedTime as bigint) + 1n;
    const report = await verify({ view: artefactView('proof_rekor.json'), rekorEntry: entry });
    expect(report.verdict).toBe('FAILED');
    expect(report.failure).toEqual({ check: 'rekor', code: 'REKOR_SET_INVALID' });
  });

  it('a bundle with another log key refuses the real entry', async () => {
    // DER SubjectPublicKeyInfo of an uncompressed P-256 point: the fixed id-ecPublicKey/prime256v1 prefix + point.
    const point = p256.getPublicKey(new Uint8Array(32).fill(3), false);
    const spki = hexToBytes(`3059301306072a8648ce3d020106082a8648ce3d030107034200${bytesToHex(point)}`);
    const other: TrustBundle = {
      ...bundle,
      rekor: { ...bundle.rekor, logKeys: [{ name: 'other', logId: '00'.repeat(32), spkiDer: spki }] },
    };
    const report = await verify(
      { view: artefactView('proof_rekor.json'), rekorEntry: artefactJson('rekor_entry.json') },
      other,
    );
    expect(report.failure).toEqual({ check: 'rekor', code: 'REKOR_LOG_UNKNOWN' });
  });

  it('non-object odd values in every field fail with codes, never a crash', async () => {
    const odd: PyJson[] = [null, 42n, 1.5, 'x', [], true];
    for (const field of [
      'hashes',
      'commitments',
      'disclosed',
      'batch_anchor',
      'timestamp_authority',
      'transparency_log',
    ]) {
      for (const value of odd) {
        const proof = gel();
        proof[field] = value;
        const report = await verify({ view: viewOf(proof) });
        expect(['FAILED', 'NOT_INDEPENDENTLY_VERIFIED', 'VERIFIED', 'PENDING']).toContain(report.verdict);
      }
    }
  });
});

describe('damaged witness material fails with a code, never a crash', () => {
  it('every truncation of the real token fails the TSA witness', async () => {
    const token = Buffer.from(
      (artefactJson('proof_proveit_gel.json').timestamp_authority as PyObject).tsr_base64 as string,
      'base64',
    );
    for (let length = 0; length < token.length; length += 37) {
      const proof = gel();
      (proof.timestamp_authority as PyObject).tsr_base64 = token.subarray(0, length).toString('base64');
      const report = await verify({ view: viewOf(proof) });
      expect(check(report, 'tsa')?.status, `length ${length}`).toBe('FAIL');
    }
  });

  it('a token that is not base64 fails with WITNESS_TOKEN_NOT_BASE64', async () => {
    const proof = gel();
    (proof.timestamp_authority as PyObject).tsr_base64 = 'MIID qTADAgEA';
    expect((await verify({ view: viewOf(proof) })).failure).toEqual({ check: 'tsa', code: 'WITNESS_TOKEN_NOT_BASE64' });
  });

  it('odd Rekor entries fail the Rekor witness', async () => {
    const entries: PyJson[] = [null, 42n, 'entry', [], {}, { x: {} }, { x: { body: 'AAAA' } }];
    for (const entry of entries) {
      const report = await verify({ view: artefactView('proof_rekor.json'), rekorEntry: entry });
      expect(check(report, 'rekor')?.status).toBe('FAIL');
    }
  });
});

describe('witness memo', () => {
  it('verifies a batch token once for every proof that shares it, and a different token on its own', async () => {
    const memo = new WitnessMemo();
    for (let i = 0; i < 3; i++) await verify({ view: artefactView('proof_proveit_gel.json') }, bundle, memo);
    expect(memo.tsa.size).toBe(1);
    const swapped = gel();
    (swapped.timestamp_authority as PyObject).tsr_base64 = (
      artefactJson('proof_2026_07.json').timestamp_authority as PyObject
    ).tsr_base64 as string;
    const report = await verify({ view: viewOf(swapped) }, bundle, memo);
    expect(report.failure?.code).toBe('TSA_IMPRINT_MISMATCH');
    expect(memo.tsa.size).toBe(2);
  });

  it('a memo serves one bundle only', async () => {
    const memo = new WitnessMemo();
    await verify({ view: artefactView('proof_2026_07.json') }, bundle, memo);
    await expect(verify({ view: artefactView('proof_2026_07.json') }, { ...bundle }, memo)).rejects.toThrow(
      /one trust bundle/,
    );
  });
});
