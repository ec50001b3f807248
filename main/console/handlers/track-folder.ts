import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TrackRef } from '../../ipc/contract.ts';
import { HandlerRefusal } from '../../ipc/refusal.ts';
import { latestSeasonClose } from '../../db/publications.ts';
import { trackCorpusDir, type ConsoleContext } from '../console-context.ts';

/**
 * The track's corpus folder: under the corpus root (season-N/<track>), else the latest close's bundled copy (the
 * published part and the rules text; the key there is the revealed one).
 */
export async function trackFolder(ctx: ConsoleContext, ref: TrackRef): Promise<string> {
  const direct = trackCorpusDir(ctx, ref.season, ref.track);
  if (existsSync(join(direct, 'season.json'))) return direct;
  if (ctx.db) {
    const close = latestSeasonClose(ctx.db, ref.season, ref.track);
    const bundled = close ? join(close.outDir, 'bundle', 'corpus') : null;
    if (bundled && existsSync(join(bundled, 'season.json'))) return bundled;
  }
  throw new HandlerRefusal(
    'CONSOLE_CORPUS_NOT_FOUND',
    `no corpus folder for season ${ref.season}, track ${ref.track}: start the console with --corpus DIR holding season-${ref.season}/${ref.track}`,
    { season: ref.season, track: ref.track },
  );
}
