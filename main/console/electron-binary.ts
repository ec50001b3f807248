import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The Electron binary's path when it is installed and a display exists, else null. The npm package alone is not
 * enough: its binary download is skipped on the build machines (README), where the console runs headless. The path
 * is read from the package's own `path.txt` and `dist/` (as electron-vite does) rather than through
 * `require('electron')`, which from Electron 41 on starts a download when the binary is missing: starting the console
 * must never fetch anything.
 */
export function desktopElectron(
  env: NodeJS.ProcessEnv = process.env,
  packageDir = electronPackageDir(),
): string | null {
  const found = findElectron(env, packageDir);
  return 'binary' in found ? found.binary : null;
}

/** How to get the Electron binary, which `npm ci` does not download here (README, "Install"). */
const GET_ELECTRON = 'node node_modules/electron/install.js (Node 22.12+, with internet) once';

/**
 * The Electron binary's path, or why the console runs headless, in one line naming what is missing and how to get it
 * (issue 37: with Xvfb running, "no display or Electron binary here" named neither): no display (`DISPLAY` or
 * `WAYLAND_DISPLAY` unset), the electron package not installed, or its binary never downloaded (the path expected).
 */
export function findElectron(
  env: NodeJS.ProcessEnv = process.env,
  packageDir = electronPackageDir(),
): { binary: string } | { headless: string } {
  const hasDisplay =
    process.platform === 'darwin' || process.platform === 'win32' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  if (!hasDisplay) return { headless: 'no display: DISPLAY and WAYLAND_DISPLAY are unset' };
  if (packageDir === null) return { headless: 'the electron package is not installed: run npm ci in the repository' };
  const pathFile = join(packageDir, 'path.txt');
  const binary = existsSync(pathFile) ? join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim()) : null;
  if (binary !== null && existsSync(binary)) return { binary };
  return {
    headless: `the Electron binary is not downloaded (${binary ?? join(packageDir, 'dist')} is missing): get it with ${GET_ELECTRON}`,
  };
}

function electronPackageDir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}
