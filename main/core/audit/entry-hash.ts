import { canonical } from '../json/canonical.ts';
import { sha256Canonical } from '../json/sha256-canonical.ts';
import { pyObjectFrom, type PyObject } from '../json/value.ts';

/** The prev_hash of entry 1: 64 zeros (docs/audit-log.md). */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** Every operator action the log records (docs/audit-log.md). The strings are stored: never rename one. */
export const AUDIT_ACTIONS = [
  'freeze.create',
  'freeze.publish',
  'freeze.replace',
  'freeze.reveal',
  'freeze.adopt',
  'proofs.fetch',
  'proofs.follow',
  'proofs.follow_cadence',
  'season.close',
  'season.publish',
  'season.invalidate',
  'season.deliver',
  'season.consents',
  'dispute.open',
  'dispute.review',
  'dispute.decide',
  'correction.publish',
  'incident.open',
  'incident.note',
  // A new owner: recorded as incident.note before this action existed; those entries keep it (never rewritten).
  'incident.assign',
  'incident.resolve',
  'index.export',
  'index.anchor',
  'participant.rename',
  'participant.reference',
  'participant.stack',
  'backup.create',
  'backup.failed',
  'operator_key.create',
  'api_key.bind',
  'season.notice',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry's fields except its own hash. */
export interface AuditEntryFields {
  seq: number;
  atMs: number;
  actor: string;
  action: string;
  summary: string;
  details: PyObject;
  prevHash: string;
}

/**
 * The object an entry's hash covers: every field but entry_hash, with seq and at_ms as JSON integers and details as
 * the JSON object itself (not its text).
 */
export function auditHashedObject(entry: AuditEntryFields): PyObject {
  return pyObjectFrom([
    ['seq', BigInt(entry.seq)],
    ['at_ms', BigInt(entry.atMs)],
    ['actor', entry.actor],
    ['action', entry.action],
    ['summary', entry.summary],
    ['details', entry.details],
    ['prev_hash', entry.prevHash],
  ]);
}

/**
 * entry_hash = lowercase hex SHA-256 of canonical({"action", "actor", "at_ms", "details", "prev_hash", "seq",
 * "summary"}) — CPython's json.dumps(obj, sort_keys=True, separators=(",", ":")) (docs/audit-log.md).
 */
export function auditEntryHash(entry: AuditEntryFields): string {
  return sha256Canonical(auditHashedObject(entry));
}

/** The text stored in the details column: the canonical JSON of the details object. */
export function auditDetailsText(details: PyObject): string {
  return canonical(details);
}
