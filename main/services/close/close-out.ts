import { mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loads } from '../../core/json/loads.ts';
import { pyObjectFrom, isPyObject } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { documentBytes } from '../../core/scoring/documents.ts';
import { SCORES_FILE } from './bundle-layout.ts';

/**
 * The file a close writes first into its --out and removes last, once its close row is committed (docs/replay-bundle.md
 * "What `season close` does, in order"): an --out holding it is the partial work of a close that did not finish
 * (killed, power cut, disk full), which the next close of the same season and track replaces.
 */
export const CLOSE_ATTEMPT_FILE = '.close-attempt.json';
export const CLOSE_ATTEMPT_FORMAT = 'proveit-close-attempt/1';

/** Everything a close writes into --out: its marker, its staging folder, then the bundle and the outputs. */
const CLOSE_WRITES = new Set([CLOSE_ATTEMPT_FILE, '.bundle-partial', 'bundle', SCORES_FILE, 'reports']);

export interface CloseAttempt {
  season: number;
  track: string;
  startedAtMs: number;
}

export interface PreparedOut {
  /** The --out folder did not exist: a failed close removes it again. */
  created: boolean;
  /** An interrupted close's partial work was found there and removed. */
  replacedPartial: boolean;
}

async function attemptIn(outDir: string): Promise<{ season: unknown; track: unknown } | null> {
  const bytes = await readFile(join(outDir, CLOSE_ATTEMPT_FILE)).catch(() => null);
  if (bytes === null) return null;
  const parsed = loads(bytes);
  if (!parsed.ok || !isPyObject(parsed.value) || parsed.value['format'] !== CLOSE_ATTEMPT_FORMAT) return null;
  return { season: parsed.value['season'], track: parsed.value['track'] };
}

async function removeCloseWrites(outDir: string): Promise<void> {
  for (const name of CLOSE_WRITES) await rm(join(outDir, name), { recursive: true, force: true });
}

/**
 * Makes --out ready for a close and writes the attempt marker. An empty or missing folder is used as is; one holding
 * only what an interrupted close of this season and track writes (its marker first) has that work removed; anything
 * else is CLOSE_OUT_NOT_EMPTY, untouched.
 */
export async function prepareCloseOut(outDir: string, attempt: CloseAttempt): Promise<Result<PreparedOut>> {
  const existing = await readdir(outDir).catch(() => null);
  let replacedPartial = false;
  if (existing !== null && existing.length > 0) {
    const previous = existing.includes(CLOSE_ATTEMPT_FILE) ? await attemptIn(outDir) : null;
    const foreign = existing.filter((name) => !CLOSE_WRITES.has(name));
    const sameClose =
      previous !== null && previous.season === BigInt(attempt.season) && previous.track === attempt.track;
    if (!sameClose || foreign.length > 0) {
      const why =
        previous === null
          ? 'a close writes into a new folder'
          : !sameClose
            ? `it holds the partial work of an interrupted close of season ${String(previous.season)} ${String(previous.track)}, not of this one`
            : `it holds the partial work of an interrupted close, and also ${foreign.slice(0, 3).join(', ')}, which no close writes`;
      return fail('CLOSE_OUT_NOT_EMPTY', `${outDir} is not empty: ${why}; choose another --out`, {
        out: outDir,
        ...(foreign.length > 0 ? { unexpected: foreign.slice(0, 20) } : {}),
      });
    }
    await removeCloseWrites(outDir);
    replacedPartial = true;
  }
  const marker = pyObjectFrom([
    ['format', CLOSE_ATTEMPT_FORMAT],
    ['season', BigInt(attempt.season)],
    ['track', attempt.track],
    ['started_at_ms', BigInt(attempt.startedAtMs)],
  ]);
  const created = (await mkdir(outDir, { recursive: true })) !== undefined;
  try {
    await writeFile(join(outDir, CLOSE_ATTEMPT_FILE), documentBytes(marker));
  } catch (error) {
    // A full or failing disk: the marker cut short goes, and the folder if this close made it
    // (docs/operator-database.md "File write faults").
    await discardCloseWork(outDir, { created, replacedPartial }).catch(() => undefined);
    throw error;
  }
  return ok({ created: existing === null, replacedPartial });
}

/** A close that failed or threw: removes everything it wrote into --out (and --out itself when it created it). */
export async function discardCloseWork(outDir: string, prepared: PreparedOut): Promise<void> {
  await removeCloseWrites(outDir);
  if (prepared.created) await rmdir(outDir).catch(() => undefined);
}

/** The close row is committed: the outputs are final, the marker goes. */
export async function finishCloseOut(outDir: string): Promise<void> {
  await rm(join(outDir, CLOSE_ATTEMPT_FILE), { force: true });
}
