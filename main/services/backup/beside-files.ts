import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BackupFile } from '../../core/backup/backup-contents.ts';

/**
 * The files beside the operator database that a season needs and the database does not hold (docs/operator-database.md
 * "Backups"): the operator's Ed25519 key, index-signing-key.pem (it signs freezes, reveals and the Index; only its
 * public half is in the database), freezes/, the freeze publication and reveal documents the console writes, and the
 * Index exports the database records: index-exports/ (the console's, main/console/jobs/index-export-job.ts)
 * and index/ (the demo's, which the console reads as its season's export). Without them a restored database says an
 * Index version is exported while no folder holds it.
 */
export const BESIDE_FILES = ['index-signing-key.pem'] as const;
export const BESIDE_FOLDERS = ['freezes', 'index-exports', 'index'] as const;

/** What a backup says it carries (format 2's `carries`): each path taken whole, whether or not it existed. */
export const BACKUP_CARRIES: readonly string[] = [...BESIDE_FILES, ...BESIDE_FOLDERS];

/**
 * Every file under a folder, in name order. A hidden entry (a name starting with '.') is left out: it is work under
 * way, never what a season records (an Index export's staging folder, a file being written through a temporary name).
 */
function filesUnder(root: string, relative: string): BackupFile[] {
  const out: BackupFile[] = [];
  for (const entry of readdirSync(join(root, relative), { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
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
