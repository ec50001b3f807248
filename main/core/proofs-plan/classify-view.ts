import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';

export type ViewStatus = 'anchored' | 'pending' | 'absent' | 'refused';

/** Why an answer was refused. Codes are API (persisted in proof_views.refusal_code). */
export type RefusalCode =
  | 'VIEW_MISSING_FROM_ANSWER'
  | 'VIEW_NOT_AN_OBJECT'
  | 'VIEW_PROOF_ID_MISMATCH'
  | 'VIEW_ANCHOR_STATUS_UNKNOWN'
  | 'VIEW_NOT_JSON';

/** What the reader keeps about one answer. Full verification is the verifier's job; this only sorts answers. */
export interface ViewClass {
  status: ViewStatus;
  refusalCode: RefusalCode | null;
  specVersion: string | null;
  batchId: string | null;
  /** The anchored hash, hex without the "sha256:" prefix: the batch root (spec >= 3.0), else null. */
  batchRoot: string | null;
  /** transparency_log.uuid: the Rekor entry that witnesses the anchored hash. */
  rekorUuid: string | null;
}

/** One id's answer, sorted, with the view's bytes as served (null for `null` or a missing id). */
export interface ClassifiedAnswer extends ViewClass {
  proofId: string;
  raw: Uint8Array | null;
}

const EMPTY = { specVersion: null, batchId: null, batchRoot: null, rekorUuid: null } as const;

function text(object: PyObject | undefined, key: string): string | null {
  const value = object?.[key];
  return typeof value === 'string' ? value : null;
}

function child(object: PyObject, key: string): PyObject | undefined {
  const value = object[key];
  return isPyObject(value) ? value : undefined;
}

function refused(code: RefusalCode): ViewClass {
  return { status: 'refused', refusalCode: code, ...EMPTY };
}

/**
 * Sorts one answer of POST /v1/proofs (trust-layer-reference §3.1, §3.2, §7), reading fields tolerantly:
 * - `null` is absent: not a PROVE IT proof, or no such proof; the Trust Layer does not say which (§7);
 * - spec >= 3.0: `batch_anchor.status` "anchored" is final, "pending" is read again later;
 * - before 3.0 (`batch_anchor` null or missing): the proof was anchored alone; its view is final once the RFC 3161
 *   step has an outcome ("verified" or "failed"), pending while it is "submitted" or "pending_batch";
 * - anything else (not an object, another proof's view, an unknown anchor status) is refused and kept as evidence.
 * `undefined` means the id was missing from the answer.
 */
export function classifyView(requestedId: string, view: PyJson | undefined): ViewClass {
  if (view === undefined) return refused('VIEW_MISSING_FROM_ANSWER');
  if (view === null) return { status: 'absent', refusalCode: null, ...EMPTY };
  if (!isPyObject(view)) return refused('VIEW_NOT_AN_OBJECT');
  if (view.proof_id !== requestedId) return refused('VIEW_PROOF_ID_MISMATCH');
  const anchor = child(view, 'batch_anchor');
  const log = child(view, 'transparency_log');
  const fields = {
    specVersion: text(view, 'spec_version'),
    batchId: text(anchor, 'batch_id'),
    batchRoot: text(anchor, 'root')?.replace(/^sha256:/, '') ?? null,
    rekorUuid: text(log, 'uuid'),
  };
  let status: ViewStatus;
  if (anchor) {
    const anchorStatus = text(anchor, 'status');
    if (anchorStatus === 'anchored') status = 'anchored';
    else if (anchorStatus === 'pending') status = 'pending';
    else return { ...refused('VIEW_ANCHOR_STATUS_UNKNOWN'), ...fields };
  } else {
    const tsaStatus = text(child(view, 'timestamp_authority'), 'status');
    status = tsaStatus === 'verified' || tsaStatus === 'failed' ? 'anchored' : 'pending';
  }
  return { status, refusalCode: null, ...fields };
}
