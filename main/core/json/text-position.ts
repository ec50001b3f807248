/** A place in a text as people count it: 1-based line, and 1-based column in characters (code points). */
export interface LineColumn {
  line: number;
  column: number;
}

/**
 * Line and column of UTF-16 index `index` in `text`. Lines end at '\n' only, as CPython's JSONDecodeError counts them
 * (a '\r' is whitespace on the same line); the column counts code points, so an astral character is one column.
 */
export function lineColumnAt(text: string, index: number): LineColumn {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  let column = 1;
  for (let i = lineStart; i < index; i++) {
    const unit = text.charCodeAt(i);
    const nextUnit = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && nextUnit >= 0xdc00 && nextUnit <= 0xdfff && i + 1 < index) i++;
    column++;
  }
  return { line, column };
}

/** Number of code points in the first `index` UTF-16 units of `text` (CPython's "char" position). */
export function codePointIndex(text: string, index: number): number {
  let count = 0;
  for (let i = 0; i < index; i++) {
    const unit = text.charCodeAt(i);
    const nextUnit = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && nextUnit >= 0xdc00 && nextUnit <= 0xdfff && i + 1 < index) i++;
    count++;
  }
  return count;
}

/** Length in bytes of the UTF-8 form of the first `index` UTF-16 units of `text` (lone surrogates count 3). */
export function utf8Length(text: string, index: number): number {
  let bytes = 0;
  for (let i = 0; i < index; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < index) {
      const nextUnit = text.charCodeAt(i + 1);
      if (nextUnit >= 0xdc00 && nextUnit <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
