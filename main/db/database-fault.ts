import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SchemaError } from './migrate.ts';

/**
 * The stable codes a database fault is answered with (docs/operator-database.md "Database faults"): every CLI command
 * and the console say which one and what to do, never a stack trace. The schema codes are SchemaError's
 * (main/db/migrate.ts).
 */
export type DatabaseFaultCode =
  | 'DB_UNREADABLE'
  | 'DB_READ_ONLY'
  | 'DB_DISK_FULL'
  | 'DB_NOT_A_DATABASE'
  | 'DB_CORRUPT'
  | 'DB_BUSY'
  | 'DB_IO_FAILED'
  | SchemaError['code'];

export interface DatabaseFault {
  code: DatabaseFaultCode;
  message: string;
}

/** A fault openDatabase found itself (before or while opening the file), with the file it concerns in the message. */
export class DatabaseFaultError extends Error {
  constructor(
    readonly code: DatabaseFaultCode,
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseFaultError';
  }
}

/** `the database FILE` when the file is known, else the words alone (a fault raised mid-command). */
function where(file: string | undefined): string {
  return file === undefined ? 'the database' : `the database ${file}`;
}

/**
 * Whether `file` exists in a folder this process cannot write: on a read-only file system SQLite reports the -shm
 * file it cannot create as SQLITE_CANTOPEN, not SQLITE_READONLY_DIRECTORY, though the cause and the fix are the same.
 */
function inReadOnlyFolder(file: string | undefined): boolean {
  if (file === undefined || !existsSync(file)) return false;
  try {
    accessSync(dirname(file), constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/** better-sqlite3's SqliteError code (SQLITE_FULL, SQLITE_READONLY_DIRECTORY, ...) as a fault, or undefined. */
function sqliteFault(code: string, file: string | undefined): DatabaseFault | undefined {
  const at = where(file);
  if (code === 'SQLITE_FULL')
    return {
      code: 'DB_DISK_FULL',
      message: `${at} cannot grow: the disk (or its size limit) is full, and the write was rolled back; free space, then run the command again`,
    };
  if (code === 'SQLITE_READONLY_DIRECTORY' || (code.startsWith('SQLITE_CANTOPEN') && inReadOnlyFolder(file)))
    return {
      code: 'DB_READ_ONLY',
      message:
        `the folder of ${at} is read-only, and SQLite needs to write the -wal and -shm files beside it even to read ` +
        'it: give write access to the folder, or copy the database (with its -wal file) to a writable one',
    };
  if (code.startsWith('SQLITE_READONLY'))
    return {
      code: 'DB_READ_ONLY',
      message: `${at} is read-only and this command writes to it: give write access to the file and its folder, or run a command that only reads`,
    };
  if (code === 'SQLITE_NOTADB')
    return {
      code: 'DB_NOT_A_DATABASE',
      message: `${at} is not an SQLite database: give --db the operator database (console.sqlite), not another file`,
    };
  if (code.startsWith('SQLITE_CORRUPT'))
    return {
      code: 'DB_CORRUPT',
      message: `${at} is damaged (SQLite reports a malformed image, e.g. a truncated file): the command stopped without using it; restore the file from a backup`,
    };
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_PERM') || code === 'SQLITE_AUTH')
    return {
      code: 'DB_UNREADABLE',
      message: `${at} cannot be opened (missing, or no permission to read it or its folder): check --db and its permissions`,
    };
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return {
      code: 'DB_BUSY',
      message: `${at} stayed locked by another process longer than the busy timeout: let it finish, then run the command again`,
    };
  if (code.startsWith('SQLITE_IOERR'))
    return {
      code: 'DB_IO_FAILED',
      message: `reading or writing ${at} failed at the disk (${code}): check the disk, then run the command again`,
    };
  return undefined;
}

/** A Node file-system error from creating the database's folder (EACCES, EROFS, ENOSPC, ENOTDIR), or undefined. */
function folderFault(code: string, file: string | undefined): DatabaseFault | undefined {
  const at = where(file);
  if (code === 'EROFS')
    return {
      code: 'DB_READ_ONLY',
      message: `the folder of ${at} is on a read-only file system: give --db a writable place`,
    };
  if (code === 'ENOSPC')
    return { code: 'DB_DISK_FULL', message: `the disk holding ${at} is full: free space, then run the command again` };
  if (code === 'EACCES' || code === 'EPERM' || code === 'ENOTDIR' || code === 'EEXIST')
    return {
      code: 'DB_UNREADABLE',
      message: `the folder of ${at} cannot be created or entered (${code}): check --db and the permissions of its folders`,
    };
  return undefined;
}

/**
 * What opening FILE threw (a SqliteError, or the Node error of creating its folder), as a fault naming the file;
 * undefined for anything else. openDatabase throws it as a DatabaseFaultError.
 */
export function openingFault(error: unknown, file: string): DatabaseFault | undefined {
  if (error instanceof Database.SqliteError) return sqliteFault(error.code, file);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return error instanceof Error && typeof code === 'string' ? folderFault(code, file) : undefined;
}

/**
 * The one mapping from what opening or using a database throws to a stable code and a sentence
 * (docs/operator-database.md "Database faults"), used by the CLI's runner and the console's dispatcher and jobs. A
 * fault raised mid-command (a SqliteError: disk full, read-only file, damaged page) does not know its file and says
 * "the database". Anything else is undefined, so the caller keeps its own handling.
 */
export function databaseFaultOf(error: unknown): DatabaseFault | undefined {
  if (error instanceof DatabaseFaultError || error instanceof SchemaError)
    return { code: error.code, message: error.message };
  if (error instanceof Database.SqliteError) return sqliteFault(error.code, undefined);
  return undefined;
}
