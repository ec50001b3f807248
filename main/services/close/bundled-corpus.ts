import { loadCorpus, type LoadedCorpus } from '../../core/corpus/load-corpus.ts';
import { computeManifest, manifestBody, type Manifest } from '../../core/corpus/manifest.ts';
import { parseKey, parseTasks } from '../../core/corpus/parse-tasks-and-key.ts';
import { Problems } from '../../core/corpus/problems.ts';
import type { Lookup } from '../../core/corpus/solver-support.ts';
import { TRACKS } from '../../core/corpus/tracks.ts';
import type { PublishedFreeze } from '../../core/freeze/publication.ts';
import { sha256Canonical } from '../../core/json/sha256-canonical.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../../core/json/value.ts';
import { failAll, ok, type Failure, type ResultAll } from '../../core/result.ts';
import { documentBytes } from '../../core/scoring/documents.ts';
import type { ScoringInput } from '../../core/scoring/model.ts';
import { readCorpusTree } from '../corpus/corpus-folder.ts';
import { fileMissing, readJson } from './bundle-files.ts';
import { BUNDLE, inBundle } from './bundle-layout.ts';

/** The manifest as manifest.json holds it: the manifest body and its hash. */
export function manifestValue(manifest: Manifest): PyJson {
  const body = manifestBody(manifest) as PyObject;
  return pyObjectFrom([...Object.entries(body), ['manifest_hash', manifest.manifest_hash]]);
}

/**
 * Names the corpus files whose hashes differ from the bundled manifest, when that manifest is the one the freeze
 * anchored (its hash is the freeze's manifest_hash): a corpus edit is then reported file by file.
 */
function corpusDifferences(
  bundled: PyJson,
  anchoredHash: string,
  recomputed: Manifest,
  catalogue: Map<string, string>,
): Failure[] {
  if (!isPyObject(bundled) || !Array.isArray(bundled['resources'])) return [];
  const { manifest_hash: _hash, ...body } = bundled as PyObject & { manifest_hash?: PyJson };
  if (sha256Canonical(pyObjectFrom(Object.entries(body))) !== anchoredHash) return [];
  const failures: Failure[] = [];
  const recomputedByPath = new Map(recomputed.resources.map((r) => [r.path, r]));
  for (const item of bundled['resources']) {
    if (!isPyObject(item) || typeof item['path'] !== 'string') continue;
    const path = item['path'];
    const now = recomputedByPath.get(path);
    const file = `${BUNDLE.corpus}/${catalogue.get(path) ?? '(not in the catalogue)'}`;
    for (const field of ['request_hash', 'response_hash'] as const) {
      if (now?.[field] !== item[field]) {
        failures.push({
          code: 'REPLAY_CORPUS_FILE_CHANGED',
          message: `${file}: the ${field} of ${path} is not the one the freeze anchored (anchored ${String(item[field])}, recomputed ${now?.[field] ?? 'none'})`,
          details: { file, field, anchored: item[field], recomputed: now?.[field] ?? null },
        });
      }
    }
  }
  return failures;
}

/** The bundled corpus as scored: its loaded files, its manifest as recomputed, and what differs from the bundle's. */
export interface BundledCorpus {
  corpus: LoadedCorpus;
  manifest: ReturnType<typeof computeManifest>;
  failures: Failure[];
}

/**
 * The corpus as bundled, its manifest, and the bundled manifest.json against it; when the freeze's manifest hash
 * did not match (`freezeFailures`), the files that changed are named one by one.
 */
export async function bundledCorpus(
  bundleDir: string,
  freeze: PublishedFreeze,
  freezeFailures: readonly Failure[],
): Promise<ResultAll<BundledCorpus>> {
  const tree = await readCorpusTree(inBundle(bundleDir, BUNDLE.corpus)).catch(() => null);
  if (tree === null) return failAll(...freezeFailures, fileMissing(BUNDLE.corpus, `${BUNDLE.corpus}/ cannot be read`));
  const corpus = loadCorpus(tree, new Problems());
  const manifest = computeManifest(tree);
  const read = await readJson(bundleDir, BUNDLE.manifest);
  const failures: Failure[] = [];
  const bundledManifest = read.ok ? read.value : undefined;
  if (!read.ok) failures.push(read.error);
  else if (manifest.ok && bundledManifest !== undefined) {
    const catalogue = new Map(corpus.catalogue.map((e) => [e.path, e.response]));
    if (freezeFailures.some((f) => f.code === 'FREEZE_MANIFEST_HASH_MISMATCH')) {
      failures.push(...corpusDifferences(bundledManifest.value, freeze.manifest_hash, manifest.value, catalogue));
    }
    const expected = documentBytes(manifestValue(manifest.value));
    if (Buffer.compare(Buffer.from(expected), Buffer.from(bundledManifest.bytes)) !== 0) {
      const bundledHash = isPyObject(bundledManifest.value) ? (bundledManifest.value['manifest_hash'] ?? null) : null;
      failures.push({
        code: 'REPLAY_MANIFEST_DIFFERS',
        message: `${BUNDLE.manifest} is not the manifest of ${BUNDLE.corpus}/ (bundled manifest_hash ${String(bundledHash)}, recomputed ${manifest.value.manifest_hash})`,
        details: {
          file: BUNDLE.manifest,
          field: 'manifest_hash',
          anchored: bundledHash,
          recomputed: manifest.value.manifest_hash,
        },
      });
    }
  }
  return ok({ corpus, manifest, failures });
}

/**
 * What the scorer needs of the corpus besides the manifest: the track's definition, its tasks, the revealed key and
 * the frozen bodies. The bundled folder has no sealed/ (the key is the revealed one): only tasks and key are parsed.
 */
export function scoringMaterial(
  corpus: LoadedCorpus,
  freeze: PublishedFreeze,
  revealedKey: PyJson,
): ResultAll<{ scoring: Pick<ScoringInput, 'definition' | 'tasks' | 'key' | 'lookup'>; rules: Uint8Array }> {
  const definition = TRACKS[freeze.track];
  const parsing = new Problems();
  const tasks = parseTasks(corpus.tasks, parsing);
  const key = parseKey(revealedKey, parsing);
  if (!definition || parsing.list.length > 0 || corpus.rules === undefined) {
    return failAll({
      code: 'REPLAY_CORPUS_UNREADABLE',
      message: `the bundled corpus cannot be scored: ${parsing.list.map((p) => `${p.code} ${p.message}`).join('; ')}`,
      details: { file: BUNDLE.corpus },
    });
  }
  const lookup: Lookup = (path) => corpus.bodies.get(path)?.value;
  return ok({ scoring: { definition, tasks, key, lookup }, rules: corpus.rules });
}
