import { describe, expect, it } from 'vitest';
import { buildIndexDocument, type BuildIndexInput } from '../../../main/core/index/build-index.ts';
import { indexJsonText, parseIndexJson } from '../../../main/core/index/index-json.ts';
import { renderIndexHtml } from '../../../main/core/index/render-index-html.ts';

const INPUT: BuildIndexInput = {
  season: 1,
  indexVersion: 2,
  correctsVersion: 1,
  exportedAtMs: Date.parse('2026-10-12T08:00:00.000Z'),
  signingKey: { publicKeyHex: 'ab'.repeat(32), keyId: 'k1' },
  tracks: [],
  displayNames: new Map(),
  referenceRuns: new Map(),
};
const INVALIDATION = {
  track: 'conformite',
  reason: 'conf-04 answer key corrected during the season',
  invalidated_at: '2026-10-10T12:00:00.000Z',
  proof_id: 'prf_20261010_120000_abcdef',
  document_sha256: 'c'.repeat(64),
};

describe('the Index shows an invalidated track (docs/freeze.md "Invalidating a season")', () => {
  it('as invalidated, with its reason and proof, in both languages, and no table or rank', () => {
    const doc = buildIndexDocument({ ...INPUT, invalidations: [INVALIDATION] });
    expect(doc.invalidations).toEqual([INVALIDATION]);
    const fr = renderIndexHtml(doc, 'fr');
    const en = renderIndexHtml(doc, 'en');
    expect(fr).toContain('data-invalidated-track="conformite"');
    expect(fr).toContain('Saison invalidée le 2026-10-10T12:00:00.000Z');
    expect(fr).toContain('Motif : conf-04 answer key corrected during the season');
    expect(en).toContain('Season invalidated on 2026-10-10T12:00:00.000Z');
    expect(en).toContain('Proof of the invalidation: prf_20261010_120000_abcdef');
    expect(en).not.toContain('data-track="conformite"');
    // index.json carries it and reads back.
    const read = parseIndexJson(indexJsonText(doc));
    expect(read.ok && read.value.invalidations).toEqual([INVALIDATION]);
  });

  it('an Index without an invalidated track keeps its bytes (no invalidations key)', () => {
    expect(indexJsonText(buildIndexDocument(INPUT))).toBe(
      indexJsonText(buildIndexDocument({ ...INPUT, invalidations: [] })),
    );
    expect(indexJsonText(buildIndexDocument(INPUT))).not.toContain('invalidations');
  });
});
