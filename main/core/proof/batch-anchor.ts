import { encodeFloat } from '../json/canonical.ts';
import { isPyObject, type PyJson } from '../json/value.ts';
import { leafHash } from '../merkle/rfc6962.ts';
import { verifyInclusion, type InclusionCode } from '../merkle/verify-inclusion.ts';
import { checkFailed, checkOk, checkPending, checkSkipped, type CheckOutcome } from './check-outcome.ts';
import { isHex64, stripSha256Prefix } from '../encoding/encodings.ts';

export type BatchAnchorCode =
  'BATCH_NONE' | 'BATCH_PENDING' | 'BATCH_ANCHOR_MALFORMED' | 'BATCH_CHAIN_UNKNOWN' | InclusionCode;

export interface BatchAnchorResult {
  outcome: CheckOutcome<BatchAnchorCode>;
  /** The hash the witnesses stamped (batch root, or the chain hash without a batch); null when nothing is. */
  anchoredHex: string | null;
}

/**
 * A Python int as a JS number, so verifyInclusion's integer checks apply; a Python float (a JS number here)
 * stays visibly a float ("11.0") so it fails them, as `isinstance(x, int)` does in the official checker.
 */
function pythonInt(value: PyJson | undefined): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'number') return encodeFloat(value);
  return value;
}

/** 64 hex characters (checked by the caller) as bytes, through Node's native decoder. */
const hexBytes = (hex: string): Uint8Array => Buffer.from(hex, 'hex');

/**
 * The batch anchor (trust-layer-reference §4.4, §8 step 3): without one, the chain hash itself is anchored;
 * a status other than "anchored" is PENDING (never invalid); otherwise the inclusion of leaf(chain) in the stated
 * root must verify with the path length the (index, size) pair requires and every element consumed.
 */
export function checkBatchAnchor(anchor: PyJson | undefined, chainHex: string | null): BatchAnchorResult {
  if (anchor === undefined || anchor === null) {
    return {
      outcome: checkSkipped('BATCH_NONE', 'no batch: the witnesses stamp the chain hash itself'),
      anchoredHex: chainHex,
    };
  }
  if (!isPyObject(anchor)) {
    return {
      outcome: checkFailed('BATCH_ANCHOR_MALFORMED', '"batch_anchor" must be an object or null'),
      anchoredHex: null,
    };
  }
  if (anchor.status !== 'anchored') {
    return {
      outcome: checkPending('BATCH_PENDING', 'the batch is not anchored yet: read the proof again later', {
        batch_status: typeof anchor.status === 'string' ? anchor.status : null,
        batch_id: typeof anchor.batch_id === 'string' ? anchor.batch_id : null,
      }),
      anchoredHex: null,
    };
  }
  if (!chainHex) {
    return {
      outcome: checkFailed('BATCH_CHAIN_UNKNOWN', 'the batch leaf is the chain hash, and "hashes.chain" is malformed'),
      anchoredHex: null,
    };
  }
  const path = anchor.audit_path;
  if (!Array.isArray(path)) {
    return {
      outcome: checkFailed('BATCH_ANCHOR_MALFORMED', '"batch_anchor.audit_path" must be a list'),
      anchoredHex: null,
    };
  }
  const badElement = path.findIndex((element) => !isHex64(element));
  if (badElement >= 0) {
    return {
      outcome: checkFailed('BATCH_ANCHOR_MALFORMED', 'every audit path element must be 64 lowercase hex', {
        position: badElement,
      }),
      anchoredHex: null,
    };
  }
  const root = stripSha256Prefix(anchor.root);
  if (!root) {
    return {
      outcome: checkFailed('BATCH_ANCHOR_MALFORMED', '"batch_anchor.root" must be "sha256:" + 64 lowercase hex'),
      anchoredHex: null,
    };
  }
  const verified = verifyInclusion({
    leaf: leafHash(hexBytes(chainHex)),
    index: pythonInt(anchor.leaf_index),
    size: pythonInt(anchor.tree_size),
    path: (path as string[]).map(hexBytes),
    root: hexBytes(root),
  });
  const where = { batch_id: typeof anchor.batch_id === 'string' ? anchor.batch_id : null };
  if (!verified.ok) {
    return {
      outcome: checkFailed(verified.error.code, verified.error.message, { ...where, ...verified.error.details }),
      anchoredHex: null,
    };
  }
  return {
    outcome: checkOk('the chain hash is leaf of the anchored batch root', {
      ...where,
      leaf_index: pythonInt(anchor.leaf_index),
      tree_size: pythonInt(anchor.tree_size),
      root,
    }),
    anchoredHex: root,
  };
}
