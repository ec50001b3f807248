import type { TrackName } from '../../core/corpus/model.ts';
import { checkFreezeAnchor } from '../../core/freeze/check-anchor.ts';
import { freezeDocumentSha256 } from '../../core/freeze/freeze-document.ts';
import {
  checkInvalidationRequest,
  invalidationRequestHash,
  invalidationSha256,
  invalidationUrl,
  reasonProblem,
  signInvalidation,
} from '../../core/freeze/invalidation.ts';
import { canonical } from '../../core/json/canonical.ts';
import { pyObjectFrom, type PyObject } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { freezeInForceOf } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import { seasonClosesOf } from '../../db/season-closes.ts';
import { insertInvalidation, invalidationOf, type InvalidationRow } from '../../db/season-invalidations.ts';
import type { Clock } from '../clock.ts';
import type { HttpClient } from '../http/http-client.ts';
import { inTransaction, Refused } from '../refused.ts';
import { publishedFreezeOf } from './publish-freeze.ts';
import { ownerFullView, proxyOperatorDocument } from './trust-layer-calls.ts';

export interface InvalidateSeasonInput {
  season: number;
  track: TrackName;
  /** The operator's reason, published as typed. */
  reason: string;
  trustLayer: string;
  /** Sent in X-Api-Key only, never stored, printed or logged. */
  apiKey: string;
  /** The operator's Ed25519 key, the one that signs its freezes: the season service accepts only its invalidation. */
  operatorKey: { privateKey: Uint8Array; publicKeyHex: string };
  /** The season service as the proxy reaches it: the invalidation is posted to {base}/v1/season/{n}/invalidate. */
  seasonBase: string;
  actor: string;
}

export interface InvalidateSeasonPorts {
  db: Db;
  http: HttpClient;
  clock: Clock;
}

/** What an invalidation publishes (the CLI's --json, the console's answer): never a key, a salt or the API key. */
export interface SeasonInvalidation {
  season: number;
  track: string;
  proof_id: string;
  freeze_proof_id: string;
  document_sha256: string;
  reason: string;
  invalidated_at: string;
  url: string;
  /** The signed document as anchored (canonical JSON text). */
  document: string;
}

export function seasonInvalidationOf(row: InvalidationRow): SeasonInvalidation {
  return {
    season: row.season,
    track: row.track,
    proof_id: row.proofId,
    freeze_proof_id: row.freezeProofId,
    document_sha256: row.documentSha256,
    reason: row.reason,
    invalidated_at: row.invalidatedAt,
    url: row.url,
    document: row.document,
  };
}

/**
 * `proveit season invalidate` (spec §8: "A change during the season is not a correction: it invalidates the season.
 * The only response is to publish it, close the season, and start over"; docs/freeze.md "Invalidating a season"):
 * sign the invalidation of the track's freeze in force with the reason, anchor it through the Trust Layer proxy by
 * posting it to the season service (which refuses the track's submissions from then on), check the proof anchors
 * exactly that document, then record it with its audit entry `season.invalidate`. Nothing is recorded when any step
 * fails. From then on the key and salt may be revealed at once (`freeze reveal`), the close refuses the track
 * (`CLOSE_TRACK_INVALIDATED`) and no freeze of this season and track can be made (`FREEZE_TRACK_INVALIDATED`): the
 * season starts over under a new number.
 */
