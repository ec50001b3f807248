import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { desktopElectron } from '../../../main/services/console/electron-binary.ts';

const dirs: string[] = [];
function fakePackage(binary: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'electron-pkg-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'path.txt'), 'electron');
  if (binary) {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'electron'), '');
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('finding the Electron binary without ever downloading it', () => {
  const display = { DISPLAY: ':0' };

  it('a package whose binary was never downloaded gives null (headless), and nothing is fetched', () => {
    expect(desktopElectron(display, fakePackage(false))).toBeNull();
  });

  it('an installed binary with a display gives its path; without a display, null', () => {
    const dir = fakePackage(true);
    expect(desktopElectron(display, dir)).toBe(join(dir, 'dist', 'electron'));
    if (process.platform === 'linux') expect(desktopElectron({}, dir)).toBeNull();
  });

  it("on this checkout's electron package it starts no download: the package's dist/ is as it was", () => {
    const dist = join(dirname(createRequire(import.meta.url).resolve('electron/package.json')), 'dist');
    const before = existsSync(dist);
    const found = desktopElectron(display);
    expect(existsSync(dist)).toBe(before);
    expect(found === null || existsSync(found)).toBe(true);
  });
});
