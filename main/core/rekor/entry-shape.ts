import { fail, ok, type Result } from '../result.ts';
import type { RekorCode } from './model.ts';

/** The fields of one log entry as `GET /api/v1/log/entries/{uuid}` serves it (Rekor OpenAPI LogEntry). */
export interface RekorEntryFields {
  uuid: string;
  body: string;
  integratedTime: number;
  logID: string;
  logIndex: number;
  verification: Record<string, unknown> | null;
}

/** An entry UUID is the 64-hex leaf hash, optionally preceded by a 16-hex tree id (sharded logs). */
const UUID = /^(?:[0-9a-f]{16})?[0-9a-f]{64}$/;
const LOG_ID = /^[0-9a-f]{64}$/;

/**
 * Rekor serves an entry under its full uuid (tree id + leaf hash) and under the bare leaf hash alike. The tree id
 * is bound by nothing in the entry (not the SET, not the leaf), so the names agree when their leaf hashes do.
 */
function sameEntry(expected: string, uuid: string): boolean {
  return (
    UUID.test(expected) &&
    expected.slice(-64) === uuid.slice(-64) &&
    (expected.length === 64 || uuid.length === 64 || expected === uuid)
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON integer as a safe number. The entry may come from JSON.parse (number) or from the PyJson reader
 * (bigint = Python int); a float such as 1.5 is not an integer either way.
 */
export function asCount(value: unknown): number | null {
  if (typeof value === 'bigint') {
    return value >= 0n && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
  }
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** `{ "<uuid>": { body, integratedTime, logID, logIndex, verification } }`: exactly one entry, typed fields. */
export function readEntryShape(entry: unknown, expectedUuid: string | undefined): Result<RekorEntryFields, RekorCode> {
  const shape = (message: string, details?: Record<string, unknown>) =>
    fail<RekorCode>('REKOR_ENTRY_SHAPE', `Rekor entry: ${message}`, details);
  if (!isRecord(entry)) return shape('expected an object {"<uuid>": {...}} as GET /api/v1/log/entries/{uuid} returns');
  const keys = Object.keys(entry);
  if (keys.length !== 1) return shape(`expected exactly one entry, found ${keys.length}`, { count: keys.length });
  const uuid = keys[0] as string;
  if (!UUID.test(uuid)) return shape('the uuid must be 64 lowercase hex, optionally after a 16-hex tree id', { uuid });
  if (expectedUuid !== undefined && !sameEntry(expectedUuid.toLowerCase(), uuid)) {
    return fail('REKOR_UUID_MISMATCH', "the entry is not the one the proof's transparency_log names", {
      expected: expectedUuid,
      actual: uuid,
    });
  }
  const fields = entry[uuid];
  if (!isRecord(fields)) return shape('the entry value must be an object', { uuid });
  const { body, logID, verification } = fields;
  const integratedTime = asCount(fields.integratedTime);
  const logIndex = asCount(fields.logIndex);
  if (typeof body !== 'string') return shape('"body" must be a base64 string', { uuid });
  if (integratedTime === null) return shape('"integratedTime" must be a non-negative integer', { uuid });
  if (logIndex === null) return shape('"logIndex" must be a non-negative integer', { uuid });
  if (typeof logID !== 'string' || !LOG_ID.test(logID)) return shape('"logID" must be 64 lowercase hex', { uuid });
  if (verification !== undefined && !isRecord(verification)) return shape('"verification" must be an object', { uuid });
  return ok({ uuid, body, integratedTime, logID, logIndex, verification: verification ?? null });
}
