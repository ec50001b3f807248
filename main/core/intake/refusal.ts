import { pythonFloatRepr } from '../json/float-repr.ts';
import type { IntakeCode, IntakePosition } from '../json/intake.ts';
import type { PyJson } from '../json/value.ts';
import type { Failure } from '../result.ts';

/**
 * Why intake refused a submission, one code per distinct check, listed in the order the checks run
 * (docs/intake.md). Codes are API (persisted, shown to participants): never rename one, never reuse one.
 */
export type SubmissionCode =
  | 'SUBMISSION_NOT_OBJECT'
  | 'SUBMISSION_UNKNOWN_KEY'
  | 'SUBMISSION_MISSING_KEY'
  | 'SUBMISSION_SEASON_MISMATCH'
  | 'SUBMISSION_UNKNOWN_TRACK'
  | 'SUBMISSION_UNKNOWN_TASK'
  | 'SUBMISSION_DID_MISMATCH'
  | 'SUBMISSION_VERDICT_INVALID'
  | 'SUBMISSION_ASSERTIONS_TYPE'
  | 'SUBMISSION_OVER_CAP'
  | 'SUBMISSION_ASSERTION_SHAPE'
  | 'SUBMISSION_ASSERTION_ID_INVALID'
  | 'SUBMISSION_ASSERTION_ID_DUPLICATE'
  | 'SUBMISSION_CLAIM_SHAPE'
  | 'SUBMISSION_RESOURCE_NOT_CANONICAL'
  | 'SUBMISSION_FIELD_NOT_POINTER'
  | 'SUBMISSION_VALUE_TOO_DEEP'
  | 'SUBMISSION_VALUE_TOO_LARGE'
  | 'SUBMISSION_CLAIM_DUPLICATE'
  | 'SUBMISSION_PROOF_IDS_TYPE'
  | 'SUBMISSION_PROOF_IDS_EMPTY'
  | 'SUBMISSION_PROOF_IDS_TOO_MANY'
  | 'SUBMISSION_PROOF_ID_INVALID'
  | 'SUBMISSION_PROOF_ID_DUPLICATE'
  | 'SUBMISSION_DISCLOSURES_TYPE'
  | 'SUBMISSION_DISCLOSURE_MISSING'
  | 'SUBMISSION_DISCLOSURE_UNCITED'
  | 'SUBMISSION_DISCLOSURE_SHAPE'
  | 'SUBMISSION_HASH_PAIR_SHAPE'
  | 'SUBMISSION_HASH_NOT_HEX64'
  | 'SUBMISSION_NARRATIVE_TYPE'
  | 'SUBMISSION_NARRATIVE_TOO_LONG';

/** Every submission code, in check order (the same order as the type above and docs/intake.md). */
export const SUBMISSION_CODES: readonly SubmissionCode[] = [
  'SUBMISSION_NOT_OBJECT',
  'SUBMISSION_UNKNOWN_KEY',
  'SUBMISSION_MISSING_KEY',
  'SUBMISSION_SEASON_MISMATCH',
  'SUBMISSION_UNKNOWN_TRACK',
  'SUBMISSION_UNKNOWN_TASK',
  'SUBMISSION_DID_MISMATCH',
  'SUBMISSION_VERDICT_INVALID',
  'SUBMISSION_ASSERTIONS_TYPE',
  'SUBMISSION_OVER_CAP',
  'SUBMISSION_ASSERTION_SHAPE',
  'SUBMISSION_ASSERTION_ID_INVALID',
  'SUBMISSION_ASSERTION_ID_DUPLICATE',
  'SUBMISSION_CLAIM_SHAPE',
  'SUBMISSION_RESOURCE_NOT_CANONICAL',
  'SUBMISSION_FIELD_NOT_POINTER',
  'SUBMISSION_VALUE_TOO_DEEP',
  'SUBMISSION_VALUE_TOO_LARGE',
  'SUBMISSION_CLAIM_DUPLICATE',
  'SUBMISSION_PROOF_IDS_TYPE',
  'SUBMISSION_PROOF_IDS_EMPTY',
  'SUBMISSION_PROOF_IDS_TOO_MANY',
  'SUBMISSION_PROOF_ID_INVALID',
  'SUBMISSION_PROOF_ID_DUPLICATE',
  'SUBMISSION_DISCLOSURES_TYPE',
  'SUBMISSION_DISCLOSURE_MISSING',
  'SUBMISSION_DISCLOSURE_UNCITED',
  'SUBMISSION_DISCLOSURE_SHAPE',
  'SUBMISSION_HASH_PAIR_SHAPE',
  'SUBMISSION_HASH_NOT_HEX64',
  'SUBMISSION_NARRATIVE_TYPE',
  'SUBMISSION_NARRATIVE_TOO_LONG',
];

/** A refusal code: the strict parser's (INTAKE_*, passed through unchanged) or the schema's (SUBMISSION_*). */
export type IntakeRefusalCode = IntakeCode | SubmissionCode;

/**
 * A submission rejected at intake (spec §4): a 422 with a stable code, the RFC 6901 pointer at fault ("" for the
 * whole document, as for every parser refusal), and a message that says what was wrong, where, and what to do.
 * `position` (byte offset, line, column) is there for parser refusals only: schema checks run on the parsed value.
 */
export interface IntakeRefusal extends Failure<IntakeRefusalCode> {
  pointer: string;
  position?: IntakePosition;
}

export type Refused = { ok: false; error: IntakeRefusal };

export const PREFIX = 'rejected at intake: ';

export function refuse(
  code: SubmissionCode,
  pointer: string,
  message: string,
  details?: Record<string, unknown>,
): Refused {
  const error: IntakeRefusal = { code, message: PREFIX + message, pointer };
  if (details !== undefined) error.details = details;
  return { ok: false, error };
}

/** RFC 6901 §3: "~" is written "~0" and "/" is written "~1" inside a reference token. */
export function pointerOf(...tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** A string for a message, cut short so one long value cannot flood the answer. */
export function quote(text: string, max = 60): string {
  const chars = Array.from(text);
  return JSON.stringify(chars.length > max ? `${chars.slice(0, max - 3).join('')}...` : text);
}

/** A value as a message names it, in JSON's words; strings quoted and cut short, containers by kind. */
export function describe(value: PyJson): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') {
    const digits = value.toString();
    return `the integer ${digits.length > 30 ? `${digits.slice(0, 27)}...` : digits}`;
  }
  if (typeof value === 'number') return `the float ${pythonFloatRepr(value)}`;
  if (typeof value === 'string') return `the string ${quote(value)}`;
  if (Array.isArray(value)) return 'an array';
  return 'an object';
}
