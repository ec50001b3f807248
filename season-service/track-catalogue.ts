import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CATALOGUE_FILE, SEASON_FILE, TASKS_FILE } from '../main/core/corpus/assemble.ts';
import { loadCorpus } from '../main/core/corpus/load-corpus.ts';
import { computeManifest, manifestBody } from '../main/core/corpus/manifest.ts';
import { Problems } from '../main/core/corpus/problems.ts';
import { publishedTrackFiles } from '../main/core/corpus/published-files.ts';
import { SYSTEME_STATUSES, systemeFile } from '../main/core/corpus/systeme.ts';
import type { CorpusTree } from '../main/core/corpus/tree.ts';
import { canonical } from '../main/core/json/canonical.ts';
import { sha256Hex } from '../main/core/hash/sha256.ts';
import { pyObjectFrom, type PyObject } from '../main/core/json/value.ts';

/**
 * A track's catalogue as GET /v1/season/{n}/catalogue/{track} serves it (docs/season-service.md "The catalogue"; spec
 * §2.4: "The corpus catalogue publishes, for each resource, the canonical URL, character for character"): the track's
 * manifest (docs/corpus-format.md "6. Manifest") as fixed bytes, computed once when the service starts.
 */
export interface TrackCatalogue {
  /** The manifest's own hash: what the freeze in force must carry for the catalogue to be served. */
  manifestHash: string;
  /** canonical(manifest): the served body, the same bytes on every request. */
  bytes: Buffer;
  /** SHA-256 of `bytes` (lowercase hex): the ETag. */
  sha256: string;
}

/** A file a track folder publishes may be read; one that leaves the folder or enters sealed/ never is (spec §5.5). */
function publishedPath(file: string): boolean {
  const segments = file.split('/');
  return (
    !file.startsWith('/') &&
    !file.includes('\\') &&
    segments[0] !== 'sealed' &&
    segments.every((s) => s !== '' && s !== '.' && s !== '..')
  );
}

async function readInto(tree: CorpusTree, dir: string, file: string): Promise<void> {
  if (tree.has(file)) return;
  const bytes = await readFile(join(dir, ...file.split('/'))).catch(() => undefined);
  if (bytes) tree.set(file, new Uint8Array(bytes));
}

/**
 * Reads the published files of a track folder (season.json, catalogue.json, tasks.json, the /_systeme bodies and the
 * response file of every catalogue resource: never sealed/) and computes its manifest over season.json's base, as
 * `freeze create` does (docs/freeze.md step 4). Null when the folder holds no catalogue.json (a folder of season.json
 * and tasks.json only: the route then answers CATALOGUE_NOT_LOADED). Throws, with the reason, when the catalogue is
 * there but its manifest cannot be computed: a service that would refuse its catalogue all season must not start.
 */
export async function loadTrackCatalogue(dir: string): Promise<TrackCatalogue | null> {
  const tree: CorpusTree = new Map();
  for (const file of [SEASON_FILE, CATALOGUE_FILE, TASKS_FILE, ...SYSTEME_STATUSES.map(systemeFile)]) {
    await readInto(tree, dir, file);
  }
  if (!tree.has(CATALOGUE_FILE)) return null;
  // The catalogue names its response files: read those it names, once its own index files are read.
  for (const file of publishedTrackFiles(loadCorpus(tree, new Problems()))) {
    if (!publishedPath(file)) {
      throw new Error(
        `${dir}: the track folder names '${file}' as a published file; a published file stays in the folder, outside sealed/`,
      );
    }
    await readInto(tree, dir, file);
  }
  const manifest = computeManifest(tree);
  if (!manifest.ok) throw new Error(`${dir}: the catalogue cannot be served: ${manifest.error.message}`);
  const body = manifestBody(manifest.value) as PyObject;
  const bytes = Buffer.from(
    canonical(pyObjectFrom([...Object.entries(body), ['manifest_hash', manifest.value.manifest_hash]])),
    'utf8',
  );
  return { manifestHash: manifest.value.manifest_hash, bytes, sha256: sha256Hex(bytes) };
}
