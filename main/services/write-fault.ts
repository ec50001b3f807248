import { existsSync, mkdirSync, rmdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Failure } from '../core/result.ts';

/**
 * The stable codes of a file write the machine refused (docs/operator-database.md "File write faults"): a full disk,
 * a used-up quota, a read-only file system, a permission, a file where a folder should be, a failing device. Every
 * command that writes files answers them as a refusal with one of these codes, never a stack trace. Faults of the
 * operator database itself keep their DB_ codes (main/db/database-fault.ts).
 */
export type WriteFaultCode =
  | 'WRITE_DISK_FULL'
  | 'WRITE_QUOTA_EXCEEDED'
  | 'WRITE_READ_ONLY'
  | 'WRITE_PERMISSION_DENIED'
  | 'WRITE_PATH_BLOCKED'
  | 'WRITE_IO_ERROR';

export const WRITE_FAULT_CODES: readonly WriteFaultCode[] = [
  'WRITE_DISK_FULL',
  'WRITE_QUOTA_EXCEEDED',
  'WRITE_READ_ONLY',
  'WRITE_PERMISSION_DENIED',
  'WRITE_PATH_BLOCKED',
  'WRITE_IO_ERROR',
];

export const isWriteFaultCode = (code: string): code is WriteFaultCode =>
  (WRITE_FAULT_CODES as readonly string[]).includes(code);

/** What a command was doing when the write failed, for the sentence the refusal says. */
export interface WriteAttempt {
  /** What was being written, e.g. "the Index export". */
  writing: string;
  /** What the command left behind, e.g. "nothing was recorded and the staged files were removed". */
  left: string;
  /** Where else the command can write, e.g. "give --out a folder on another disk". */
  elsewhere: string;
  /** The file or folder being written: named when the error names none (a write to an open file, SQLite's). */
  target: string;
  /**
   * SQLite writes `target`, a file that is not the operator database (a backup's snapshot): its FULL, READONLY and
   * write I/O errors are this write's. Otherwise SQLite's errors are not write faults here: the database's own are
   * DB_ codes (main/db/database-fault.ts).
   */
  sqlite?: boolean;
}

/** Node's system error (err.code, err.path, err.dest, err.syscall), or SQLite's (err.code SQLITE_*), if it is one. */
function systemErrorOf(error: unknown): { code: string; path?: string; syscall?: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const e = error as NodeJS.ErrnoException & { dest?: unknown };
  if (typeof e.code !== 'string') return undefined;
  const path = typeof e.dest === 'string' ? e.dest : typeof e.path === 'string' ? e.path : undefined;
  return {
    code: e.code,
    ...(path === undefined ? {} : { path }),
    ...(typeof e.syscall === 'string' ? { syscall: e.syscall } : {}),
  };
}

/**
 * The error a recursive mkdir hides: Node's `mkdir(path, { recursive: true })` answers ENOENT where the file system
 * refused with EROFS or EACCES (seen with Node 20 on a read-only tmpfs), so the first missing folder is made alone,
 * which fails with the real errno. Undefined when that succeeds (the folder it made is removed again).
 */
function hiddenMkdirError(path: string): unknown {
  let missing = path;
  while (!existsSync(dirname(missing)) && dirname(missing) !== missing) missing = dirname(missing);
  try {
    mkdirSync(missing);
  } catch (error) {
    return error;
  }
  rmdirSync(missing);
  return undefined;
}

/** The code of a Node errno (or of an SQLite result code, for a file SQLite writes that is not the database). */
function codeOf(errno: string): WriteFaultCode | undefined {
  switch (errno) {
    case 'ENOSPC':
    case 'SQLITE_FULL':
      return 'WRITE_DISK_FULL';
    case 'EDQUOT':
      return 'WRITE_QUOTA_EXCEEDED';
    case 'EROFS':
      return 'WRITE_READ_ONLY';
    case 'EACCES':
    case 'EPERM':
      return 'WRITE_PERMISSION_DENIED';
    case 'ENOTDIR':
    case 'EEXIST':
    case 'EISDIR':
      return 'WRITE_PATH_BLOCKED';
    case 'EIO':
    case 'SQLITE_IOERR_WRITE':
    case 'SQLITE_IOERR_FSYNC':
    case 'SQLITE_IOERR_TRUNCATE':
      return 'WRITE_IO_ERROR';
    default:
      return errno.startsWith('SQLITE_READONLY') ? 'WRITE_READ_ONLY' : undefined;
  }
}

