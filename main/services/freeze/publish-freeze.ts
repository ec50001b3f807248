import { writeFile } from 'node:fs/promises';
import {
  freezeInForce,
  publicationFileText,
  type FreezePublication,
  type PublishedFreeze,
} from '../../core/freeze/publication.ts';
import type { TrackName } from '../../core/corpus/model.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { freezesOf, type FreezeRow } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { recordAction } from '../audit/record-action.ts';
import type { Clock } from '../clock.ts';

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
    ...(row.operator === undefined
      ? {}
      : {
          replaces_sha256: row.operator.replacesSha256,
          signed_at: row.operator.signedAt,
          operator_public_key: row.operator.operatorPublicKey,
          operator_signature: row.operator.operatorSignature,
        }),
    disclosure: { request_hash: { nonce: row.requestHashNonce, value: row.requestHash } },
  };
}

/**
 * Every freeze of a season and track, replaced ones included with their reason (spec §8 status note: both
 * proof ids are published together), and the one in force.
 */
export function freezePublication(
  db: Db,
  season: number,
  track: TrackName,
): Result<FreezePublication, 'FREEZE_NOT_FOUND'> {
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

/**
 * Publishing a freeze (spec §8.3): the publication of a season and track is written to `out` (the command's --out,
 * the console's freezes/ folder, the demo's; null when it is only printed), then recorded in the audit log as
 * freeze.publish with the proof ids it names and where it went. The console's Freeze screen reads those entries to
 * show a freeze as published, so nothing is recorded when the writing fails.
 */
export async function publishFreeze(
  db: Db,
  clock: Clock,
  which: { season: number; track: TrackName; actor: string; out: string | null },
): Promise<Result<FreezePublication, 'FREEZE_NOT_FOUND'>> {
  const publication = freezePublication(db, which.season, which.track);
  if (!publication.ok) return publication;
  const p = publication.value;
  if (which.out !== null) await writeFile(which.out, publicationFileText(p));
  recordAction(db, clock, {
    actor: which.actor,
    action: 'freeze.publish',
    summary: `season ${which.season} ${which.track}: freeze publication exported (${p.freezes.length} freeze(s), in force ${p.in_force})${which.out ? ` to ${which.out}` : ''}`,
    details: pyObjectFrom([
      ['season', BigInt(which.season)],
      ['track', which.track],
      ['in_force', p.in_force],
      ['proof_ids', p.freezes.map((f) => f.proof_id)],
      ['out', which.out],
    ]),
  });
  return publication;
}
