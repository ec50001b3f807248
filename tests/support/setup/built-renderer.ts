import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../build-renderer.ts';

/** Global set-up of the browser tier: the app built once for every file that serves its renderer. */
export default function setup(project: TestProject): () => void {
  const out = buildApp();
  project.provide('rendererDir', join(out, 'renderer'));
  return () => rmSync(out, { recursive: true, force: true });
}
