import { describe, expect, it } from 'vitest';
import { revealedMaterialFor, revealValue } from '../../../main/core/freeze/reveal.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import { pyObjectFrom, type PyJson } from '../../../main/core/json/value.ts';

const key = pyObjectFrom([
  ['n', 2n],
  ['x', 1],
]);
const text = canonical(
  revealValue({
    season: 1,
    track: 'conformite',
    revealed_at: '2026-11-01T08:00:00.000Z',
    freezes: [
      { proof_id: 'prf_20260914_181440_541795', key_commitment: 'a'.repeat(64), salt: '01'.repeat(32), key },
      { proof_id: 'prf_20260923_072144_2ad720', key_commitment: 'b'.repeat(64), salt: '02'.repeat(32), key },
    ],
  }),
);
const reveal = (loadsText(text) as { ok: true; value: PyJson }).value;
const pick = (value: PyJson, id: string) => {
  const result = revealedMaterialFor(value, id);
  return result.ok ? result.value : result.error.code;
};

describe('reading a reveal (docs/freeze.md)', () => {
  it('the reveal keeps ints and floats of the key as committed (1.0 stays a float)', () => {
    expect(text).toContain('"key":{"n":2,"x":1.0}');
  });

  it("picks the freeze's own salt out of a reveal of both freezes", () => {
    expect(pick(reveal, 'prf_20260923_072144_2ad720')).toMatchObject({ salt: '02'.repeat(32) });
  });

  it('a reveal without the freeze is refused with FREEZE_REVEAL_NOT_FOUND, a bare pair of another proof too', () => {
    expect(pick(reveal, 'prf_20261001_000000_000000')).toBe('FREEZE_REVEAL_NOT_FOUND');
    const bare = pyObjectFrom([
      ['proof_id', 'prf_20260914_181440_541795'],
      ['salt', '01'.repeat(32)],
      ['key', key],
    ]);
    expect(pick(bare, 'prf_20260914_181440_541795')).toMatchObject({ salt: '01'.repeat(32) });
    expect(pick(bare, 'prf_20260923_072144_2ad720')).toBe('FREEZE_REVEAL_NOT_FOUND');
  });

  it('a reveal that is not an object, or an entry without key, is refused with FREEZE_REVEAL_INVALID', () => {
    expect(pick([], 'prf_20260914_181440_541795')).toBe('FREEZE_REVEAL_INVALID');
    expect(pick(pyObjectFrom([['salt', '01'.repeat(32)]]), 'prf_20260914_181440_541795')).toBe('FREEZE_REVEAL_INVALID');
  });
});
