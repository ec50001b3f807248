import { describe, expect, it } from 'vitest';
import { buildIndexDocument, type BuildIndexInput } from '../../../main/core/index/build-index.ts';
import { indexJsonText, parseIndexJson } from '../../../main/core/index/index-json.ts';
import { renderIndexHtml } from '../../../main/core/index/render-index-html.ts';
import { craftedTracks, KEY } from './support/crafted-season.ts';

// Spec §9.1 "only the first enrollment is ranked": a later enrollment a close found to be one participant with an
// earlier one (SAME_PARTICIPANT_PROOF_DID, main/db/not-ranked.ts) is listed apart, never a row of the table.
const input = (notRanked?: ReadonlyMap<string, string>): BuildIndexInput => ({
  season: 1,
  indexVersion: 1,
  correctsVersion: null,
  exportedAtMs: Date.parse('2026-11-03T09:00:00.000Z'),
  signingKey: KEY,
  tracks: craftedTracks().map((t) => (t.track === 'conformite' && notRanked ? { ...t, notRanked } : t)),
  displayNames: new Map(),
  referenceRuns: new Map(),
});

describe('one participant under two enrollments in the Index (spec §9.1)', () => {
  it('the later enrollment leaves the community table and is listed as not ranked, naming the one ranked, in both languages', () => {
    const doc = buildIndexDocument(input(new Map([['p-fay', 'p-ada']])));
    const conf = doc.tracks.find((t) => t.track === 'conformite')!;
    expect(conf.community.map((r) => r.participant_id)).toEqual(['ref-1', 'p-ada', 'p-bob']);
    expect(conf.not_ranked).toEqual([
      { participant_id: 'p-fay', agent: 'Fay', did: expect.any(String), ranked_as: 'p-ada' },
    ]);
    const fr = renderIndexHtml(doc, 'fr');
    const en = renderIndexHtml(doc, 'en');
    expect(fr).not.toContain('data-row="community" data-track="conformite" data-participant="p-fay"');
    expect(fr).toContain('Inscriptions non classées (spécification §9.1)');
    expect(fr).toMatch(
      /<li data-participant="p-fay">Fay \([^)]*\) : un même participant que Ada, classé sous sa première inscription/,
    );
    expect(en).toMatch(
      /<li data-participant="p-fay">Fay \([^)]*\): the same participant as Ada, ranked under its first enrollment/,
    );
    const read = parseIndexJson(indexJsonText(doc));
    expect(read.ok && read.value.tracks.find((t) => t.track === 'conformite')!.not_ranked).toEqual(conf.not_ranked);
  });

  it('an Index with nobody not ranked keeps its bytes (no not_ranked key)', () => {
    const plain = indexJsonText(buildIndexDocument(input()));
    expect(indexJsonText(buildIndexDocument(input(new Map())))).toBe(plain);
    expect(plain).not.toContain('not_ranked');
  });
});
