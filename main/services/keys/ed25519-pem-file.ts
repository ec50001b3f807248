import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readBoundedTextSync } from '../files/read-bounded.ts';

/** The PEM text of a key file, whether this call created it, or why the file can be neither read nor created. */
export type PemFile = { ok: true; pem: string; created: boolean } | { ok: false; message: string };

/**
 * An Ed25519 private key file read as PEM text, or created there on first use: a fresh key from node:crypto, PKCS#8
 * PEM, mode 0600, created exclusively (`wx`), so two processes starting at once never make two keys: the one that
 * loses the race reads the winner's. Used by the operator's signing key and the season service's receipt key; each
 * parses the text and names its own refusal.
 */
export function readOrCreateEd25519Pem(file: string): PemFile {
  // Bounded (main/services/files/read-bounded.ts): a PEM key is a few hundred bytes; a device is refused unread.
  const read = readBoundedTextSync(file, { what: 'the key file', kind: 'key' });
  if (read.ok) return { ok: true, pem: read.value, created: false };
  const errno = read.error.details?.['errno'];
  if (read.error.code !== 'FILE_UNREADABLE') return { ok: false, message: `${read.error.code}: ${read.error.message}` };
  if (errno !== 'ENOENT') return { ok: false, message: `cannot read ${file}: ${String(errno ?? 'error')}` };
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return readOrCreateEd25519Pem(file);
    return { ok: false, message: `cannot create ${file}: ${code ?? 'error'}` };
  }
  return { ok: true, pem, created: true };
}
