import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Real small file systems for the write-fault tests (docs/operator-database.md "File write faults"): a tmpfs of a
 * few hundred KiB filled to the last bytes (writes fail with ENOSPC), and a tmpfs remounted read-only (EROFS). The
 * tests run the commands in-process, so the mounts are made in the test process's own mount namespace, under a
 * temporary folder, and unmounted (lazily, in case a file is still open) by `remove()`. Root ignores file modes, so
 * a chmod would not stop a write: a real mount does. Mounting needs root with CAP_SYS_ADMIN: where that is not given
 * (a non-root CI), `mountRefusal` says why and the tests skip.
 */
export interface SmallFilesystem {
  /** The mount point: an empty folder, or holding what `populate` wrote and the filler. */
  path: string;
  /** Every name at the root of the mount but the filler: what the command left there. */
  leftovers(): string[];
  remove(): void;
}

const FILLER = '.filler';

function mount(args: string[]): void {
  execFileSync('mount', args, { stdio: 'pipe' });
}

function unmount(path: string): void {
  execFileSync('umount', ['-l', path], { stdio: 'pipe' });
}

/** Why this machine cannot mount a tmpfs here, or null when it can (probed once: mount, then unmount). */
function probe(): string | null {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root, and the tests do not run as root';
  const dir = mkdtempSync(join(tmpdir(), 'proveit-mount-probe-'));
  try {
    mount(['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
    unmount(dir);
    return null;
  } catch (error) {
    return `mount -t tmpfs is refused here (no CAP_SYS_ADMIN?): ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Null when tmpfs mounts work; else the reason the tests that need one are skipped. */
export const mountRefusal: string | null = probe();

function mounted(prefix: string, options: string): SmallFilesystem {
  const path = mkdtempSync(join(tmpdir(), prefix));
  mount(['-t', 'tmpfs', '-o', options, 'tmpfs', path]);
  let removed = false;
  return {
    path,
    leftovers: () => readdirSync(path).filter((name) => name !== FILLER),
    remove() {
      if (removed) return;
      removed = true;
      unmount(path);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Writes zeros into the filler until the disk says ENOSPC; then gives `free` bytes back. */
function fill(path: string, free: number): void {
  const filler = join(path, FILLER);
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(4096);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  if (free > 0) execFileSync('truncate', ['-s', String(Math.max(0, written - free)), filler]);
}

/**
 * A tmpfs of `size` (default 200k) holding what `populate` writes, then filled: only `free` bytes (default none)
 * remain for data. Folders and empty files can still be made (a tmpfs counts inodes apart): as on a real full disk,
 * a command gets as far as its first write of data.
 */
export function fullFilesystem(
  o: { size?: string; free?: number; populate?: (path: string) => void } = {},
): SmallFilesystem {
  const fs = mounted('proveit-full-disk-', `size=${o.size ?? '200k'}`);
  try {
    o.populate?.(fs.path);
    fill(fs.path, o.free ?? 0);
  } catch (error) {
    fs.remove();
    throw error;
  }
  return fs;
}

/** A tmpfs holding what `populate` writes, then remounted read-only: every write under it fails with EROFS. */
export function readOnlyFilesystem(populate?: (path: string) => void): SmallFilesystem {
  const fs = mounted('proveit-read-only-', 'size=4m');
  try {
    populate?.(fs.path);
    mount(['-o', 'remount,ro', fs.path]);
  } catch (error) {
    fs.remove();
    throw error;
  }
  return fs;
}
