import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { verifyRekorEntry, type RekorEntryInput } from '../../../main/core/rekor/verify-entry.ts';
import {
  anchoredHex,
  devnetEntry,
  devnetTrust,
  devnetVectors,
  disagreementVectors,
  otherHex,
  real,
  realVectors,
  tamperedVectors,
  type EntryVector,
} from './entry-vectors.ts';
import { productionRekorTrust, readArtefact, vectors } from './real-entries.ts';

function codeOf(input: RekorEntryInput) {
  const result = verifyRekorEntry(input);
  return result.ok ? 'OK' : result.error.code;
}

const rows = (list: EntryVector[]) => list.map((vector) => [vector.name, vector] as const);

describe('the real Rekor entries', () => {
  it.each(vectors.verified.map((v) => [v.entry, v] as const))(
    '%s verifies fully with the public-good log key and rekor-1',
    (_, vector) => {
      const result = verifyRekorEntry({
        entry: readArtefact(vector.entry),
        anchoredHex: vector.anchoredHex,
        expectedUuid: vector.expected.uuid,
        trust: productionRekorTrust(),
      });
      expect(result).toEqual({ ok: true, value: vector.expected });
    },
  );

  it('the anchored hex of proof_rekor.json is its chain hash (legacy proof: no batch)', () => {
    const proof = readArtefact(real.proof) as { hashes: { chain: string }; transparency_log: { uuid: string } };
    expect(proof.hashes.chain).toBe(`sha256:${anchoredHex}`);
    expect(proof.transparency_log.uuid).toBe(real.expected.uuid);
  });

  it.each(rows(realVectors()))('%s', (_, vector) => {
    expect(codeOf(vector.input)).toBe(vector.code);
  });

  it('with no published ArkForge Rekor key the attribution is "unverifiable", not a failure', () => {
    const trust = { ...productionRekorTrust(), arkforgeKeys: [] };
    const result = verifyRekorEntry({ entry: readArtefact(real.entry), anchoredHex, trust });
    expect(result.ok && result.value.attribution).toEqual({ status: 'unverifiable' });
  });

  it('the entry read as PyJson (null-prototype objects, bigint integers) verifies the same', () => {
    const toPy = (value: unknown): unknown => {
      if (typeof value === 'number') return BigInt(value);
      if (Array.isArray(value)) return value.map(toPy);
      if (value && typeof value === 'object') {
        const object = Object.create(null) as Record<string, unknown>;
        for (const [key, item] of Object.entries(value)) object[key] = toPy(item);
        return object;
      }
      return value;
    };
    expect(codeOf({ entry: toPy(readArtefact(real.entry)), anchoredHex, trust: productionRekorTrust() })).toBe('OK');
  });
});

describe('attacks on the Rekor witness', () => {
  it.each(rows(tamperedVectors()))('%s', (_, vector) => {
    expect(codeOf(vector.input)).toBe(vector.code);
  });

  it('a body whose hash is of another artefact reports both hash values', () => {
    const result = verifyRekorEntry({
      entry: readArtefact(real.entry),
      anchoredHex: otherHex,
      trust: productionRekorTrust(),
    });
    expect(!result.ok && result.error.code).toBe('REKOR_HASH_MISMATCH');
    expect(!result.ok && result.error.details).toMatchObject({
      expected: bytesToHex(sha256(utf8ToBytes(otherHex))),
      actual: '25a93efdebf454f029fcd69eb6442c0e2855ab51e5dff67ed3860abd31a5a0ae',
    });
  });
});

describe('a Rekor-compatible log other than the public-good one (the devnet case)', () => {
  it.each(rows(devnetVectors()))('%s', (_, vector) => {
    expect(codeOf(vector.input)).toBe(vector.code);
  });

  it('its entries carry the devnet facts: index, attribution to the devnet key, origin from the checkpoint', () => {
    const entry = devnetEntry(4, 11, { treeId: '0000000000000001' });
    expect(verifyRekorEntry({ entry, anchoredHex: otherHex, trust: devnetTrust })).toMatchObject({
      ok: true,
      value: {
        logIndex: 4,
        attribution: { status: 'verified', kid: 'rekor-devnet' },
        checkpointOrigin: 'devnet.local - 1',
      },
    });
  });
});

describe('where @sigstore/verify and the in-house checks disagree', () => {
  it.each(rows(disagreementVectors()))('%s', (_, vector) => {
    const result = verifyRekorEntry(vector.input);
    expect(!result.ok && result.error).toMatchObject({
      code: 'REKOR_SIGSTORE_DISAGREES',
      details: { inHouse: 'OK', sigstore: 'SIGSTORE_VERIFICATION_FAILED', sigstoreCode: vector.sigstore },
    });
  });
});
