import { compareCodePoints } from '../json/code-point-order.ts';
import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { describe, pointerOf, quote, refuse, type Refused, type SubmissionCode } from './refusal.ts';

export type KeyFault = { kind: 'unknown'; key: string } | { kind: 'missing'; key: string };

/**
 * The first way an object's keys differ from `keys`: an extra key first (the smallest in code-point order, the order
 * canonical JSON writes them, so the answer never depends on how the document was laid out), then a missing key in
 * the order `keys` lists them (the spec's order).
 */
export function keyFault(object: PyObject, keys: readonly string[]): KeyFault | undefined {
  const unknown = Object.keys(object)
    .filter((k) => !keys.includes(k))
    .sort(compareCodePoints)[0];
  if (unknown !== undefined) return { kind: 'unknown', key: unknown };
  const missing = keys.find((k) => !Object.hasOwn(object, k));
  return missing === undefined ? undefined : { kind: 'missing', key: missing };
}

/** The keys in words: `id`, `claim` and `proof_ids`. */
export function listKeys(keys: readonly string[]): string {
  return keys.length <= 1 ? keys.join('') : `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}`;
}

/**
 * An object with exactly `keys`, else a refusal with `code` at the object (not an object), at the extra key, or at
 * the missing key. Shared by assertions, claims, disclosure entries and hash pairs, each with its own code.
 * `hint` ends the message; `conceal` describes a string found in place of the object by its length only (disclosures:
 * a nonce is not public before the submission is, and a message may be logged).
 */
export function exactObject(
  value: PyJson,
  keys: readonly string[],
  at: string,
  code: SubmissionCode,
  what: string,
  options: { hint?: string; conceal?: boolean } = {},
): Refused | undefined {
  const hint = options.hint ?? '';
  const shape = `{${keys.map((k) => `"${k}"`).join(', ')}}`;
  if (!isPyObject(value)) {
    const found =
      options.conceal && typeof value === 'string'
        ? `a string of ${Array.from(value).length} characters`
        : describe(value);
    return refuse(
      code,
      at,
      `${at} must be ${what}, an object ${shape}, found ${found}: write it as such an object${hint}`,
    );
  }
  const fault = keyFault(value, keys);
  if (fault === undefined) return undefined;
  const keyAt = at + pointerOf(fault.key);
  return fault.kind === 'unknown'
    ? refuse(
        code,
        keyAt,
        `the key ${quote(fault.key)} at ${keyAt} is not part of ${what}: remove it; ${what} has exactly the keys ${listKeys(keys)}${hint}`,
        { key: fault.key },
      )
    : refuse(
        code,
        keyAt,
        `${at} has no "${fault.key}" (${keyAt}): add it; ${what} has exactly the keys ${listKeys(keys)}${hint}`,
        { key: fault.key },
      );
}
