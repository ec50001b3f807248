import { fail, ok, type Result } from '../result.ts';
import { detectEncoding } from './detect-encoding.ts';
import { PYTHON_INT_MAX_STR_DIGITS } from './python-limits.ts';
import { scanDocument, type ScanError } from './scanner.ts';
import { decodeSurrogatePass } from './surrogatepass-decode.ts';
import { utf8Length } from './text-position.ts';
import type { PyJson } from './value.ts';

/** Largest document intake reads: 1 MiB. A submission (spec §4) is a few kilobytes; this leaves room for any task. */
export const INTAKE_MAX_BYTES = 1_048_576;

/** Deepest nesting intake reads. A submission nests 5 levels (spec §4); claim values get the rest. */
export const INTAKE_MAX_DEPTH = 64;

export interface IntakeLimits {
  maxBytes: number;
  maxDepth: number;
}

/** Why intake refused a document. Codes are API (persisted, shown to participants): never rename one. */
export type IntakeCode =
  | 'INTAKE_TOO_LARGE'
  | 'INTAKE_BOM'
  | 'INTAKE_NOT_UTF8'
  | 'INTAKE_INVALID_UTF8'
  | 'INTAKE_LONE_SURROGATE'
  | 'INTAKE_EMPTY'
  | 'INTAKE_SYNTAX'
  | 'INTAKE_UNTERMINATED_STRING'
  | 'INTAKE_CONTROL_CHARACTER'
  | 'INTAKE_INVALID_ESCAPE'
  | 'INTAKE_DUPLICATE_KEY'
  | 'INTAKE_NON_FINITE_NUMBER'
  | 'INTAKE_INT_TOO_LONG'
  | 'INTAKE_TOO_DEEP'
  | 'INTAKE_TRAILING_DATA';

/** Where a refusal points: byte offset from the start of the input, and 1-based line and column (in characters). */
export type IntakePosition = {
  offset: number;
  line: number;
  column: number;
};

/**
 * Line and column of a byte offset in UTF-8 bytes, counting from the bytes themselves so it also works up to an
 * invalid sequence or past the size cap: a line ends at 0x0A; a character starts at every byte that is not 10xxxxxx.
 */
export function positionOfByte(bytes: Uint8Array, offset: number): IntakePosition {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte === 0x0a) {
      line++;
      column = 1;
    } else if ((byte & 0xc0) !== 0x80) column++;
  }
  return { offset, line, column };
}

const at = (p: IntakePosition): string => `at line ${p.line} column ${p.column} (byte ${p.offset})`;

/** How to show one character of the input in a message: quoted if printable, U+XXXX otherwise. */
function describeCharacter(text: string, index: number): string {
  const codePoint = text.codePointAt(index);
  if (codePoint === undefined) return 'the end of the document';
  const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  if (codePoint < 0x20 || codePoint === 0x7f || codePoint === 0xfeff || codePoint === 0xa0) return hex;
  return JSON.stringify(String.fromCodePoint(codePoint));
}

