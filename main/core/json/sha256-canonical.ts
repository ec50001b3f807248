import { sha256HexOfText } from '../hash/sha256.ts';
import { canonical } from './canonical.ts';
import type { PyJson } from './value.ts';

/** SHA-256 of the canonical JSON (the text is ASCII, so UTF-8 and ASCII bytes agree), lowercase hex. */
export function sha256Canonical(value: PyJson): string {
  return sha256HexOfText(canonical(value));
}
