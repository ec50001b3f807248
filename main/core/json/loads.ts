import { fail, ok, type Result } from '../result.ts';
import { detectEncoding } from './detect-encoding.ts';
import { fastLoads } from './fast-loads.ts';
import { CPYTHON_MAX_DEPTH } from './python-limits.ts';
import { CPYTHON_MESSAGES, scanDocument, type ScanErrorKind, type ScanPolicy } from './scanner.ts';
import { decodeSurrogatePass } from './surrogatepass-decode.ts';
import { codePointIndex, lineColumnAt } from './text-position.ts';
import type { PyJson } from './value.ts';

/**
 * Why `loads` refused, one code per exception CPython raises from `json.loads(bytes)`:
 * - JSON_INVALID_ENCODING: UnicodeDecodeError (the bytes are not text in the detected encoding);
 * - JSON_SYNTAX: JSONDecodeError (the message is CPython's, with its line, column and char position);
 * - JSON_INT_TOO_LONG: ValueError from `int()` (an integer literal of more than 4300 digits);
 * - JSON_TOO_DEEP: RecursionError (nesting deeper than CPYTHON_MAX_DEPTH).
 */
export type LoadsCode = 'JSON_INVALID_ENCODING' | 'JSON_SYNTAX' | 'JSON_INT_TOO_LONG' | 'JSON_TOO_DEEP';

/** CPython's own policy: repeated keys last-wins, NaN/Infinity and lone surrogates kept. */
const CPYTHON_POLICY: ScanPolicy = {
  maxDepth: CPYTHON_MAX_DEPTH,
  refuseDuplicateKeys: false,
  refuseNonFinite: false,
  refuseLoneSurrogates: false,
};

function codeFor(kind: ScanErrorKind): LoadsCode {
  if (kind === 'INT_TOO_LONG') return 'JSON_INT_TOO_LONG';
  if (kind === 'TOO_DEEP') return 'JSON_TOO_DEEP';
  return 'JSON_SYNTAX';
}

/**
 * The value CPython 3.11's `json.loads(bytes)` makes of `bytes` (spec §2.4, design brief §4), or the exception it
 * raises as a Result: `json.detect_encoding`, then `bytes.decode(encoding, 'surrogatepass')`, then the C scanner.
 *
 * Known limitation (docs/canonical-json.md): a JS string cannot hold a lone high surrogate followed by a lone low
 * surrogate apart from the astral character they would pair into. CPython keeps them apart when they come from
 * separate escapes around raw text, from UTF-8/UTF-32 surrogate bytes, or from an escape next to such bytes. The
 * canonical encoding is the same either way (`\udXXX\udXXX`); only the sort position of such a key can differ.
 */
export function loads(bytes: Uint8Array): Result<PyJson, LoadsCode> {
  const fast = fastLoads(bytes);
  if (fast !== undefined) return ok(fast);
  const decoded = decodeSurrogatePass(bytes, detectEncoding(bytes));
  if (!decoded.ok) {
    const { encoding, byteOffset, reason } = decoded.failure;
    return fail(
      'JSON_INVALID_ENCODING',
      `'${encoding}' codec can't decode the byte at position ${byteOffset}: ${reason}`,
      { ...decoded.failure },
    );
  }
  return scanText(decoded.text);
}

/**
 * `json.loads(str)`: the same scanner over text that is already decoded. CPython refuses a str that starts with
 * U+FEFF with its own message (JSONDecodeError, so JSON_SYNTAX), telling the caller to decode with 'utf-8-sig'.
 */
export function loadsText(text: string): Result<PyJson, LoadsCode> {
  if (text.startsWith('\ufeff'))
    return fail('JSON_SYNTAX', 'Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)', {
      reason: 'UNEXPECTED_BOM',
      line: 1,
      column: 1,
      char: 0,
    });
  return scanText(text);
}

/**
 * `json.loads(bytes)` for a document handed over as a file or answered by another service (a proof view, a key
 * history): the same value where it accepts, but a key repeated in one object is refused (JSON_DUPLICATE_KEY, naming
 * the key) instead of read last-wins. Readers that keep the first one would see another document in the same bytes;
 * `json.dumps` never writes a repeated key, so no document a service made is refused. NaN and lone surrogates stay
 * accepted, as CPython reads them (docs/canonical-json.md "loadsUniqueKeys"); `parseIntake` is stricter still.
 */
export function loadsUniqueKeys(bytes: Uint8Array): Result<PyJson, LoadsCode | 'JSON_DUPLICATE_KEY'> {
  const decoded = decodeSurrogatePass(bytes, detectEncoding(bytes));
  if (!decoded.ok) return loads(bytes);
  const text = decoded.text;
  const scanned = scanDocument(text, { ...CPYTHON_POLICY, refuseDuplicateKeys: true });
  if (scanned.ok) return ok(scanned.value);
  // Any other error is CPython's own, with its message: the plain scan finds it again.
  if (scanned.error.kind !== 'DUPLICATE_KEY') return scanText(text);
  const { line, column } = lineColumnAt(text, scanned.error.index);
  const key = scanned.error.subject ?? '';
  return fail(
    'JSON_DUPLICATE_KEY',
    `duplicate key ${JSON.stringify(key.length > 60 ? `${key.slice(0, 57)}...` : key)} at line ${line} column ${column}: ` +
      'each key may appear once in an object (a reader keeping the first one would read another document)',
    { reason: 'DUPLICATE_KEY', key, line, column, char: codePointIndex(text, scanned.error.index) },
  );
}

function scanText(text: string): Result<PyJson, LoadsCode> {
  const scanned = scanDocument(text, CPYTHON_POLICY);
  if (scanned.ok) return ok(scanned.value);
  const { kind, index } = scanned.error;
  const { line, column } = lineColumnAt(text, index);
  const char = codePointIndex(text, index);
  const message =
    kind === 'INT_TOO_LONG'
      ? `${CPYTHON_MESSAGES[kind]}: value has ${scanned.error.subject} digits (at line ${line} column ${column} (char ${char}))`
      : `${CPYTHON_MESSAGES[kind]}: line ${line} column ${column} (char ${char})`;
  return fail(codeFor(kind), message, { reason: kind, line, column, char });
}
