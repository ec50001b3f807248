import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { CorpusTree } from '../../core/corpus/tree.ts';

/** Reads a track folder into a tree (relative POSIX path → bytes), every file as is. */
export async function readCorpusTree(dir: string): Promise<CorpusTree> {
  const tree: CorpusTree = new Map();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    tree.set(relative(dir, full).split(sep).join('/'), new Uint8Array(await readFile(full)));
  }
  return tree;
}

/**
 * Writes a generated tree into `dir`. The folder must be absent or empty: a season is frozen once written, so
 * generation never overwrites one.
 */
export async function writeCorpusTree(dir: string, tree: CorpusTree): Promise<{ ok: true } | { ok: false; message: string }> {
  const existing = await readdir(dir).catch(() => [] as string[]);
  if (existing.length > 0) {
    return { ok: false, message: `${dir} is not empty: a season folder is written once; choose a new --out folder` };
  }
  for (const [file, bytes] of tree) {
    const target = join(dir, ...file.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  return { ok: true };
}
