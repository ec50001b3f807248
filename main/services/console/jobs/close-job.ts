import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fail, ok, type Result } from '../../../core/result.ts';
import type { Track } from '../../../core/freeze/freeze-document.ts';
import { freezeInForceOf } from '../../../db/freezes.ts';
import { openDatabase } from '../../../db/open-database.ts';
import { latestSeasonClose } from '../../../db/publications.ts';
import { systemClock } from '../../clock.ts';
import { BUNDLE } from '../../close/bundle-layout.ts';
import { closeSeason } from '../../close/close-season.ts';
import { createHttpClient } from '../../http/http-client.ts';
import type { FetchProgress } from '../../proofs/progress.ts';

export interface CloseJobArgs {
  season: number;
  track: Track;
}

/**
 * The console's "run the close" (issue 14): closes the track again from its latest close's replay bundle, whose
 * submissions, corpus (the key revealed) and trust bundle it reuses; views and Rekor entries come from the read cache,
 * so only proofs still pending are read, under the limit, from the Trust Layer the freeze was made through. A fresh
 * output folder per attempt: an interrupted attempt's files are never reused.
 */
export async function runCloseJob(
  dbFile: string,
  jobId: number,
  attempt: number,
  args: CloseJobArgs,
  onProgress: (p: FetchProgress) => void,
): Promise<Result<{ close_id: number; scored: number; pending: number; out: string }>> {
  const db = openDatabase(dbFile);
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    const latest = latestSeasonClose(db, args.season, args.track);
    if (!latest)
      return fail(
        'CONSOLE_CLOSE_NEEDS_EXPORT',
        `season ${args.season}, track ${args.track} has no close yet: the first close reads the season service's export (proveit season close --season-url URL)`,
        { season: args.season, track: args.track },
      );
    const freeze = freezeInForceOf(db, args.season, args.track);
    if (!freeze) return fail('FREEZE_NOT_FOUND', `season ${args.season}, track ${args.track} has no freeze`);
    const bundle = join(latest.outDir, 'bundle');
    const submissions = await readFile(join(bundle, BUNDLE.submissions)).catch(() => null);
    if (submissions === null)
      return fail(
        'CONSOLE_CLOSE_BUNDLE_MISSING',
        `${bundle} cannot be read: restore the latest close's folder, or close with proveit season close`,
        { bundle },
      );
    const outDir = join(dirname(latest.outDir), `${args.track}-close-${jobId}-${attempt}`);
    const closed = await closeSeason({
      db,
      http,
      clock: systemClock,
      season: args.season,
      track: args.track,
      corpusDir: join(bundle, BUNDLE.corpus),
      submissions: new Uint8Array(submissions),
      trustLayerUrl: freeze.trustLayer,
      trustDir: join(bundle, BUNDLE.trust),
      outDir,
      actor: 'console',
      onReadProgress: onProgress,
    });
    if (!closed.ok) return closed;
    return ok({
      close_id: closed.value.closeId,
      scored: closed.value.scored.length,
      pending: closed.value.pending.length,
      out: outDir,
    });
  } finally {
    await http.close();
    db.close();
  }
}
