import type { Failure } from '../../core/result.ts';
import { writeFaultOf } from '../write-fault.ts';

/**
 * Why a backup into `dir` could not even start (the folder cannot be made: read-only, permission, a file in the way),
 * as a WRITE_ code like the backup's own write faults (docs/operator-database.md "File write faults"), else the error's
 * own code, else `fallback`. `elsewhere` says how to point the backups at another disk.
 */
export function backupFolderFault(thrown: unknown, dir: string, elsewhere: string, fallback: string): Failure {
  const e = thrown as Error & { code?: unknown };
  return (
    writeFaultOf(thrown, {
      target: dir,
      writing: `the backup folder ${dir}`,
      left: 'no backup was written and the earlier backups are left as they are',
      elsewhere,
    }) ?? { code: typeof e.code === 'string' ? e.code : fallback, message: e.message }
  );
}
