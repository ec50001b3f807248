import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { sha256 } from '../hash/sha256.ts';
import { canonical } from '../json/canonical.ts';
import type { PyJson } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';

/** Spec §8.2: a random 32-byte salt, so a key of ten verdicts among three cannot be brute-forced from its hash. */
export const SALT_BYTES = 32;

/** The answer key's committed bytes: its canonical JSON (ASCII), so anyone can recompute them after the reveal. */
export function answerKeyBytes(key: PyJson): Uint8Array {
  return new TextEncoder().encode(canonical(key));
}

/** `sha256(salt ‖ key)` (spec §8.2), lowercase hex. */
export function keyCommitment(key: PyJson, salt: Uint8Array): string {
  const keyBytes = answerKeyBytes(key);
  const input = new Uint8Array(salt.length + keyBytes.length);
  input.set(salt, 0);
  input.set(keyBytes, salt.length);
  return bytesToHex(sha256(input));
}

/** Reads a revealed salt: exactly 64 lowercase or uppercase hex characters. */
export function parseSalt(saltHex: unknown): Result<Uint8Array, 'FREEZE_SALT_FORMAT'> {
  if (typeof saltHex !== 'string' || !/^[0-9a-fA-F]{64}$/.test(saltHex)) {
    return fail('FREEZE_SALT_FORMAT', `salt: the salt must be ${SALT_BYTES} bytes written as 64 hex characters`, {
      field: 'salt',
      received: typeof saltHex === 'string' ? `${saltHex.length} characters` : typeof saltHex,
    });
  }
  return ok(hexToBytes(saltHex.toLowerCase()));
}
