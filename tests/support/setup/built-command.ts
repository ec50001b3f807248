import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Global set-up of the tiers that start `proveit`: the built command brought up to date once, before any test, so
 * launchers started side by side never each find it stale and rebuild it (bin/command-build.mjs).
 */
export default function setup(): void {
  const root = resolve(import.meta.dirname, '../../..');
  execFileSync(process.execPath, ['bin/command-build.mjs'], { cwd: root, stdio: 'pipe' });
}
