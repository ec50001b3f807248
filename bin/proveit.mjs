#!/usr/bin/env node
// The `proveit` command. tsx loads the TypeScript sources directly so `npx proveit` works right after `npm ci`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../main/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
