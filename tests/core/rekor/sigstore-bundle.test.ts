import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundleFromJSON, bundleToJSON } from '@sigstore/bundle';
import {
  toSigstoreBundle,
  verifyEntryWithSigstore,
  type SigstoreCode,
} from '../../../main/core/rekor/sigstore-bundle.ts';
import type { RekorEntryInput } from '../../../main/core/rekor/verify-entry.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../../main/services/trust/production-bundle.ts';
import {
  anchoredHex,
  DEVNET_TIME,
  devnetEntry,
  devnetTrustWithWindow,
  devnetVectors,
  otherHex,
  real,
  realVectors,
  tampered,
  tamperedVectors,
  type EntryVector,
} from './entry-vectors.ts';
import { productionRekorTrust, readArtefact } from './real-entries.ts';

// The sigstore path alone: the entry written as a Sigstore bundle and checked by @sigstore/verify's Verifier.

const BUNDLE_VECTOR = fileURLToPath(new URL('../../vectors/rekor/rekor_entry.sigstore-bundle.json', import.meta.url));

/** 'OK', @sigstore/verify's own error code, or the SIGSTORE_* code when no verification ran. */
function sigstoreVerdict(input: RekorEntryInput): string {
  const result = verifyEntryWithSigstore(input);
  if (result.ok) return 'OK';
  const code = result.error.details?.sigstoreCode;
  return typeof code === 'string' ? code : result.error.code;
}

const refusals = (list: EntryVector[]) =>
  list.filter((vector) => vector.sigstore !== 'OK').map((vector) => [vector.name, vector.sigstore, vector] as const);

afterEach(() => {
  vi.useRealTimers();
});

describe('real and devnet entries verify through @sigstore/verify alone', () => {
  it('the production entry of proof_rekor.json verifies with trust/production', async () => {
    const bundle = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
    expect(bundle.ok).toBe(true);
    if (!bundle.ok) return;
    const proof = readArtefact(real.proof) as { hashes: { chain: string } };
    const result = verifyEntryWithSigstore({
      entry: readArtefact(real.entry),
      anchoredHex: proof.hashes.chain.replace(/^sha256:/, ''),
      trust: bundle.value.rekor,
    });
    // The hint names rekor-1 by its fingerprint: SHA-256 of its DER SubjectPublicKeyInfo.
    expect(result).toEqual({
      ok: true,
      value: { keyHint: '81db88bd9211f23dcc5c24990209d0a2c9312c2f2472a596fd14d1b5638f41c5' },
    });
  });

  it('the production entry as a Sigstore bundle is tests/vectors/rekor/rekor_entry.sigstore-bundle.json', () => {
    const converted = toSigstoreBundle(readArtefact(real.entry), anchoredHex);
    const vector = JSON.parse(readFileSync(BUNDLE_VECTOR, 'utf8')) as unknown;
    expect(converted.ok && JSON.parse(JSON.stringify(converted.value.bundle))).toEqual(vector);
    // A well-formed v0.3 bundle: @sigstore/bundle reads it and writes it back unchanged.
    expect(bundleToJSON(bundleFromJSON(vector))).toEqual(vector);
  });

  it.each(
    [...realVectors(), ...devnetVectors()]
      .filter((vector) => vector.sigstore === 'OK' && vector.code === 'OK')
      .map((vector) => [vector.name, vector] as const),
  )('%s: @sigstore/verify accepts it', (_, vector) => {
    expect(sigstoreVerdict(vector.input)).toBe('OK');
  });

  it('the verdict does not depend on the clock (the key windows are compared with integratedTime)', () => {
    const input = { entry: readArtefact(real.entry), anchoredHex, trust: productionRekorTrust() };
    for (const now of ['1970-01-02T00:00:00Z', '2026-03-01T00:00:00Z', '2100-01-01T00:00:00Z']) {
      vi.useFakeTimers({ now: new Date(now) });
      expect(sigstoreVerdict(input), now).toBe('OK');
      vi.useRealTimers();
    }
  });
});

describe('attacks refused by @sigstore/verify alone', () => {
  it.each(refusals([...realVectors(), ...tamperedVectors(), ...devnetVectors()]))(
    '%s: refused with %s',
    (_, code, vector) => {
      expect(sigstoreVerdict(vector.input)).toBe(code);
    },
  );

  it('an inclusion proof taken out fails the bundle itself (v0.3 bundles require one)', () => {
    const entry = tampered(
      (fields) => delete (fields.verification as Partial<typeof fields.verification>).inclusionProof,
    );
    const result = verifyEntryWithSigstore({ entry, anchoredHex, trust: productionRekorTrust() });
    expect(!result.ok && result.error).toMatchObject({
      code: 'SIGSTORE_BUNDLE_INVALID',
      details: { fields: ['verificationMaterial.tlogEntries[0].inclusionProof'] },
    });
  });

  it('a non-decimal checkpoint size makes @sigstore/verify throw a SyntaxError, returned as SIGSTORE_ERROR', () => {
    const entry = tampered((fields) => {
      const lines = fields.verification.inclusionProof.checkpoint.split('\n');
      lines[1] = `${lines[1]}x`;
      fields.verification.inclusionProof.checkpoint = lines.join('\n');
    });
    const result = verifyEntryWithSigstore({ entry, anchoredHex, trust: productionRekorTrust() });
    expect(!result.ok && result.error.code).toBe<SigstoreCode>('SIGSTORE_ERROR');
  });

  it.each([
    ['null', null],
    ['a string', 'entry'],
    ['an entry whose fields are not an object', { [real.expected.uuid]: 7 }],
  ])('%s is SIGSTORE_ENTRY_NOT_CONVERTIBLE, never an exception', (_, entry) => {
    const result = verifyEntryWithSigstore({ entry, anchoredHex, trust: productionRekorTrust() });
    expect(!result.ok && result.error.code).toBe<SigstoreCode>('SIGSTORE_ENTRY_NOT_CONVERTIBLE');
  });
});

describe("the ArkForge key's window, as @sigstore/verify applies it to integratedTime", () => {
  const at = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
  const verdict = (validFrom: string, retiredAt: string | null) =>
    sigstoreVerdict({
      entry: devnetEntry(1, 2),
      anchoredHex: otherHex,
      trust: devnetTrustWithWindow(validFrom, retiredAt),
    });

  it('a key is valid from valid_from inclusive', () => {
    expect(verdict(at(DEVNET_TIME), null)).toBe('OK');
    expect(verdict(at(DEVNET_TIME + 1), null)).toBe('PUBLIC_KEY_ERROR');
  });

  it('a key is valid until retired_at exclusive (valid_from ≤ t < retired_at, docs/trust-bundle.md)', () => {
    expect(verdict('2026-01-01T00:00:00Z', at(DEVNET_TIME + 1))).toBe('OK');
    expect(verdict('2026-01-01T00:00:00Z', at(DEVNET_TIME))).toBe('PUBLIC_KEY_ERROR');
  });
});
