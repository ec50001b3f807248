import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IN_HOUSE_ONLY, sigstoreCannotExpress } from '../../../main/core/rekor/sigstore-agreement.ts';
import { verifyEntryWithSigstore } from '../../../main/core/rekor/sigstore-bundle.ts';
import {
  verifyRekorEntry,
  verifyRekorEntryInHouse,
  type RekorEntryInput,
} from '../../../main/core/rekor/verify-entry.ts';
import type { RekorCode } from '../../../main/core/rekor/model.ts';
import { devnetVectors, disagreementVectors, realVectors, tamperedVectors } from './entry-vectors.ts';
import { ARTEFACTS, productionRekorTrust, vectors } from './real-entries.ts';

// The two verifiers side by side on every vector of the Rekor tests: in-house accept ⇔ @sigstore/verify accept,
// except where the in-house refusal is a check @sigstore/verify cannot express (IN_HOUSE_ONLY, docs/witnesses.md).

const DOCS = new URL('../../../docs/witnesses.md', import.meta.url);

function verdicts(input: RekorEntryInput) {
  const inHouse = verifyRekorEntryInHouse(input);
  const sigstore = verifyEntryWithSigstore(input);
  const combined = verifyRekorEntry(input);
  const sigstoreCode = sigstore.ok ? 'OK' : sigstore.error.details?.sigstoreCode;
  return {
    inHouse: inHouse.ok ? 'OK' : inHouse.error.code,
    sigstore: sigstore.ok ? 'OK' : typeof sigstoreCode === 'string' ? sigstoreCode : sigstore.error.code,
    combined: combined.ok ? 'OK' : combined.error.code,
  };
}

const agreeing = [...realVectors(), ...tamperedVectors(), ...devnetVectors()];

describe('in-house accept ⇔ @sigstore/verify accept, on every real and tampered vector', () => {
  it.each(agreeing.map((vector) => [vector.name, vector] as const))('%s', (_, vector) => {
    const seen = verdicts(vector.input);
    expect(seen).toEqual({ inHouse: vector.code, sigstore: vector.sigstore, combined: vector.code });
    if ((seen.inHouse === 'OK') !== (seen.sigstore === 'OK')) {
      // Only a refusal by a check @sigstore/verify cannot express may meet a sigstore acceptance.
      expect(seen.inHouse).not.toBe('OK');
      expect(sigstoreCannotExpress(seen.inHouse as RekorCode, vector.input.entry)).toBe(true);
    }
  });

  it('every in-house-only check has a row where @sigstore/verify accepts and the in-house check refuses', () => {
    const shown = new Set(
      agreeing.filter((vector) => vector.sigstore === 'OK' && vector.code !== 'OK').map((vector) => vector.code),
    );
    const untested = Object.keys(IN_HOUSE_ONLY).filter((code) => !shown.has(code as RekorCode));
    expect(untested).toEqual([]);
  });

  it('a walk refusal counts as in-house only when the proof states a root or size the note does not', () => {
    const flippedHash = tamperedVectors().find((vector) =>
      vector.name.startsWith('a flipped byte in inclusion hash 0'),
    );
    const statedRoot = tamperedVectors().find((vector) => vector.name.startsWith('a stated rootHash'));
    expect(sigstoreCannotExpress('REKOR_INCLUSION_ROOT_MISMATCH', flippedHash!.input.entry)).toBe(false);
    expect(sigstoreCannotExpress('REKOR_INCLUSION_ROOT_MISMATCH', statedRoot!.input.entry)).toBe(true);
  });
});

describe('where they disagree: @sigstore/verify holds ArkForge keys to their windows', () => {
  it.each(disagreementVectors().map((vector) => [vector.name, vector] as const))('%s', (_, vector) => {
    expect(verdicts(vector.input)).toEqual({
      inHouse: 'OK',
      sigstore: vector.sigstore,
      combined: 'REKOR_SIGSTORE_DISAGREES',
    });
  });
});

describe('one character of the real entry replaced at a time', () => {
  const real = vectors.verified[0]!;
  const text = readFileSync(ARTEFACTS + real.entry, 'utf8');
  const trust = productionRekorTrust();
  const STRIDE = 9;

  it(`one character in ${STRIDE}: both verifiers agree, or the in-house refusal is one sigstore cannot express`, () => {
    const pairs = new Set<string>();
    for (let position = 0; position < text.length; position += STRIDE) {
      const char = text[position]!;
      const swap = /[0-9]/.test(char) ? String((Number(char) + 1) % 10) : char === 'A' ? 'B' : 'A';
      let entry: unknown;
      try {
        entry = JSON.parse(text.slice(0, position) + swap + text.slice(position + 1));
      } catch {
        continue;
      }
      const seen = verdicts({ entry, anchoredHex: real.anchoredHex, expectedUuid: real.expected.uuid, trust });
      expect(seen.combined, `character ${position}`).not.toBe('REKOR_SIGSTORE_DISAGREES');
      if ((seen.inHouse === 'OK') !== (seen.sigstore === 'OK')) {
        expect(sigstoreCannotExpress(seen.inHouse as RekorCode, entry), `character ${position}`).toBe(true);
      }
      pairs.add(`${seen.inHouse}/${seen.sigstore}`);
    }
    expect([...pairs]).toEqual(
      expect.arrayContaining([
        'REKOR_SET_INVALID/TLOG_INCLUSION_PROMISE_ERROR',
        'REKOR_INCLUSION_ROOT_MISMATCH/TLOG_INCLUSION_PROOF_ERROR',
        'REKOR_CHECKPOINT_SIGNATURE_INVALID/TLOG_INCLUSION_PROOF_ERROR',
      ]),
    );
  });
});

describe('docs/witnesses.md', () => {
  it('names every in-house-only check and the disagreement code', () => {
    const docs = readFileSync(DOCS, 'utf8');
    const section = docs.slice(docs.indexOf('### What goes through @sigstore/verify'));
    for (const code of [...Object.keys(IN_HOUSE_ONLY), 'REKOR_SIGSTORE_DISAGREES']) {
      expect(section, code).toContain(code);
    }
  });
});
