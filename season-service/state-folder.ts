import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The service's state made private before the database opens (docs/season-service.md "State"): every enrollment,
 * submission and the receipt key live there. A folder it creates is 0700; one that exists keeps its mode (it may be
 * shared: `--state /srv/proveit`, a devnet's own folder), as its files are what must not be read. The database file
 * is created 0600 before SQLite opens it, because SQLite gives its -wal and -shm files the mode of the database file;
 * files an earlier start left wider are made 0600.
 */
export function makeStatePrivate(stateFile: string): void {
  const folder = dirname(stateFile);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (!existsSync(stateFile)) closeSync(openSync(stateFile, 'wx', 0o600));
  for (const file of [stateFile, `${stateFile}-wal`, `${stateFile}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}
