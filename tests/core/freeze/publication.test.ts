import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  freezeInForce,
  parseFreezeToVerify,
  parsePublishedFreeze,
  publishedFreezeJson,
  type PublishedFreeze,
} from '../../../main/core/freeze/publication.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import type { PyJson } from '../../../main/core/json/value.ts';

// A publication as `proveit freeze publish` writes it: a first freeze and its replacement (spec §8 status note).
const vector = readFileSync(new URL('../../vectors/freeze/publication-with-replacement.json', import.meta.url), 'utf8');
const load = (text: string): PyJson => {
  const parsed = loadsText(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const publication = JSON.parse(vector) as { freezes: Record<string, unknown>[]; in_force: string };
const codeOf = (value: PyJson) => {
  const result = parseFreezeToVerify(value);
  return result.ok ? result.value.proof_id : `${result.error.code} ${String(result.error.details?.['field'])}`;
};

describe('published freeze documents (docs/freeze.md)', () => {
  it('the freeze in force of a publication is the end of the replacement chain', () => {
    expect(codeOf(load(vector))).toBe('prf_20260923_072144_2ad720');
  });

  it('a single published freeze reads back to what was written', () => {
    const single = JSON.stringify(publication.freezes[0]);
    const parsed = parsePublishedFreeze(load(single));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(JSON.stringify(publishedFreezeJson(parsed.value))).toBe(single);
  });

  it('a publication whose in_force is not the end of the chain is refused naming in_force', () => {
    expect(codeOf(load(JSON.stringify({ ...publication, in_force: 'prf_20260914_181440_541795' })))).toBe(
      'FREEZE_PUBLICATION_INVALID in_force',
    );
  });

  it('two freezes that replace nothing leave no single freeze in force', () => {
    const first = publication.freezes[0] as Record<string, unknown>;
    const twin = { ...first, proof_id: 'prf_20260915_000000_abcdef' };
    expect(codeOf(load(JSON.stringify({ freezes: [first, twin] })))).toBe('FREEZE_PUBLICATION_INVALID freezes');
  });

  it.each([
    ['season', '"1"'],
    ['track', '"autre"'],
    ['key_commitment', '"ABC"'],
    ['replaces', '7'],
    ['disclosure', '{"request_hash": {"nonce": "00"}}'],
  ])('a published freeze with a malformed %s is refused naming it', (field, raw) => {
    const edited = { ...(publication.freezes[0] as Record<string, unknown>), [field]: JSON.parse(raw) as unknown };
    expect(codeOf(load(JSON.stringify(edited)))).toBe(`FREEZE_PUBLICATION_INVALID ${field}`);
  });

  it('freezeInForce of an empty list is null', () => {
    expect(freezeInForce([] as PublishedFreeze[])).toBeNull();
  });
});
