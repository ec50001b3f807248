import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adoptionChain } from '../../../main/core/freeze/adopt-chain.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import type { PyJson } from '../../../main/core/json/value.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- vectors are edited field by field
type Json = Record<string, any>;

const vector = (file: string) => JSON.parse(readFileSync(`tests/vectors/freeze/${file}`, 'utf8')) as Json;
const py = (value: unknown): PyJson => {
  const parsed = loadsText(JSON.stringify(value));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

/** Season 1's chain as published (placeholder hashes): prf_20260914_181440_541795 replaced by prf_20260923_072144_2ad720. */
const seasonOne = () => vector('publication-with-replacement.json');
const [FIRST, REPLACEMENT] = ['prf_20260914_181440_541795', 'prf_20260923_072144_2ad720'];

/** The operator-signed version-3 vector as a chain of two published freezes. */
function signedChain(): Json[] {
  const v = vector('operator-signed-v3.json');
  const ids = ['prf_20260920_120000_a1b2c3', 'prf_20260921_120000_d4e5f6'];
  return (v.documents as Json[]).map((d, i) => ({
    proof_id: ids[i],
    ...d.document,
    url: v.url,
    disclosure: { request_hash: { nonce: '0'.repeat(64), value: d.request_hash } },
  }));
}

const ids = (result: ReturnType<typeof adoptionChain>) => (result.ok ? result.value.map((f) => f.proof_id) : result);

describe('adoptionChain: the published freezes freeze adopt takes', () => {
  it('a publication gives its replacement chain oldest first, the freeze in force last', () => {
    expect(ids(adoptionChain([py(seasonOne())]))).toEqual([FIRST, REPLACEMENT]);
  });

  it('single published freezes given in any order make the same chain; one given twice is taken once', () => {
    const [first, replacement] = seasonOne().freezes as Json[];
    expect(ids(adoptionChain([py(replacement), py(first), py(seasonOne())]))).toEqual([FIRST, REPLACEMENT]);
  });

  it('an operator-signed (version 3) chain whose replaces_sha256 names the replaced document is taken', () => {
    expect(ids(adoptionChain(signedChain().map(py)))).toEqual([
      'prf_20260920_120000_a1b2c3',
      'prf_20260921_120000_d4e5f6',
    ]);
  });

  it('two different documents under one proof id are FREEZE_ADOPT_PUBLICATION_INVALID', () => {
    const [first] = seasonOne().freezes as Json[];
    const result = adoptionChain([py(seasonOne()), py({ ...first, rules_hash: 'a'.repeat(64) })]);
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_PUBLICATION_INVALID',
      details: { field: 'proof_id' },
    });
  });

  it('a malformed published freeze is FREEZE_ADOPT_PUBLICATION_INVALID naming the field', () => {
    const doc = seasonOne();
    doc.freezes[1].key_commitment = 'not hex';
    const result = adoptionChain([py(doc)]);
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_PUBLICATION_INVALID',
      details: { field: 'key_commitment' },
    });
  });

  it('a replacement without the freeze it replaces is FREEZE_ADOPT_CHAIN_INVALID: the chain is given whole', () => {
    const [, replacement] = seasonOne().freezes as Json[];
    const result = adoptionChain([py(replacement)]);
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_CHAIN_INVALID',
      details: { field: 'replaces' },
    });
  });

  it('a replacement without its published reason is FREEZE_ADOPT_CHAIN_INVALID (spec §8 status note)', () => {
    const doc = seasonOne();
    doc.freezes[1].reason = '  ';
    const result = adoptionChain([py(doc)]);
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_CHAIN_INVALID',
      details: { field: 'reason', proof_id: REPLACEMENT },
    });
  });

  it('two first freezes, or one freeze replaced twice, are FREEZE_ADOPT_CHAIN_INVALID', () => {
    const two = seasonOne();
    two.freezes[1].replaces = null;
    two.freezes[1].reason = null;
    delete two.in_force;
    expect(adoptionChain([py(two)])).toMatchObject({ ok: false, error: { code: 'FREEZE_ADOPT_CHAIN_INVALID' } });
    const twice = seasonOne();
    twice.freezes.push({ ...twice.freezes[1], proof_id: 'prf_20260924_072144_aaaaaa' });
    delete twice.in_force;
    const result = adoptionChain([py(twice)]);
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_CHAIN_INVALID',
      details: { field: 'replaces', proof_id: FIRST },
    });
  });

  it('a version-3 replacement naming another document by replaces_sha256 is FREEZE_ADOPT_CHAIN_INVALID', () => {
    const chain = signedChain();
    chain[1]!.replaces_sha256 = 'a'.repeat(64);
    const result = adoptionChain(chain.map(py));
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_CHAIN_INVALID',
      details: {
        field: 'replaces_sha256',
        anchored: 'a'.repeat(64),
        recomputed: '8a407b28043281327b86810d9eb455a708970de87eccb70baa736f9b626d5afe',
      },
    });
  });

  it('freezes of two tracks, or an in_force that is not the end of the chain, are FREEZE_ADOPT_CHAIN_INVALID', () => {
    const tracks = seasonOne();
    tracks.freezes[1].track = 'generique';
    expect(adoptionChain([py(tracks)])).toMatchObject({
      ok: false,
      error: { code: 'FREEZE_ADOPT_CHAIN_INVALID', details: { field: 'track' } },
    });
    const declared = seasonOne();
    declared.in_force = FIRST;
    expect(adoptionChain([py(declared)])).toMatchObject({
      ok: false,
      error: { code: 'FREEZE_ADOPT_CHAIN_INVALID', details: { field: 'in_force' } },
    });
  });
});
