const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * Compares two strings by Unicode code point, as Python's `sorted()` on str does (design brief §4).
 * JavaScript's default sort compares UTF-16 units, which puts astral characters (surrogate pairs,
 * D800–DFFF) before U+E000–U+FFFF; Python puts them after.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const unitA = a.charCodeAt(i);
    const unitB = b.charCodeAt(i);
    if (unitA === unitB) continue;
    // A difference in the low half of a pair is a difference of whole characters: back up to the shared high half.
    // If neither unit is a low half, the shared high surrogate before them is a lone one and they compare as they are.
    const inPair = i > 0 && isHighSurrogate(a.charCodeAt(i - 1)) && (isLowSurrogate(unitA) || isLowSurrogate(unitB));
    const start = inPair ? i - 1 : i;
    return (a.codePointAt(start) ?? 0) - (b.codePointAt(start) ?? 0);
  }
  return a.length - b.length;
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Sorts strings in place as Python's `sorted()` does, and returns them: the engine's own sort (UTF-16 order) when no
 * string holds a surrogate, which is then the same order and native; compareCodePoints otherwise.
 */
export function sortByCodePoint(texts: string[]): string[] {
  return texts.some((text) => SURROGATE.test(text)) ? texts.sort(compareCodePoints) : texts.sort();
}
