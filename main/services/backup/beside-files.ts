import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BackupFile } from '../../core/backup/backup-contents.ts';

/**
 * The files beside the operator database that a season needs and the database does not hold (docs/operator-database.md
 * "Backups"): the operator's Ed25519 key, index-signing-key.pem (it signs freezes, reveals and the Index; only its
 * public half is in the database), and freezes/, the freeze publication and reveal documents the console writes.
 */
export const BESIDE_FILES = ['index-signing-key.pem'] as const;
export const BESIDE_FOLDERS = ['freezes'] as const;

function filesUnder(root: string, relative: string): BackupFile[] {
  const out: BackupFile[] = [];
  for (const entry of readdirSync(join(root, relative), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    const path = `${relative}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(root, path));
    else if (entry.isFile()) out.push({ path, bytes: readFileSync(join(root, path)) });
  }
  return out;
}

/** Reads the files beside `dbFile` that exist, as paths relative to its folder. */
export function besideFilesOf(dbFile: string): BackupFile[] {
  const root = dirname(dbFile);
  const out: BackupFile[] = [];
  for (const name of BESIDE_FILES) {
    const file = join(root, name);
    if (existsSync(file) && statSync(file).isFile()) out.push({ path: name, bytes: readFileSync(file) });
  }
  for (const folder of BESIDE_FOLDERS) {
    const dir = join(root, folder);
    if (existsSync(dir) && statSync(dir).isDirectory()) out.push(...filesUnder(root, folder));
  }
  return out;
}
