import { bytesToHex } from '@noble/hashes/utils.js';
import { fail, ok, type Result } from '../result.ts';
import { expectedPathLength, walkInclusion } from './rfc6962.ts';

export type InclusionCode =
  | 'MERKLE_TREE_SIZE'
  | 'MERKLE_INDEX_RANGE'
  | 'MERKLE_PATH_ELEMENT'
  | 'MERKLE_PATH_LENGTH'
  | 'MERKLE_PATH_UNCONSUMED'
  | 'MERKLE_ROOT_MISMATCH';

export interface InclusionClaim {
  leaf: Uint8Array;
  index: unknown;
  size: unknown;
  path: readonly Uint8Array[];
  root: Uint8Array;
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/**
 * The verifier MUSTs of trust-layer-reference §4.4 (SPEC 3.1 §2.2), one code per distinct check:
 * integer bounds, path length equal to the expected length, the walk reaches the root, every element used.
 */
export function verifyInclusion(claim: InclusionClaim): Result<true, InclusionCode> {
  const { index, size, path } = claim;
  if (!isCount(size) || size < 1) {
    return fail('MERKLE_TREE_SIZE', 'tree size must be an integer of at least 1', { tree_size: size });
  }
  if (!isCount(index) || index < 0 || index >= size) {
    return fail('MERKLE_INDEX_RANGE', 'leaf index must be an integer with 0 ≤ index < tree size', {
      leaf_index: index,
      tree_size: size,
    });
  }
  const badElement = path.findIndex((element) => element.length !== 32);
  if (badElement >= 0) {
    return fail('MERKLE_PATH_ELEMENT', 'every path element must be 32 bytes', { position: badElement });
  }
  const expected = expectedPathLength(index, size);
  if (path.length !== expected) {
    return fail('MERKLE_PATH_LENGTH', `the path has ${path.length} elements; (index, size) requires ${expected}`, {
      expected,
      actual: path.length,
      leaf_index: index,
      tree_size: size,
    });
  }
  const walked = walkInclusion(claim.leaf, index, size, path);
  if (walked.consumed !== path.length) {
    return fail('MERKLE_PATH_UNCONSUMED', 'the walk did not use every path element', {
      consumed: walked.consumed,
      length: path.length,
    });
  }
  if (Buffer.compare(walked.root, claim.root) !== 0) {
    return fail('MERKLE_ROOT_MISMATCH', 'the inclusion walk does not reach the stated root', {
      expected: bytesToHex(claim.root),
      actual: bytesToHex(walked.root),
    });
  }
  return ok(true);
}
