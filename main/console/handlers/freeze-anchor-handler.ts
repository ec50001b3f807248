import { join } from 'node:path';
import type { FreezeView, TrackRef } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { freezeInForceOf } from '../../db/freezes.ts';
import { latestSeasonClose } from '../../db/publications.ts';
import { BUNDLE } from '../../services/close/bundle-layout.ts';
import { checkFreezeAnchoring } from '../../services/freeze/freeze-anchoring.ts';
import { readFreezeViewThroughQuota } from '../../services/freeze/freeze-view-read.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import { loadTrustBundle } from '../../services/trust/load-bundle.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { NO_SERVICES } from '../console-services.ts';
import { freezeView } from './season-handlers.ts';

/**
 * The trust bundle the freeze proof is verified with: the latest close's archived copy (what that close verified
 * with), else the one the console was given (`--trust DIR`, default the production bundle).
 */
function trustDirOf(ctx: ConsoleContext, ref: TrackRef): string {
  const close = latestSeasonClose(dbOf(ctx), ref.season, ref.track);
  return close ? join(close.outDir, 'bundle', BUNDLE.trust) : (ctx.services ?? NO_SERVICES).trustDir;
}

/**
 * The Freeze screen's anchor step (spec §8.3–8.5): the freeze in force's proof verified as a third party, its RFC 3161
 * time and Rekor entry stored once VERIFIED, or pending while its batch is not anchored. One view read through the read
 * quota, recorded in the read cache as any read is (none when the cache holds it anchored), and one log entry: run on
 * request ("re-check now (uses 1 read)"), not on every freeze.view.
 */
export async function freezeAnchor(ctx: ConsoleContext, ref: TrackRef): Promise<FreezeView> {
  const db = dbOf(ctx);
  const freeze = freezeInForceOf(db, ref.season, ref.track);
  if (freeze === null)
    throw new HandlerRefusal(
      'FREEZE_NOT_FOUND',
      `season ${ref.season}, track ${ref.track} has no freeze in this database: freeze it (the Freeze screen, or proveit freeze create)`,
      { season: ref.season, track: ref.track },
    );
  const trust = valueOrRefuse(await loadTrustBundle(trustDirOf(ctx, ref)));
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    const ports = { db, http, clock: ctx.clock };
    valueOrRefuse(
      await checkFreezeAnchoring(freeze, trust, {
        ...ports,
        readView: (f) => readFreezeViewThroughQuota(f, ports),
      }),
    );
  } finally {
    await http.close();
  }
  return freezeView(ctx, ref);
}
