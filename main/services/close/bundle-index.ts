import { isPyObject, type PyJson, type PyObject } from '../../core/json/value.ts';
import { fail, failAll, ok, type Result, type ResultAll } from '../../core/result.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { loadTrustBundle } from '../trust/load-bundle.ts';
import { readJson } from './bundle-files.ts';
import { BUNDLE, inBundle, REPLAY_BUNDLE_FORMAT, SAFE_PROOF_ID, SAFE_REKOR_UUID } from './bundle-layout.ts';

/** The proof entry the index gives for an id: its status as read (anchored, pending, absent, refused) and hash. */
export interface IndexedProof {
  status: string;
  sha256: string | null;
  /** When that answer was read (ISO UTC). */
  lastReadAt: string;
}

const isIsoInstant = (v: PyJson | undefined): v is string =>
  typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(v) && Number.isFinite(Date.parse(v));

function indexedProofs(index: PyObject): Result<Map<string, IndexedProof>> {
  const proofs = index['proofs'];
  if (!isPyObject(proofs))
    return fail('REPLAY_INDEX_INVALID', 'bundle.json has no "proofs" object', { file: BUNDLE.index });
  const out = new Map<string, IndexedProof>();
  for (const [id, entry] of Object.entries(proofs)) {
    if (
      !SAFE_PROOF_ID.test(id) ||
      !isPyObject(entry) ||
      typeof entry['status'] !== 'string' ||
      !isIsoInstant(entry['last_read_at'])
    ) {
      return fail('REPLAY_INDEX_INVALID', `bundle.json proofs/${id} is not {"status", "sha256", "last_read_at"}`, {
        file: BUNDLE.index,
      });
    }
    out.set(id, {
      status: entry['status'],
      sha256: typeof entry['sha256'] === 'string' ? entry['sha256'] : null,
      lastReadAt: entry['last_read_at'],
    });
  }
  return ok(out);
}

/** The Rekor entries bundle.json lists (`rekor_entries`: uuid → SHA-256 of the file). */
function indexedRekorEntries(index: PyObject): Result<string[]> {
  const entries = index['rekor_entries'];
  const listed = isPyObject(entries) ? entries : null;
  const uuids = listed === null ? null : Object.keys(listed);
  const bad = uuids?.find((uuid) => !SAFE_REKOR_UUID.test(uuid) || typeof listed![uuid] !== 'string');
  if (uuids === null || bad !== undefined)
    return fail(
      'REPLAY_INDEX_INVALID',
      uuids === null
        ? 'bundle.json has no "rekor_entries" object'
        : `bundle.json rekor_entries/${bad} is not a Rekor uuid listed with the SHA-256 of its file`,
      { file: BUNDLE.index },
    );
  return ok(uuids);
}

export interface OpenedBundle {
  proofsIndex: Map<string, IndexedProof>;
  rekorUuids: string[];
  bundle: TrustBundle;
  closedAt: string;
}

/** bundle.json and the archived trust bundle: what the verifying workers need first. */
export async function openBundle(bundleDir: string): Promise<ResultAll<OpenedBundle>> {
  const index = await readJson(bundleDir, BUNDLE.index);
  if (!index.ok) return failAll(index.error);
  if (!isPyObject(index.value.value) || index.value.value['format'] !== REPLAY_BUNDLE_FORMAT) {
    return failAll({
      code: 'REPLAY_INDEX_INVALID',
      message: `bundle.json is not a ${REPLAY_BUNDLE_FORMAT} index`,
      details: { file: BUNDLE.index, field: 'format', expected: REPLAY_BUNDLE_FORMAT },
    });
  }
  const proofsIndex = indexedProofs(index.value.value);
  if (!proofsIndex.ok) return failAll(proofsIndex.error);
  const rekorUuids = indexedRekorEntries(index.value.value);
  if (!rekorUuids.ok) return failAll(rekorUuids.error);
  const closedAt = index.value.value['closed_at'];
  if (!isIsoInstant(closedAt)) {
    return failAll({
      code: 'REPLAY_INDEX_INVALID',
      message: 'bundle.json "closed_at" is not an ISO UTC instant (when the close read the Trust Layer and the log)',
      details: { file: BUNDLE.index, field: 'closed_at' },
    });
  }

  // Trust bundle, freeze material.
  const trust = await loadTrustBundle(inBundle(bundleDir, BUNDLE.trust));
  if (!trust.ok) return failAll({ ...trust.error, details: { ...trust.error.details, file: BUNDLE.trust } });
  return ok({ proofsIndex: proofsIndex.value, rekorUuids: rekorUuids.value, bundle: trust.value, closedAt });
}
