import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh folder for real SQLite files; remove() deletes it. */
export function tempFolder(prefix = 'proveit-db-'): {
  path: string;
  file: (name: string) => string;
  remove: () => void;
} {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, file: (name) => join(path, name), remove: () => rmSync(path, { recursive: true, force: true }) };
}
