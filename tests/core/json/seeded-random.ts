/** A small deterministic PRNG (sfc32) so a failing generated case can be replayed from its seed. */
export interface SeededRandom {
  seed: number;
  /** Uniform 32-bit unsigned integer. */
  next(): number;
  /** Uniform integer in [0, n). */
  below(n: number): number;
  /** Uniform integer in [lo, hi]. */
  between(lo: number, hi: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: number): SeededRandom {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 16; i++) next();
  const below = (n: number): number => Math.floor((next() / 0x1_0000_0000) * n);
  return {
    seed,
    next,
    below,
    between: (lo, hi) => lo + below(hi - lo + 1),
    chance: (p) => next() / 0x1_0000_0000 < p,
    pick: (items) => items[below(items.length)] as (typeof items)[number],
  };
}
