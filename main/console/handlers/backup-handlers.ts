import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isoUtc } from '../../core/time/iso-utc.ts';
import type { BackupCheck, BackupListing, BackupRestoreCheck, BackupsView, Channel } from '../../ipc/contract.ts';
import type { Handlers } from '../../ipc/dispatcher.ts';
import { HandlerRefusal } from '../../ipc/refusal.ts';
import type { Failure } from '../../core/result.ts';
import { backupFileName, backupsIn, type BackupPolicy } from '../../services/backup/backup-after-act.ts';
import { createBackup } from '../../services/backup/create-backup.ts';
import { checkRestore } from '../../services/backup/restore-check.ts';
import { verifyBackup } from '../../services/backup/verify-backup.ts';
import { type ConsoleContext } from '../console-context.ts';
import { actingAs } from '../session-actor.ts';

/** The channels of the Backups screen (docs/console-backend.md "Backups"). */
export type BackupChannel = Extract<Channel, `backup.${string}`>;

/**
 * The console's backups as it was started (`--backup-dir DIR [--backup-passphrase-file FILE] [--backup-keep N]`): the
 * policy (its passphrase stays here, in main) and the one line backups wait in, shared with the backups after acts
 * (main/console/backups-after-acts.ts), so two never run at once.
 */
export interface ConsoleBackups {
  policy: BackupPolicy;
  inTurn<T>(work: () => Promise<T>): Promise<T>;
}

