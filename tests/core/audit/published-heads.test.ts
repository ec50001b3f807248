import { describe, expect, it } from 'vitest';
import {
  checkPublishedHeads,
  publishedHeadsOfManifest,
  type PublishedIndex,
} from '../../../main/core/audit/published-heads.ts';

const h = (c: string) => c.repeat(64);
const chain = [h('a'), h('b'), h('c'), h('d')];
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

function index(version: number, heads: [number, string][]): PublishedIndex {
  return {
    season: 1,
    indexVersion: version,
    manifestPath: `v${version}/manifest.json`,
    heads: heads.map(([seq, hash], i) => ({
      source: `Index version ${version} of season 1 (publication t${i} version 1)`,
      season: 1,
      indexVersion: version,
      seq,
      hash,
    })),
  };
}

describe('the heads a published Index holds, against the chain', () => {
  it('heads that are entries of the chain, with their hashes, pass', () => {
    expect(checkPublishedHeads(chain, [index(1, [[2, h('b')]]), index(2, [[4, h('d')]])])).toEqual({
      ok: true,
      value: { publishedHeads: 2 },
    });
  });

  it('a chain shorter than the highest published head is AUDIT_BEHIND_PUBLISHED_HEAD, naming the entries missing and what still agrees', () => {
    const behind = checkPublishedHeads(chain.slice(0, 3), [index(1, [[2, h('b')]]), index(2, [[4, h('d')]])]);
    expect(behind).toMatchObject({
      ok: false,
      error: {
        code: 'AUDIT_BEHIND_PUBLISHED_HEAD',
        details: { entries: 3, missingFrom: 4, missingTo: 4, agreesUpTo: 2, indexVersion: 2 },
      },
    });
  });

  it('a forked entry is reported before a short chain, at the lowest published head that differs', () => {
    const forked = checkPublishedHeads([h('a'), h('x')], [index(1, [[2, h('b')]]), index(2, [[4, h('d')]])]);
    expect(forked).toMatchObject({
      ok: false,
      error: { code: 'AUDIT_FORKED_FROM_PUBLISHED_HEAD', details: { seq: 2, stored: h('x'), publishedHash: h('b') } },
    });
  });

  it('a manifest that is not an Index manifest is AUDIT_INDEX_UNREADABLE: not JSON, another format, a head without its hash', () => {
    const good = {
      format: 'proveit-index-manifest/1',
      season: 1,
      index_version: 3,
      publications: [{ track: 'conformite', version: 2, audit_seq: 9, audit_hash: h('e') }],
    };
    expect(publishedHeadsOfManifest(bytes(good), 'm.json')).toMatchObject({
      ok: true,
      value: { season: 1, indexVersion: 3, heads: [{ seq: 9, hash: h('e') }] },
    });
    for (const bad of [
      new TextEncoder().encode('{"format"'),
      bytes({ ...good, format: 'proveit-index/1' }),
      bytes({ ...good, season: 1.5 }),
      bytes({ ...good, publications: [{ track: 'conformite', version: 2, audit_seq: 9 }] }),
      bytes({ ...good, publications: [{ track: 'conformite', version: 2, audit_seq: 0, audit_hash: h('e') }] }),
      bytes({ ...good, publications: [{ track: 'conformite', version: 2, audit_seq: 9, audit_hash: h('E') }] }),
    ])
      expect(publishedHeadsOfManifest(bad, 'm.json')).toMatchObject({
        ok: false,
        error: { code: 'AUDIT_INDEX_UNREADABLE' },
      });
  });
});
