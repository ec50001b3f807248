import { canonical } from '../json/canonical.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';
import { verifyEd25519 } from '../proof/ed25519-verify.ts';
import { fail, ok, type Result } from '../result.ts';

/**
 * The answer to an accepted submission (docs/season-service.md "Receipts"), as the service sends it: what
 * was recorded, for whom, which stored version, when, and the SHA-256 of the bytes received, signed by the service's
 * receipt key. A participant keeps it as evidence of what the service acknowledged (a dispute can carry it).
 */
export interface SubmissionReceipt {
  recorded: true;
  replaces_previous: boolean;
  season: number;
  track: string;
  task_id: string;
  participant_id: string;
  version: number;
  received_at: string;
  submission_sha256: string;
  /** Ed25519 over receiptSigningBytes of every other field, standard base64 with padding. */
  receipt_signature: string;
}

export type ReceiptFields = Omit<SubmissionReceipt, 'recorded' | 'receipt_signature'>;

/** The fields a receipt carries, in the order the service answers them; the signature is last. */
export const RECEIPT_FIELDS = [
  'recorded',
  'replaces_previous',
  'season',
  'track',
  'task_id',
  'participant_id',
  'version',
  'received_at',
  'submission_sha256',
  'receipt_signature',
] as const;

export type ReceiptCode =
  | 'RECEIPT_NOT_OBJECT'
  | 'RECEIPT_FIELD_MISSING'
  | 'RECEIPT_FIELD_INVALID'
  | 'RECEIPT_UNKNOWN_FIELD'
  | 'RECEIPT_KEY_INVALID'
  | 'RECEIPT_SIGNATURE_INVALID';

/**
 * The receipt without its signature as Python's json.loads reads the answer: season and version are ints (bigint),
 * so the canonical text is CPython's json.dumps(sort_keys=True, separators=(",", ":")) of the same answer.
 */
function unsignedValue(r: ReceiptFields): PyObject {
  return pyObjectFrom([
    ['recorded', true],
    ['replaces_previous', r.replaces_previous],
    ['season', BigInt(r.season)],
    ['track', r.track],
    ['task_id', r.task_id],
    ['participant_id', r.participant_id],
    ['version', BigInt(r.version)],
    ['received_at', r.received_at],
    ['submission_sha256', r.submission_sha256],
  ]);
}

/** The bytes the receipt signature covers: the Python-canonical JSON (UTF-8) of the answer without the signature. */
export function receiptSigningBytes(r: ReceiptFields): Uint8Array {
  return new TextEncoder().encode(canonical(unsignedValue(r)));
}

/**
 * The signed answer. `sign` is the receipt key's Ed25519 signature as base64 (the key stays in the service that
 * holds it; the core never sees it).
 */
export function signReceipt(r: ReceiptFields, sign: (bytes: Uint8Array) => string): SubmissionReceipt {
  return {
    recorded: true,
    replaces_previous: r.replaces_previous,
    season: r.season,
    track: r.track,
    task_id: r.task_id,
    participant_id: r.participant_id,
    version: r.version,
    received_at: r.received_at,
    submission_sha256: r.submission_sha256,
    receipt_signature: sign(receiptSigningBytes(r)),
  };
}

const HEX64 = /^[0-9a-f]{64}$/;
const PARTICIPANT_ID = /^par_[0-9a-f]{24}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** 64 signature bytes in standard base64 with its padding. */
const BASE64_SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;
const SEASON_MAX = 999_999n;

type FieldCheck = { test: (v: PyJson) => boolean; expected: string };

const nonEmptyText = (v: PyJson) => typeof v === 'string' && v.length > 0 && v.length <= 256;