/** The escape as written, up to where it goes wrong (`\u12` rather than the text after it). */
function showEscape(subject: string): string {
  const unicode = /^\\u[0-9a-fA-F]{0,4}/.exec(subject);
  const shown = unicode ? unicode[0] : subject;
  return Array.from(shown, (ch) =>
    ch < ' ' ? `U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : ch,
  ).join('');
}

/** A key or literal quoted for a message, cut short so one bad key cannot flood the answer. */
function quote(text: string): string {
  const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return JSON.stringify(shown);
}

function refusal(error: ScanError, text: string, bytes: Uint8Array, limits: IntakeLimits) {
  const position = positionOfByte(bytes, utf8Length(text, error.index));
  const where = at(position);
  const found = describeCharacter(text, error.index);
  const subject = error.subject ?? '';
  const details = { ...position };
  switch (error.kind) {
    case 'EXPECTING_VALUE':
      if (/^[ \t\n\r]*$/.test(text))
        return fail(
          'INTAKE_EMPTY',
          `the document holds only whitespace (it ends ${where}): send one JSON document`,
          details,
        );
      return fail(
        'INTAKE_SYNTAX',
        `expected a JSON value (object, array, string, number, true, false or null) ${where}, found ${found}`,
        details,
      );
    case 'EXPECTING_PROPERTY_NAME':
      return fail(
        'INTAKE_SYNTAX',
        `expected a key in double quotes ${where}, found ${found}: keys are strings in double quotes, and no comma follows the last member of an object`,
        details,
      );
    case 'EXPECTING_COLON':
      return fail('INTAKE_SYNTAX', `expected ':' after the key ${where}, found ${found}`, details);
    case 'EXPECTING_COMMA':
      return fail(
        'INTAKE_SYNTAX',
        `expected ',' or the closing bracket ${where}, found ${found}: separate members with commas and close every '[' and '{'`,
        details,
      );
    case 'UNTERMINATED_STRING':
      return fail(
        'INTAKE_UNTERMINATED_STRING',
        `the string starting ${where} never ends: add its closing double quote`,
        details,
      );
    case 'CONTROL_CHARACTER':
      return fail(
        'INTAKE_CONTROL_CHARACTER',
        `control character ${found} inside a string ${where}: write it as an escape (\\n, \\t, or \\u00XX)`,
        details,
      );
    case 'INVALID_ESCAPE':
      return fail(
        'INTAKE_INVALID_ESCAPE',
        `invalid escape ${showEscape(subject)} ${where}: JSON allows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX only`,
        details,
      );
    case 'INVALID_UNICODE_ESCAPE':
      return fail(
        'INTAKE_INVALID_ESCAPE',
        `invalid escape ${showEscape(subject)} ${where}: \\u must be followed by exactly four hexadecimal digits`,
        details,
      );
    case 'LONE_SURROGATE':
      return fail(
        'INTAKE_LONE_SURROGATE',
        `escape ${showEscape(subject)} ${where} is half of a surrogate pair with no other half: write the character itself, or both halves such as \\ud83d\\ude00`,
        details,
      );
    case 'DUPLICATE_KEY':
      return fail(
        'INTAKE_DUPLICATE_KEY',
        `duplicate key ${quote(subject)} ${where}: each key may appear once in an object; remove one of them`,
        { ...details, key: subject },
      );
    case 'NON_FINITE_NUMBER':
      return fail(
        'INTAKE_NON_FINITE_NUMBER',
        subject === 'NaN' || subject.endsWith('Infinity')
          ? `${subject} ${where} is not a JSON number: numbers must be finite; write a finite number or null`
          : `number ${quote(subject)} ${where} is beyond the range of a 64-bit float (it reads as infinity): write a smaller number`,
        { ...details, literal: subject },
      );
    case 'INT_TOO_LONG':
      return fail(
        'INTAKE_INT_TOO_LONG',
        `integer with ${subject} digits ${where}: integers may have at most ${PYTHON_INT_MAX_STR_DIGITS} digits (CPython's limit); send it as a string`,
        details,
      );
    case 'TOO_DEEP':
      return fail('INTAKE_TOO_DEEP', `nesting deeper than ${limits.maxDepth} levels ${where}: flatten the document`, {
        ...details,
        maxDepth: limits.maxDepth,
      });
    case 'EXTRA_DATA':
      return fail(
        'INTAKE_TRAILING_DATA',
        `unexpected ${found} after the end of the document ${where}: send exactly one JSON document and nothing after it`,
        details,
      );
  }
}

/**
 * The strict intake parser for untrusted documents (spec §4: a non-conforming submission is rejected at intake with
 * an actionable message; design brief §4). It accepts a subset of what CPython's `json.loads` accepts, and what it
 * accepts reads to the same value:
 * - UTF-8 only, without a byte order mark (RFC 8259 §8.1: senders must not add one); UTF-16/32 are refused;
 * - at most `maxBytes` bytes and `maxDepth` levels of nesting;
 * - no repeated key in an object, no NaN/Infinity/-Infinity and no number that overflows to infinity;
 * - no lone surrogate, escaped (\ud800) or encoded (ED A0 80);
 * - exactly one document: nothing but whitespace after it;
 * - everything `json.loads` refuses (syntax, control characters in strings, integers over 4300 digits).
 * Each refusal carries its code, the byte offset, line and column (details), and a message saying what to change.
 */
