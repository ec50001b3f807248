#!/usr/bin/env node
// The `proveit` command, from its esbuild bundle (bin/command-build.mjs): built by `npm ci`, rebuilt here first when a
// source changed since, so `npx proveit` never runs stale code and never pays tsx's transpiling at each start.
import { loadCommand } from './command-build.mjs';

let command;
try {
  command = await loadCommand();
} catch (error) {
  // A source esbuild cannot build (a syntax error, a missing module): say so in a line, not a stack trace.
  const reasons = Array.isArray(error?.errors)
    ? error.errors.map(
        (e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : '') + e.text,
      )
    : [error instanceof Error ? error.message : String(error)];
  process.stderr.write(`proveit: the command cannot be built from the sources: ${reasons.join('; ')}\n`);
  process.stderr.write('proveit: fix the source it names, or run npm ci in a clean checkout\n');
  process.exit(1);
}
process.exitCode = await command.main(process.argv.slice(2));
