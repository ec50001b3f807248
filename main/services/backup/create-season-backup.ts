import { scrypt, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { closeSync, existsSync, openSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { BACKUP_SCRYPT, scryptOptionsOf, sealBackupSteps } from '../../core/backup/backup-container.ts';
import {
  packBackupContentsSteps,
  SEASON_BACKUP_CARRIES,
  SEASON_DATABASE_ENTRY,
  type BackupFile,
} from '../../core/backup/backup-contents.ts';
import { sha256HexSteps } from '../../core/hash/sha256.ts';
import { setImmediate as turn } from 'node:timers/promises';
import { fail, ok, type Result } from '../../core/result.ts';
import { snapshotThrough } from '../../db/backup-snapshot.ts';
import type { Db } from '../../db/open-database.ts';
import { writeFaultOf, type WriteFaultCode } from '../write-fault.ts';
import { damageOf, type CreatedBackup } from './create-backup.ts';
import { removeLeftoversBeside } from './leftovers.ts';
import { replaceFileAtomicallyAsync } from './new-file.ts';

export type CreateSeasonBackupCode = 'BACKUP_SOURCE_DAMAGED' | WriteFaultCode;

export interface CreateSeasonBackupInput {
  /** The service's own connection: the snapshot is taken through it (main/db/backup-snapshot.ts snapshotThrough). */
  db: Db;
  /** The service's database file (`STATE/season.sqlite`): the snapshot is made beside it, in the private state folder. */
  stateFile: string;
  outFile: string;
  /** The key the backup is sealed under (deriveSeasonBackupKey): derived once per service start, not per backup. */
  key: SeasonBackupKey;
  createdAtMs: number;
  /** Fresh random bytes (node:crypto randomBytes in production): the GCM nonce. */
  randomBytes: (n: number) => Uint8Array;
  /** Pages copied per turn of the event loop (4 KiB each); the bench measures the default. */
  pagesPerStep?: number;
}

const SNAPSHOT_MARK = '.backup-snapshot-';
export const DEFAULT_PAGES_PER_STEP = 64;

const NOTHING_WRITTEN =
  'no backup was written, its partial files were removed and the earlier backups are left as they are';

/** Hashed or encrypted per turn of the event loop: about a millisecond of work each (bench/season-service.ts). */
const CHUNK_BYTES = 1 << 20;

/** Runs a stepped computation (main/core), letting the event loop turn between its steps. */
async function stepped<T>(steps: Generator<void, T, void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turn();
  }
}

const deriveAsync = (passphrase: BinaryLike, salt: BinaryLike, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase, salt, 64, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** A scrypt salt and the 64 bytes derived from the passphrase with it: what a season backup is sealed under. */
export interface SeasonBackupKey {
  salt: Uint8Array;
  derived: Uint8Array;
}

/**
 * The season service's backup key, derived once when it starts (docs/season-service.md "Backups"), in libuv's thread
 * pool: scrypt's 128 MiB and about half a second of a core are then not spent at every backup. Each backup still has a fresh random 96-bit GCM nonce, written in its header with
 * the salt, so each file opens alone with the passphrase, as the operator's do; random nonces under one key stay safe
 * far beyond the backups of a season (NIST SP 800-38D §8.3: up to 2^32 of them).
 */
export async function deriveSeasonBackupKey(
  passphrase: string,
  randomBytes: (n: number) => Uint8Array,
): Promise<SeasonBackupKey> {
  const salt = randomBytes(16);
  return { salt, derived: await deriveAsync(Buffer.from(passphrase, 'utf8'), salt, scryptOptionsOf(BACKUP_SCRYPT)) };
}

/**
 * One backup of the season service's state while it serves (docs/season-service.md "Backups"): a consistent snapshot
 * of its database taken through its own connection in steps, the receipt key beside it, packed in the season
 * service's contents format and encrypted in the operator's container (docs/operator-database.md "Backups"), so
 * `proveit backup verify` opens it. The contents are hashed and sealed 1 MiB a turn and the file written
 * asynchronously: the event loop is held at once only by the image's integrity_check. The snapshot is in
 * clear for a moment in the state folder (0600), which already holds the database in clear, and removed before
 * returning. A snapshot that fails integrity_check is refused (BACKUP_SOURCE_DAMAGED) before anything is written, so
 * rotation never removes a sound backup for a damaged one.
 */
export async function createSeasonBackup(
  input: CreateSeasonBackupInput,
): Promise<Result<CreatedBackup, CreateSeasonBackupCode>> {
  const { stateFile } = input;
  removeLeftoversBeside(stateFile, SNAPSHOT_MARK);
  const snapshot = join(
    dirname(stateFile),
    `.${basename(stateFile)}${SNAPSHOT_MARK}${process.pid}-${input.createdAtMs.toString(36)}`,
  );
  let image: Buffer;
  try {
    closeSync(openSync(snapshot, 'wx', 0o600));
    await snapshotThrough(input.db, snapshot, input.pagesPerStep ?? DEFAULT_PAGES_PER_STEP);
    image = await readFile(snapshot);
  } catch (error) {
    const fault = writeFaultOf(error, {
      target: snapshot,
      sqlite: true,
      writing: "the database's snapshot, which is made in the state folder",
      left: NOTHING_WRITTEN,
      elsewhere: 'free room for one more copy of the database in the state folder',
    });
    if (fault !== undefined) return { ok: false, error: fault };
    throw error;
  } finally {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${snapshot}${suffix}`, { force: true });
  }
  const problems = damageOf(image);
  if (problems.length > 0)
    return fail(
      'BACKUP_SOURCE_DAMAGED',
      `the service's database ${stateFile} fails integrity_check (${problems.slice(0, 3).join('; ')}): no backup is ` +
        'written and the earlier backups are left as they are; stop the service and restore the latest sound one ' +
        '(proveit backup verify, then proveit season restore)',
      { db: stateFile, problems: problems.slice(0, 20) },
    );
  const files: BackupFile[] = [{ path: SEASON_DATABASE_ENTRY, bytes: image }];
  for (const name of SEASON_BACKUP_CARRIES) {
    const file = join(dirname(stateFile), name);
    if (existsSync(file)) files.push({ path: name, bytes: await readFile(file) });
  }
  const contents = await stepped(
    packBackupContentsSteps(
      { createdAtMs: input.createdAtMs, files, carries: SEASON_BACKUP_CARRIES, kind: 'season-service' },
      CHUNK_BYTES,
    ),
  );
  const sealed = await stepped(
    sealBackupSteps({
      contents,
      salt: input.key.salt,
      nonce: input.randomBytes(12),
      scrypt: BACKUP_SCRYPT,
      derived: input.key.derived,
      chunkBytes: CHUNK_BYTES,
    }),
  );
  try {
    await replaceFileAtomicallyAsync(input.outFile, sealed);
  } catch (error) {
    const fault = writeFaultOf(error, {
      target: input.outFile,
      writing: `the backup ${input.outFile}`,
      left: NOTHING_WRITTEN,
      elsewhere: 'give --backup-dir a folder on another disk',
    });
    if (fault === undefined) throw error;
    return { ok: false, error: fault };
  }
  return ok({
    file: input.outFile,
    bytes: sealed.length,
    sha256: await stepped(sha256HexSteps(sealed, CHUNK_BYTES)),
    createdAtMs: input.createdAtMs,
    files: files.map((f) => ({ path: f.path, bytes: f.bytes.length })),
  });
}
