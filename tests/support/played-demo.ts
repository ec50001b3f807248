import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import type { DemoSummary } from '../../main/core/demo/demo-progress.ts';

/**
 * The demo season played once per run by the global set-up of the integration and browser tiers
 * (setup/played-demo.ts, docs/conventions.md "Test tiers"), for the files that would each play it otherwise. Importing
 * this module puts a file in the integration tier at least (tests/support/tiers.ts), so the set-up runs for it.
 *
 * Played as on 1 November 2026 at noon UTC: closed on 29 October, its dispute received on 31 October
 * (main/core/demo/demo-calendar.ts). A fixed instant, not the run's: the dates the tests see are the same every day.
 */
export const SHARED_DEMO_STARTED_AT = Date.parse('2026-11-01T12:00:00.000Z');

/** What the set-up provides: the demo's summary (its folder is `summary.out`) and that folder's fingerprint. */
export interface ProvidedDemo {
  summary: DemoSummary;
  files: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo played once for the run (setup/played-demo.ts). */
    sharedDemo: ProvidedDemo;
  }
}

/**
 * Every file and folder under `dir`, one line each with its size and modification time: a write anywhere changes it.
 * A check rather than a read-only chmod of the folder: CI runs the suite as root, whom no mode bit stops, and for
 * anyone else a folder without write access would refuse SQLite even a read of the database (WAL mode creates the
 * -shm file beside it: sqlite.org/wal.html "Read-Only Databases").
 */
export function fingerprintOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const full = join(entry.parentPath, entry.name);
      const path = relative(dir, full).split(sep).join('/');
      if (!entry.isFile()) return `${path}/`;
      const { size, mtimeMs } = statSync(full);
      return `${path} ${size} ${mtimeMs}`;
    })
    .sort();
}

function provided(): ProvidedDemo {
  const demo = inject('sharedDemo');
  if (!demo)
    throw new Error(
      'no shared demo: this file runs outside the integration and browser tiers (tests/support/tiers.ts)',
    );
  return demo;
}

/** Fails if anything under the shared folder changed since it was played, naming what did. */
function expectUntouched(demo: ProvidedDemo): void {
  const now = new Set(fingerprintOf(demo.summary.out));
  const before = new Set(demo.files);
  const changed = [...demo.files.filter((f) => !now.has(f)), ...[...now].filter((f) => !before.has(f))];
  const rule = 'read it only; act on copyOfSharedDemo(); to write into a close folder, play a demo of your own';
  expect(changed, `the shared demo ${demo.summary.out} was written to: ${rule}`).toEqual([]);
}

/**
 * The shared demo, to read only (its Index, bundles, close folders): never to open its database, which SQLite in WAL
 * mode writes beside even to read (the -shm file). Call it at the top of the file: it registers the check, after the
 * file's tests, that the folder is as played.
 */
export function sharedDemo(): DemoSummary {
  const demo = provided();
  afterAll(() => expectUntouched(demo));
  return demo.summary;
}

/**
 * A copy of the shared demo's folder of this file's own, for a test that acts on the database. Call it at the top of
 * the file: its afterAll, registered before the file's own, runs after them in vitest's "stack" hook order, so the copy
 * is removed once the file's console is closed; it checks the shared folder untouched too.
 *
 * The copy's database still names the shared folder's close folders (season_closes.out_dir, absolute paths, also in
 * the hash-chained audit log), so its closes are read from there: `tracks[].out` is left naming them, while `out`,
 * `db` and `index.out` name the copy. A test whose acts write into a close folder, or beside one (a console close job
 * writes its new close beside the latest's), plays its own demo instead.
 */
export function copyOfSharedDemo(): DemoSummary {
  const demo = provided();
  const into = mkdtempSync(join(tmpdir(), 'proveit-shared-demo-copy-'));
  // One hook for both: a failed afterAll stops the hooks after it, and the copy is removed either way.
  afterAll(() => {
    try {
      expectUntouched(demo);
    } finally {
      rmSync(into, { recursive: true, force: true });
    }
  });
  const { summary } = demo;
  cpSync(summary.out, into, { recursive: true });
  const moved = (path: string) => join(into, relative(summary.out, path));
  return { ...summary, out: into, db: moved(summary.db), index: { ...summary.index, out: moved(summary.index.out) } };
}
