import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // CI reads a plain "N passed, N failed" line, not vitest's own summary (design brief §5).
    reporters: ['default', './tests/support/plain-summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
