import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Builds the app with electron-vite into a temporary folder and returns the renderer's folder. */
export function buildRenderer(): string {
  const out = mkdtempSync(join(tmpdir(), 'proveit-build-'));
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(join(root, 'node_modules/.bin/electron-vite'), ['build', '--outDir', out, '--logLevel', 'error'], {
    cwd: root,
    stdio: 'pipe',
  });
  return join(out, 'renderer');
}
