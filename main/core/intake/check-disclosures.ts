import { compareCodePoints } from '../json/code-point-order.ts';
import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { isHex64AnyCase } from '../encoding/encodings.ts';
import type { Citations } from './check-assertions.ts';
import { exactObject } from './exact-keys.ts';
import { describe, pointerOf, quote, refuse, type Refused } from './refusal.ts';

export const DISCLOSURE_KEYS = ['request_hash', 'response_hash'] as const;
export const HASH_PAIR_KEYS = ['nonce', 'value'] as const;

const FROM_FULL_VIEW = ', as GET /v1/proof/{id}/full returns them (commitment_nonces and chain_data)';

/**
 * Spec §4: exactly one entry per cited proof, each exactly {request_hash, response_hash}, each exactly {nonce, value}
 * as strings. Order: the object; every cited proof has an entry (in order of first citation); every entry is cited
 * (entries in code-point order of their key); then each entry, in order of first citation: its keys, then each pair
 * (request_hash, then response_hash): its keys, then nonce and value, 64 hex digits each in either case (spec §4 asks
 * for strings; the commitment is over the 32 raw bytes, and the Trust Layer's verifier reads either case: the scorer
 * lower-cases them before opening, disclosureOf in core/scoring/submitted-assertions.ts, and the stored document keeps
 * what was sent). Whether a pair opens its commitment is never looked at here (spec §4: decided at scoring, §4.1).
 */
export function checkDisclosures(disclosures: PyJson, citations: Citations): Refused | undefined {
  const at = pointerOf('disclosures');
  if (!isPyObject(disclosures)) {
    return refuse(
      'SUBMISSION_DISCLOSURES_TYPE',
      at,
      `disclosures at ${at} must be an object with one entry per cited proof id, found ${describe(disclosures)}: write {"<proof id>": {"request_hash": {"nonce", "value"}, "response_hash": {"nonce", "value"}}}`,
    );
  }
  for (const [id, citedAt] of citations) {
    if (!Object.hasOwn(disclosures, id)) {
      const entryAt = pointerOf('disclosures', id);
      return refuse(
        'SUBMISSION_DISCLOSURE_MISSING',
        entryAt,
        `disclosures has no entry for the proof "${id}" cited at ${citedAt} (${entryAt}): add its request_hash and response_hash pairs${FROM_FULL_VIEW}`,
        { proofId: id, citedAt },
      );
    }
  }
  const uncited = Object.keys(disclosures)
    .filter((key) => !citations.has(key))
    .sort(compareCodePoints)[0];
  if (uncited !== undefined) {
    const entryAt = pointerOf('disclosures', uncited);
    return refuse(
      'SUBMISSION_DISCLOSURE_UNCITED',
      entryAt,
      `the entry at ${entryAt} discloses ${quote(uncited)}, which no assertion cites: remove the entry, or cite that proof in the assertion it supports (spec §4)`,
      { key: uncited },
    );
  }
  for (const id of citations.keys()) {
    const entryAt = pointerOf('disclosures', id);
    const entry = disclosures[id] as PyJson;
    const shape = exactObject(entry, DISCLOSURE_KEYS, entryAt, 'SUBMISSION_DISCLOSURE_SHAPE', 'a disclosure', {
      conceal: true,
    });
    if (shape) return shape;
    for (const hash of DISCLOSURE_KEYS) {
      const pairAt = pointerOf('disclosures', id, hash);
      const pair = (entry as PyObject)[hash] as PyJson;
      const pairShape = exactObject(pair, HASH_PAIR_KEYS, pairAt, 'SUBMISSION_HASH_PAIR_SHAPE', 'a hash pair', {
        hint: FROM_FULL_VIEW,
        conceal: true,
      });
      if (pairShape) return pairShape;
      for (const part of HASH_PAIR_KEYS) {
        const text = (pair as PyObject)[part] as PyJson;
        if (!isHex64AnyCase(text)) {
          const partAt = pointerOf('disclosures', id, hash, part);
          return refuse(
            'SUBMISSION_HASH_NOT_HEX64',
            partAt,
            `the ${part} at ${partAt} must be 64 hexadecimal characters, found ${hexFault(text)}: copy the ${part === 'nonce' ? `nonce of ${hash} from commitment_nonces` : `value of ${hash} from chain_data`} in GET /v1/proof/{id}/full`,
            { proofId: id, hash, part },
          );
        }
      }
    }
  }
  return undefined;
}

/**
 * What is wrong with a nonce or value, without repeating it: a nonce is not public before the submission is
 * published, so a message (which may be logged) never carries its characters.
 */
function hexFault(value: PyJson): string {
  if (typeof value !== 'string') return describe(value);
  const length = Array.from(value).length;
  if (value.startsWith('sha256:')) return 'a string with a "sha256:" prefix (write the bare hex)';
  if (/^[0-9a-fA-F]*$/.test(value)) return `a string of ${length} hexadecimal characters`;
  return `a string of ${length} characters that are not all hexadecimal digits`;
}
