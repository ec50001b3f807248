import { readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Failure } from '../../core/result.ts';
import { BUNDLE, proofFile, rekorFile } from './bundle-layout.ts';

/** What a replay bundle's own indexes list (docs/replay-bundle.md "What the bundle holds, and nothing else"). */
export interface BundleListing {
  /** Proof ids bundle.json lists with a view (status other than absent) that a submission of the track cites. */
  viewIds: Iterable<string>;
  /** The Rekor entries bundle.json lists (`rekor_entries`). */
  rekorUuids: Iterable<string>;
  /** The track folder's published files (publishedTrackFiles), relative to corpus/. */
  corpusFiles: Iterable<string>;
  /** The trust bundle's files (its bundle.json and the files it names: what its digest covers). */
  trustFiles: Iterable<string>;
}

/** Every file a bundle may hold outside expected/: the layout's fixed files and what its indexes list. */
export function listedMaterial(listing: BundleListing): Set<string> {
  const listed = new Set<string>([
    BUNDLE.index,
    BUNDLE.manifest,
    BUNDLE.publication,
    BUNDLE.freezeProof,
    BUNDLE.freezeRekorEntry,
    BUNDLE.reveal,
    BUNDLE.submissions,
  ]);
  for (const id of listing.viewIds) listed.add(proofFile(id));
  for (const uuid of listing.rekorUuids) listed.add(rekorFile(uuid));
  for (const file of listing.corpusFiles) listed.add(`${BUNDLE.corpus}/${file}`);
  for (const file of listing.trustFiles) listed.add(`${BUNDLE.trust}/${file}`);
  return listed;
}

/** Which index a file under each folder would have to be listed in: said in the refusal. */
function listedWhere(file: string): string {
  if (file.startsWith(`${BUNDLE.proofs}/`))
    return 'bundle.json "proofs" lists no view of that id cited by a submission of the track';
  if (file.startsWith(`${BUNDLE.rekor}/`)) return 'bundle.json "rekor_entries" does not list that entry';
  if (file.startsWith(`${BUNDLE.corpus}/`))
    return 'the corpus catalogue.json and season.json name no such file (docs/corpus-format.md §1)';
  if (file.startsWith(`${BUNDLE.trust}/`)) return 'the trust bundle.json names no such file';
  if (file.startsWith(`${BUNDLE.expected}/`)) return 'the close writes scores.json and one report per participant';
  return 'the bundle layout has no such file';
}

/**
 * The files (and links, and anything else that is not a folder) under `bundleDir` that are not in `listed`, each as
 * a REPLAY_FILE_UNLISTED refusal (docs/replay-bundle.md "What the bundle holds, and nothing else"): a replay that said
 * "byte-identical" for a bundle holding more than the close wrote would vouch for material nothing checked. Paths are
 * relative POSIX paths, in code-point order. `ownOut`, the replay's own output folder, is not part of the bundle even
 * when given inside it.
 */
export async function unlistedFiles(
  bundleDir: string,
  listed: ReadonlySet<string>,
  ownOut?: string,
): Promise<Failure[]> {
  const out = ownOut === undefined ? '' : relative(bundleDir, ownOut);
  const outPrefix = out === '' || out.startsWith('..') || isAbsolute(out) ? null : `${out.split(sep).join('/')}/`;
  const entries = await readdir(bundleDir, { recursive: true, withFileTypes: true });
  const failures: Failure[] = [];
  const found: { file: string; kind: string; why: string }[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    const file = relative(bundleDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (outPrefix !== null && file.startsWith(outPrefix)) continue;
    if (entry.isFile() && listed.has(file)) continue;
    const kind = entry.isFile() ? 'file' : entry.isSymbolicLink() ? 'symbolic link' : 'special file';
    found.push({ file, kind, why: listed.has(file) ? 'the close writes a regular file there' : listedWhere(file) });
  }
  found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const { file, kind, why } of found) {
    failures.push({
      code: 'REPLAY_FILE_UNLISTED',
      message:
        `${file}: the bundle holds a ${kind} its index does not list (${why}); a bundle holds what ` +
        'the close wrote and nothing else: obtain the bundle as published, or remove the file',
      details: { file, kind },
    });
  }
  return failures;
}
