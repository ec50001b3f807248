import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The renderer built once for the run (setup/built-renderer.ts). */
    rendererDir: string;
  }
}

/** Builds the app with electron-vite into a temporary folder and returns that folder (renderer/ is inside). */
export function buildApp(): string {
  const out = mkdtempSync(join(tmpdir(), 'proveit-build-'));
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(join(root, 'node_modules/.bin/electron-vite'), ['build', '--outDir', out, '--logLevel', 'error'], {
    cwd: root,
    stdio: 'pipe',
  });
  return out;
}

/**
 * The built renderer's folder: built once per run by the browser tier's global set-up (about 9 s each time), and
 * only read by the tests, which serve it.
 */
export function builtRenderer(): string {
  return inject('rendererDir');
}
