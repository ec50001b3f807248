import { describe, expect, it } from 'vitest';
import { skeleton } from '../../../../main/core/index/lint/confusable-skeleton.ts';

// UTS #39 §4 skeletons over the vendored table (main/core/index/lint/confusables-data.ts): what makes two names of the
// Index "read alike" for LINT_NAME_CONFUSABLE (issue 36 item 5).
describe('the confusable skeleton of a name (UTS #39)', () => {
  it('a Cyrillic е (U+0435) in "Rеference run" folds to the Latin name it copies', () => {
    expect(skeleton('R\u0435ference run')).toBe(skeleton('Reference run'));
  });

  it('Greek, Cyrillic, Cherokee, fullwidth and mathematical look-alikes of Latin letters fold to them', () => {
    expect(skeleton('\u0391g\u0435nt \u039F')).toBe(skeleton('Agent O'));
    expect(skeleton('\u13AAgent')).toBe(skeleton('Agent'));
    expect(skeleton('\uFF21gent')).toBe(skeleton('Agent'));
    expect(skeleton('\u{1D400}gent')).toBe(skeleton('Agent'));
  });

  it('digits and letters that read alike fold alike: 1, I and l; 0 and O; rn and m', () => {
    expect(skeleton('Agent 1')).toBe(skeleton('Agent l'));
    expect(skeleton('Agent I')).toBe(skeleton('Agent l'));
    expect(skeleton('Team 0')).toBe(skeleton('Team O'));
    expect(skeleton('modern')).toBe(skeleton('rnodern'));
  });

  it('an invisible character (U+034F, U+200B, a variation selector) is removed before folding', () => {
    expect(skeleton('Ref\u034Ference run')).toBe(skeleton('Reference run'));
    expect(skeleton('Refer\u200Bence run')).toBe(skeleton('Reference run'));
    expect(skeleton('Reference run\uFE0F')).toBe(skeleton('Reference run'));
  });

  it('NFC and NFD spellings of one name fold alike', () => {
    expect(skeleton('Équipe Zoë')).toBe(skeleton('E\u0301quipe Zoe\u0308'));
  });

  it('legitimate accented names keep their accents: "Müller" is not "Muller", "Équipe Zoë" is not "Equipe Zoe"', () => {
    expect(skeleton('Müller')).not.toBe(skeleton('Muller'));
    expect(skeleton('Équipe Zoë')).not.toBe(skeleton('Equipe Zoe'));
    expect(skeleton('Careful agent')).not.toBe(skeleton('Abstaining agent'));
  });
});
