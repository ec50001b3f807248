import type { IndexAnchorAnswer } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import { anchorAndRecord } from '../../services/index-export/anchor-and-record.ts';
import { defaultKeyFile, readSigningKey } from '../../services/index-export/signing-key.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { actingAs } from '../session-actor.ts';
import { newestExport } from './index-handlers.ts';
import { trustLayerOf } from './required-services.ts';

/**
 * `index.anchor`: `proveit index anchor DIR` on the season's newest export (the one index.verify checks): its manifest
 * hash anchored through the Trust Layer given at start (a proxy call to the season base, as a freeze is), the anchor
 * document signed with the operator key beside the database (the one that signed the export), and the act audited as
 * the session's actor. The proof and its record are written into the export folder (docs/index-export.md).
 */
export async function indexAnchor(ctx: ConsoleContext, args: { season: number }): Promise<IndexAnchorAnswer> {
  const db = dbOf(ctx);
  const actor = actingAs(ctx);
  const service = trustLayerOf(
    ctx,
    'an Index is anchored through the Trust Layer with the operator key: start the console with --trust-layer URL --api-key-file FILE --season-base URL',
  );
  const dir = newestExport(ctx, args.season);
  if (ctx.dbFile === null)
    throw new HandlerRefusal(
      'CONSOLE_NO_DATABASE',
      'the operator key is kept beside the database: start with --db FILE',
    );
  const signingKey = valueOrRefuse(readSigningKey(defaultKeyFile(ctx.dbFile)));
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    const { proofId, record } = valueOrRefuse(
      await anchorAndRecord(db, dir, {
        http,
        trustLayer: service.trustLayer,
        apiKey: service.apiKey,
        seasonBase: service.seasonBase,
        signingKey,
        clock: ctx.clock,
        actor,
      }),
    );
    return {
      season: record.season,
      index_version: record.index_version,
      manifest_sha256: record.manifest_sha256,
      proof_id: proofId,
      url: record.url,
      out_dir: dir,
    };
  } finally {
    await http.close();
  }
}
