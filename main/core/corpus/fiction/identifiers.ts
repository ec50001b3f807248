import type { SeededStream } from '../prng.ts';

/** Luhn sum over the digits, the check the French SIREN carries (its ninth digit is a Luhn key). */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Unique identifiers for a season. SIREN-like numbers deliberately FAIL the Luhn key, so no real company can carry
 * one (spec §2.5: no real entity in the corpus); the other registries' numbers are invented series.
 */
export class IdentifierFactory {
  private readonly used = new Set<string>();

  constructor(private readonly rng: SeededStream) {}

  private unique(make: () => string): string {
    for (;;) {
      const id = make();
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }

  private digits(count: number, firstNonZero = true): string {
    let out = firstNonZero ? String(this.rng.between(1, 9)) : String(this.rng.below(10));
    while (out.length < count) out += String(this.rng.below(10));
    return out;
  }

  siren(): string {
    return this.unique(() => {
      for (;;) {
        const candidate = this.digits(9);
        if (!luhnValid(candidate)) return candidate;
      }
    });
  }

  prefixed(prefix: string, digitCount: number): string {
    return this.unique(() => `${prefix}${this.digits(digitCount)}`);
  }
}

/** "512345678" → "512 345 678", the way a SIREN is printed in prose. */
export function spacedSiren(siren: string): string {
  return `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;
}
