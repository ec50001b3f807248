import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseInstant } from '../../core/freeze/instant.ts';
import type { FreezeView, TrackRef } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { createFreeze } from '../../services/freeze/create-freeze.ts';
import { publishFreeze } from '../../services/freeze/publish-freeze.ts';
import { revealFreezes } from '../../services/freeze/reveal-freeze.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import { defaultKeyFile, loadOrCreateSigningKey } from '../../services/index-export/signing-key.ts';
import { dbOf, trackCorpusDir, type ConsoleContext } from '../console-context.ts';
import { actingAs } from '../session-actor.ts';
import { freezeView } from './season-handlers.ts';
import { trustLayerOf } from './required-services.ts';

type Window = { opens_at: string; closes_at: string };

/** The freeze documents the console writes (publication, reveal): freezes/ beside the operator database. */
function freezesRoot(ctx: ConsoleContext): string {
  return join(dirname(ctx.dbFile ?? '.'), 'freezes');
}

/**
 * A freeze or its replacement (spec §8.1–8.3), as `proveit freeze create [--replace --reason]` makes it: the track's
 * folder under the corpus root (rules text, manifest, sealed key), a fresh salt, anchored through the Trust Layer
 * given at start and posted to the season base, signed with the operator's key beside the database. Refused without
 * that configuration; the key and salt stay sealed in the database, and the answer is the freeze view (public fields
 * only).
 */
async function freeze(ctx: ConsoleContext, ref: TrackRef & Window, reason: string | null): Promise<FreezeView> {
  const db = dbOf(ctx);
  const service = trustLayerOf(
    ctx,
    'freezes are anchored through the Trust Layer with the operator key: start the console with --trust-layer URL --api-key-file FILE --season-base URL',
  );
  const opensAt = valueOrRefuse(parseInstant('opens_at', ref.opens_at));
  const closesAt = valueOrRefuse(parseInstant('closes_at', ref.closes_at));
  const corpusDir = trackCorpusDir(ctx, ref.season, ref.track);
  if (!existsSync(join(corpusDir, 'season.json')))
    throw new HandlerRefusal(
      'CONSOLE_CORPUS_NOT_FOUND',
      `no corpus folder for season ${ref.season}, track ${ref.track}: start the console with --corpus DIR holding season-${ref.season}/${ref.track} and its sealed key`,
      { season: ref.season, track: ref.track },
    );
  // The operator's key beside the database, the one the Index export signs with (created on first use): the season
  // service accepts only documents it signed (docs/season-service.md "Only the operator changes the season"). It stays
  // in this process; only its public half is sent.
  if (ctx.dbFile === null)
    throw new HandlerRefusal(
      'CONSOLE_NO_DATABASE',
      'the operator key is kept beside the database: start with --db FILE',
    );
  const operatorKey = valueOrRefuse(loadOrCreateSigningKey(defaultKeyFile(ctx.dbFile)));
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    const created = await createFreeze(
      {
        corpusDir,
        trustLayer: service.trustLayer,
        apiKey: service.apiKey,
        operatorKey,
        seasonBase: service.seasonBase,
        opensAt,
        closesAt,
        // The form's field, as the refusal names it (FREEZE_OPENING_TOO_SOON).
        opensAtField: 'opens_at',
        replace: reason !== null,
        reason,
        actor: actingAs(ctx),
      },
      { db, http, clock: ctx.clock, randomBytes: (n) => new Uint8Array(randomBytes(n)) },
    );
    valueOrRefuse(created);
  } finally {
    await http.close();
  }
  return freezeView(ctx, ref);
}

export const freezeCreate = (ctx: ConsoleContext, ref: TrackRef & Window) => freeze(ctx, ref, null);

/** A replacement before opening: its reason is published beside both freezes (spec §8 status note). */
export function freezeReplace(ctx: ConsoleContext, ref: TrackRef & Window & { reason: string }): Promise<FreezeView> {
  if (ref.reason.trim() === '')
    throw new HandlerRefusal('FREEZE_REASON_REQUIRED', 'a replacement is published with its reason: write one');
  return freeze(ctx, ref, ref.reason.trim());
}

/**
 * `proveit freeze publish`: the publication document (every freeze, replaced ones with their reason, each proof's
 * request_hash opening; no key, no salt) written to freezes/season-N-<track>-publication.json beside the database,
 * and audited as freeze.publish.
 */
export async function freezePublish(ctx: ConsoleContext, ref: TrackRef): Promise<FreezeView> {
  const out = join(freezesRoot(ctx), `season-${ref.season}-${ref.track}-publication.json`);
  await mkdir(dirname(out), { recursive: true });
  valueOrRefuse(await publishFreeze(dbOf(ctx), ctx.clock, { ...ref, actor: actingAs(ctx), out }));
  return freezeView(ctx, ref);
}

/**
 * `proveit freeze reveal` (spec §8.3): at or after the close, the key and salt of every freeze of the track, judged
 * on the console's clock (FREEZE_NOT_CLOSED before). The reveal document goes to freezes/season-N-<track>-reveal.json
 * beside the database; the answer is the freeze view, which carries no key.
 */
export async function freezeReveal(ctx: ConsoleContext, ref: TrackRef): Promise<FreezeView> {
  const revealed = valueOrRefuse(revealFreezes(dbOf(ctx), ref.season, ref.track, ctx.clock.now(), actingAs(ctx)));
  const out = join(freezesRoot(ctx), `season-${ref.season}-${ref.track}-reveal.json`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${revealed.text}\n`);
  return freezeView(ctx, ref);
}
