import type { SeasonInvalidationView, TrackRef } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { invalidateSeason } from '../../services/freeze/invalidate-season.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import { defaultKeyFile, readSigningKey } from '../../services/index-export/signing-key.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { actingAs } from '../session-actor.ts';
import { trustLayerOf } from './required-services.ts';

/**
 * `season.invalidate` (docs/freeze.md "Invalidating a season"), as `proveit season invalidate` does it: the reason
 * signed with the operator key beside the database (the one that signed the freeze: read, never created here),
 * anchored through the Trust Layer given at start and posted to the season base, recorded and audited
 * `season.invalidate` under the person acting. The screen's confirmation says what stops (the track's submissions at
 * once, its close and scores; no new freeze of this season and track) before it calls this; the key and salt are
 * then revealed with `freeze.reveal`, allowed at once for an invalidated track.
 */
export async function seasonInvalidate(
  ctx: ConsoleContext,
  ref: TrackRef & { reason: string },
): Promise<SeasonInvalidationView> {
  const db = dbOf(ctx);
  const service = trustLayerOf(
    ctx,
    'an invalidation is anchored through the Trust Layer with the operator key: start the console with --trust-layer URL --api-key-file FILE --season-base URL',
  );
  if (ctx.dbFile === null)
    throw new HandlerRefusal(
      'CONSOLE_NO_DATABASE',
      'the operator key is kept beside the database: start with --db FILE',
    );
  const operatorKey = valueOrRefuse(readSigningKey(defaultKeyFile(ctx.dbFile)));
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    const done = valueOrRefuse(
      await invalidateSeason(
        {
          season: ref.season,
          track: ref.track,
          reason: ref.reason.trim(),
          trustLayer: service.trustLayer,
          apiKey: service.apiKey,
          operatorKey,
          seasonBase: service.seasonBase,
          actor: actingAs(ctx),
        },
        { db, http, clock: ctx.clock },
      ),
    );
    return {
      season: ref.season,
      track: ref.track,
      proof_id: done.proof_id,
      freeze_proof_id: done.freeze_proof_id,
      document_sha256: done.document_sha256,
      reason: done.reason,
      invalidated_at: done.invalidated_at,
    };
  } finally {
    await http.close();
  }
}
