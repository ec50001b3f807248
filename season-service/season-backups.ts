import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Failure } from '../main/core/result.ts';
import type { Db } from '../main/db/open-database.ts';
import { backupFileName, backupsIn } from '../main/services/backup/backup-after-act.ts';
import { backupFolderFault } from '../main/services/backup/backup-folder-fault.ts';
import type { CreatedBackup } from '../main/services/backup/create-backup.ts';
import {
  createSeasonBackup,
  deriveSeasonBackupKey,
  type SeasonBackupKey,
} from '../main/services/backup/create-season-backup.ts';

export interface SeasonBackupPolicy {
  dir: string;
  /** Read once from --backup-passphrase-file at start; never logged. */
  passphrase: string;
  everyMs: number;
  keep: number;
  /**
   * Told the time (ms) of each backup written, e.g. for a `proveit_season_backup_age_seconds` gauge: the age is
   * now minus the last time told.
   */
  onBackup?: (atMs: number) => void;
  /** Told each failed backup's failure (SEASON_BACKUP_FAILED's reason), after its line is logged. */
  onBackupFailed?: (failure: Failure) => void;
}

export type SeasonBackupOutcome =
  | { ok: true; backup: CreatedBackup; removed: string[] }
  | { ok: false; error: Failure }
  /** A backup was still being written when the next was due: the next waits for the following turn. */
  | { ok: false; skipped: true };

export interface SeasonBackups {
  /** One backup now (what each turn of `everyMs` does); the outcome is also logged when it failed. */
  backupNow(): Promise<SeasonBackupOutcome>;
  /** Stops the turns and waits for a backup under way to end. */
  stop(): Promise<void>;
}

/** The log line of a failed backup: the code, its reason and what to do; never the passphrase (it is in no message). */
export function backupFailedLine(error: Failure): string {
  return (
    `proveit season serve: SEASON_BACKUP_FAILED: ${error.code}: ${error.message}; ` +
    'the service goes on serving and the earlier backups are kept; the next backup is tried at its turn\n'
  );
}

/**
 * Backups while the service serves (docs/season-service.md "Backups"): every `everyMs` a consistent, encrypted
 * snapshot of the state (main/services/backup/create-season-backup.ts) into `dir` as
 * `season-YYYYMMDDTHHMMSSmmmZ.backup`, then the oldest of the folder's season backups beyond `keep` removed. One at a
 * time: a turn that finds one under way is skipped. A failure never stops the service: it is a SEASON_BACKUP_FAILED
 * line on `log` (stderr) with its reason's code, and the earlier backups stay.
 */
export function startSeasonBackups(input: {
  db: Db;
  stateFile: string;
  policy: SeasonBackupPolicy;
  now: () => Date;
  log: (line: string) => void;
  random?: (n: number) => Uint8Array;
}): SeasonBackups {
  const { db, stateFile, policy } = input;
  const random = input.random ?? ((n: number) => new Uint8Array(randomBytes(n)));
  let running: Promise<SeasonBackupOutcome> | null = null;
  // Derived once, at the first backup (main/services/backup/create-season-backup.ts deriveSeasonBackupKey).
  let key: Promise<SeasonBackupKey> | null = null;

  async function once(): Promise<SeasonBackupOutcome> {
    const atMs = input.now().getTime();
    let error: Failure;
    try {
      await mkdir(policy.dir, { recursive: true, mode: 0o700 });
      const created = await createSeasonBackup({
        db,
        stateFile,
        outFile: join(policy.dir, backupFileName(stateFile, atMs)),
        key: await (key ??= deriveSeasonBackupKey(policy.passphrase, random).catch((error: unknown) => {
          key = null; // tried again at the next turn
          throw error;
        })),
        createdAtMs: atMs,
        randomBytes: random,
      });
      if (created.ok) {
        const all = backupsIn(policy.dir, stateFile);
        const removed = all.slice(0, Math.max(0, all.length - policy.keep));
        for (const name of removed) await rm(join(policy.dir, name), { force: true });
        policy.onBackup?.(atMs);
        return { ok: true, backup: created.value, removed };
      }
      error = created.error;
    } catch (thrown) {
      // The folder cannot be made, or something unforeseen: still a line and a code, never the end of the service.
      error = backupFolderFault(
        thrown,
        policy.dir,
        'restart the service with --backup-dir a folder on another disk',
        'BACKUP_ERROR',
      );
    }
    input.log(backupFailedLine(error));
    policy.onBackupFailed?.(error);
    return { ok: false, error };
  }

  function backupNow(): Promise<SeasonBackupOutcome> {
    if (running !== null) return Promise.resolve({ ok: false, skipped: true });
    running = once().finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => void backupNow(), policy.everyMs);
  // The turns never keep the process alive on their own: the server does, until it is stopped.
  timer.unref();
  return {
    backupNow,
    async stop() {
      clearInterval(timer);
      if (running !== null) await running;
    },
  };
}
