import { describe, expect, it } from 'vitest';
import type { FigureChoices, ShownFigures } from '../../../renderer/src/api/operations.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { fr } from '../../../renderer/src/i18n/fr.ts';
import { figureOptions, shownKey, shownLabel } from '../../../renderer/src/scoring/figures-shown.ts';

// What the Scoring screen says its figures are, and what its "Figures shown" switch offers (docs/publications.md).
const v2: ShownFigures = { kind: 'published', version: 2, published_at: '2026-12-03T10:00:00.000Z' };
const close: ShownFigures = { kind: 'close', close_id: 3, closed_at: '2026-12-04T19:12:00.000Z' };
const choices: FigureChoices = {
  published: [
    { version: 1, corrects_version: null, published_at: '2026-11-02T10:00:00.000Z' },
    { version: 2, corrects_version: 1, published_at: '2026-12-03T10:00:00.000Z' },
  ],
  unpublished_close: { close_id: 3, closed_at: '2026-12-04T19:12:00.000Z' },
};

describe('the label of the figures shown', () => {
  it('a published version says its number and when, in UTC, in both languages', () => {
    expect(shownLabel(v2, en, 'en')).toBe('published v2 · Dec 3, 2026, 10:00 AM UTC');
    expect(shownLabel(v2, fr, 'fr')).toMatch(/^v2 publiée · 3 déc\. 2026,? 10:00 UTC$/);
  });

  it('a close no version publishes says so', () => {
    expect(shownLabel(close, en, 'en')).toBe('close of Dec 4, 2026, 7:12 PM UTC, not published');
    expect(shownLabel(close, fr, 'fr')).toMatch(/^clôture du 4 déc\. 2026,? 19:12 UTC, non publiée$/);
  });
});

describe('the figures switch', () => {
  it('offers the unpublished close first, then each version newest first, a correction with what it corrects', () => {
    const options = figureOptions(choices, v2, en, 'en');
    expect(options.map((o) => o.label)).toEqual([
      'close of Dec 4, 2026, 7:12 PM UTC, not published',
      'v2 corrects v1 · Dec 3, 2026, 10:00 AM UTC',
      'published v1 · Nov 2, 2026, 10:00 AM UTC',
    ]);
    expect(options.map((o) => o.asked)).toEqual([{ latest_close: true }, { version: 2 }, { version: 1 }]);
  });

  it('the option of the figures shown is the one selected', () => {
    const keys = figureOptions(choices, v2, en, 'en').map((o) => o.key);
    expect(keys).toContain(shownKey(v2));
    expect(keys).toContain(shownKey(close));
  });

  it('always offers the figures shown, even when the choices do not list them', () => {
    const none: FigureChoices = { published: [], unpublished_close: null };
    expect(figureOptions(none, close, en, 'en').map((o) => o.key)).toEqual(['close']);
    expect(figureOptions(none, v2, en, 'en').map((o) => o.key)).toEqual(['v2']);
  });
});
