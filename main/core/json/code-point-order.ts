const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;

/**
 * Compares two strings by Unicode code point, as Python's `sorted()` on str does (design brief §4).
 * JavaScript's default sort compares UTF-16 units, which puts astral characters (surrogate pairs,
 * D800–DFFF) before U+E000–U+FFFF; Python puts them after.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    if (a.charCodeAt(i) === b.charCodeAt(i)) continue;
    // Back up to the start of the character when the difference is in the low half of a pair.
    const start = i > 0 && isHighSurrogate(a.charCodeAt(i - 1)) ? i - 1 : i;
    return (a.codePointAt(start) ?? 0) - (b.codePointAt(start) ?? 0);
  }
  return a.length - b.length;
}
