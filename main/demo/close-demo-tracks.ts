import { join } from 'node:path';
import { ok, type Result } from '../core/result.ts';
import { closeSeason } from '../services/close/close-season.ts';
import { publishSeason } from '../services/publications/publish-season.ts';
import { announcedReceiptKey } from '../services/receipts/announced-receipt-key.ts';
import { readExport } from './demo-season-calls.ts';
import type { DemoSummary } from '../core/demo/demo-progress.ts';
import { DEMO_ACTOR, DEMO_TRACKS, type DemoRun } from './demo-run.ts';

/**
 * Each track closed from the season service's signed export (key revealed, cited proofs read under the limit,
 * scored into OUT/<track>/) and published as version 1, which starts every participant's 14-day dispute window.
 */
export async function closeDemoTracks(run: DemoRun): Promise<Result<DemoSummary['tracks']>> {
  const { db, http, clock, devnet, season } = run;
  const exported = await readExport(http, devnet, season);
  const serviceKey = await announcedReceiptKey(devnet.info.season, season, 'the demo reads it from its own devnet');
  if (!serviceKey.ok) return serviceKey;
  const closes: DemoSummary['tracks'] = [];
  for (const track of DEMO_TRACKS) {
    run.emit('close', `closing ${track}: key revealed, cited proofs read under the limit, scored`);
    const closed = await closeSeason({
      db,
      http,
      clock,
      season,
      track,
      corpusDir: run.corpusDir[track],
      submissions: exported,
      serviceKey: serviceKey.value,
      trustLayerUrl: devnet.info.trust_layer,
      trustDir: devnet.info.trust_bundle,
      outDir: join(run.outDir, track),
      actor: DEMO_ACTOR,
      onReadProgress: (p) => run.emit('close', `reading the cited proofs of ${track} (${p.phase})`, p.done, p.total),
    });
    if (!closed.ok) return closed;
    run.emit('publish', `publishing ${track} (version 1; the dispute windows start with the Index export)`);
    const published = await publishSeason({ db, clock, season, track, actor: DEMO_ACTOR });
    if (!published.ok) return published;
    closes.push({
      track,
      out: join(run.outDir, track),
      closeId: closed.value.closeId,
      scoresSha256: closed.value.scoresSha256,
      scored: closed.value.scored.length,
      pending: closed.value.pending.length,
      publicationVersion: published.value.version,
    });
  }
  return ok(closes);
}
