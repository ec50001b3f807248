import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en.ts';
import { fr } from '../../../renderer/src/i18n/fr.ts';

// The "what happened" sentences of refusals (renderer/src/i18n/happened-en.ts, happened-fr.ts) and the linter's
// findings in the screen's words (lint-findings-en.ts, lint-findings-fr.ts): one language never knows a code the other
// does not, and a sentence reads whatever facts main sent.
const sorted = (o: object): string[] => Object.keys(o).sort();

describe('the happened catalogues', () => {
  it('every code the English catalogue words, the French one words too, and the reverse', () => {
    expect(sorted(fr.happened)).toEqual(sorted(en.happened));
  });

  it('every code with advice has a sentence of what happened, in both languages', () => {
    const unworded = Object.keys(en.advice).filter((code) => !(code in en.happened) || !(code in fr.happened));
    expect(unworded).toEqual([]);
  });

  it('a sentence reads without its facts, and with facts of another type: never "undefined", "null" or "[object"', () => {
    const odd = { season: { n: 1 }, track: null, opens_at: 42, problems: 'x', proof_ids: [1, 2] };
    for (const catalogue of [en.happened, fr.happened])
      for (const [code, sentence] of Object.entries(catalogue))
        for (const facts of [undefined, {}, odd]) {
          const text = sentence(facts);
          expect(text, code).not.toMatch(/undefined|null|\[object|NaN/);
          expect(text.length, code).toBeGreaterThan(0);
        }
  });

  it('facts are written into the sentence: a count with its plural, an instant in UTC', () => {
    const facts = { findings: [{}, {}] };
    expect(en.happened['INDEX_LINT_FAILED']!(facts)).toContain('found 2 problems');
    expect(fr.happened['INDEX_LINT_FAILED']!({ findings: [{}] })).toContain('trouvé 1 problème :');
    const soon = { opens_at: '2026-12-02T08:02:00Z', earliest_opens_at: '2026-12-02T08:20:00Z' };
    expect(en.happened['FREEZE_OPENING_TOO_SOON']!(soon)).toContain('the earliest opening is Dec 2, 2026, 8:20 AM UTC');
  });
});

describe('the linter’s findings in the screen’s words', () => {
  it('both languages word the same codes and the same acts', () => {
    expect(sorted(fr.index.lintFound)).toEqual(sorted(en.index.lintFound));
    expect(sorted(fr.index.lintFix)).toEqual(sorted(en.index.lintFix));
  });

  it('no finding, fix or advice names a command or an option: staff fix them on the Index screen', () => {
    const facts = { name: 'Claude', site: 'declared_stack', field: 'model', character: '=', track: 'a', kind: 'salt' };
    for (const m of [en, fr]) {
      const texts = [
        ...Object.values(m.index.lintFound).map((found) => found(facts)),
        ...Object.values(m.index.lintFix).map((fix) => fix('Rename')),
        ...Object.values(m.index.lintAdvice),
      ];
      for (const text of texts) expect(text).not.toMatch(/proveit|`--|--[a-z]/);
    }
  });
});
