import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder at or above `from` that holds a package.json: the application's root, whether this module runs
 * from its source (main/services/trust/) or from a desktop build's chunk (out/main/), which sit at other depths.
 * `from` itself when there is none.
 */
export function applicationRoot(from: string): string {
  for (let dir = from; ;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
}

/**
 * trust/production in the application: the default bundle of every command (docs/trust-bundle.md). Kept apart from
 * the loader, which the verifying worker bundles: a bundled module cannot locate itself (bundled-worker.ts).
 */
export const PRODUCTION_BUNDLE_DIR = join(
  applicationRoot(dirname(fileURLToPath(import.meta.url))),
  'trust',
  'production',
);