export async function invalidateSeason(
  input: InvalidateSeasonInput,
  ports: InvalidateSeasonPorts,
): Promise<Result<SeasonInvalidation>> {
  const { season, track } = input;
  const problem = reasonProblem(input.reason);
  if (problem !== null) return fail('SEASON_INVALIDATE_REASON_INVALID', problem, { field: 'reason' });
  const current = freezeInForceOf(ports.db, season, track);
  if (current === null) {
    return fail('FREEZE_NOT_FOUND', `season ${season}, track ${track} has no freeze in this database`, {
      season,
      track,
    });
  }
  const nowMs = ports.clock.now();
  const now = new Date(nowMs).toISOString();
  const policy = () =>
    checkInvalidationRequest({
      season,
      track,
      opensAt: current.opensAt,
      now,
      documentVersion: current.documentVersion,
      invalidatedAt: invalidationOf(ports.db, season, track)?.invalidatedAt ?? null,
      closed: seasonClosesOf(ports.db, season, track).length > 0,
    });
  const allowed = policy();
  if (!allowed.ok) return allowed;

  const document = signInvalidation(
    {
      season,
      track,
      freezeProofId: current.proofId,
      freezeSha256: freezeDocumentSha256(publishedFreezeOf(current)),
      reason: input.reason,
      invalidatedAt: now,
    },
    input.operatorKey.privateKey,
  );
  const url = invalidationUrl(input.seasonBase, season);
  const anchor = await anchorInvalidation(input, ports.http, url, document);
  if (!anchor.ok) return anchor;

  const row: InvalidationRow = {
    season,
    track,
    freezeProofId: current.proofId,
    proofId: anchor.value.proofId,
    document: canonical(document),
    documentSha256: invalidationSha256(document),
    reason: input.reason,
    invalidatedAt: now,
    url,
    requestHash: anchor.value.requestHash,
    requestHashNonce: anchor.value.requestHashNonce,
    trustLayer: input.trustLayer,
    actor: input.actor,
    createdAtMs: nowMs,
    proxyProof: anchor.value.proxyProof,
    fullView: anchor.value.fullView,
  };
  const recorded = recordInvalidation(ports.db, input, row, policy);
  if (!recorded.ok) return recorded;
  return ok(seasonInvalidationOf(row));
}

type AnchoredInvalidation = Pick<
  InvalidationRow,
  'proofId' | 'requestHash' | 'requestHashNonce' | 'proxyProof' | 'fullView'
>;

/**
 * Posts the signed invalidation through the Trust Layer proxy, reads the proof's full view and checks that the proof
 * anchors exactly that document.
 */
async function anchorInvalidation(
  input: InvalidateSeasonInput,
  http: HttpClient,
  url: string,
  document: PyObject,
): Promise<Result<AnchoredInvalidation>> {
  const anchored = await proxyOperatorDocument(http, input.trustLayer, input.apiKey, url, document, 'the invalidation');
  if (!anchored.ok) return anchored;
  const full = await ownerFullView(http, input.trustLayer, input.apiKey, anchored.value.proofId);
  if (!full.ok) return full;
  const opening = checkFreezeAnchor({
    proofId: anchored.value.proofId,
    proxyProof: anchored.value.proof,
    fullView: full.value.value,
    expectedRequestHash: invalidationRequestHash(url, document),
  });
  if (!opening.ok) {
    return fail(
      'SEASON_INVALIDATE_ANCHOR_MISMATCH',
      `proof ${anchored.value.proofId} does not anchor the invalidation posted (${String(opening.error.details?.['field'])}); nothing was recorded: check the Trust Layer URL and try again`,
      { proof_id: anchored.value.proofId, ...opening.error.details },
    );
  }
  return ok({
    proofId: anchored.value.proofId,
    requestHash: opening.value.value,
    requestHashNonce: opening.value.nonce,
    proxyProof: anchored.value.bytes,
    fullView: full.value.bytes,
  });
}

/** The invalidation and its `season.invalidate` audit entry, in one transaction, the policy judged again within. */
function recordInvalidation(
  db: Db,
  input: InvalidateSeasonInput,
  row: InvalidationRow,
  policy: () => Result<unknown>,
): Result<void> {
  return inTransaction(db, () => {
    // Judged again under the write lock: another process may have invalidated or closed the track meanwhile.
    const still = policy();
    if (!still.ok) throw new Refused(still.error);
    insertInvalidation(db, row);
    appendAudit(db, {
      atMs: row.createdAtMs,
      actor: input.actor,
      action: 'season.invalidate',
      summary: `season ${row.season} ${row.track}: invalidated by ${row.proofId} (freeze ${row.freezeProofId}; reason: ${row.reason})`,
      details: pyObjectFrom([
        ['season', BigInt(row.season)],
        ['track', row.track],
        ['proof_id', row.proofId],
        ['freeze_proof_id', row.freezeProofId],
        ['document_sha256', row.documentSha256],
        ['reason', row.reason],
        ['invalidated_at', row.invalidatedAt],
        ['trust_layer', row.trustLayer],
        ['operator_public_key', input.operatorKey.publicKeyHex],
      ]),
    });
  });
}
