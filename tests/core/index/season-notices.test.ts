import { describe, expect, it } from 'vitest';
import { buildIndexDocument, type BuildIndexInput } from '../../../main/core/index/build-index.ts';
import { indexJsonText, parseIndexJson } from '../../../main/core/index/index-json.ts';
import type { IndexNotice } from '../../../main/core/index/model.ts';
import { renderIndexHtml } from '../../../main/core/index/render-index-html.ts';

const INPUT: BuildIndexInput = {
  season: 1,
  indexVersion: 1,
  correctsVersion: null,
  exportedAtMs: Date.parse('2026-11-02T08:00:00.000Z'),
  signingKey: { publicKeyHex: 'ab'.repeat(32), keyId: 'k1' },
  tracks: [],
  displayNames: new Map(),
  referenceRuns: new Map(),
};
const NOTICES: IndexNotice[] = [
  {
    kind: 'incident',
    track: 'conformite',
    issued_at: '2026-10-10T12:00:00.000Z',
    text: { fr: 'Indisponibilité du corpus de 10 h à 10 h 20.', en: 'Corpus outage from 10:00 to 10:20.' },
    document_sha256: 'd'.repeat(64),
    document: '{"document":"proveit-season-notice/1"}',
  },
  {
    kind: 'outage',
    track: null,
    issued_at: '2026-10-11T09:00:00.000Z',
    text: { fr: 'Service de saison indisponible.', en: 'Season service unavailable.' },
    document_sha256: 'e'.repeat(64),
    document: '{"document":"proveit-season-notice/1"}',
  },
];

describe('the Index lists the notices of the season (docs/season-service.md "Notices")', () => {
  it('oldest first, each in the page language with its kind and track, and index.json keeps the signed documents', () => {
    const doc = buildIndexDocument({ ...INPUT, notices: NOTICES });
    const fr = renderIndexHtml(doc, 'fr');
    const en = renderIndexHtml(doc, 'en');
    expect(fr).toContain('<h2 id="notices">Avis aux participants</h2>');
    expect(fr).toContain('Incident (parcours');
    expect(fr.indexOf('Indisponibilité du corpus')).toBeLessThan(fr.indexOf('Service de saison indisponible.'));
    expect(en).toContain('<h2 id="notices">Notices to participants</h2>');
    expect(en).toContain('2026-10-11T09:00:00.000Z, Outage: Season service unavailable.');
    expect(en).not.toContain('Indisponibilité');
    const read = parseIndexJson(indexJsonText(doc));
    expect(read.ok && read.value.notices).toEqual(NOTICES);
  });

  it('an Index of a season without notices keeps its bytes (no notices key, no section)', () => {
    expect(indexJsonText(buildIndexDocument({ ...INPUT, notices: [] }))).toBe(indexJsonText(buildIndexDocument(INPUT)));
    expect(renderIndexHtml(buildIndexDocument(INPUT), 'en')).not.toContain('id="notices"');
  });
});
