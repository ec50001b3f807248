import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The test suite's tiers (docs/conventions.md "Test tiers"). A test file's tier follows from what it imports, itself
 * or through the helpers of tests/ it uses, so it cannot be filed in the wrong one:
 * - browser: drives Chromium (playwright-core);
 * - integration: starts a child process or a devnet, or plays the demo season;
 * - unit: everything else, in-process (pure core, in-memory or temporary databases, worker threads).
 */
export type Tier = 'unit' | 'integration' | 'browser';

/** What puts a file in a tier: a bare package it imports, or a project module path (from the root) it reaches. */
const BROWSER = [/^playwright-core$/, /^@axe-core\/playwright$/];
const INTEGRATION = [
  /^(node:)?child_process$/,
  /^devnet\//,
  /^main\/demo\/(play-demo|demo-thread)\.ts$/,
  /^tests\/support\/played-demo\.ts$/,
];

const SPECIFIERS = /(?:^|[\s;}])(?:import|export)\s(?:[^'";]*?\sfrom\s)?'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function importsOf(root: string, file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  return [...source.matchAll(SPECIFIERS)].map((m) => {
    const specifier = (m[1] ?? m[2])!;
    return specifier.startsWith('.') ? relative(root, resolve(root, dirname(file), specifier)) : specifier;
  });
}

/** The tier of one test file (a path from the root), following its imports inside tests/. */
export function tierOf(root: string, file: string): Tier {
  const seen = new Set<string>();
  const reached: string[] = [];
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    for (const target of importsOf(root, module)) {
      reached.push(target);
      if (target.startsWith('tests/') && target.endsWith('.ts') && existsSync(join(root, target))) visit(target);
    }
  };
  visit(file);
  if (reached.some((m) => BROWSER.some((re) => re.test(m)))) return 'browser';
  if (reached.some((m) => INTEGRATION.some((re) => re.test(m)))) return 'integration';
  return 'unit';
}

/** Every test file under tests/ (paths from the root, sorted) by tier. */
export function testFilesByTier(root: string): Record<Tier, string[]> {
  const tiers: Record<Tier, string[]> = { unit: [], integration: [], browser: [] };
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) tiers[tierOf(root, path)].push(path);
    }
  };
  walk('tests');
  for (const files of Object.values(tiers)) files.sort();
  return tiers;
}
