import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { INDEX_FILES, type IndexDocument } from '../../core/index/model.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { publicationVersionsOf, seasonCloseById } from '../../db/publications.ts';
import { buildReplayKit } from '../replay-kit/build-replay-kit.ts';

export type ReplayFilesCode =
  'INDEX_REPLAY_BUNDLE_MISSING' | 'INDEX_REPLAY_BUNDLE_CHANGED' | 'INDEX_REPLAY_KIT_UNBUILDABLE';

function readOrNull(path: string): Uint8Array | null {
  try {
    return new Uint8Array(readFileSync(path));
  } catch {
    return null;
  }
}

/**
 * What every Index export carries beside its pages so that anyone replays it (spec §4.1; docs/replay-bundle.md "The
 * replay kit"): each track's replay bundle, copied from the folder of the close whose publication the Index shows
 * (`bundles/<track>/`, as the close wrote it), and the replay kit (`replay/proveit-replay.mjs`, built from the source).
 * Every bundle file is checked against the digests `season publish` recorded for that publication version (their hash
 * is the Index's `bundle_sha256`): a file gone or changed since is refused, naming it, rather than published. Only the
 * files those digests list are copied. path → bytes, for the signed manifest.
 */
export function replayFiles(db: Db, doc: IndexDocument): Result<Map<string, Uint8Array>, ReplayFilesCode> {
  const bundles = bundleFiles(db, doc);
  return bundles.ok ? withReplayKit(bundles.value) : bundles;
}

/**
 * The bundles alone, as replayFiles copies them: what the draft hands the publication linter, which reads every
 * published byte, the bundles' included (lint-index.ts, bundleNameFindings).
 */
export function bundleFiles(
  db: Db,
  doc: IndexDocument,
): Result<Map<string, Uint8Array>, 'INDEX_REPLAY_BUNDLE_MISSING' | 'INDEX_REPLAY_BUNDLE_CHANGED'> {
  const files = new Map<string, Uint8Array>();
  for (const section of doc.tracks) {
    const version = publicationVersionsOf(db, doc.season, section.track).find(
      (v) => v.version === section.publication.version,
    );
    const close = version === undefined ? undefined : seasonCloseById(db, version.closeId);
    const digests = version === undefined ? null : loads(version.bundleDigestsJson);
    const where = `season ${doc.season} ${section.track} publication version ${section.publication.version}`;
    if (close === undefined || digests === null || !digests.ok || !isPyObject(digests.value))
      return fail('INDEX_REPLAY_BUNDLE_MISSING', `${where}: no close with a recorded bundle is known for it`, {
        track: section.track,
        version: section.publication.version,
      });
    const bundleDir = join(close.outDir, 'bundle');
    for (const [path, digest] of Object.entries(digests.value)) {
      const file = join(bundleDir, ...path.split('/'));
      const bytes = readOrNull(file);
      if (bytes === null)
        return fail(
          'INDEX_REPLAY_BUNDLE_MISSING',
          `${where}: ${file} cannot be read, and the Index publishes the close's replay bundle whole: restore the ` +
            'close folder from a copy, then export again',
          { track: section.track, file, bundle_dir: bundleDir },
        );
      const actual = sha256Hex(bytes);
      if (actual !== digest)
        return fail(
          'INDEX_REPLAY_BUNDLE_CHANGED',
          `${where}: ${file} is not the file published (SHA-256 recorded ${String(digest)}, file ${actual}): restore ` +
            'the close folder from a copy taken before it changed, then export again',
          { track: section.track, file, anchored: digest, recomputed: actual },
        );
      files.set(`${INDEX_FILES.bundle(section.track)}/${path}`, bytes);
    }
  }
  return ok(files);
}

/** The bundles and the replay kit built from the source (docs/replay-bundle.md "The replay kit"). */
export function withReplayKit(
  bundles: ReadonlyMap<string, Uint8Array>,
): Result<Map<string, Uint8Array>, 'INDEX_REPLAY_KIT_UNBUILDABLE'> {
  const files = new Map(bundles);
  const kit = buildReplayKit();
  if (!kit.ok) return fail('INDEX_REPLAY_KIT_UNBUILDABLE', kit.error.message, kit.error.details);
  files.set(INDEX_FILES.replayKit, kit.value.bytes);
  return ok(files);
}
