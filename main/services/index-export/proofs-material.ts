import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isTrackName } from '../../core/corpus/model.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import type { TrackProofs } from '../../core/index/build-index.ts';
import type { SubmittedCitation } from '../../core/index/cited-proofs.ts';
import { INDEX_FILES } from '../../core/index/model.ts';
import type { PyObject } from '../../core/json/value.ts';
import { assertionsOf } from '../../core/scoring/submitted-assertions.ts';
import { freezeInForceOf } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import { seasonCloseById } from '../../db/publications.ts';
import { BUNDLE } from '../close/bundle-layout.ts';
import { trackSubmissions } from '../close/export-lines.ts';

function readOrNull(path: string): Uint8Array | null {
  try {
    return new Uint8Array(readFileSync(path));
  } catch {
    return null;
  }
}

/**
 * participant id → its assertions as submitted, from the shown close's bundled export when it is the file `season
 * publish` recorded (its digest): the proofs of an assertion the close did not assess are named there only. Empty when
 * it is gone or changed: the export is then refused by replayFiles (INDEX_REPLAY_BUNDLE_MISSING or _CHANGED), which
 * never publishes an Index without its bundle; a console preview shows the assessed citations alone.
 */
function submittedCitations(
  outDir: string | undefined,
  digests: PyObject,
  season: number,
  track: string,
): Map<string, SubmittedCitation[]> {
  const out = new Map<string, SubmittedCitation[]>();
  const bytes = outDir === undefined ? null : readOrNull(join(outDir, 'bundle', BUNDLE.submissions));
  if (bytes === null || digests[BUNDLE.submissions] !== sha256Hex(bytes)) return out;
  const exported = trackSubmissions(bytes, season, track);
  if (!exported.ok) return out;
  for (const p of exported.value.participants)
    out.set(
      p.participantId,
      [...p.submissions].flatMap(([taskId, submission]) =>
        assertionsOf(submission).map((a) => ({ task_id: taskId, assertion_id: a.id, proof_ids: a.proofIds })),
      ),
    );
  return out;
}

/**
 * What a track's proofs pages need (spec §7.2 "link to proofs"; docs/index-export.md "Proofs pages"): the Trust Layer
 * the track's freeze in force was anchored through (a proof's public view is `{it}/v1/proof/{id}`, trust-layer-reference
 * §3.2; the demo's and a devnet season's is the devnet's), the assertions as submitted, and the views the shown close's
 * bundle holds (`bundle_digests` as `season publish` recorded them: exactly the files the Index copies).
 */
export function trackProofs(
  db: Db,
  where: { season: number; track: string; closeId: number; digests: PyObject },
): TrackProofs {
  const freeze = isTrackName(where.track) ? freezeInForceOf(db, where.season, where.track) : null;
  const bundledViews = new Map<string, string>();
  for (const path of Object.keys(where.digests)) {
    const m = /^proofs\/(.+)\.json$/.exec(path);
    if (m && !m[1]!.includes('/')) bundledViews.set(m[1]!, `${INDEX_FILES.bundle(where.track)}/${path}`);
  }
  return {
    trustLayer: freeze?.trustLayer ?? null,
    submitted: submittedCitations(seasonCloseById(db, where.closeId)?.outDir, where.digests, where.season, where.track),
    bundledViews,
  };
}
