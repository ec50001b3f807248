import { pathProblem } from '../corpus/canonical-url.ts';
import { canonical } from '../json/canonical.ts';
import { jsonEquals } from '../json/json-equals.ts';
import { parseJsonPointer } from '../json/json-pointer.ts';
import type { PyJson, PyObject } from '../json/value.ts';
import { isProofId } from '../proofs-plan/proof-id.ts';
import {
  ASSERTION_ID_PATTERN,
  MAX_ASSERTION_ID_LENGTH,
  MAX_CLAIM_VALUE_BYTES,
  MAX_CLAIM_VALUE_DEPTH,
  MAX_PROOF_IDS_PER_ASSERTION,
} from './bounds.ts';
import { exactObject } from './exact-keys.ts';
import { describe, pointerOf, quote, refuse, type Refused } from './refusal.ts';

export const ASSERTION_KEYS = ['id', 'claim', 'proof_ids'] as const;
export const CLAIM_KEYS = ['resource', 'field', 'value'] as const;

/** The proof ids the assertions cite, each with the pointer of its first citation, in order of first citation. */
export type Citations = Map<string, string>;

interface SeenClaim {
  index: number;
  resource: string;
  field: string;
  value: PyJson;
}

/**
 * Checks `assertions` (already known to be an array within the task's cap) one assertion at a time, in order; within
 * an assertion: its keys, its id (form, then uniqueness), its claim (keys, resource, field, value depth, value size,
 * then uniqueness of the triplet), then its proof ids (list, non-empty, at most 20, each id's form, then uniqueness).
 * Returns the citations, or the first refusal.
 */
export function checkAssertions(assertions: readonly PyJson[]): Refused | Citations {
  const ids = new Map<string, number>();
  const claims: SeenClaim[] = [];
  const citations: Citations = new Map();
  for (const [index, assertion] of assertions.entries()) {
    const at = pointerOf('assertions', index);
    const shape = exactObject(assertion, ASSERTION_KEYS, at, 'SUBMISSION_ASSERTION_SHAPE', 'an assertion');
    if (shape) return shape;
    const object = assertion as PyObject;

    const id = object['id'] as PyJson;
    const idAt = pointerOf('assertions', index, 'id');
    if (typeof id !== 'string' || !ASSERTION_ID_PATTERN.test(id)) {
      return refuse(
        'SUBMISSION_ASSERTION_ID_INVALID',
        idAt,
        `the id at ${idAt} must be a string of 1 to ${MAX_ASSERTION_ID_LENGTH} characters among A-Z a-z 0-9 . _ -, found ${describe(id)}: name the assertion with such an id, for example "a${index + 1}"`,
        { index },
      );
    }
    const first = ids.get(id);
    if (first !== undefined) {
      return refuse(
        'SUBMISSION_ASSERTION_ID_DUPLICATE',
        idAt,
        `the id ${quote(id)} at ${idAt} is already the id of ${pointerOf('assertions', first)}: give each assertion its own id`,
        { index, firstIndex: first },
      );
    }
    ids.set(id, index);

    const claim = checkClaim(object['claim'] as PyJson, index, claims);
    if ('ok' in claim) return claim;
    claims.push(claim);

    const proofs = checkProofIds(object['proof_ids'] as PyJson, index, citations);
    if (proofs) return proofs;
  }
  return citations;
}

function checkClaim(claim: PyJson, index: number, seen: readonly SeenClaim[]): Refused | SeenClaim {
  const at = pointerOf('assertions', index, 'claim');
  const shape = exactObject(claim, CLAIM_KEYS, at, 'SUBMISSION_CLAIM_SHAPE', 'a claim');
  if (shape) return shape;
  const object = claim as PyObject;

  const resource = object['resource'] as PyJson;
  const resourceAt = pointerOf('assertions', index, 'claim', 'resource');
  const problem = typeof resource === 'string' ? resourceProblem(resource) : undefined;
  if (typeof resource !== 'string' || problem !== undefined) {
    return refuse(
      'SUBMISSION_RESOURCE_NOT_CANONICAL',
      resourceAt,
      `the resource at ${resourceAt} must be a canonical corpus path, found ${describe(resource)}${problem ? ` (${problem})` : ''}: write the path exactly as the corpus lists it, without host, query string or trailing slash, such as "/agrements/AGR-4417" (spec §2.4, §4)`,
      { index },
    );
  }

  const field = object['field'] as PyJson;
  const fieldAt = pointerOf('assertions', index, 'claim', 'field');
  if (typeof field !== 'string' || !parseJsonPointer(field).ok) {
    const why =
      typeof field !== 'string'
        ? ''
        : field.startsWith('/')
          ? ' ("~" must be followed by 0 or 1)'
          : ' (it must be "" or start with "/")';
    return refuse(
      'SUBMISSION_FIELD_NOT_POINTER',
      fieldAt,
      `the field at ${fieldAt} must be a JSON Pointer (RFC 6901), found ${describe(field)}${why}: write "/" before each member name or array index, "~0" for "~" and "~1" for "/", such as "/statut" or "/entrees/0/nom"`,
      { index },
    );
  }

  const value = object['value'] as PyJson;
  const valueAt = pointerOf('assertions', index, 'claim', 'value');
  const depth = depthOf(value, MAX_CLAIM_VALUE_DEPTH + 1);
  if (depth > MAX_CLAIM_VALUE_DEPTH) {
    return refuse(
      'SUBMISSION_VALUE_TOO_DEEP',
      valueAt,
      `the value at ${valueAt} nests more than ${MAX_CLAIM_VALUE_DEPTH} levels of arrays and objects: claim the value the corpus serves at a narrower field`,
      { index, maxDepth: MAX_CLAIM_VALUE_DEPTH },
    );
  }
  const size = canonical(value).length; // canonical JSON is ASCII: characters are bytes
  if (size > MAX_CLAIM_VALUE_BYTES) {
    return refuse(
      'SUBMISSION_VALUE_TOO_LARGE',
      valueAt,
      `the value at ${valueAt} is ${size} bytes of canonical JSON, more than the ${MAX_CLAIM_VALUE_BYTES} accepted: claim the value the corpus serves at a narrower field`,
      { index, size, maxBytes: MAX_CLAIM_VALUE_BYTES },
    );
  }

  const twin = seen.find((c) => c.resource === resource && c.field === field && jsonEquals(c.value, value));
  if (twin !== undefined) {
    return refuse(
      'SUBMISSION_CLAIM_DUPLICATE',
      at,
      `the claim at ${at} repeats the (resource, field, value) of ${pointerOf('assertions', twin.index, 'claim')}: each triplet may appear once in a submission (spec §4); remove one of the two assertions, or cite all their proofs in one`,
      { index, firstIndex: twin.index },
    );
  }
  return { index, resource, field, value };
}

