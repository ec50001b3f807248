import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loads } from '../../core/json/loads.ts';
import type { PyJson } from '../../core/json/value.ts';
import type { TrackRef, VerifyAnswer } from '../../ipc/contract.ts';
import { HandlerRefusal } from '../../ipc/refusal.ts';
import { latestSeasonClose } from '../../db/publications.ts';
import { BUNDLE } from '../../services/close/bundle-layout.ts';
import { recordFreezeAnchor } from '../../db/freeze-anchors.ts';
import { anchorRowOf } from '../../services/freeze/freeze-anchoring.ts';
import { verifyFreezeForScoring } from '../../services/freeze/verify-for-scoring.ts';
import { loadTrustBundle } from '../../services/trust/load-bundle.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';

async function json(file: string): Promise<PyJson | undefined> {
  const bytes = await readFile(file).catch(() => null);
  if (bytes === null) return undefined;
  const parsed = loads(new Uint8Array(bytes));
  return parsed.ok ? parsed.value : undefined;
}

/**
 * The freeze check a third party runs (spec §8.5), offline, on what the latest close archived: the publication, the
 * reveal, the freeze proof's view and Rekor entry, the corpus and the trust bundle of its replay bundle. Before the
 * close there is no reveal to check against: FREEZE_NOT_REVEALED. A verification that succeeds stores the freeze
 * proof's anchoring (RFC 3161 time, Rekor entry), which the Freeze screen's anchor step shows.
 */
export async function freezeVerify(ctx: ConsoleContext, ref: TrackRef): Promise<VerifyAnswer> {
  const close = latestSeasonClose(dbOf(ctx), ref.season, ref.track);
  if (!close)
    throw new HandlerRefusal(
      'FREEZE_NOT_REVEALED',
      `season ${ref.season}, track ${ref.track} is not closed yet: the freeze is verified against its reveal, made at close`,
      { season: ref.season, track: ref.track },
    );
  const bundle = join(close.outDir, 'bundle');
  const [freeze, reveal, rekorEntry] = await Promise.all([
    json(join(bundle, BUNDLE.publication)),
    json(join(bundle, BUNDLE.reveal)),
    json(join(bundle, BUNDLE.freezeRekorEntry)),
  ]);
  const view = await readFile(join(bundle, BUNDLE.freezeProof)).catch(() => null);
  const trust = await loadTrustBundle(join(bundle, BUNDLE.trust));
  if (freeze === undefined || reveal === undefined || view === null || !trust.ok)
    throw new HandlerRefusal(
      'CONSOLE_CLOSE_BUNDLE_MISSING',
      `the latest close's bundle (${bundle}) lacks its freeze material: restore the close's folder`,
      { bundle },
    );
  const verified = await verifyFreezeForScoring({
    corpusDir: join(bundle, BUNDLE.corpus),
    freeze,
    reveal,
    view: new Uint8Array(view),
    bundle: trust.value,
    ...(rekorEntry === undefined ? {} : { rekorEntry }),
  });
  const anchor =
    verified.verified && verified.proof && verified.freeze
      ? anchorRowOf(verified.freeze.proof_id, verified.proof, ctx.clock.now())
      : null;
  if (anchor !== null) recordFreezeAnchor(dbOf(ctx), anchor);
  return {
    verified: verified.verified,
    failures: verified.failures.map((f) => ({ code: f.code, message: f.message })),
  };
}
