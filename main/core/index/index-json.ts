import { canonical } from '../json/canonical.ts';
import { pyObjectFrom, type PyJson } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import { INDEX_FORMAT, type IndexDocument, type IndexRow } from './model.ts';

/**
 * A plain value of the content model as PyJson: every number of the model is an integer count, so it becomes a
 * Python int (bigint); objects become null-prototype records. Used for index.json and every hash over a row.
 */
export function toPyJson(value: unknown): PyJson {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`the Index holds integers only: ${value}`);
    return BigInt(value);
  }
  if (Array.isArray(value)) return value.map(toPyJson);
  if (typeof value === 'object')
    return pyObjectFrom(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toPyJson(v)] as const));
  throw new TypeError(`not a JSON value: ${typeof value}`);
}

/** The value a row hash covers (manifest `rows[].sha256`, CSV `row_sha256`): the row as index.json holds it. */
export function indexRowValue(row: IndexRow): PyJson {
  return toPyJson(row);
}

/** index.json: canonical JSON and a newline (the same bytes for the same document). */
export function indexJsonText(doc: IndexDocument): string {
  return `${canonical(toPyJson(doc))}\n`;
}

/**
 * Reads index.json bytes back (a stored version re-exported, or `index verify` looking at rows). Only the shape the
 * renderers need is checked; the bytes themselves are covered by the signed manifest.
 */
export function parseIndexJson(text: string): Result<IndexDocument, 'INDEX_JSON_INVALID'> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail('INDEX_JSON_INVALID', `index.json is not JSON: ${(error as Error).message}`);
  }
  const doc = value as Partial<IndexDocument> | null;
  if (
    doc === null ||
    typeof doc !== 'object' ||
    doc.format !== INDEX_FORMAT ||
    typeof doc.season !== 'number' ||
    typeof doc.index_version !== 'number' ||
    !Array.isArray(doc.tracks) ||
    !Array.isArray(doc.reports)
  )
    return fail(
      'INDEX_JSON_INVALID',
      `index.json is not a ${INDEX_FORMAT} document (format, season, index_version, tracks, reports)`,
    );
  return ok(doc as IndexDocument);
}
