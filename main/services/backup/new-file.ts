import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
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
