import { loadCorpus } from '../corpus/load-corpus.ts';
import { computeManifest } from '../corpus/manifest.ts';
import { isTrackName, TRACK_NAMES, type TrackName } from '../corpus/model.ts';
import { Problems } from '../corpus/problems.ts';
import type { CorpusTree } from '../corpus/tree.ts';
import { sha256Hex } from '../hash/sha256.ts';
import type { PyJson } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';

export type FrozenMaterialCode = 'FREEZE_CORPUS_UNREADABLE';

/** What a freeze hashes, read from a track folder (docs/corpus-format.md). */
export interface FrozenMaterial {
  season: number;
  track: TrackName;
  rulesVersion: string;
  /** The scoring-rules section as published: the bytes of season.json's rules_file, hashed as they are. */
  rulesText: Uint8Array;
  rulesHash: string;
  /** The manifest hash over season.json's base (a real season's folder names its real corpus host). */
  manifestHash: string;
  /** json.loads of sealed/answer-key.json; absent from a published corpus before the reveal. */
  key: PyJson | undefined;
}

/**
 * Spec §8.1–8.2: the frozen scoring-rules section, the corpus manifest and the sealed key, from one track folder.
 * Fails with the folder's problems when season.json, the rules text or a served file cannot be read.
 */
export function frozenMaterialOf(tree: CorpusTree): Result<FrozenMaterial, FrozenMaterialCode> {
  const problems = new Problems();
  const corpus = loadCorpus(tree, problems);
  const season = corpus.season;
  if (!season || !corpus.rules) {
    return fail(
      'FREEZE_CORPUS_UNREADABLE',
      `the track folder has no readable season.json and scoring-rules text: ${problems.list.map((p) => p.message).join('; ')}`,
      { problems: problems.list },
    );
  }
  if (!isTrackName(season.track)) {
    return fail(
      'FREEZE_CORPUS_UNREADABLE',
      `season.json names the track '${season.track}': ${TRACK_NAMES.join(' or ')}`,
      {
        track: season.track,
      },
    );
  }
  const manifest = computeManifest(tree);
  if (!manifest.ok) {
    return fail('FREEZE_CORPUS_UNREADABLE', manifest.error.message, manifest.error.details);
  }
  return ok({
    season: Number(season.season),
    track: season.track,
    rulesVersion: season.rulesVersion,
    rulesText: corpus.rules,
    rulesHash: sha256Hex(corpus.rules),
    manifestHash: manifest.value.manifest_hash,
    key: corpus.key,
  });
}
