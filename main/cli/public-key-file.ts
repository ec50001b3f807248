import { readFileSync } from 'node:fs';

/** An Ed25519 public key written on the command line (`season close --service-key`): 64 hex, case folded; else null. */
export function hexPublicKey(text: string): string | null {
  const key = text.trim().toLowerCase();
  return /^[0-9a-f]{64}$/.test(key) ? key : null;
}

/**
 * An Ed25519 public key given as a file (`index verify --public-key`, `season serve --operator-public-key`,
 * `devnet up --operator-public-key`): 64 lowercase hex characters alone, or the signing-key.json an Index export
 * publishes (its `public_key`). Null when the file holds neither; a file that cannot be read throws.
 */
export function publicKeyFrom(file: string): string | null {
  const text = readFileSync(file, 'utf8').trim();
  if (/^[0-9a-f]{64}$/.test(text)) return text;
  try {
    const o = JSON.parse(text) as { public_key?: unknown };
    return typeof o.public_key === 'string' && /^[0-9a-f]{64}$/.test(o.public_key) ? o.public_key : null;
  } catch {
    return null;
  }
}

/** The same for a command's option: the key, or the usage problem to print (the file named, what it must hold). */
export function publicKeyOption(flag: string, file: string): { key: string } | { problem: string } {
  let key: string | null;
  try {
    key = publicKeyFrom(file);
  } catch (error) {
    return { problem: `cannot read ${flag}: ${(error as Error).message}` };
  }
  return key === null ? { problem: `${flag} FILE holds 64 hex characters or a signing-key.json` } : { key };
}
