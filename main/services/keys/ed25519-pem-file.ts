import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The PEM text of a key file, whether this call created it, or why the file can be neither read nor created. */
export type PemFile = { ok: true; pem: string; created: boolean } | { ok: false; message: string };

/**
 * An Ed25519 private key file read as PEM text, or created there on first use: a fresh key from node:crypto, PKCS#8
 * PEM, mode 0600, created exclusively (`wx`), so two processes starting at once never make two keys: the one that
 * loses the race reads the winner's. Used by the operator's signing key and the season service's receipt key; each
 * parses the text and names its own refusal.
 */
export function readOrCreateEd25519Pem(file: string): PemFile {
  try {
    return { ok: true, pem: readFileSync(file, 'utf8'), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      return { ok: false, message: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}` };
    }
  }
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
