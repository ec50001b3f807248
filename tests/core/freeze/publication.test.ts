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

describe('a published version-3 freeze', () => {
  const signed = JSON.parse(
    readFileSync(new URL('../../vectors/freeze/operator-signed-v3.json', import.meta.url), 'utf8'),
  ) as { url: string; documents: { document: Record<string, unknown>; request_hash: string }[] };
  const published: Record<string, unknown> = {
    proof_id: 'prf_20260920_120000_a1b2c3',
    ...signed.documents[0]!.document,
    url: signed.url,
    disclosure: { request_hash: { nonce: '4'.repeat(64), value: signed.documents[0]!.request_hash } },
  };

  it('carries what the operator signed and reads back to it, so a third party recomputes the anchored request hash', () => {
    const parsed = parsePublishedFreeze(load(JSON.stringify(published)));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value).toMatchObject({ document_version: 3, replaces_sha256: null });
    const written = publishedFreezeJson(parsed.value);
    expect(Object.keys(written).slice(-5)).toEqual([
      'replaces_sha256',
      'signed_at',
      'operator_public_key',
      'operator_signature',
      'disclosure',
    ]);
    expect(parsePublishedFreeze(load(JSON.stringify(written)))).toEqual(parsed);
  });

  it('a version-3 freeze published without its signature is refused naming the field', () => {
    const { operator_signature: _dropped, ...unsigned } = published;
    const parsed = parsePublishedFreeze(load(JSON.stringify(unsigned)));
    expect(parsed.ok ? 'OK' : [parsed.error.code, parsed.error.details?.['field']]).toEqual([
      'FREEZE_PUBLICATION_INVALID',
      'operator_signature',
    ]);
  });
});
