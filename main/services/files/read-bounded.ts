import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { fail, ok, type Result } from '../../core/result.ts';

/**
 * Why a file given as an argument was not read (docs/conventions.md "CLI", issue 36 item 5): a file a command reads
 * wholly into memory is read only when it is a regular file (or a pipe, read to the limit) no larger than the limit
 * of its kind. `/dev/zero` given as a receipt once grew the process to 2.2 GB; now it is refused before one byte is
 * read. FILE_UNREADABLE carries the system's reason; callers that had their own code for it keep answering that one.
 */
export type BoundedReadCode = 'FILE_UNREADABLE' | 'FILE_NOT_REGULAR' | 'FILE_TOO_LARGE';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The largest file of each kind a command reads (docs/conventions.md "CLI", "File arguments"): what the legitimate
 * files weigh, with room. A document (receipt, freeze, reveal, proof view, Rekor entry, disclosure) is a few KiB; a
 * list (names, secrets, proof ids) one line each; the export is every submission of a season, as its own download
 * allows (main/services/season-export/read-export.ts); a backup holds the whole operator database.
 */
export const FILE_LIMITS = {
  document: 4 * MiB,
  secret: 64 * KiB,
  key: 64 * KiB,
  list: 16 * MiB,
  prompt: 4 * MiB,
  export: 512 * MiB,
  backup: 2048 * MiB,
} as const;

export type FileKind = keyof typeof FILE_LIMITS;

export interface BoundedRead {
  /** How messages name the file before its path: "the receipt", "the --names file", or '' for the path alone. */
  what: string;
  /** The kind whose limit applies; `maxBytes` overrides it (tests, callers with a tighter bound). */
  kind: FileKind;
  maxBytes?: number;
}

/** Regular files are read; a pipe (`<(cmd)`, `/dev/stdin` from a pipe) is read to the limit and no further. */
const readable = (s: Stats) => s.isFile() || s.isFIFO();

