import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fail, ok, type Result } from '../../core/result.ts';
import type { JobArgs } from '../../core/console/job-args.ts';
import { openDatabase } from '../../db/open-database.ts';
import { latestSeasonClose } from '../../db/publications.ts';
import { replayBundle } from '../../services/close/replay-bundle.ts';

export type ReplayJobArgs = JobArgs['replay'];

/** A replay's outcome: identical, or the first difference or tampering found (its code, file and JSON pointer). */
export type ReplayJobResult =
  | { close_id: number; bundle: string; out: string; identical: true; files: number }
  | {
      close_id: number;
      bundle: string;
      out: string;
      identical: false;
      code: string;
      message: string;
      file: string | null;
      pointer: string | null;
    };

const stringOr = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * The console's "replay" (docs/replay-bundle.md; docs/console-backend.md "Background work (migrations 9, 10 and 12)"):
 * the latest close's bundle recomputed offline with the close's own scoring (`replayBundle`, as `proveit season replay`
 * runs it) into a fresh folder beside the database, replays/season-N/<track>-replay-<job>-<attempt>, and compared byte
 * for byte with the bundle's expected copies. A difference or a tampering found is the replay's answer, not a failure
 * of the job: the job is done and says which.
 */
export async function runReplayJob(
  dbFile: string,
  jobId: number,
  attempt: number,
  args: ReplayJobArgs,
): Promise<Result<ReplayJobResult>> {
  const db = openDatabase(dbFile);
  let close: ReturnType<typeof latestSeasonClose>;
  try {
    close = latestSeasonClose(db, args.season, args.track);
  } finally {
    db.close();
  }
  if (!close)
    return fail(
      'CONSOLE_REPLAY_NO_CLOSE',
      `season ${args.season}, track ${args.track} has no close to replay: run the close first (Scoring)`,
      { season: args.season, track: args.track },
    );
  const bundle = join(close.outDir, 'bundle');
  if (!existsSync(bundle))
    return fail('CONSOLE_CLOSE_BUNDLE_MISSING', `${bundle} cannot be read: restore the latest close's folder`, {
      bundle,
    });
  const out = join(dirname(dbFile), 'replays', `season-${args.season}`, `${args.track}-replay-${jobId}-${attempt}`);
  const replayed = await replayBundle(bundle, out);
  const base = { close_id: close.id, bundle, out };
  if (replayed.ok) return ok({ ...base, identical: true, files: replayed.value.files.length });
  const [first, ...more] = replayed.error;
  if (first === undefined) return fail('REPLAY_REFUSED', `${bundle} was refused without a reason given`, { bundle });
  if (first.code === 'REPLAY_OUT_NOT_EMPTY') return { ok: false, error: first };
  const details = first.details ?? {};
  return ok({
    ...base,
    identical: false,
    code: first.code,
    // The first reason leads (its file and pointer are shown); the others follow it in the message.
    message: [first, ...more].map((f, i) => (i === 0 ? f.message : `${f.code}: ${f.message}`)).join('\n'),
    file: stringOr(details['file']),
    pointer: stringOr(details['pointer']),
  });
}
