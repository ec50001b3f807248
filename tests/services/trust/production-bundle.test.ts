import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applicationRoot, PRODUCTION_BUNDLE_DIR } from '../../../main/services/trust/production-bundle.ts';

describe('where the production trust bundle is', () => {
  it('from the source tree, trust/production beside package.json, with its bundle.json', () => {
    expect(PRODUCTION_BUNDLE_DIR).toBe(join(process.cwd(), 'trust', 'production'));
  });

  it('from a source module and from a desktop build chunk alike, the folder that holds package.json', () => {
    const root = mkdtempSync(join(tmpdir(), 'proveit-app-'));
    writeFileSync(join(root, 'package.json'), '{}');
    for (const nested of [join(root, 'main', 'services', 'trust'), join(root, 'out', 'main')]) {
      mkdirSync(nested, { recursive: true });
      expect(applicationRoot(nested)).toBe(root);
    }
  });

  it('a folder with no package.json above it is its own root', () => {
    const lone = mkdtempSync(join(tmpdir(), 'proveit-lone-'));
    expect(applicationRoot(lone)).toBe(lone);
  });
});