/** The backup's time from its name (console-20261202T010600123Z.backup), as backupFileName writes it. */
function createdAtOf(name: string): string {
  const m = /-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.backup$/.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z` : '';
}

const notConfigured = () =>
  new HandlerRefusal(
    'CONSOLE_BACKUP_NOT_CONFIGURED',
    'this console was started without a backup folder: start it with --backup-dir DIR (the passphrase in DIR/passphrase, ' +
      'or --backup-passphrase-file FILE), or back up with proveit backup create',
  );

/** The restore of a backup, as staff type it once the console is stopped (a console never replaces its own database). */
function restoreCommand(policy: BackupPolicy, dbFile: string, name: string): string {
  const passphraseFile = policy.passphraseFile ?? join(policy.dir, 'passphrase');
  return (
    `proveit backup restore ${join(policy.dir, name)} --passphrase-file ${passphraseFile} ` +
    `--db NEW_FOLDER/${basename(dbFile)} --replaces ${dbFile}`
  );
}

/**
 * What the Backups screen knows of each file: its listing, its name checked against this database's backups, and the
 * last check of each kept for the session by name, size and time (a file replaced meanwhile is "not checked" again).
 */
class BackupChecks {
  readonly #checks = new Map<string, { stamp: string; check: BackupCheck }>();

  constructor(private readonly ctx: ConsoleContext) {}

  #stampOf(file: string): string {
    const s = statSync(file);
    return `${s.size}/${s.mtimeMs}`;
  }

  listing = (policy: BackupPolicy, dbFile: string, name: string): BackupListing => {
    const file = join(policy.dir, name);
    const kept = this.#checks.get(name);
    return {
      name,
      created_at: createdAtOf(name),
      bytes: statSync(file).size,
      check: kept !== undefined && kept.stamp === this.#stampOf(file) ? kept.check : null,
      restore_command: restoreCommand(policy, dbFile, name),
    };
  };

  fileOf = (policy: BackupPolicy, dbFile: string, name: string): string => {
    if (!backupsIn(policy.dir, dbFile).includes(name))
      throw new HandlerRefusal(
        'CONSOLE_BACKUP_NOT_FOUND',
        `no backup ${name} of this database in ${policy.dir}: the Backups screen lists the ones there`,
        { name, dir: policy.dir },
      );
    return join(policy.dir, name);
  };

  failed = (name: string, kind: BackupCheck['kind'], error: Failure): BackupCheck => ({
    name,
    kind,
    at: isoUtc(this.ctx.clock.now())!,
    ok: false,
    error: { code: error.code, message: error.message },
    sha256: null,
    created_at: null,
    files: null,
    audit_entries: null,
    carries_index_exports: null,
  });

  keep = <C extends BackupCheck>(file: string, check: C): C => {
    this.#checks.set(check.name, { stamp: this.#stampOf(file), check });
    return check;
  };
}

/**
 * `backup.list`, `backup.create`, `backup.verify`, `backup.restore_check` (docs/console-backend.md "Backups"). Without a
 * backup folder the list answers `dir: null` and the acts are refused CONSOLE_BACKUP_NOT_CONFIGURED. A backup is named
 * by its file name in the folder, never a path: one not among this database's backups there is CONSOLE_BACKUP_NOT_FOUND.
 * The last check of each file is kept in main for the session (by name, size and time, so a file replaced meanwhile is
 * "not checked" again). A failed verification is an answer (`ok: false` with its code), not a refused call.
 */
export function backupHandlers(ctx: ConsoleContext, backups: ConsoleBackups | null): Pick<Handlers, BackupChannel> {
  const screen = new BackupChecks(ctx);
  const { listing, fileOf, failed, keep } = screen;
  const configured = (): { policy: BackupPolicy; dbFile: string; inTurn: ConsoleBackups['inTurn'] } => {
    if (backups === null || ctx.dbFile === null) throw notConfigured();
    return { policy: backups.policy, dbFile: ctx.dbFile, inTurn: backups.inTurn };
  };
  const carriesExports = (carries: readonly string[] | null) => carries !== null && carries.includes('index-exports');

  return {
    'backup.list': async (): Promise<BackupsView> => {
      if (backups === null || ctx.dbFile === null) return { dir: null, keep: null, backups: [] };
      const { policy } = backups;
      const dbFile = ctx.dbFile;
      return {
        dir: policy.dir,
        keep: policy.keep,
        backups: backupsIn(policy.dir, dbFile)
          .reverse()
          .map((name) => listing(policy, dbFile, name)),
      };
    },
    'backup.create': async (): Promise<BackupListing> => {
      const { policy, dbFile, inTurn } = configured();
      const actor = actingAs(ctx);
      const created = await inTurn(async () => {
        mkdirSync(policy.dir, { recursive: true, mode: 0o700 });
        return createBackup({
          dbFile,
          outFile: join(policy.dir, backupFileName(dbFile, ctx.clock.now())),
          passphrase: policy.passphrase,
          clock: ctx.clock,
          actor,
          randomBytes: (n) => new Uint8Array(randomBytes(n)),
        });
      });
      if (!created.ok) throw new HandlerRefusal(created.error.code, created.error.message, created.error.details);
      return listing(policy, dbFile, basename(created.value.file));
    },
    'backup.verify': async ({ name }): Promise<BackupCheck> => {
      const { policy, dbFile, inTurn } = configured();
      const file = fileOf(policy, dbFile, name);
      const verified = await inTurn(() => verifyBackup(file, policy.passphrase));
      if (!verified.ok) return keep(file, failed(name, 'verify', verified.error));
      const v = verified.value;
      return keep(file, {
        name,
        kind: 'verify',
        at: isoUtc(ctx.clock.now())!,
        ok: true,
        error: null,
        sha256: v.sha256,
        created_at: isoUtc(v.createdAtMs),
        files: v.files.length,
        audit_entries: v.audit.entries,
        carries_index_exports: carriesExports(v.carries),
      });
    },
    'backup.restore_check': async ({ name }): Promise<BackupRestoreCheck> => {
      const { policy, dbFile, inTurn } = configured();
      const file = fileOf(policy, dbFile, name);
      const checked = await inTurn(() =>
        checkRestore({ file, passphrase: policy.passphrase, dbFile, clock: ctx.clock }),
      );
      if (!checked.ok)
        return keep(file, { ...failed(name, 'restore_check', checked.error), index_exports: [], warnings: [] });
      const { restored, indexExports, warnings } = checked.value;
      return keep(file, {
        name,
        kind: 'restore_check',
        at: isoUtc(ctx.clock.now())!,
        ok: true,
        error: null,
        sha256: restored.sha256,
        created_at: isoUtc(restored.createdAtMs),
        files: restored.files,
        audit_entries: restored.audit.entries,
        carries_index_exports: carriesExports(restored.carries),
        index_exports: indexExports,
        warnings: warnings.map((w) => ({ code: w.code, message: w.message })),
      });
    },
  };
}