function typeOf(s: Stats): string {
  if (s.isDirectory()) return 'a folder';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** The file as messages name it: "the receipt r.json", or the path alone when `what` is empty. */
const named = (what: string, path: string) => (what === '' ? path : `${what} ${path}`);

function unreadable(path: string, what: string, error: unknown) {
  const errno = (error as NodeJS.ErrnoException).code ?? null;
  return fail('FILE_UNREADABLE', `cannot read ${named(what, path)}: ${(error as Error).message}`, {
    file: path,
    errno,
  });
}

function notRegular(path: string, what: string, s: Stats) {
  return fail(
    'FILE_NOT_REGULAR',
    `${named(what, path)} is ${typeOf(s)}, not a file: give the path of a regular file (a device such as /dev/zero never ends)`,
    { file: path, type: typeOf(s) },
  );
}

function tooLarge(path: string, what: string, size: number | null, limit: number) {
  const held = size === null ? `holds more than ${limit} bytes` : `is ${size} bytes`;
  return fail(
    'FILE_TOO_LARGE',
    `${named(what, path)} ${held}, more than the ${limit} bytes accepted: give the file itself, not another one`,
    { file: path, size, limit },
  );
}

const limitOf = (o: BoundedRead) => o.maxBytes ?? FILE_LIMITS[o.kind];

/**
 * Opens only what `stat` calls a regular file or a pipe (a device is never opened: opening one can have effects),
 * non-blocking when it should be a regular file, then checks again on the open descriptor, so a path swapped for a
 * pipe or a device in between is refused rather than read.
 */
const openFlags = (s: Stats) => constants.O_RDONLY | (s.isFile() ? constants.O_NONBLOCK : 0);

/** The descriptor's file against the path's: a different one means the path was swapped between the two. */
function changed(path: string, what: string, before: Stats, now: Stats) {
  if (!readable(now)) return notRegular(path, what, now);
  if (before.dev === now.dev && before.ino === now.ino) return null;
  return fail(
    'FILE_UNREADABLE',
    `${named(what, path)} was replaced while it was opened: give it again once it is written`,
    {
      file: path,
      errno: null,
    },
  );
}

/** Chunks read until the end or until one byte past the limit, whichever comes first. */
function firstChunkSize(s: Stats, limit: number): number {
  return s.isFile() ? Math.min(s.size, limit) + 1 : Math.min(64 * KiB, limit + 1);
}

/**
 * Reads a file given as an argument wholly, bounded: the path must be a regular file (or a pipe) of at most the limit
 * of its kind; a larger regular file is refused from its size without being read, a pipe after limit + 1 bytes.
 */
export async function readBoundedFile(path: string, o: BoundedRead): Promise<Result<Uint8Array, BoundedReadCode>> {
  const limit = limitOf(o);
  let before: Stats;
  try {
    before = await stat(path);
  } catch (error) {
    return unreadable(path, o.what, error);
  }
  if (!readable(before)) return notRegular(path, o.what, before);
  if (before.isFile() && before.size > limit) return tooLarge(path, o.what, before.size, limit);
  let handle;
  try {
    handle = await open(path, openFlags(before));
  } catch (error) {
    return unreadable(path, o.what, error);
  }
  try {
    const now = await handle.stat();
    const swapped = changed(path, o.what, before, now);
    if (swapped) return swapped;
    const chunks: Uint8Array[] = [];
    let total = 0;
    let size = firstChunkSize(now, limit);
    while (total <= limit) {
      const buffer = Buffer.alloc(Math.min(size, limit + 1 - total));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      size = 64 * KiB;
    }
    // A regular file past its size grew while it was read: its size now is not known, only that it exceeds the limit.
    if (total > limit) return tooLarge(path, o.what, null, limit);
    return ok(new Uint8Array(Buffer.concat(chunks, total)));
  } catch (error) {
    return unreadable(path, o.what, error);
  } finally {
    await handle.close();
  }
}

/** readBoundedFile for the commands that read synchronously (key files, name lists): the same checks and limits. */
export function readBoundedFileSync(path: string, o: BoundedRead): Result<Uint8Array, BoundedReadCode> {
  const limit = limitOf(o);
  let before: Stats;
  try {
    before = statSync(path);
  } catch (error) {
    return unreadable(path, o.what, error);
  }
  if (!readable(before)) return notRegular(path, o.what, before);
  if (before.isFile() && before.size > limit) return tooLarge(path, o.what, before.size, limit);
  let fd: number;
  try {
    fd = openSync(path, openFlags(before));
  } catch (error) {
    return unreadable(path, o.what, error);
  }
  try {
    const now = fstatSync(fd);
    const swapped = changed(path, o.what, before, now);
    if (swapped) return swapped;
    const chunks: Uint8Array[] = [];
    let total = 0;
    let size = firstChunkSize(now, limit);
    while (total <= limit) {
      const buffer = Buffer.alloc(Math.min(size, limit + 1 - total));
      const bytesRead = readSync(fd, buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      size = 64 * KiB;
    }
    // A regular file past its size grew while it was read: its size now is not known, only that it exceeds the limit.
    if (total > limit) return tooLarge(path, o.what, null, limit);
    return ok(new Uint8Array(Buffer.concat(chunks, total)));
  } catch (error) {
    return unreadable(path, o.what, error);
  } finally {
    closeSync(fd);
  }
}

/** The same as text (UTF-8), for secrets, keys and lists. */
export function readBoundedTextSync(path: string, o: BoundedRead): Result<string, BoundedReadCode> {
  const read = readBoundedFileSync(path, o);
  return read.ok ? ok(Buffer.from(read.value).toString('utf8')) : read;
}

export async function readBoundedText(path: string, o: BoundedRead): Promise<Result<string, BoundedReadCode>> {
  const read = await readBoundedFile(path, o);
  return read.ok ? ok(Buffer.from(read.value).toString('utf8')) : read;
}
