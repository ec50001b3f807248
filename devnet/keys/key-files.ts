import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Reads a PKCS#8 PEM private key from the state folder, creating it on first start (mode 0600). */
export function loadOrCreatePrivateKey(stateDir: string, fileName: string, type: 'ed25519' | 'p256'): KeyObject {
  const path = join(stateDir, fileName);
  if (existsSync(path)) return createPrivateKey(readFileSync(path, 'utf8'));
  const { privateKey } =
    type === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, { mode: 0o600 });
  return privateKey;
}

/** Reads a small JSON file from the state folder, or writes the value `create()` gives on first start. */
export function loadOrCreateJson<T>(stateDir: string, fileName: string, create: () => T): T {
  const path = join(stateDir, fileName);
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as T;
  const value = create();
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  return value;
}

/** The SubjectPublicKeyInfo PEM of a private key's public half. */
export function publicKeyPem(privateKey: KeyObject): string {
  return createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string;
}

/** The SubjectPublicKeyInfo DER of a private key's public half. */
export function publicKeyDer(privateKey: KeyObject): Buffer {
  return createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
}
