import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Writes bytes to a temporary file in the target's folder (mode 0600) and fsyncs it; returns its path. */
function writeTemporary(target: string, bytes: Uint8Array, label: string): string {
  const temporary = join(dirname(target), `.${basename(target)}.${label}-${process.pid}-${Date.now().toString(36)}`);
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    try {
      // write(2) may write less than asked when the disk fills: the rest is written again, until it fails (ENOSPC).
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    // A full or failing disk: the part written goes (docs/operator-database.md "File write faults").
    rmSync(temporary, { force: true });
    throw error;
  }
  return temporary;
}

/** Makes a rename or link durable: fsync of the folder that holds the new name. */
function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces `target` in one step: the bytes go to OUT's folder first and are renamed over it, so a process killed
 * mid-way leaves the previous file as it was (and at most a temporary file, never a half-written target).
 */
export function replaceFileAtomically(target: string, bytes: Uint8Array): void {
  const temporary = writeTemporary(target, bytes, 'partial');
  try {
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncFolder(dirname(target));
}

/** Creates `target` with the bytes, never replacing an existing file (link fails with EEXIST); false if it exists. */
export function createFileExclusively(target: string, bytes: Uint8Array): boolean {
  const temporary = writeTemporary(target, bytes, 'restoring');
  try {
    linkSync(temporary, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  syncFolder(dirname(target));
  return true;
}

/**
 * replaceFileAtomically without holding the event loop: the writes and fsyncs run in libuv's thread pool, for a
 * service that goes on answering while its backup is written (docs/season-service.md "Backups").
 */
export async function replaceFileAtomicallyAsync(target: string, bytes: Uint8Array): Promise<void> {
  const temporary = join(dirname(target), `.${basename(target)}.partial-${process.pid}-${Date.now().toString(36)}`);
  try {
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const folder = await open(dirname(target), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
