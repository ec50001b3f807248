import { describe, expect, it } from 'vitest';
import {
  MAX_GENERIC_MARKS,
  MAX_MARKS,
  nameTextFound,
  nameTextProblem,
  normalizeName,
} from '../../../main/core/names/name-text.ts';

// Issue 36 item 5: names holding a format character (U+0600), an invisible one (U+034F) or stacked combining marks
// were accepted and shown in the Index as if plain. The rules every entry applies (main/core/names/name-text.ts).
const problemOf = (text: string) => nameTextProblem(normalizeName(text));

describe('the text of a name the Index shows', () => {
  it('U+0600 ARABIC NUMBER SIGN (a format character, Cf) is a format problem, named with its position', () => {
    const problem = problemOf('Agent\u0600 A');
    expect(problem).toEqual({ kind: 'format', codePoint: 'U+0600', position: 6 });
    expect(nameTextFound(problem!)).toBe(
      'holds the format character U+0600 at character 6, which changes how the text prints without being seen',
    );
  });

  it('U+034F COMBINING GRAPHEME JOINER, a variation selector and the Hangul fillers are invisible characters', () => {
    expect(problemOf('Ref\u034Ference run')).toEqual({ kind: 'invisible', codePoint: 'U+034F', position: 4 });
    expect(problemOf('Agent\uFE0F')).toMatchObject({ kind: 'invisible', codePoint: 'U+FE0F' });
    expect(problemOf('\u3164')).toMatchObject({ kind: 'invisible', codePoint: 'U+3164', position: 1 });
    expect(problemOf('A\u115F')).toMatchObject({ kind: 'invisible', codePoint: 'U+115F', position: 2 });
    expect(nameTextFound(problemOf('Ref\u034Ference run')!)).toBe(
      'holds the invisible character U+034F at character 4, which prints as nothing',
    );
  });

  it('zero-width and bidirectional characters are format characters; a control or a line separator is a control', () => {
    expect(problemOf('A\u200BB')).toMatchObject({ kind: 'format', codePoint: 'U+200B' });
    expect(problemOf('A\u202EB')).toMatchObject({ kind: 'format', codePoint: 'U+202E' });
    expect(problemOf('A\u2066B')).toMatchObject({ kind: 'format', codePoint: 'U+2066' });
    expect(problemOf('A\u00ADB')).toMatchObject({ kind: 'format', codePoint: 'U+00AD' });
    expect(problemOf('A\nB')).toMatchObject({ kind: 'control', codePoint: 'U+000A', position: 2 });
    expect(problemOf('A\u2028B')).toMatchObject({ kind: 'control', codePoint: 'U+2028' });
    expect(problemOf('A\u0085B')).toMatchObject({ kind: 'control', codePoint: 'U+0085' });
  });

  it('stacked combining marks (Zalgo text) are a combining stack, named with the letter, its position and the marks', () => {
    const zalgo = 'Agent\u0301\u0302\u0303 X';
    const problem = problemOf(zalgo);
    expect(problem).toEqual({
      kind: 'combining_stack',
      codePoint: 'U+0074',
      position: 5,
      marks: ['U+0301', 'U+0302', 'U+0303'],
    });
    expect(nameTextFound(problem!)).toBe(
      'stacks 3 combining marks (U+0301 U+0302 U+0303) on U+0074 at character 5; a character carries at most 2 ' +
        'accents and 4 marks in all',
    );
    // Marks leading the name, with no letter under them, are a stack too.
    expect(problemOf('\u0300\u0301\u0302A')).toMatchObject({ kind: 'combining_stack', codePoint: 'U+0300' });
  });

  it('a precomposed letter absorbs its accent: e + U+0301 + two more accents is é with two, accepted', () => {
    expect(MAX_GENERIC_MARKS).toBe(2);
    expect(problemOf('Rene\u0301\u0323\u0304')).toBeNull();
    expect(problemOf('Rene\u0301\u0323\u0304\u0306')).toMatchObject({ kind: 'combining_stack', position: 4 });
  });

  it("a script's own marks stack by its spelling: Tibetan སྒྲོལ་མ (Drolma) is accepted, five marks on a letter are not", () => {
    expect(problemOf('སྒྲོལ་མ')).toBeNull();
    expect(MAX_MARKS).toBe(4);
    expect(problemOf('ས\u0F92\u0FB2\u0FAD\u0F7C\u0F72')).toMatchObject({
      kind: 'combining_stack',
      codePoint: 'U+0F66',
    });
  });

  it('legitimate names are accepted as they are: accents, other scripts, punctuation', () => {
    for (const name of ['Équipe Zoë', 'Müller', 'Nguyễn Thị Ánh', 'Ωmega-3 agent', 'Агент Север', 'Zoë’s agent (v2)'])
      expect(problemOf(name), name).toBeNull();
  });

  it('a name typed in NFD is the NFC name: Zoe + U+0308 is Zoë, one character shorter', () => {
    const nfd = 'E\u0301quipe Zoe\u0308';
    expect(normalizeName(nfd)).toBe('Équipe Zoë');
    expect([...normalizeName(nfd)]).toHaveLength(10);
    expect(normalizeName('Équipe Zoë')).toBe('Équipe Zoë');
  });
});