const CHECKS: Record<(typeof RECEIPT_FIELDS)[number], FieldCheck> = {
  recorded: { test: (v) => v === true, expected: 'true' },
  replaces_previous: { test: (v) => typeof v === 'boolean', expected: 'true or false' },
  season: {
    test: (v) => typeof v === 'bigint' && v >= 0n && v <= SEASON_MAX,
    expected: 'the season number, an int',
  },
  track: { test: nonEmptyText, expected: 'the track name, a string' },
  task_id: { test: nonEmptyText, expected: 'the task id, a string' },
  participant_id: {
    test: (v) => typeof v === 'string' && PARTICIPANT_ID.test(v),
    expected: 'par_ and 24 lowercase hex digits',
  },
  version: { test: (v) => typeof v === 'bigint' && v >= 1n, expected: 'the stored version number, an int from 1' },
  received_at: {
    test: (v) => typeof v === 'string' && ISO_UTC.test(v) && !Number.isNaN(Date.parse(v)),
    expected: 'a UTC instant YYYY-MM-DDTHH:MM:SS.mmmZ',
  },
  submission_sha256: {
    test: (v) => typeof v === 'string' && HEX64.test(v),
    expected: '64 lowercase hex digits',
  },
  receipt_signature: {
    test: (v) => typeof v === 'string' && BASE64_SIGNATURE.test(v),
    expected: 'an Ed25519 signature, 64 bytes in base64 (88 characters ending with ==)',
  },
};

const shown = (v: PyJson) => (typeof v === 'bigint' ? v.toString() : JSON.stringify(v));

/**
 * Reads a receipt as json.loads gives it (main/core/json/loads.ts) and checks the form of every field, naming the
 * first one at fault. Says nothing about the signature: verifyReceipt does.
 */
export function readReceipt(value: PyJson): Result<SubmissionReceipt, ReceiptCode> {
  if (!isPyObject(value)) {
    return fail('RECEIPT_NOT_OBJECT', 'a receipt is the JSON object the season service answered to a submission');
  }
  const known = new Set<string>(RECEIPT_FIELDS);
  const unknown = Object.keys(value).find((key) => !known.has(key));
  if (unknown !== undefined) {
    return fail(
      'RECEIPT_UNKNOWN_FIELD',
      `'${unknown}' is not a receipt field (the service answers ${RECEIPT_FIELDS.join(', ')}); keep the answer as received`,
      { field: unknown },
    );
  }
  for (const field of RECEIPT_FIELDS) {
    if (!(field in value)) {
      return fail('RECEIPT_FIELD_MISSING', `the receipt has no '${field}'; keep the whole answer as received`, {
        field,
      });
    }
    const check = CHECKS[field];
    if (!check.test(value[field]!)) {
      return fail(
        'RECEIPT_FIELD_INVALID',
        `'${field}' is ${shown(value[field]!)}; a receipt carries ${check.expected} there`,
        { field, found: shown(value[field]!) },
      );
    }
  }
  return ok({
    recorded: true,
    replaces_previous: value['replaces_previous'] as boolean,
    season: Number(value['season']),
    track: value['track'] as string,
    task_id: value['task_id'] as string,
    participant_id: value['participant_id'] as string,
    version: Number(value['version']),
    received_at: value['received_at'] as string,
    submission_sha256: value['submission_sha256'] as string,
    receipt_signature: value['receipt_signature'] as string,
  });
}

/**
 * Checks a receipt offline against the service's receipt public key (raw 32 bytes, hex, as GET /v1/season/{n}
 * announces it): every field's form, then the signature over all of them. A field edited after signing (another
 * task, another version, another instant) keeps its form but breaks the signature, which is the field at fault then.
 */
export function verifyReceipt(value: PyJson, publicKeyHex: string): Result<SubmissionReceipt, ReceiptCode> {
  if (!HEX64.test(publicKeyHex)) {
    return fail(
      'RECEIPT_KEY_INVALID',
      'the receipt key is the raw 32-byte Ed25519 public key in lowercase hex (64 digits), as GET /v1/season/{n} gives it',
      { key: publicKeyHex.slice(0, 80) },
    );
  }
  const read = readReceipt(value);
  if (!read.ok) return read;
  const receipt = read.value;
  const signature = Buffer.from(receipt.receipt_signature, 'base64');
  if (!verifyEd25519(signature, receiptSigningBytes(receipt), Buffer.from(publicKeyHex, 'hex'))) {
    return fail(
      'RECEIPT_SIGNATURE_INVALID',
      `the signature does not verify with the key ${publicKeyHex} over the receipt's fields as they are: a field was ` +
        'changed after signing (another task, version or instant), or another key signed it',
      { field: 'receipt_signature', key: publicKeyHex },
    );
  }
  return ok(receipt);
}
