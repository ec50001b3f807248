import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../../../main/core/hash/sha256.ts';
import { publicKeyOf, signManifest, signingKeyId } from '../../../../main/core/index/signature.ts';

/**
 * The forgery of issue 36 on an export folder, in place: a community CSV row edited, then every listed file's hash,
 * signing-key.json, the manifest and its signature rewritten with a fresh Ed25519 key. Internally consistent: only a
 * key the reader pinned tells it from the operator's. Returns the folder.
 */
export function forgeIndex(dir: string): string {
  const der = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' });
  const seed = new Uint8Array(der.subarray(der.length - 32));
  const signingKey = {
    algorithm: 'ed25519',
    public_key: Buffer.from(publicKeyOf(seed)).toString('hex'),
    key_id: signingKeyId(publicKeyOf(seed)),
  };
  const csv = readdirSync(join(dir, 'tables')).find((name) => name.endsWith('-community.csv'));
  if (csv === undefined) throw new Error(`${dir}/tables holds no community CSV to edit`);
  const csvPath = join(dir, 'tables', csv);
  const rows = readFileSync(csvPath, 'utf8').split('\r\n');
  rows[1] = `${rows[1]} `;
  writeFileSync(csvPath, rows.join('\r\n'));
  writeFileSync(join(dir, 'signing-key.json'), `${JSON.stringify(signingKey)}\n`);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    files: { path: string; sha256: string }[];
    signing_key: unknown;
  };
  for (const f of manifest.files) f.sha256 = sha256Hex(readFileSync(join(dir, ...f.path.split('/'))));
  manifest.signing_key = signingKey;
  const bytes = new TextEncoder().encode(`${JSON.stringify(manifest)}\n`);
  writeFileSync(join(dir, 'manifest.json'), bytes);
  writeFileSync(join(dir, 'manifest.sig.json'), signManifest(bytes, seed));
  return dir;
}
