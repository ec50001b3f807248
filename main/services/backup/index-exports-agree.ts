import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256Hex } from '../../core/hash/sha256.ts';
import type { Failure } from '../../core/result.ts';
import { latestIndexVersions } from '../../db/index-exports.ts';
import { openDatabase, type Db } from '../../db/open-database.ts';

/** One season's latest Index version as a database records it, against the export folder beside that database. */
export interface IndexExportAgreement {
  season: number;
  version: number;
  /** The folder the console reads as the season's export (relative to the database's folder), or null: none. */
  folder: string | null;
  /** Whether that folder's index.json is the recorded version's, byte for byte (its SHA-256). */
  agrees: boolean;
}

/**
 * The folder the console reads as a season's Index export (main/console/handlers/index-handlers.ts
 * `newestExport`): the newest `index-exports/season-N-<ms>`, else the demo's `index/` beside the database. Relative to
 * the database's folder; null when neither exists.
 */
export function exportFolderOf(dbFile: string, season: number): string | null {
  const root = join(dirname(dbFile), 'index-exports');
  const prefix = `season-${season}-`;
  const made = existsSync(root)
    ? readdirSync(root)
        .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
        .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)))
    : [];
  const newest = made[made.length - 1];
  if (newest) return `index-exports/${newest}`;
  return existsSync(join(dirname(dbFile), 'index', 'manifest.json')) ? 'index' : null;
}

function indexJsonSha256(dbFile: string, folder: string): string | null {
  const file = join(dirname(dbFile), ...folder.split('/'), 'index.json');
  try {
    return statSync(file).isFile() ? sha256Hex(readFileSync(file)) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a database and the Index exports beside it agree (docs/operator-database.md "Backups"): for every season
 * with an exported version, the folder the console reads holds that version's index.json. A restored database that
 * records a version no folder holds would say "already exported" on the Index screen while `index.verify` answers
 * INDEX_NOT_EXPORTED: each disagreement is a finding, BACKUP_RESTORE_INDEX_EXPORT_MISSING (no folder) or
 * BACKUP_RESTORE_INDEX_EXPORT_DIFFERS (the folder holds another version). `olderBackup`: the backup is format 1,
 * written before backups carried the Index exports; the message says so.
 */
export function indexExportsAgreement(
  db: Db,
  dbFile: string,
  olderBackup: boolean,
): { seasons: IndexExportAgreement[]; findings: Failure[] } {
  const seasons: IndexExportAgreement[] = [];
  const findings: Failure[] = [];
  const fix =
    'export the Index again from the Index screen (or proveit index export): the recorded version is written again, ' +
    'byte for byte, from the database';
  for (const row of latestIndexVersions(db)) {
    const folder = exportFolderOf(dbFile, row.season);
    const found = folder === null ? null : indexJsonSha256(dbFile, folder);
    const agrees = found === row.indexSha256;
    seasons.push({ season: row.season, version: row.indexVersion, folder, agrees });
    if (agrees) continue;
    const details = { season: row.season, version: row.indexVersion, folder };
    findings.push(
      folder === null || found === null
        ? {
            code: 'BACKUP_RESTORE_INDEX_EXPORT_MISSING',
            message:
              `the database records season ${row.season}'s Index version ${row.indexVersion} as exported, but no ` +
              `export folder beside it holds it${olderBackup ? ' (the backup predates backups carrying the Index exports, format 1)' : ''}: ${fix}`,
            details,
          }
        : {
            code: 'BACKUP_RESTORE_INDEX_EXPORT_DIFFERS',
            message:
              `the database records season ${row.season}'s Index version ${row.indexVersion}, but ${folder} holds ` +
              `another index.json: ${fix}`,
            details,
          },
    );
  }
  return { seasons, findings };
}

/**
 * After `proveit backup restore`: the restored database (opened read-only, as restored) against the Index exports
 * restored beside it. A database that cannot be read so (an older schema, which the first start migrates) is not
 * compared: nothing to say then.
 */
export function restoredIndexExportFindings(dbFile: string, olderBackup: boolean): Failure[] {
  let db: Db;
  try {
    db = openDatabase(dbFile, { readOnly: true });
  } catch {
    return [];
  }
  try {
    return indexExportsAgreement(db, dbFile, olderBackup).findings;
  } finally {
    db.close();
  }
}
