import { dirname, join } from 'node:path';
import { fail, ok, type Result } from '../../core/result.ts';
import { openDatabase } from '../../db/open-database.ts';
import type { IndexExportAnswer } from '../../ipc/contract.ts';
import type { Clock } from '../../services/clock.ts';
import { exportIndex, lintFindingsOf } from '../../services/index-export/export-index.ts';

/** Where the console writes a season's Index exports: index-exports/ beside the operator database. */
export function indexExportsRoot(dbFile: string): string {
  return join(dirname(dbFile), 'index-exports');
}

/**
 * The console's Index export (exportIndex, docs/index-export.md: lint, render both languages, sign manifest.json,
 * record the version with its audit entry as the person who asked for it) as a job: rendering and signing every page is
 * long work, so it runs in a worker, off main (docs/console-backend.md "Background work (migrations 9, 10 and 12)").
 * Each attempt writes a new folder, index-exports/season-N-<ms>, on the console's clock as the close job's is (the
 * newest is the one index.verify checks). A lint finding fails the job with INDEX_LINT_FAILED and its findings in the
 * message; nothing is written then.
 */
export function runIndexExportJob(
  dbFile: string,
  season: number,
  actor: string,
  clock: Clock,
): Result<IndexExportAnswer> {
  const db = openDatabase(dbFile);
  try {
    const outDir = join(indexExportsRoot(dbFile), `season-${season}-${clock.now()}`);
    const done = exportIndex(db, { season, outDir, clock, actor });
    if (!done.ok) {
      const findings = lintFindingsOf(done.error)
        .map((f) => `${f.code} ${f.where}: ${f.message}`)
        .join('; ');
      return fail(done.error.code, findings ? `${done.error.message} (${findings})` : done.error.message);
    }
    return ok({
      out_dir: outDir,
      version: done.value.indexVersion,
      manifest_sha256: done.value.manifestSha256,
      files: done.value.files,
      listed_files: done.value.listedFiles,
    });
  } finally {
    db.close();
  }
}
