import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { compareCodePoints } from '../../core/json/code-point-order.ts';
import { SEASON_FILE } from '../../core/corpus/assemble.ts';
import type { CorpusTree } from '../../core/corpus/tree.ts';
import { readCorpusTree } from './corpus-folder.ts';

/** One track folder read into memory. */
export interface TrackFolder {
  dir: string;
  tree: CorpusTree;
}

/**
 * The track folders a corpus folder argument names (docs/corpus-format.md §1): a track folder (season.json at its
 * root) is itself; a season folder (`corpus/season-1/`) gives each of its subfolders that holds a season.json, in
 * code-point order of their names. An empty list when there is neither; rejects when the folder cannot be read.
 */
export async function readTrackFolders(dir: string): Promise<TrackFolder[]> {
  if (existsSync(join(dir, SEASON_FILE))) return [{ dir, tree: await readCorpusTree(dir) }];
  const entries = await readdir(dir, { withFileTypes: true });
  const trackDirs = entries
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, SEASON_FILE)))
    .map((entry) => entry.name)
    .sort(compareCodePoints);
  const folders: TrackFolder[] = [];
  for (const name of trackDirs) folders.push({ dir: join(dir, name), tree: await readCorpusTree(join(dir, name)) });
  return folders;
}
