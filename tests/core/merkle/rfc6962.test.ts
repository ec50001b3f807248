import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { auditPath, expectedPathLength, leafHash, treeHash, walkInclusion } from '../../../main/core/merkle/rfc6962.ts';
import { verifyInclusion } from '../../../main/core/merkle/verify-inclusion.ts';

const leaves = (n: number) => Array.from({ length: n }, (_, i) => leafHash(new Uint8Array([i])));

describe('RFC 6962 Merkle primitives', () => {
  it('every leaf of trees of size 1..40 walks to the tree hash with a path of the expected length', () => {
    for (let size = 1; size <= 40; size++) {
      const hashes = leaves(size);
      const root = treeHash(hashes);
      for (let index = 0; index < size; index++) {
        const path = auditPath(index, hashes);
        expect(path.length).toBe(expectedPathLength(index, size));
        const walked = walkInclusion(hashes[index]!, index, size, path);
        expect(walked.consumed).toBe(path.length);
        expect(bytesToHex(walked.root)).toBe(bytesToHex(root));
      }
    }
  });

  it('the real freeze proof batch path (leaf 0 of 11) has 4 elements and reaches its root', () => {
    const chain = hexToBytes('39384292e666534cd3111304449f40b7ebdf298e86f3c0ce2e9698eb6e6dd8d9');
    const leaf = leafHash(chain);
    expect(bytesToHex(leaf)).toBe('315354fae50befb25f5e1d8740d83dfeea7c2599a1e88da90c493169a8a98937');
    const path = [
      'aa84080e4de242139179f39c038578ce2ad0576c0b2e5ad2ba5398df90ef4292',
      '409c92e30065182b603422611c5d3e8320e231c3e50b94caa561879d042ee0fe',
      '838b7671518f9a82dcf4f4d33a947f727887691368b5ed5b52b961e5f1f69903',
      '5d97513d6ad57e37f47fdb8f826d6a684e19c89832353770fc35e0b1dfc52c87',
    ].map(hexToBytes);
    const root = hexToBytes('01a5b72c92007b3ff0be9696c325dd1828738173d8a76780c81b3e56e35823b6');
    expect(expectedPathLength(0, 11)).toBe(4);
    expect(verifyInclusion({ leaf, index: 0, size: 11, path, root })).toEqual({ ok: true, value: true });
    const short = verifyInclusion({ leaf, index: 0, size: 11, path: path.slice(0, 3), root });
    expect(!short.ok && short.error.code).toBe('MERKLE_PATH_LENGTH');
  });

  it('a path one element long with an overstated tree size fails with MERKLE_PATH_LENGTH', () => {
    const hashes = leaves(4);
    const path = auditPath(1, hashes);
    const result = verifyInclusion({ leaf: hashes[1]!, index: 1, size: 8, path, root: treeHash(hashes) });
    expect(!result.ok && result.error.code).toBe('MERKLE_PATH_LENGTH');
  });

  it('an index at the tree size fails with MERKLE_INDEX_RANGE', () => {
    const hashes = leaves(3);
    const result = verifyInclusion({ leaf: hashes[0]!, index: 3, size: 3, path: [], root: treeHash(hashes) });
    expect(!result.ok && result.error.code).toBe('MERKLE_INDEX_RANGE');
  });

  it('a flipped path byte fails with MERKLE_ROOT_MISMATCH', () => {
    const hashes = leaves(5);
    const path = auditPath(2, hashes).map((e) => e.slice());
    path[0]![7]! ^= 1;
    const result = verifyInclusion({ leaf: hashes[2]!, index: 2, size: 5, path, root: treeHash(hashes) });
    expect(!result.ok && result.error.code).toBe('MERKLE_ROOT_MISMATCH');
  });
});
