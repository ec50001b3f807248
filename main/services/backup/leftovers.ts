import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A process id still running (its work beside the database is in use; a killed process's is left over). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what a killed process left beside the database under `.<db name><mark><pid>-…` (a backup's snapshot, a
 * restore check's folder): they hold the database in clear. Another live process's work, and this process's, stay.
 */
export function removeLeftoversBeside(dbFile: string, mark: string): void {
  const prefix = `.${basename(dbFile)}${mark}`;
  for (const name of readdirSync(dirname(dbFile))) {
    const pid = Number(name.startsWith(prefix) ? name.slice(prefix.length).split('-')[0] : NaN);
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid))
      rmSync(join(dirname(dbFile), name), { recursive: true, force: true });
  }
}
