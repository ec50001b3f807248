import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { desktopElectron, findElectron } from '../../main/console/electron-binary.ts';

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

// Issue 37, point 6: with Xvfb running (a display), "no display or Electron binary here" named neither what was
// missing nor how to get it. The headless banner now says which, with the path expected and the command.
describe('why the console runs headless, in words that name what is missing', () => {
  it('a display but no downloaded binary: names the missing binary’s path and how to get it', () => {
    const dir = fakePackage(false);
    const found = findElectron({ DISPLAY: ':99' }, dir);
    expect(found).toEqual({
      headless: `the Electron binary is not downloaded (${join(dir, 'dist', 'electron')} is missing): get it with node node_modules/electron/install.js (Node 22.12+, with internet) once`,
    });
  });

  it('no display: says so, naming the variables; no package: says to install it', () => {
    if (process.platform === 'linux')
      expect(findElectron({}, fakePackage(true))).toEqual({
        headless: 'no display: DISPLAY and WAYLAND_DISPLAY are unset',
      });
    expect(findElectron({ DISPLAY: ':99' }, null)).toEqual({
      headless: 'the electron package is not installed: run npm ci in the repository',
    });
    const dir = fakePackage(true);
    expect(findElectron({ DISPLAY: ':99' }, dir)).toEqual({ binary: join(dir, 'dist', 'electron') });
  });
});
