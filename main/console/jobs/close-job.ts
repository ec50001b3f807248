import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fail, ok, type Result } from '../../core/result.ts';
import type { JobArgs } from '../../core/console/job-args.ts';
import { freezeInForceOf } from '../../db/freezes.ts';
import { openDatabase, type Db } from '../../db/open-database.ts';
import { latestSeasonClose } from '../../db/publications.ts';
import type { Clock } from '../../services/clock.ts';
import { BUNDLE } from '../../services/close/bundle-layout.ts';
import { closeSeason } from '../../services/close/close-season.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import type { FetchProgress } from '../../core/proofs-plan/progress.ts';
import { readSeasonExport } from '../../services/season-export/read-export.ts';
import { announcedReceiptKey } from '../../services/receipts/announced-receipt-key.ts';
import { openSignedExport } from '../../core/season-export/signed-export.ts';
import { jobActor, type JobSettings } from './worker-messages.ts';

/** The close's season and track, and who asked for it (the actor of its audit entries and incidents). */
export type CloseJobArgs = JobArgs['close'];

/**
 * The console's "run the close" (docs/console-backend.md "Background work (migrations 9, 10 and 12)"). A track's first
 * close reads the season service's export with the operator token, as `proveit season close --season-url URL
 * --operator-token-file FILE` does, scoring the corpus folder under the console's corpus root with the trust bundle
 * given by --trust. A later close runs again from the latest close's replay bundle, whose submissions, corpus (the key
 * revealed) and trust bundle it reuses. Either way views and Rekor entries come from the read cache, so only proofs
 * still pending are read, under the limit, from the Trust Layer the freeze was made through. A fresh output folder per
 * attempt: an interrupted attempt's files are never reused. `clock` is the console's (the worker's offsetClock): the
 * key is revealed (FREEZE_NOT_CLOSED before `closes_at`) and the close dated on it.
 */
export async function runCloseJob(
  dbFile: string,
  jobId: number,
  attempt: number,
  args: CloseJobArgs,
  clock: Clock,
  onProgress: (p: FetchProgress) => void,
  settings?: JobSettings,
): Promise<Result<{ close_id: number; scored: number; pending: number; out: string }>> {
  const db = openDatabase(dbFile);
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    const freeze = freezeInForceOf(db, args.season, args.track);
    if (!freeze) return fail('FREEZE_NOT_FOUND', `season ${args.season}, track ${args.track} has no freeze`);
    const inputs = await closeInputs(db, dbFile, jobId, attempt, args, settings);
    if (!inputs.ok) return inputs;
    const closed = await closeSeason({
      db,
      http,
      clock,
      season: args.season,
      track: args.track,
      ...inputs.value,
      trustLayerUrl: freeze.trustLayer,
      actor: jobActor(args),
      onReadProgress: onProgress,
    });
    if (!closed.ok) return closed;
    return ok({
      close_id: closed.value.closeId,
      scored: closed.value.scored.length,
      pending: closed.value.pending.length,
      out: inputs.value.outDir,
    });
  } finally {
    await http.close();
    db.close();
  }
}

type CloseInputs = { corpusDir: string; submissions: Uint8Array; serviceKey: string; trustDir: string; outDir: string };

/** The submissions, corpus, trust bundle and output folder of this attempt: the export's at first, else the bundle's. */
async function closeInputs(
  db: Db,
  dbFile: string,
  jobId: number,
  attempt: number,
  args: CloseJobArgs,
  settings: JobSettings | undefined,
): Promise<Result<CloseInputs>> {
  const latest = latestSeasonClose(db, args.season, args.track);
  if (latest) {
    const bundle = join(latest.outDir, 'bundle');
    const submissions = await readFile(join(bundle, BUNDLE.submissions)).catch(() => null);
    if (submissions === null)
      return fail(
        'CONSOLE_CLOSE_BUNDLE_MISSING',
        `${bundle} cannot be read: restore the latest close's folder, or close with proveit season close`,
        { bundle },
      );
    // The bundled export was checked against the service's key at the first close; the same key signs it now.
    const signed = openSignedExport(submissions, null);
    if (!signed.ok) return signed;
    return ok({
      corpusDir: join(bundle, BUNDLE.corpus),
      submissions: new Uint8Array(submissions),
      serviceKey: signed.value.trailer.publicKeyHex,
      trustDir: join(bundle, BUNDLE.trust),
      outDir: join(dirname(latest.outDir), `${args.track}-close-${jobId}-${attempt}`),
    });
  }
  const service = settings?.services.seasonService ?? null;
  if (!settings || !service)
    return fail(
      'CONSOLE_CLOSE_NEEDS_EXPORT',
      `season ${args.season}, track ${args.track} has no close yet: the first close reads the season service's export; start the console with --season-url URL --operator-token-file FILE (or close with proveit season close)`,
      { season: args.season, track: args.track },
    );
  const exported = await readSeasonExport(service.url, args.season, service.operatorToken);
  if (!exported.ok) return exported;
  const serviceKey = await announcedReceiptKey(
    service.url,
    args.season,
    'or close with proveit season close --service-key HEX',
  );
  if (!serviceKey.ok) return serviceKey;
  return ok({
    corpusDir: join(settings.corpusDir, `season-${args.season}`, args.track),
    submissions: exported.value,
    serviceKey: serviceKey.value,
    trustDir: settings.services.trustDir,
    // Beside the database, as the Index exports are: closes/season-N/<track>-close-<job>-<attempt>.
    outDir: join(dirname(dbFile), 'closes', `season-${args.season}`, `${args.track}-close-${jobId}-${attempt}`),
  });
}
