import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PyJson, PyObject } from '../../../main/core/json/value.ts';
import { commitment, commitmentHex, commitmentsRoot } from '../../../main/core/proof/commitments.ts';
import { vectorJson } from './support/real-artefacts.ts';

const file = vectorJson('commitment-vectors.json');
const vectors = file.vectors as PyObject[];

describe('field commitments', () => {
  it('match CPython on unicode, astral, float, huge int, nested and escaped values', () => {
    for (const v of vectors) {
      expect(commitmentHex(v.field as string, v.nonce as string, v.value as PyJson), String(v.field)).toBe(
        v.commitment,
      );
    }
  });

  it('root over the fields sorted by code point matches CPython', () => {
    const map = new Map(vectors.map((v) => [v.field as string, v.commitment as string]));
    expect(commitmentsRoot(map)).toBe(file.root);
  });

  it('the float 0.0 and the int 0 commit differently (Python keeps them apart)', () => {
    const nonce = '00'.repeat(32);
    expect(commitmentHex('amount', nonce, 0)).not.toBe(commitmentHex('amount', nonce, 0n));
  });

  it('the bytes form is the hex form, and a nonce that is not 32 bytes is refused', () => {
    const v = vectors[0]!;
    const nonce = Buffer.from(v.nonce as string, 'hex');
    expect(Buffer.from(commitment(v.field as string, nonce, v.value as PyJson)).toString('hex')).toBe(v.commitment);
    expect(() => commitment('amount', new Uint8Array(31), 0n)).toThrow(RangeError);
  });

  it('a value longer than the reused input buffer commits to name, zero byte, nonce and canonical value', () => {
    const nonce = 'ab'.repeat(32);
    const value = 'é'.repeat(3000);
    const expected = createHash('sha256')
      .update(Buffer.concat([Buffer.from('champ', 'utf8'), Buffer.from([0]), Buffer.from(nonce, 'hex')]))
      .update(`"${'\\u00e9'.repeat(3000)}"`, 'latin1')
      .digest('hex');
    expect(commitmentHex('champ', nonce, value)).toBe(expected);
  });
});
