import { sha256 } from '../hash/sha256.ts';

// RFC 6962 §2.1 (RFC 9162 §2.1): domain-separated leaf and interior hashes. Used for the field-commitment
// tree, the Trust Layer batch tree and the transparency log alike (trust-layer-reference §4.4).

// One scratch input per thread for the usual 32-byte hashes: a close computes about a million of these, and the
// hash copies its input before returning, so reusing it is safe.
const scratch = new Uint8Array(65);

export function leafHash(data: Uint8Array): Uint8Array {
  const input = data.length === 32 ? scratch.subarray(0, 33) : new Uint8Array(data.length + 1);
  input[0] = 0x00;
  input.set(data, 1);
  return sha256(input);
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const input = left.length === 32 && right.length === 32 ? scratch : new Uint8Array(1 + left.length + right.length);
  input[0] = 0x01;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return sha256(input);
}

/** The largest power of two strictly below n (n ≥ 2): where RFC 6962 splits a tree. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH over leaf hashes. An empty tree has no root in this system (it is never anchored). */
export function treeHash(leafHashes: readonly Uint8Array[]): Uint8Array {
  if (leafHashes.length === 0) throw new RangeError('an empty Merkle tree has no root');
  return rangeHash(leafHashes, 0, leafHashes.length);
}

/** MTH of leaves [start, end), without copying the list at every split. */
function rangeHash(leafHashes: readonly Uint8Array[], start: number, end: number): Uint8Array {
  if (end - start === 1) return leafHashes[start] as Uint8Array;
  const middle = start + splitPoint(end - start);
  return nodeHash(rangeHash(leafHashes, start, middle), rangeHash(leafHashes, middle, end));
}

/** The audit path of leaf `index`, bottom-up (RFC 6962 §2.1.1). */
export function auditPath(index: number, leafHashes: readonly Uint8Array[]): Uint8Array[] {
  if (index < 0 || index >= leafHashes.length) throw new RangeError('leaf index outside the tree');
  if (leafHashes.length === 1) return [];
  const k = splitPoint(leafHashes.length);
  return index < k
    ? [...auditPath(index, leafHashes.slice(0, k)), treeHash(leafHashes.slice(k))]
    : [...auditPath(index - k, leafHashes.slice(k)), treeHash(leafHashes.slice(0, k))];
}

/**
 * How many path elements an inclusion proof for (index, size) must carry. Checking the path length against
 * this catches an overstated tree_size (spec §4.1 condition 1, "expected path length").
 */
export function expectedPathLength(index: number, size: number): number {
  let count = 0;
  while (size > 1) {
    if (index % 2 === 1 || index + 1 < size) count += 1;
    index = Math.floor(index / 2);
    size = Math.ceil(size / 2);
  }
  return count;
}

/**
 * Walks an inclusion path from a leaf hash. A right-edge node is promoted without consuming an element.
 * Returns the computed root and how many path elements were used; the caller compares both.
 */
export function walkInclusion(
  leaf: Uint8Array,
  index: number,
  size: number,
  path: readonly Uint8Array[],
): { root: Uint8Array; consumed: number } {
  let hash = leaf;
  let consumed = 0;
  while (size > 1) {
    const needsSibling = index % 2 === 1 || index + 1 < size;
    if (needsSibling) {
      const sibling = path[consumed];
      if (!sibling) return { root: hash, consumed };
      consumed += 1;
      hash = index % 2 === 1 ? nodeHash(sibling, hash) : nodeHash(hash, sibling);
    }
    index = Math.floor(index / 2);
    size = Math.ceil(size / 2);
  }
  return { root: hash, consumed };
}
