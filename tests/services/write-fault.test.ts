import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unansweredWriteFault, writeFaultOf, type WriteAttempt } from '../../main/services/write-fault.ts';
import { tempFolder } from '../db/support/temp-db.ts';

/**
 * docs/operator-database.md "File write faults": the one mapping from a refused write to a stable code and a sentence
 * naming the path, what the command left and what to do. The faults a small tmpfs cannot make (EIO, EDQUOT) are the
 * errors Node throws, built here; tests/cli/write-faults.test.ts makes the full disk and the read-only mount for real.
 */

const folder = tempFolder('proveit-write-fault-');
afterAll(() => folder.remove());

const attempt: WriteAttempt = {
  target: '/srv/out',
  writing: 'the Index export',
  left: 'nothing was exported or recorded',
  elsewhere: 'give --out a new folder on another disk',
};

/** The error Node throws for a refused system call. */
function systemError(code: string, syscall: string, path?: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: ${syscall} '${path}'`);
  error.code = code;
  error.syscall = syscall;
  if (path !== undefined) error.path = path;
  return error;
}

describe('every refused write is a code naming the path and what to do', () => {
  it.each([
    ['ENOSPC', 'WRITE_DISK_FULL', 'no space left on the device holding /srv/out/index.html'],
    ['EDQUOT', 'WRITE_QUOTA_EXCEEDED', 'disk quota of this user is used up'],
    ['EROFS', 'WRITE_READ_ONLY', '/srv/out/index.html is on a read-only file system'],
    ['EACCES', 'WRITE_PERMISSION_DENIED', 'no permission to write /srv/out/index.html'],
    ['EPERM', 'WRITE_PERMISSION_DENIED', 'no permission to write /srv/out/index.html'],
    ['ENOTDIR', 'WRITE_PATH_BLOCKED', 'a file stands where a folder is needed'],
    ['EEXIST', 'WRITE_PATH_BLOCKED', 'something already stands at the path'],
    ['EIO', 'WRITE_IO_ERROR', 'the device holding /srv/out/index.html failed the write (EIO)'],
  ])('%s is %s', (errno, code, words) => {
    const fault = writeFaultOf(systemError(errno, 'open', '/srv/out/index.html'), attempt);
    expect(fault).toMatchObject({ code, details: { path: '/srv/out/index.html', errno, syscall: 'open' } });
    expect(fault!.message).toContain(words);
    expect(fault!.message).toContain('while writing the Index export: nothing was exported or recorded');
    expect(fault!.message).toContain('give --out a new folder on another disk');
  });

  it('a write to an open file (no path in the error, as writeSync throws ENOSPC) names the target', () => {
    expect(writeFaultOf(systemError('ENOSPC', 'write'), attempt)!.message).toContain('device holding /srv/out');
  });

  it("SQLite's errors are write faults only for a file SQLite writes that is not the database (a snapshot)", () => {
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    expect(writeFaultOf(full, attempt)).toBeUndefined();
    expect(writeFaultOf(full, { ...attempt, target: '/srv/.snapshot', sqlite: true })).toMatchObject({
      code: 'WRITE_DISK_FULL',
      details: { path: '/srv/.snapshot', errno: 'SQLITE_FULL' },
    });
    const corrupt = Object.assign(new Error('malformed'), { code: 'SQLITE_CORRUPT' });
    expect(writeFaultOf(corrupt, { ...attempt, sqlite: true })).toBeUndefined();
  });

  it('anything else is not a write fault: the caller throws it on', () => {
    expect(writeFaultOf(new TypeError('a bug'), attempt)).toBeUndefined();
    expect(writeFaultOf(systemError('ENOENT', 'open', '/srv/in.json'), attempt)).toBeUndefined();
    expect(writeFaultOf('ENOSPC', attempt)).toBeUndefined();
  });

  it('a folder a file stands in the way of is WRITE_PATH_BLOCKED, whatever errno the recursive mkdir answered', () => {
    writeFileSync(folder.file('a-file'), 'x');
    let thrown: unknown;
    try {
      mkdirSync(join(folder.file('a-file'), 'sub', 'deeper'), { recursive: true });
    } catch (error) {
      thrown = error;
    }
    expect(writeFaultOf(thrown, attempt)).toMatchObject({ code: 'WRITE_PATH_BLOCKED' });
  });

  it("a mkdir's ENOENT that is only a missing parent stays unanswered, and nothing is left made", () => {
    const fault = writeFaultOf(systemError('ENOENT', 'mkdir', folder.file('missing/child')), attempt);
    expect(fault).toBeUndefined();
    expect(existsSync(folder.file('missing'))).toBe(false);
  });
});

describe("the runner's last resort answers only what cannot be a read", () => {
  it('ENOSPC, EDQUOT, EROFS and EIO from any call, EACCES from a call that writes', () => {
    for (const errno of ['ENOSPC', 'EDQUOT', 'EROFS', 'EIO'])
      expect(unansweredWriteFault(systemError(errno, 'open', '/x'))?.code).toMatch(/^WRITE_/);
    expect(unansweredWriteFault(systemError('EACCES', 'mkdir', '/x'))).toMatchObject({
      code: 'WRITE_PERMISSION_DENIED',
    });
  });

  it('an EACCES from open may be a read: not called a write fault; nor is an SQLite error', () => {
    expect(unansweredWriteFault(systemError('EACCES', 'open', '/etc/shadow'))).toBeUndefined();
    expect(unansweredWriteFault(Object.assign(new Error('full'), { code: 'SQLITE_FULL' }))).toBeUndefined();
  });
});
