import { loads } from '../../core/json/loads.ts';
import { isPyObject } from '../../core/json/value.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import { NULL_ANSWER_RECHECK_MS } from '../../core/scoring/witness-state.ts';
import { storedViews, type StoredView } from '../../db/proof-views.ts';
import { publicView } from '../freeze/trust-layer-calls.ts';
import { fetchProofs, type FetchReport } from '../proofs/fetch-proofs.ts';
import { SAFE_REKOR_UUID } from './bundle-layout.ts';
import type { CloseMaterial } from './close-material.ts';
import type { CloseSeasonInput } from './close-input.ts';

/** Every view a close needs, as stored once its reads are done. */
export interface CloseViews {
  fetch: FetchReport;
  stored: Map<string, StoredView>;
}

/**
 * The close's reads: the views through the quota and the cache (docs/operator-database.md "The read quota"), so a
 * followed season leaves only what was cited or anchored after its last cycle (docs/season-follow.md), then the
 * Rekor entry of each batch. A `null` answer is read again until the recheck limit after closes_at, then once more
 * (docs/scoring.md "Witness limits"). Every id must end with a stored view.
 */
export async function readCloseViews(input: CloseSeasonInput, material: CloseMaterial): Promise<Result<CloseViews>> {
  const { ids } = material;
  const fetch = await fetchProofs({
    db: input.db,
    http: input.http,
    clock: input.clock,
    trustLayerUrl: input.trustLayerUrl,
    ...(input.rekorUrl === undefined ? {} : { rekorUrl: input.rekorUrl }),
    ids,
    settings: {
      absentRecheckUntilMs: Date.parse(material.closesAt) + NULL_ANSWER_RECHECK_MS,
      ...input.readSettings,
    },
    ...(input.onReadProgress ? { onProgress: input.onReadProgress } : {}),
  });
  if (fetch.outcome !== 'done') {
    const failure: Failure = fetch.failure ?? { code: 'CLOSE_READS_ABORTED', message: 'the proof reads were aborted' };
    return fail(
      'CLOSE_READS_FAILED',
      `the proof views could not all be read: ${failure.code} ${failure.message}; run the close again (views read are kept)`,
      { failure },
    );
  }
  const stored = new Map(storedViews(input.db, ids).map((v) => [v.proofId, v]));
  const unread = ids.filter((id) => !stored.has(id));
  if (unread.length > 0) {
    return fail(
      'CLOSE_PROOFS_UNREAD',
      `${unread.length} proof view(s) have never been read (first ${unread[0]}); run the close again`,
      { proof_ids: unread },
    );
  }
  return ok({ fetch, stored });
}

/** The freeze proof's view as the bundle keeps it, and the Rekor entry it names. */
export interface FreezeMaterial {
  view: Uint8Array;
  rekorUuid: string | null;
}

/** The freeze proof: its view as read; a Trust Layer that serves it to no batch read is asked once by GET. */
export async function freezeMaterialOf(
  input: CloseSeasonInput,
  stored: ReadonlyMap<string, StoredView>,
  freezeId: string,
): Promise<Result<FreezeMaterial>> {
  const freezeStored = stored.get(freezeId)!;
  let view = freezeStored.raw;
  if (view === null || freezeStored.status === 'absent') {
    const got = await publicView(input.http, input.trustLayerUrl, freezeId);
    if (!got.ok) return got;
    view = got.value;
  }
  let rekorUuid = freezeStored.rekorUuid;
  if (rekorUuid === null) {
    const parsed = loads(view);
    const log = parsed.ok && isPyObject(parsed.value) ? parsed.value['transparency_log'] : undefined;
    rekorUuid = isPyObject(log) && typeof log['uuid'] === 'string' ? log['uuid'] : null;
  }
  return ok({ view, rekorUuid });
}

/** The Rekor entries whose stored bytes the close checks, each with a proof that names it (the freeze's too). */
export function rekorUuidsToCheck(
  ids: readonly string[],
  stored: ReadonlyMap<string, StoredView>,
  freeze: { id: string; rekorUuid: string | null },
): Map<string, string> {
  const uuids = new Map<string, string>();
  for (const id of ids) {
    const uuid = stored.get(id)!.rekorUuid;
    if (uuid !== null && SAFE_REKOR_UUID.test(uuid) && !uuids.has(uuid)) uuids.set(uuid, id);
  }
  if (freeze.rekorUuid !== null && SAFE_REKOR_UUID.test(freeze.rekorUuid) && !uuids.has(freeze.rekorUuid)) {
    uuids.set(freeze.rekorUuid, freeze.id);
  }
  return uuids;
}
