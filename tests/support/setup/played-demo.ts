import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { playDemo } from '../../../main/demo/play-demo.ts';
import { fingerprintOf, SHARED_DEMO_STARTED_AT, type ProvidedDemo } from '../played-demo.ts';

/** The one play of a run and how many projects' set-ups hold it. */
interface Shared {
  dir: string;
  played: Promise<ProvidedDemo>;
  holders: number;
}

// Both the integration and the browser tier list this set-up and vitest runs the set-ups of each project in turn: the
// play is kept on the main process's globalThis, not in this module, so the second project finds it however vitest
// loads the file. Vitest runs every set-up before the first test and every teardown after the last, so the count
// reaches zero once, at the end of the run.
const KEY = Symbol.for('proveit.tests.sharedDemo');
const holder = globalThis as { [KEY]?: Shared };

async function play(dir: string): Promise<ProvidedDemo> {
  const played = await playDemo({ outDir: join(dir, 'demo'), startedAt: SHARED_DEMO_STARTED_AT });
  if (!played.ok) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the shared demo did not play: ${played.error.code} ${played.error.message}`);
  }
  return { summary: played.value, files: fingerprintOf(played.value.out) };
}

/** Global set-up of the integration and browser tiers: the demo season played once for the files that read it. */
export default async function setup(project: TestProject): Promise<() => void> {
  const shared = (holder[KEY] ??= (() => {
    const dir = mkdtempSync(join(tmpdir(), 'proveit-shared-demo-'));
    return { dir, played: play(dir), holders: 0 };
  })());
  shared.holders += 1;
  project.provide('sharedDemo', await shared.played);
  return () => {
    shared.holders -= 1;
    if (shared.holders > 0) return;
    delete holder[KEY];
    rmSync(shared.dir, { recursive: true, force: true });
  };
}
