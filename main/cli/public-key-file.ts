import { parseIntake } from '../core/json/intake.ts';
import { isPyObject } from '../core/json/value.ts';
import { FILE_LIMITS, readBoundedFileSync } from '../services/files/read-bounded.ts';
import { fileProblem } from './file-arguments.ts';

/** An Ed25519 public key written on the command line (`season close --service-key`): 64 hex, case folded; else null. */
export function hexPublicKey(text: string): string | null {
  const key = text.trim().toLowerCase();
  return /^[0-9a-f]{64}$/.test(key) ? key : null;
}

/**
 * An Ed25519 public key given as a file (`index verify --public-key`, `season serve --operator-public-key`,
 * `devnet up --operator-public-key`): 64 lowercase hex characters alone, or the signing-key.json an Index export
 * publishes (its `public_key`), read by the intake parser: a signing-key.json naming `public_key` twice is refused
 * (INTAKE_DUPLICATE_KEY), since one reader would pin the first key and another the second. The file is read bounded
 * (main/services/files/read-bounded.ts). The key, or the usage problem to print (the file named, what it must hold).
 */
export function publicKeyOption(flag: string, file: string): { key: string } | { problem: string } {
  const read = readBoundedFileSync(file, { what: flag, kind: 'key' });
  if (!read.ok) return { problem: fileProblem(read.error) };
  const text = Buffer.from(read.value).toString('utf8').trim();
  if (/^[0-9a-f]{64}$/.test(text)) return { key: text };
  const parsed = parseIntake(read.value, { maxBytes: FILE_LIMITS.key });
  if (!parsed.ok && parsed.error.code === 'INTAKE_DUPLICATE_KEY')
    return { problem: `${flag} ${file} is refused: ${parsed.error.code}: ${parsed.error.message}` };
  const key = parsed.ok && isPyObject(parsed.value) ? parsed.value['public_key'] : undefined;
  if (typeof key === 'string' && /^[0-9a-f]{64}$/.test(key)) return { key };
  return { problem: `${flag} FILE holds 64 hex characters or a signing-key.json` };
}
