import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '../../../main/core/hash/sha256.ts';
import {
  binaryToHex,
  leafHashOfHex,
  nodeHashBinary,
  treeHashBinary,
} from '../../../main/core/merkle/binary-digests.ts';
import { leafHash, nodeHash, treeHash } from '../../../main/core/merkle/rfc6962.ts';

const digestHex = (i: number) => bytesToHex(sha256(new Uint8Array([i, 0xff - i])));

describe('RFC 6962 over binary-string digests', () => {
  it('leaf and node hashes are the bytes rfc6962.ts computes, digests with high bytes included', () => {
    for (let i = 0; i < 64; i++) {
      const left = digestHex(i);
      const right = digestHex(i + 100);
      expect(binaryToHex(leafHashOfHex(left))).toBe(bytesToHex(leafHash(Buffer.from(left, 'hex'))));
      const node = nodeHashBinary(
        Buffer.from(left, 'hex').toString('latin1'),
        Buffer.from(right, 'hex').toString('latin1'),
      );
      expect(binaryToHex(node)).toBe(bytesToHex(nodeHash(Buffer.from(left, 'hex'), Buffer.from(right, 'hex'))));
    }
  });

  it('trees of 1..40 leaves have the root rfc6962.ts computes', () => {
    for (let size = 1; size <= 40; size++) {
      const hexes = Array.from({ length: size }, (_, i) => digestHex(i));
      const expected = bytesToHex(treeHash(hexes.map((hex) => leafHash(Buffer.from(hex, 'hex')))));
      expect(binaryToHex(treeHashBinary(hexes.map(leafHashOfHex)))).toBe(expected);
    }
  });

  it('an empty tree has no root', () => {
    expect(() => treeHashBinary([])).toThrow(RangeError);
  });
});
