import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A deterministic random stream derived from a season seed: block i is HMAC-SHA256(seed, label ‖ i).
 * The same seed always yields the same corpus (so a season is reproducible by whoever holds the seed), and a secret
 * seed yields instances that appear in no public set (docs/corpus-format.md "7. Generator"). Never Math.random: the
 * core takes randomness as input.
 */
export class SeededStream {
  private readonly key: Uint8Array;
  private readonly label: Uint8Array;
  private counter = 0;
  private block: Uint8Array = new Uint8Array(0);
  private offset = 0;

  constructor(seed: string, label: string) {
    this.key = utf8ToBytes(seed);
    this.label = utf8ToBytes(label);
  }

  private nextByte(): number {
    if (this.offset >= this.block.length) {
      const message = new Uint8Array(this.label.length + 8);
      message.set(this.label, 0);
      new DataView(message.buffer).setBigUint64(this.label.length, BigInt(this.counter++));
      this.block = hmac(sha256, this.key, message);
      this.offset = 0;
    }
    return this.block[this.offset++] as number;
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    let value = 0;
    for (let i = 0; i < 4; i++) value = value * 256 + this.nextByte();
    return value;
  }

  /** A uniform integer in [0, n), by rejection so no value is favoured. */
  below(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`below(${n}): n must be in 1..2^32`);
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const value = this.uint32();
      if (value < limit) return value % n;
    }
  }

  /** A uniform integer in [min, max], bounds included. */
  between(min: number, max: number): number {
    return min + this.below(max - min + 1);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)] as T;
  }

  /** A Fisher–Yates shuffle into a new array. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** Draws from a pool without repetition: the caller keeps the returned taker and calls it repeatedly. */
  taker<T>(items: readonly T[]): () => T {
    const remaining = this.shuffle(items);
    return () => {
      const item = remaining.pop();
      if (item === undefined) throw new RangeError('the fiction pool is exhausted: add entries to it');
      return item;
    };
  }
}
