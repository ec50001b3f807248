import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * trust/production in the repository: the default bundle of every command (docs/trust-bundle.md). Kept apart from
 * the loader, which the verifying worker bundles: a bundled module cannot locate itself (bundled-worker.ts).
 */
export const PRODUCTION_BUNDLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../trust/production');
