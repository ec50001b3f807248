import { parseFreezeToVerify, type PublishedFreeze } from '../../core/freeze/publication.ts';
import { loads } from '../../core/json/loads.ts';
import type { PyJson } from '../../core/json/value.ts';
import { WitnessMemo } from '../../core/proof/witness-memo.ts';
import { missingWitness } from '../../core/proof/witness-pair.ts';
import { failAll, ok, type Failure, type ResultAll } from '../../core/result.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { verifyFreezeForScoring, type FreezeVerification } from '../freeze/verify-for-scoring.ts';
import { fileMissing, readBytes, readJson } from './bundle-files.ts';
import { BUNDLE, inBundle } from './bundle-layout.ts';
import { checkTrustKeys } from './trust-keys-check.ts';

/** The freeze in force as the bundle keeps it: its publication, the reveal, its proof's view and Rekor entry. */
export interface BundledFreeze {
  publication: PyJson;
  reveal: PyJson;
  view: Uint8Array;
  rekorEntry: PyJson | undefined;
  freeze: PublishedFreeze;
}

/** Reads the bundled freeze material, and checks it is of the season and track asked for (when asked). */
export async function readBundledFreeze(
  bundleDir: string,
  expect?: { season?: number; track?: string },
): Promise<ResultAll<BundledFreeze>> {
  const publication = await readJson(bundleDir, BUNDLE.publication);
  if (!publication.ok) return failAll(publication.error);
  const reveal = await readJson(bundleDir, BUNDLE.reveal);
  if (!reveal.ok) return failAll(reveal.error);
  const view = await readBytes(bundleDir, BUNDLE.freezeProof);
  if (view === null) return failAll(fileMissing(BUNDLE.freezeProof));
  const entryBytes = await readBytes(bundleDir, BUNDLE.freezeRekorEntry);
  const entry = entryBytes === null ? null : loads(entryBytes);
  const published = parseFreezeToVerify(publication.value.value);
  if (!published.ok) return failAll(published.error);
  const freeze = published.value;
  if (expect?.season !== undefined && freeze.season !== expect.season) {
    return failAll({
      code: 'CLOSE_FREEZE_OTHER_TRACK',
      message: `season: the freeze in force is for season ${freeze.season}, the close for ${expect.season}`,
      details: { field: 'season', anchored: freeze.season, recomputed: expect.season },
    });
  }
  if (expect?.track !== undefined && freeze.track !== expect.track) {
    return failAll({
      code: 'CLOSE_FREEZE_OTHER_TRACK',
      message: `track: the freeze in force is for ${freeze.track}, the close for ${expect.track}`,
      details: { field: 'track', anchored: freeze.track, recomputed: expect.track },
    });
  }
  return ok({
    publication: publication.value.value,
    reveal: reveal.value.value,
    view,
    rekorEntry: entry?.ok ? entry.value : undefined,
    freeze,
  });
}

/**
 * Verifies the bundled freeze as the close did (verifyFreezeForScoring: rules, manifest, key commitment, its proof),
 * and its anchoring before the opening (spec §8). A freeze proof under a key the bundle lacks is stale trust
 * material, not an unverified freeze (trust-keys-check.ts). Returns the verification and every failure found.
 */
export async function checkBundledFreeze(
  bundleDir: string,
  bundle: TrustBundle,
  bundled: BundledFreeze,
): Promise<{ verification: FreezeVerification; failures: Failure[] }> {
  const { freeze } = bundled;
  const verification = await verifyFreezeForScoring({
    corpusDir: inBundle(bundleDir, BUNDLE.corpus),
    freeze: bundled.publication,
    reveal: bundled.reveal,
    view: bundled.view,
    bundle,
    ...(bundled.rekorEntry === undefined ? {} : { rekorEntry: bundled.rekorEntry }),
    memo: new WitnessMemo(),
  });
  const freezeKey = await checkTrustKeys(bundleDir, bundle, [{ role: 'freeze', report: verification.proof }]);
  const failures: Failure[] = verification.failures.map((f) =>
    !freezeKey.ok && f.code === 'FREEZE_PROOF_NOT_VERIFIED' ? freezeKey.error : f,
  );
  const anchorTime = verification.proof?.anchorTime ?? null;
  // A proof on one witness is refused FREEZE_PROOF_ONE_WITNESS already: a missing token is not a late one.
  if (
    verification.proof?.verdict === 'VERIFIED' &&
    missingWitness(verification.proof) === null &&
    (anchorTime === null || Date.parse(anchorTime) >= Date.parse(freeze.opens_at))
  ) {
    failures.push({
      code: 'CLOSE_FREEZE_ANCHORED_AFTER_OPENING',
      message: `opens_at: the freeze proof must be anchored before the season opens (opens_at ${freeze.opens_at}, RFC 3161 time ${String(anchorTime)})`,
      details: { field: 'opens_at', anchored: freeze.opens_at, recomputed: anchorTime },
    });
  }
  return { verification, failures };
}