/**
 * The canonical path check of the corpus (`pathProblem`, main/core/corpus/canonical-url.ts: starts with "/", no
 * empty, "." or ".." segment, no trailing slash, no query or fragment, RFC 3986 unreserved characters only), which is
 * the only spelling the corpus serves (docs/corpus-format.md §1), so it also refuses a host. A URL gets the plainer
 * reason.
 */
function resourceProblem(resource: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(resource)) return 'it names a scheme and host: keep only the path';
  if (resource.startsWith('//')) return 'it names a host: keep only the path';
  if (resource === '/') return 'it names no resource';
  return pathProblem(resource);
}

function checkProofIds(list: PyJson, index: number, citations: Citations): Refused | undefined {
  const at = pointerOf('assertions', index, 'proof_ids');
  if (!Array.isArray(list)) {
    return refuse(
      'SUBMISSION_PROOF_IDS_TYPE',
      at,
      `proof_ids at ${at} must be an array of proof ids, found ${describe(list)}: list the proof_id of each corpus call that read this value`,
      { index },
    );
  }
  if (list.length === 0) {
    return refuse(
      'SUBMISSION_PROOF_IDS_EMPTY',
      at,
      `proof_ids at ${at} is empty: cite at least one proof_id, the one of the corpus call that read this value`,
      { index },
    );
  }
  if (list.length > MAX_PROOF_IDS_PER_ASSERTION) {
    return refuse(
      'SUBMISSION_PROOF_IDS_TOO_MANY',
      at,
      `proof_ids at ${at} cites ${list.length} proofs, more than the ${MAX_PROOF_IDS_PER_ASSERTION} accepted (spec §5.6: no task requires more than ${MAX_PROOF_IDS_PER_ASSERTION} calls): keep the proofs of the calls that read this value`,
      { index, count: list.length, max: MAX_PROOF_IDS_PER_ASSERTION },
    );
  }
  const here = new Map<string, number>();
  for (const [position, id] of list.entries()) {
    const idAt = pointerOf('assertions', index, 'proof_ids', position);
    if (typeof id !== 'string' || !isProofId(id)) {
      return refuse(
        'SUBMISSION_PROOF_ID_INVALID',
        idAt,
        `the proof id at ${idAt} must be a Trust Layer proof id (prf_, the UTC date, the UTC time and 6 lowercase hex digits, such as "prf_20260921_101233_ab12cd"), found ${describe(id)}: copy the proof_id the proxy returned`,
        { index, position },
      );
    }
    const first = here.get(id);
    if (first !== undefined) {
      return refuse(
        'SUBMISSION_PROOF_ID_DUPLICATE',
        idAt,
        `the proof id ${quote(id)} at ${idAt} is already cited at ${pointerOf('assertions', index, 'proof_ids', first)}: cite each proof once per assertion`,
        { index, position, firstPosition: first },
      );
    }
    here.set(id, position);
    if (!citations.has(id)) citations.set(id, idAt);
  }
  return undefined;
}

/** Nesting of arrays and objects (a scalar is 0, `[]` is 1), or `limit` if it reaches `limit`: min(depth, limit). */
function depthOf(value: PyJson, limit: number): number {
  if (value === null || typeof value !== 'object') return 0;
  if (limit <= 1) return 1;
  let deepest = 0;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    deepest = Math.max(deepest, depthOf(child, limit - 1));
    if (deepest + 1 >= limit) break;
  }
  return deepest + 1;
}
