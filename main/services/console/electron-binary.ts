import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';

/**
 * The Electron binary's path when it is installed and a display exists, else null. The npm package alone is not
 * enough: its binary download is skipped on the build machines (README), where the console runs headless.
 */
export function desktopElectron(env: NodeJS.ProcessEnv = process.env): string | null {
  const hasDisplay =
    process.platform === 'darwin' || process.platform === 'win32' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  if (!hasDisplay) return null;
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}