export function parseIntake(bytes: Uint8Array, limits: Partial<IntakeLimits> = {}): Result<PyJson, IntakeCode> {
  const caps: IntakeLimits = { maxBytes: INTAKE_MAX_BYTES, maxDepth: INTAKE_MAX_DEPTH, ...limits };
  if (bytes.length > caps.maxBytes) {
    const position = positionOfByte(bytes, caps.maxBytes);
    return fail(
      'INTAKE_TOO_LARGE',
      `the document is ${bytes.length} bytes, more than the ${caps.maxBytes} accepted; the excess starts ${at(position)}`,
      { ...position, size: bytes.length, maxBytes: caps.maxBytes },
    );
  }
  const encoding = detectEncoding(bytes);
  if (encoding === 'utf-8-sig')
    return fail(
      'INTAKE_BOM',
      'the document starts with a byte order mark (EF BB BF) at line 1 column 1 (byte 0): save it as UTF-8 without BOM',
      { offset: 0, line: 1, column: 1 },
    );
  if (encoding !== 'utf-8')
    return fail(
      'INTAKE_NOT_UTF8',
      `the document is encoded as ${encoding.toUpperCase()}, not UTF-8 (seen at line 1 column 1 (byte 0)): save it as UTF-8`,
      { offset: 0, line: 1, column: 1, encoding },
    );
  // surrogatepass would let ED A0..BF xx through as a lone surrogate; intake refuses it as bytes, before parsing.
  const surrogateAt = findEncodedSurrogate(bytes);
  const decoded = decodeSurrogatePass(bytes, 'utf-8');
  if (!decoded.ok && (surrogateAt === -1 || decoded.failure.byteOffset <= surrogateAt)) {
    const position = positionOfByte(bytes, decoded.failure.byteOffset);
    return fail(
      'INTAKE_INVALID_UTF8',
      `invalid UTF-8 ${at(position)} (bytes ${showBytes(bytes, position.offset)}: ${decoded.failure.reason}): save the document as UTF-8`,
      position,
    );
  }
  if (surrogateAt !== -1 || !decoded.ok) {
    const position = positionOfByte(bytes, surrogateAt);
    return fail(
      'INTAKE_LONE_SURROGATE',
      `bytes ${showBytes(bytes, surrogateAt, 3)} ${at(position)} encode a lone surrogate, which is not valid UTF-8: save the document as UTF-8`,
      position,
    );
  }
  const text = decoded.text;
  const scanned = scanDocument(text, {
    maxDepth: caps.maxDepth,
    refuseDuplicateKeys: true,
    refuseNonFinite: true,
    refuseLoneSurrogates: true,
  });
  return scanned.ok ? ok(scanned.value) : refusal(scanned.error, text, bytes, caps);
}

/**
 * Offset of the first ED A0..BF, the start of a UTF-8-encoded surrogate (U+D800..U+DFFF), or -1. In well-formed UTF-8
 * ED is always a lead byte (continuations are 80..BF), so no decoding is needed to find it.
 */
function findEncodedSurrogate(bytes: Uint8Array): number {
  for (let i = bytes.indexOf(0xed); i !== -1; i = bytes.indexOf(0xed, i + 1)) {
    const next = bytes[i + 1];
    if (next !== undefined && next >= 0xa0 && next <= 0xbf) return i;
  }
  return -1;
}

/** Up to four bytes from `offset`, as hex, for a message about bytes that are not UTF-8. */
function showBytes(bytes: Uint8Array, offset: number, count = 4): string {
  return Array.from(bytes.subarray(offset, offset + count), (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(
    ' ',
  );
}
