import { defineConfig } from 'vitest/config';
import { testFilesByTier } from './tests/support/tiers.ts';

// The suite in three tiers, each a vitest project (docs/conventions.md "Test tiers"): `npm test` runs them one after
// the other, unit first so a broken core fails in a minute; `npm run test:unit` (and :integration, :browser) runs one.
const tiers = testFilesByTier(import.meta.dirname);

export default defineConfig({
  test: {
    // CI reads a plain "N passed, N failed" line, not vitest's own summary (design brief §5).
    reporters: ['default', './tests/support/plain-summary-reporter.ts'],
    // Generous on purpose: tests start real servers and launchers, far slower on a loaded machine; a timeout is a
    // bound, never the measure of an outcome.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: tiers.unit,
          // Computing, not waiting: one file per core.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: tiers.integration,
          // The launchers these tests start are built once per run, so no two files race to rebuild them.
          globalSetup: ['./tests/support/setup/built-command.ts', './tests/support/setup/played-demo.ts'],
          // Its waits on the real clock are gone (clocks moved by the tests, followers ended by count), so it
          // computes: 144 s with 2 workers, 141 with 3, 138 with 4 on 2 idle cores, 1.9 cores busy throughout
          // (docs/conventions.md "Test tiers"). More files side by side would only add contention.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: tiers.browser,
          globalSetup: [
            './tests/support/setup/built-command.ts',
            './tests/support/setup/built-renderer.ts',
            './tests/support/setup/played-demo.ts',
          ],
          // Each file drives its own Chromium, which computes as much as it waits: two at a time (three took 284 s
          // against 276, and slowed pages past what some waits expect).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
