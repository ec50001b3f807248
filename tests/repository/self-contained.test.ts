import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A clone with nothing beside it must install, run and pass its tests (README.md "Requirements"): nothing the project
// runs or documents may point outside the repository. This scans what is committed for paths that leave it.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED = [
  'README.md',
  'artefacts',
  'bench',
  'bin',
  'devnet',
  'docs',
  'main',
  'preload',
  'renderer',
  'tests',
  'trust',
  '.ci',
];
const SKIPPED = new Set(['node_modules', 'out', '.git']);

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => filesUnder(join(path, name)));
}

const TEXT = /\.(ts|mts|mjs|js|svelte|md|json|sh|py|html)$|^\.ci[/\\]run$/;
const SELF = 'tests/repository/self-contained.test.ts';
// This file is left out of the scan: its own probes name such paths on purpose.
const files = SCANNED.flatMap(filesUnder).filter((file) => TEXT.test(file) && file !== SELF);

/** Every place a file names a path relative to itself: new URL('…', import.meta.url) and markdown links. */
function relativeReferences(file: string, text: string): { written: string; target: string }[] {
  const found: { written: string; target: string }[] = [];
  for (const match of text.matchAll(/new URL\(\s*['"`]([^'"`]+)['"`]\s*,\s*import\.meta\.url\s*\)/g)) {
    found.push({ written: match[1]!, target: resolve(dirname(join(ROOT, file)), match[1]!) });
  }
  if (file.endsWith('.md')) {
    for (const match of text.matchAll(/\]\((\.\.?\/[^)#\s]*)/g)) {
      found.push({ written: match[1]!, target: resolve(dirname(join(ROOT, file)), match[1]!) });
    }
  }
  return found;
}

const outside = (target: string) => relative(ROOT, target).startsWith(`..${sep}`) || relative(ROOT, target) === '..';

describe('the repository stands on its own', () => {
  it('scans the code, tests, benches and docs (a scan of nothing would prove nothing)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain('README.md');
    expect(files).toContain('tests/core/proof/support/real-artefacts.ts');
    expect(files).not.toContain(SELF);
  });

  it('no file names the shared reading folder that sits beside the checkout on the build machines', () => {
    const offenders = files.filter((file) =>
      /\.\.\/shared\b|\bshared\/(fixtures|spec|hooks)\b/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('no path written relative to a file (import.meta.url, markdown links) resolves outside the repository', () => {
    const escaping = files.flatMap((file) =>
      relativeReferences(file, readFileSync(join(ROOT, file), 'utf8'))
        .filter((ref) => outside(ref.target))
        .map((ref) => `${file}: ${ref.written}`),
    );
    expect(escaping).toEqual([]);
  });

  it('the escape check itself catches a path one level too many', () => {
    const probe = relativeReferences(
      'tests/core/proof/support/real-artefacts.ts',
      "new URL('../../../../../x/', import.meta.url)",
    );
    expect(probe.map((ref) => outside(ref.target))).toEqual([true]);
  });
});
