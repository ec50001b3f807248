import { runSteps, sha256Hex, sha256HexSteps } from '../hash/sha256.ts';
import { canonical } from '../json/canonical.ts';
import { loads } from '../json/loads.ts';
import { isPyObject, pyObjectFrom } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';

/**
 * What a backup holds once decrypted (docs/operator-database.md "Backups"): a 4-byte big-endian length, the canonical
 * JSON manifest {"format", "created_at_ms", "carries", "files": [{"path", "bytes", "sha256"}]}, then each file's bytes
 * in the manifest's order. DATABASE_ENTRY is the database image; the other paths are the files beside the database,
 * relative to its folder (the Index signing key, freezes/, the Index exports).
 *
 * Format 2 adds `carries`: every path beside the database the writer took whole (a file, or a folder and all under
 * it), whether or not it existed, so a reader tells "there was none" from "this backup did not carry it". Format 1
 * (no `carries`, written before the Index exports were carried) is still read, with `carries` null.
 */
export const BACKUP_CONTENTS_FORMAT = 'proveit-backup-contents/2';
export const BACKUP_CONTENTS_FORMAT_1 = 'proveit-backup-contents/1';
export const DATABASE_ENTRY = 'console.sqlite';

/**
 * The season service's backups (docs/season-service.md "Backups") use the same container and manifest under a format
 * of their own, so a backup of one kind is never restored as the other: the database image is `season.sqlite`, the
 * state folder's own file name, and the one file beside it is the receipt key (`receipt-key.pem`).
 */
export const SEASON_BACKUP_CONTENTS_FORMAT = 'proveit-season-backup-contents/1';
export const SEASON_DATABASE_ENTRY = 'season.sqlite';
/** The receipt key's file in the state folder: every receipt of the season verifies with it (season-service/receipt-key.ts). */
export const SEASON_RECEIPT_KEY_ENTRY = 'receipt-key.pem';
/** What a season service backup takes beside its database (its `carries`). */
export const SEASON_BACKUP_CARRIES: readonly string[] = [SEASON_RECEIPT_KEY_ENTRY];

/** Whose state a backup holds: the operator's database (`backup restore`) or the season service's (`season restore`). */
export type BackupKind = 'operator' | 'season-service';

export interface BackupFile {
  path: string;
  bytes: Uint8Array;
}

export interface BackupContents {
  createdAtMs: number;
  files: BackupFile[];
  /** The paths beside the database the backup took whole (format 2); null when read from a format 1 backup. */
  carries: readonly string[] | null;
  kind: BackupKind;
}

/** A relative path of plain segments: a restore writes it under the new database's folder and nowhere else. */
export function isSafeBackupPath(path: string): boolean {
  const segments = path.split('/');
  return segments.every((s) => /^[A-Za-z0-9._-]{1,200}$/.test(s) && s !== '.' && s !== '..');
}

/**
 * Packs format 2, or the season service's format for `kind: 'season-service'` (`carries` null packs an empty list:
 * nothing beside the database was looked for).
 */
export function packBackupContents(
  contents: Omit<BackupContents, 'carries' | 'kind'> & { carries?: readonly string[] | null; kind?: BackupKind },
): Buffer {
  return runSteps(packBackupContentsSteps(contents, Number.MAX_SAFE_INTEGER));
}

/** packBackupContents in steps: each file hashed `chunkBytes` at a time, yielding between chunks; the same bytes. */
export function* packBackupContentsSteps(
  contents: Omit<BackupContents, 'carries' | 'kind'> & { carries?: readonly string[] | null; kind?: BackupKind },
  chunkBytes: number,
): Generator<void, Buffer, void> {
  const hashes: string[] = [];
  for (const f of contents.files)
    hashes.push(f.bytes.length <= chunkBytes ? sha256Hex(f.bytes) : yield* sha256HexSteps(f.bytes, chunkBytes));
  const manifest = pyObjectFrom([
    ['format', contents.kind === 'season-service' ? SEASON_BACKUP_CONTENTS_FORMAT : BACKUP_CONTENTS_FORMAT],
    ['created_at_ms', BigInt(contents.createdAtMs)],
    ['carries', [...(contents.carries ?? [])]],
    [
      'files',
      contents.files.map((f, i) =>
        pyObjectFrom([
          ['path', f.path],
          ['bytes', BigInt(f.bytes.length)],
          ['sha256', hashes[i]!],
        ]),
      ),
    ],
  ]);
  const text = Buffer.from(canonical(manifest), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(text.length);
  return Buffer.concat([length, text, ...contents.files.map((f) => f.bytes)]);
}

function altered(message: string): { ok: false; error: { code: 'BACKUP_ALTERED'; message: string } } {
  return fail('BACKUP_ALTERED', `the decrypted contents are not well formed: ${message}`);
}

/** Reads decrypted contents back; any inconsistency is BACKUP_ALTERED (the tag held, so the writer was faulty). */
export function unpackBackupContents(bytes: Buffer): Result<BackupContents, 'BACKUP_ALTERED'> {
  if (bytes.length < 4) return altered('no manifest length');
  const length = bytes.readUInt32BE(0);
  if (4 + length > bytes.length) return altered('the manifest runs past the end');
  const parsed = loads(bytes.subarray(4, 4 + length));
  if (!parsed.ok || !isPyObject(parsed.value)) return altered('the manifest is not a JSON object');
  const m = parsed.value;
  if (
    m['format'] !== BACKUP_CONTENTS_FORMAT &&
    m['format'] !== BACKUP_CONTENTS_FORMAT_1 &&
    m['format'] !== SEASON_BACKUP_CONTENTS_FORMAT
  )
    return altered(`format ${String(m['format'])}`);
  const kind: BackupKind = m['format'] === SEASON_BACKUP_CONTENTS_FORMAT ? 'season-service' : 'operator';
  const createdAt = m['created_at_ms'];
  const list = m['files'];
  if (typeof createdAt !== 'bigint' || !Array.isArray(list)) return altered('created_at_ms or files missing');
  let carries: string[] | null = null;
  if (m['format'] !== BACKUP_CONTENTS_FORMAT_1) {
    const listed = m['carries'];
    if (!Array.isArray(listed) || !listed.every((p) => typeof p === 'string' && isSafeBackupPath(p)))
      return altered('carries is not a list of safe paths');
    carries = listed as string[];
  }
  const files: BackupFile[] = [];
  let at = 4 + length;
  for (const entry of list) {
    if (!isPyObject(entry)) return altered('a files entry is not an object');
    const { path, bytes: size, sha256 } = entry;
    if (typeof path !== 'string' || !isSafeBackupPath(path)) return altered(`unsafe path ${String(path)}`);
    if (typeof size !== 'bigint' || typeof sha256 !== 'string') return altered(`entry ${path} lacks bytes or sha256`);
    const end = at + Number(size);
    if (end > bytes.length) return altered(`${path} runs past the end`);
    const body = bytes.subarray(at, end);
    if (sha256Hex(body) !== sha256) return altered(`${path} does not match its SHA-256`);
    files.push({ path, bytes: body });
    at = end;
  }
  if (at !== bytes.length) return altered('bytes follow the last file');
  const image = kind === 'season-service' ? SEASON_DATABASE_ENTRY : DATABASE_ENTRY;
  if (files[0]?.path !== image) return altered(`the first file is not ${image}`);
  return ok({ createdAtMs: Number(createdAt), files, carries, kind });
}
