import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // CI reads a plain "N passed, N failed" line, not vitest's own summary (design brief §5).
    reporters: ['default', './tests/support/plain-summary-reporter.ts'],
    // Generous on purpose: tests start real servers and launchers (a tsx start is 5 to 9 s on an idle 2-core machine,
    // far more on a loaded one); a timeout is a bound, never the measure of an outcome.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
