#!/usr/bin/env node
// Runs a TypeScript entry point under Node with tsx's loader, so nothing needs a build step first.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: run-ts.mjs FILE.ts [ARGS...]\n');
  process.exit(2);
}
register();
process.argv = [process.argv[0], resolve(entry), ...rest];
await import(pathToFileURL(resolve(entry)).href);
