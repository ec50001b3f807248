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
  const hasDisplay =
    process.platform === 'darwin' || process.platform === 'win32' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  if (!hasDisplay || packageDir === null) return null;
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

function electronPackageDir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}
