import { describe, expect, it } from 'vitest';
import type { PyJson, PyObject } from '../../../main/core/json/value.ts';
import { commitmentHex, commitmentsRoot } from '../../../main/core/proof/commitments.ts';
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
});
