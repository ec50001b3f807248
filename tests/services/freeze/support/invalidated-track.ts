import type { TrackName } from '../../../../main/core/corpus/model.ts';
import { isoUtc } from '../../../../main/core/time/iso-utc.ts';
import { recordFreezeAnchor } from '../../../../main/db/freeze-anchors.ts';
import { insertFreeze } from '../../../../main/db/freezes.ts';
import type { Db } from '../../../../main/db/open-database.ts';
import { insertInvalidation } from '../../../../main/db/season-invalidations.ts';

// A freeze in force and its invalidation recorded straight in an operator database (the rows `freeze create` and
// `season invalidate` write, without their Trust Layer calls): what a screen or the follower reads of an invalidated
// track, in-process.
const HASH = '0'.repeat(64);

/**
 * The freeze of season `season`, `track` (version 2: the rows need no operator signature here), its window
 * `opensAtMs`–`closesAtMs`, its proof seen anchored with both witnesses an hour before the opening; its proof id.
 */
export function recordFreeze(db: Db, season: number, track: TrackName, opensAtMs: number, closesAtMs: number): string {
  const proofId = `prf_20260901_000000_${track === 'conformite' ? '00000c' : '00000g'}`;
  insertFreeze(
    db,
    {
      proofId,
      documentVersion: 2,
      season,
      track,
      rulesVersion: '1',
      rulesHash: HASH,
      manifestHash: HASH,
      keyCommitment: HASH,
      url: `http://127.0.0.1:1/saison-${season}/${track}/freeze.json`,
      replaces: null,
      reason: null,
      opensAt: isoUtc(opensAtMs),
      closesAt: isoUtc(closesAtMs),
      requestHash: HASH,
      requestHashNonce: HASH,
      trustLayer: 'http://127.0.0.1:1',
      createdAtMs: opensAtMs - 86_400_000,
      proxyProof: new Uint8Array(),
      fullView: new Uint8Array(),
    },
    { saltHex: HASH, answerKey: '[]' },
  );
  recordFreezeAnchor(db, {
    proofId,
    state: 'anchored',
    anchorTime: isoUtc(opensAtMs - 3_600_000),
    rekorUuid: HASH,
    rekorVerified: true,
    independentWitnesses: 2,
    trustBundleDigest: null,
    checkedAtMs: opensAtMs - 3_000_000,
  });
  return proofId;
}

/** The invalidation of the track's freeze `freezeProofId` at `atMs` with `reason`; its proof id. */
export function recordInvalidation(
  db: Db,
  season: number,
  track: TrackName,
  freezeProofId: string,
  atMs: number,
  reason: string,
): string {
  const proofId = `prf_20261005_100000_${track === 'conformite' ? '0000ic' : '0000ig'}`;
  insertInvalidation(db, {
    season,
    track,
    freezeProofId,
    proofId,
    document: '{}',
    documentSha256: HASH,
    reason,
    invalidatedAt: isoUtc(atMs),
    url: `http://127.0.0.1:1/v1/season/${season}/invalidate`,
    requestHash: HASH,
    requestHashNonce: HASH,
    trustLayer: 'http://127.0.0.1:1',
    actor: 'ann',
    createdAtMs: atMs,
    proxyProof: new Uint8Array(),
    fullView: new Uint8Array(),
  });
  return proofId;
}
