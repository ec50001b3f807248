import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANCHOR_PROOF_FILE, ANCHOR_RECORD_FILE } from '../../core/index/anchor.ts';
import type { IndexAnchorState, IndexExportState, IndexStatus, IndexVerifyAnswer } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import { defaultKeyFile, readSigningKey } from '../../services/index-export/signing-key.ts';
import { verifyIndexFolder } from '../../services/index-export/verify-index.ts';
import { readOneView } from '../../services/proofs/read-one-view.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { NO_SERVICES } from '../console-services.ts';
import { newestExport } from './index-handlers.ts';
import { trustLayerOf } from './required-services.ts';

/** What the manifest says of itself, read without trusting it (the verification says whether it holds). */
function manifestFacts(dir: string): { version: number | null; listed: number | null } {
  try {
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      index_version?: unknown;
      files?: unknown;
    };
    return {
      version: Number.isSafeInteger(m.index_version) ? (m.index_version as number) : null,
      listed: Array.isArray(m.files) ? m.files.length : null,
    };
  } catch {
    return { version: null, listed: null };
  }
}

/**
 * The newest export verified as `proveit index verify` does, its anchor included (verifyIndexFolder): against the
 * operator key beside the database (the key it signs with), else the challenge of the trust bundle the console was
 * given; the anchor proof offline with that bundle (`--trust`, default the production bundle).
 */
export async function checkNewestExport(ctx: ConsoleContext, season: number): Promise<IndexVerifyAnswer> {
  const dir = newestExport(ctx, season);
  const own = ctx.dbFile === null ? null : readSigningKey(defaultKeyFile(ctx.dbFile));
  const checked = await verifyIndexFolder(dir, {
    ...(own?.ok ? { pin: { publicKeyHex: own.value.publicKeyHex, by: 'the operator key beside the database' } } : {}),
    trustDir: (ctx.services ?? NO_SERVICES).trustDir,
  });
  const failures = checked.result.problems.map((p) => ({ code: p.code, message: p.message }));
  const recorded = existsSync(join(dir, ...ANCHOR_RECORD_FILE.split('/')));
  const anchorFailure = failures.find((f) => f.code.startsWith('INDEX_ANCHOR_'));
  const anchor: IndexAnchorState = !recorded
    ? { state: 'absent', proof_id: null, anchored_at: null, code: null }
    : checked.result.ok
      ? {
          state: checked.anchor.status === 'verified' ? 'anchored' : 'pending',
          proof_id: checked.anchor.proof_id,
          anchored_at: checked.anchor.anchored_at,
          code: null,
        }
      : {
          state: 'not_verified',
          proof_id: checked.anchor.proof_id,
          anchored_at: null,
          code: anchorFailure?.code ?? failures[0]?.code ?? null,
        };
  const facts = manifestFacts(dir);
  return {
    verified: checked.result.ok,
    failures,
    season,
    out_dir: dir,
    version: checked.result.ok ? checked.result.value.indexVersion : facts.version,
    listed_files: checked.result.ok ? checked.result.value.files : facts.listed,
    anchor,
  };
}

/**
 * `index.status` (docs/console-backend.md "The Index export's state"): the season's newest export and its anchor, or
 * none. With `recheck`, the anchor proof's view is read again first, once, through the hourly limit and the read
 * cache as any re-check is (readOneView), and kept in the export's anchor/proof.json (outside the signed files), so
 * a proof pending when it was anchored shows anchored, with its RFC 3161 time, once its batch is.
 */
export async function indexStatus(
  ctx: ConsoleContext,
  args: { season: number; recheck?: boolean },
): Promise<IndexStatus> {
  let dir: string;
  try {
    dir = newestExport(ctx, args.season);
  } catch (error) {
    if (error instanceof HandlerRefusal && error.code === 'INDEX_NOT_EXPORTED')
      return { season: args.season, newest: null };
    throw error;
  }
  if (args.recheck === true) await recheckAnchor(ctx, dir);
  const { verified: _verified, failures: _failures, ...state } = await checkNewestExport(ctx, args.season);
  const newest: IndexExportState = state;
  return { season: args.season, newest };
}

async function recheckAnchor(ctx: ConsoleContext, dir: string): Promise<void> {
  const service = trustLayerOf(
    ctx,
    'the Index anchor proof is read from the Trust Layer it was made through: start the console with --trust-layer URL --api-key-file FILE --season-base URL',
  );
  let proofId: unknown;
  try {
    proofId = (JSON.parse(readFileSync(join(dir, ...ANCHOR_RECORD_FILE.split('/')), 'utf8')) as { proof_id?: unknown })
      .proof_id;
  } catch {
    proofId = undefined;
  }
  if (typeof proofId !== 'string')
    throw new HandlerRefusal(
      'INDEX_ANCHOR_INVALID',
      `${dir} holds no readable ${ANCHOR_RECORD_FILE}: anchor the export first (Index screen, or proveit index anchor)`,
      { out_dir: dir },
    );
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    const read = await readOneView(
      { db: dbOf(ctx), http, clock: ctx.clock },
      { proofId, trustLayerUrl: service.trustLayer },
    );
    const stored = valueOrRefuse(read);
    if (stored?.raw == null || (stored.status !== 'anchored' && stored.status !== 'pending'))
      throw new HandlerRefusal(
        'INDEX_ANCHOR_INVALID',
        `the Trust Layer ${service.trustLayer} served no view of the Index anchor proof ${proofId} (${stored?.status ?? 'nothing stored'})`,
        { proof_id: proofId },
      );
    writeFileSync(join(dir, ...ANCHOR_PROOF_FILE.split('/')), stored.raw);
  } finally {
    await http.close();
  }
}

/**
 * `index.verify`: the newest export verified as a third party would (manifest, signature, every listed file and row,
 * then its anchor), naming what it checked: the folder, the Index version and the files the signed manifest lists.
 */
export async function indexVerify(ctx: ConsoleContext, args: { season: number }): Promise<IndexVerifyAnswer> {
  return checkNewestExport(ctx, args.season);
}
