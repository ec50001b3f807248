import { sha256Binary } from '../hash/sha256.ts';

// RFC 6962 §2.1 leaf and interior hashes over digests held as binary strings (one character per byte): the proof
// verifier hashes about thirty small inputs per proof (commitment tree, batch path), and writing each digest straight
// into one reused input buffer (Buffer#write) costs a fraction of allocating bytes for every step. rfc6962.ts is the same tree over
// Uint8Array, for everything else.

const leafInput = Buffer.alloc(33);
const nodeInput = Buffer.alloc(65);

/** leaf(bytes) for 32 bytes given as 64 hex characters, which the caller has checked. */
export function leafHashOfHex(hex: string): string {
  leafInput[0] = 0x00;
  leafInput.write(hex, 1, 32, 'hex');
  return sha256Binary(leafInput);
}

/** node(left, right) for two 32-byte digests. */
export function nodeHashBinary(left: string, right: string): string {
  nodeInput[0] = 0x01;
  nodeInput.write(left, 1, 32, 'latin1');
  nodeInput.write(right, 33, 32, 'latin1');
  return sha256Binary(nodeInput);
}

/** The largest power of two strictly below n (n ≥ 2): where RFC 6962 splits a tree. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH of leaves [start, end). */
function rangeHash(leaves: readonly string[], start: number, end: number): string {
  if (end - start === 1) return leaves[start] as string;
  const middle = start + splitPoint(end - start);
  return nodeHashBinary(rangeHash(leaves, start, middle), rangeHash(leaves, middle, end));
}

/** MTH over leaf hashes (RFC 6962 §2.1); an empty tree has no root in this system. */
export function treeHashBinary(leaves: readonly string[]): string {
  if (leaves.length === 0) throw new RangeError('an empty Merkle tree has no root');
  return rangeHash(leaves, 0, leaves.length);
}

/** A binary digest as lowercase hex. */
export function binaryToHex(digest: string): string {
  return Buffer.from(digest, 'latin1').toString('hex');
}
