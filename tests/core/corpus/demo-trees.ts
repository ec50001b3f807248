import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusTree } from '../../../main/core/corpus/tree.ts';

/** The committed demo season folders (corpus/season-1/<track>), read synchronously for the core tests. */
export const DEMO_DIRS = {
  conformite: fileURLToPath(new URL('../../../corpus/season-1/conformite', import.meta.url)),
  generique: fileURLToPath(new URL('../../../corpus/season-1/generique', import.meta.url)),
};

export function readTree(dir: string): CorpusTree {
  const tree: CorpusTree = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    tree.set(relative(dir, full).split(sep).join('/'), new Uint8Array(readFileSync(full)));
  }
  return tree;
}

type Json = string | boolean | null | number | Json[] | { [key: string]: Json };

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Reads a JSON file of a tree. The corpus files hold no numbers worth keeping exact, so JSON.parse is enough here. */
export function readJson(tree: CorpusTree, file: string): Json {
  const bytes = tree.get(file);
  if (!bytes) throw new Error(`no ${file} in the tree`);
  return JSON.parse(decoder.decode(bytes)) as Json;
}

/** A copy of the tree with one JSON file rewritten by `edit`. */
export function withJson(tree: CorpusTree, file: string, edit: (value: Json) => Json | void): CorpusTree {
  const copy = new Map(tree);
  const value = readJson(tree, file);
  const result = edit(value);
  copy.set(file, encoder.encode(JSON.stringify(result === undefined ? value : result, null, 2)));
  return copy;
}

/** A copy of the tree with raw bytes for one file. */
export function withBytes(tree: CorpusTree, file: string, text: string): CorpusTree {
  const copy = new Map(tree);
  copy.set(file, encoder.encode(text));
  return copy;
}

export type { Json };