/** What went wrong, then what to do (after what the command left). */
function causeAndRemedy(code: WriteFaultCode, errno: string, path: string): [string, string] {
  switch (code) {
    case 'WRITE_DISK_FULL':
      return [`no space left on the device holding ${path}`, 'free space'];
    case 'WRITE_QUOTA_EXCEEDED':
      return [`the disk quota of this user is used up on the device holding ${path}`, 'free space within the quota'];
    case 'WRITE_READ_ONLY':
      return [`${path} is on a read-only file system`, 'remount it read-write'];
    case 'WRITE_PERMISSION_DENIED':
      return [`no permission to write ${path} (${errno})`, 'give this user write access to its folder'];
    case 'WRITE_PATH_BLOCKED':
      return [
        `${path} cannot be made: a file stands where a folder is needed, or something already stands at the path (${errno})`,
        'remove what is in the way',
      ];
    case 'WRITE_IO_ERROR':
      return [
        `the device holding ${path} failed the write (${errno})`,
        'check the disk (its kernel log, its health), then run the command again',
      ];
  }
}

function sentence(code: WriteFaultCode, errno: string, path: string, a: WriteAttempt): string {
  const [cause, remedy] = causeAndRemedy(code, errno, path);
  return `${cause} while writing ${a.writing}: ${a.left}; ${remedy}, or ${a.elsewhere}`;
}

/**
 * A write the machine refused (ENOSPC, EDQUOT, EROFS, EACCES/EPERM, ENOTDIR/EEXIST/EISDIR, EIO; SQLite's FULL,
 * READONLY and write I/O errors for a file SQLite writes other than the database) as a refusal naming the path, what
 * the command left and what to do; undefined for anything else, which the caller throws on. The details keep the
 * errno and the system call for a bug report.
 */
export function writeFaultOf(error: unknown, attempt: WriteAttempt): Failure<WriteFaultCode> | undefined {
  let system = systemErrorOf(error);
  if (system?.code === 'ENOENT' && system.syscall === 'mkdir' && system.path !== undefined)
    system = systemErrorOf(hiddenMkdirError(system.path));
  if (system === undefined) return undefined;
  if (system.code.startsWith('SQLITE_') && attempt.sqlite !== true) return undefined;
  const code = codeOf(system.code);
  if (code === undefined) return undefined;
  const path = system.path ?? attempt.target;
  return {
    code,
    message: sentence(code, system.code, path, attempt),
    details: { path, errno: system.code, syscall: system.syscall ?? null },
  };
}

/** System calls that only write: an EACCES or EPERM from one of them is a refused write, never a refused read. */
const WRITING_CALLS = new Set([
  'write',
  'mkdir',
  'rename',
  'unlink',
  'rmdir',
  'rm',
  'link',
  'symlink',
  'copyfile',
  'ftruncate',
  'fsync',
  'fdatasync',
  'utime',
  'futime',
  'chmod',
  'fchmod',
]);

/**
 * The command runner's last resort (main/cli/main.ts): a write fault no command answered itself, with the path the
 * error names. Only errors that cannot come from a read: ENOSPC, EDQUOT, EROFS, EIO, or a refused write call.
 */
export function unansweredWriteFault(error: unknown): Failure<WriteFaultCode> | undefined {
  const system = systemErrorOf(error);
  if (system === undefined) return undefined;
  const certain = ['ENOSPC', 'EDQUOT', 'EROFS', 'EIO'].includes(system.code);
  if (!certain && !WRITING_CALLS.has(system.syscall ?? '')) return undefined;
  return writeFaultOf(error, {
    target: 'a file it writes',
    writing: 'the command\u2019s files',
    left: 'the command stopped there',
    elsewhere: 'give the command another place to write',
  });
}
