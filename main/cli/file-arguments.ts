import { parseIntake } from '../core/json/intake.ts';
import { loads, loadsUniqueKeys } from '../core/json/loads.ts';
import type { PyJson } from '../core/json/value.ts';
import { fail, ok, type Failure, type Result } from '../core/result.ts';
import {
  FILE_LIMITS,
  readBoundedFile,
  readBoundedFileSync,
  readBoundedText,
  type FileKind,
} from '../services/files/read-bounded.ts';

/**
 * A file argument read wholly, bounded by its kind's limit (main/services/files/read-bounded.ts). A file that cannot
 * be opened keeps the commands' INPUT_UNREADABLE; a device or a file past the limit is FILE_NOT_REGULAR or
 * FILE_TOO_LARGE, naming the file, its size and the limit.
 */
export async function readFileArgument(
  path: string,
  what: string,
  kind: FileKind = 'document',
): Promise<Result<Uint8Array>> {
  const read = await readBoundedFile(path, { what: `the ${what}`, kind });
  if (read.ok || read.error.code !== 'FILE_UNREADABLE') return read;
  return { ok: false, error: { ...read.error, code: 'INPUT_UNREADABLE' } };
}

/**
 * A refused file argument as one line for a usage error: the system's reason when it cannot be opened, else the code
 * (FILE_NOT_REGULAR, FILE_TOO_LARGE) and its message.
 */
export const fileProblem = (f: Failure): string =>
  f.code === 'FILE_UNREADABLE' || f.code === 'INPUT_UNREADABLE' ? f.message : `${f.code}: ${f.message}`;

/** The same, synchronously, as text: the message is the problem a usage error prints. */
export function readTextArgumentSync(path: string, what: string, kind: FileKind): Result<string> {
  const read = readBoundedFileSync(path, { what: `the ${what}`, kind });
  return read.ok ? ok(Buffer.from(read.value).toString('utf8')) : read;
}

/** The same, as text (secrets, keys, lists). */
export async function readTextArgument(path: string, what: string, kind: FileKind): Promise<Result<string>> {
  return readBoundedText(path, { what: `the ${what}`, kind });
}

/**
 * A JSON document handed to a command (a receipt, a freeze, a reveal, a Rekor entry, a disclosure), read bounded and
 * parsed by the intake parser (docs/canonical-json.md "parseIntake"): a key repeated in one object, a lone surrogate,
 * NaN, a byte order mark are refused with the INTAKE_* code naming them (a repeated key is also `details.field`, the
 * field at fault), where json.loads would read the last of two keys and another reader the first. A file that is not
 * JSON at all keeps its code, INPUT_NOT_JSON.
 */
export async function readJsonFile(path: string, what: string): Promise<Result<PyJson>> {
  const read = await readFileArgument(path, what);
  if (!read.ok) return read;
  const strict = parseIntake(read.value, { maxBytes: FILE_LIMITS.document });
  if (strict.ok) return strict;
  const loose = loads(read.value);
  if (!loose.ok) return fail('INPUT_NOT_JSON', `the ${what} ${path} is not JSON: ${loose.error.message}`);
  const details = strict.error.details ?? {};
  return fail(strict.error.code, `the ${what} ${path} is refused: ${strict.error.message}`, {
    ...details,
    file: path,
    ...(strict.error.code === 'INTAKE_DUPLICATE_KEY' ? { field: details['key'] } : {}),
  });
}

/**
 * A document another service wrote (a proof view from the Trust Layer), handed over as a file: read bounded, and
 * refused when a key repeats in one object (JSON_DUPLICATE_KEY); everything else is read as json.loads reads it, NaN
 * and lone surrogates included, since the hashes it carries were made over those values. The bytes are returned for
 * the parser that owns the document.
 */
export async function readServiceDocumentFile(path: string, what: string): Promise<Result<Uint8Array>> {
  const read = await readFileArgument(path, what);
  if (!read.ok) return read;
  const unique = loadsUniqueKeys(read.value);
  if (!unique.ok && unique.error.code === 'JSON_DUPLICATE_KEY')
    return fail(unique.error.code, `the ${what} ${path} is refused: ${unique.error.message}`, {
      ...unique.error.details,
      file: path,
      field: unique.error.details?.['key'],
    });
  return read;
}
