import { freezeInForce, type FreezePublication, type PublishedFreeze } from '../../core/freeze/publication.ts';
import type { Track } from '../../core/freeze/freeze-document.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { freezesOf, type FreezeRow } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';

/** A stored freeze in its published form (docs/freeze.md): the anchored fields and the request_hash opening. */
export function publishedFreezeOf(row: FreezeRow): PublishedFreeze {
  return {
    proof_id: row.proofId,
    document_version: row.documentVersion,
    season: row.season,
    track: row.track,
    rules_version: row.rulesVersion,
    rules_hash: row.rulesHash,
    manifest_hash: row.manifestHash,
    key_commitment: row.keyCommitment,
    url: row.url,
    replaces: row.replaces,
    reason: row.reason,
    opens_at: row.opensAt,
    closes_at: row.closesAt,
    disclosure: { request_hash: { nonce: row.requestHashNonce, value: row.requestHash } },
  };
}

/**
 * Every freeze of a season and track, replaced ones included with their reason (spec §8 status note: both
 * proof ids are published together), and the one in force.
 */
export function freezePublication(db: Db, season: number, track: Track): Result<FreezePublication, 'FREEZE_NOT_FOUND'> {
  const freezes = freezesOf(db, season, track).map(publishedFreezeOf);
  const current = freezeInForce(freezes);
  if (current === null) {
    return fail(
      'FREEZE_NOT_FOUND',
      `season ${season}, track ${track} has no freeze in this database; create one with 'proveit freeze create'`,
      {
        season,
        track,
      },
    );
  }
  return ok({ season, track, in_force: current.proof_id, freezes });
}
