import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The demo season (docs/corpus-format.md), both tracks: the devnet's default --corpus and the demo's season. Two
 * folders below the root here as in the bundled main process (out/main/), so the path holds in both.
 */
export const DEFAULT_CORPUS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../corpus/season-1');
