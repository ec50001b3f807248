import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyIndexExport } from '../../core/index/verify-export.ts';

/** Every regular file under `dir`, path relative to it, '/'-separated. */
function readAll(dir: string, prefix = '', out = new Map<string, Uint8Array>()): Map<string, Uint8Array> {
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`;
    if (e.isDirectory()) readAll(dir, rel, out);
    else if (e.isFile()) out.set(rel, new Uint8Array(readFileSync(join(dir, ...rel.split('/')))));
  }
  return out;
}

/** `proveit index verify DIR`: reads the folder and runs the pure check (main/core/index/verify-export.ts). */
export function verifyIndexDir(dir: string, expectedPublicKeyHex?: string) {
  return verifyIndexExport(readAll(dir), expectedPublicKeyHex);
}
