import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../../../main/core/corpus/prng.ts';

describe('seeded stream', () => {
  it('block i is HMAC-SHA256(seed, label ‖ uint64_be(i)), as CPython’s hmac computes it', () => {
    const python = execFileSync(
      'python3',
      [
        '-c',
        'import hmac,hashlib,struct;print("".join(hmac.new(b"seed \\xc3\\xa9",b"label"+struct.pack(">Q",i),hashlib.sha256).hexdigest() for i in range(2)))',
      ],
      { encoding: 'utf8' },
    ).trim();
    const stream = new SeededStream('seed é', 'label');
    const words = Array.from({ length: 16 }, () => stream.uint32().toString(16).padStart(8, '0')).join('');
    expect(words).toBe(python);
  });

  it('the same seed replays the same draws; another seed or label does not', () => {
    const draw = (seed: string, label: string) => {
      const s = new SeededStream(seed, label);
      return Array.from({ length: 50 }, () => s.below(1000));
    };
    expect(draw('a', 'x')).toEqual(draw('a', 'x'));
    expect(draw('a', 'x')).not.toEqual(draw('b', 'x'));
    expect(draw('a', 'x')).not.toEqual(draw('a', 'y'));
  });

  it('below(n) stays in [0, n) and reaches every value', () => {
    const s = new SeededStream('range', 'test');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = s.below(7);
      expect(v >= 0 && v < 7).toBe(true);
      seen.add(v);
    }
    expect(seen.size).toBe(7);
  });

  it('taker draws without repetition and says so when the pool is exhausted', () => {
    const take = new SeededStream('t', 't').taker(['a', 'b', 'c']);
    expect([take(), take(), take()].sort()).toEqual(['a', 'b', 'c']);
    expect(() => take()).toThrow(/exhausted/);
  });
});
