/**
 * The text rules of every name the Index shows (spec §7.2 "agent (name chosen by the operator)", §7.1 the declared
 * stack): the agent name and declared stack a participant enrolls with (docs/season-service.md "What an enrollment's
 * names may hold") and the display name and declared stack the operator sets (docs/index-export.md "The text of a
 * name"). A name is stored in NFC, so one text has one form, and holds nothing that prints differently from what it
 * is: no control or format character, no invisible one, no pile of combining marks. Each entry words a problem with
 * its own code; the check is here, once.
 */

/** Marks of the generic combining blocks (Script=Inherited: accents, Zalgo's marks) one character may carry. */
export const MAX_GENERIC_MARKS = 2;
/**
 * Marks of any kind one character may carry. A script's own marks stack by its spelling (Tibetan སྒྲོ is a letter,
 * two subjoined letters and a vowel sign), so their bound is higher than the accents'.
 */
export const MAX_MARKS = 4;

export type NameTextProblem =
  | {
      /**
       * control: C0, DEL, C1, line and paragraph separators (the name is on one line); format: General_Category Cf
       * (bidirectional controls, zero-width joiners, U+0600 ARABIC NUMBER SIGN...); invisible: any other
       * Default_Ignorable_Code_Point (U+034F COMBINING GRAPHEME JOINER, variation selectors, Hangul fillers...).
       */
      kind: 'control' | 'format' | 'invisible';
      /** `U+034F`. */
      codePoint: string;
      /** 1-based, in characters (code points) of the name in NFC. */
      position: number;
    }
  | {
      kind: 'combining_stack';
      /** The character the marks sit on (the first mark when the name starts with marks). */
      codePoint: string;
      position: number;
      /** The marks it carries, in NFC (those a precomposed letter absorbs are not counted). */
      marks: string[];
    };

const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const FORMAT = /\p{Cf}/u;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const MARK = /\p{M}/u;
const GENERIC_MARK = /\p{Script=Inherited}/u;

/** `U+0435`. */
export const codePointLabel = (ch: string): string =>
  `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The form a name is stored and compared in: NFC (UAX #15), so "Zoë" typed as e + U+0308 is the same name. */
export const normalizeName = (text: string): string => text.normalize('NFC');

/** The first problem of a name already in NFC (normalizeName), or null when it may be shown as it is. */
export function nameTextProblem(name: string): NameTextProblem | null {
  const chars = [...name];
  for (const [i, ch] of chars.entries()) {
    const kind = CONTROL.test(ch) ? 'control' : FORMAT.test(ch) ? 'format' : INVISIBLE.test(ch) ? 'invisible' : null;
    if (kind !== null) return { kind, codePoint: codePointLabel(ch), position: i + 1 };
  }
  let start = 0;
  for (let i = 1; i <= chars.length; i++) {
    if (i < chars.length && MARK.test(chars[i]!)) continue;
    const marks = chars.slice(start, i).filter((ch, k) => k > 0 || MARK.test(ch));
    if (marks.length > MAX_MARKS || marks.filter((m) => GENERIC_MARK.test(m)).length > MAX_GENERIC_MARKS)
      return {
        kind: 'combining_stack',
        codePoint: codePointLabel(chars[start]!),
        position: start + 1,
        marks: marks.map(codePointLabel),
      };
    start = i;
  }
  return null;
}

/** What was found, for a message: "holds the invisible character U+034F at character 4". */
export function nameTextFound(problem: NameTextProblem): string {
  const at = `at character ${problem.position}`;
  switch (problem.kind) {
    case 'control':
      return `holds the control character ${problem.codePoint} ${at}`;
    case 'format':
      return `holds the format character ${problem.codePoint} ${at}, which changes how the text prints without being seen`;
    case 'invisible':
      return `holds the invisible character ${problem.codePoint} ${at}, which prints as nothing`;
    case 'combining_stack':
      return (
        `stacks ${problem.marks.length} combining marks (${problem.marks.join(' ')}) on ${problem.codePoint} ${at}; ` +
        `a character carries at most ${MAX_GENERIC_MARKS} accents and ${MAX_MARKS} marks in all`
      );
  }
}
