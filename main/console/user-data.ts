import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The console's user data folder, where Electron's app.getPath('userData') puts it for this app: the default home of
 * the operator database (`proveit console` without --db). PROVEIT_USER_DATA overrides it.
 */
export function userDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.PROVEIT_USER_DATA) return env.PROVEIT_USER_DATA;
  const app = 'proveit-console';
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', app);
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), app);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), app);
}

export const defaultDbFile = (env: NodeJS.ProcessEnv = process.env): string => join(userDataDir(env), 'console.sqlite');
