import { join, resolve } from 'node:path';
import { backupAfterAct, DEFAULT_BACKUP_KEEP, type BackupPolicy } from '../services/backup/backup-after-act.ts';
import { readBackupPassphrase } from '../services/backup/passphrase-file.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import type { CliIo } from './io.ts';
import { extended, group, may, need } from './options/synopsis.ts';
import { dbPathFrom } from './proofs-options.ts';

/**
 * The commands that change the season, each followed by a backup when a backup folder is set (docs/operator-database.md
 * "Backups").
 */
export const BACKED_UP_COMMANDS = [
  'freeze create',
  'freeze adopt',
  'freeze publish',
  'freeze reveal',
  'season close',
  'season invalidate',
  'season notice',
  'season publish',
  'dispute decide',
  'index export',
] as const;

/** The environment variable naming the backup folder when --backup-dir is absent: set once, never remembered. */
export const BACKUP_DIR_ENV = 'PROVEIT_BACKUP_DIR';

/** The backup flags in a synopsis; `proveit console` names them in its own and parses them itself. */
export const BACKUP_AFTER_ITEMS = [
  group(need('backup-dir'), may('backup-passphrase-file'), may('backup-keep')),
] as const;

const FLAGS = ['backup-dir', 'backup-passphrase-file', 'backup-keep'] as const;
type Flag = (typeof FLAGS)[number];

/** Takes the backup flags out of the arguments (`--flag VALUE` or `--flag=VALUE`); the rest go to the command. */
export function splitBackupFlags(args: readonly string[]): {
  rest: string[];
  flags: Partial<Record<Flag, string>>;
  missing: Flag | null;
} {
  const rest: string[] = [];
  const flags: Partial<Record<Flag, string>> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const flag = FLAGS.find((f) => arg === `--${f}` || arg.startsWith(`--${f}=`));
    if (flag === undefined) {
      rest.push(arg);
      continue;
    }
    if (arg.includes('=')) flags[flag] = arg.slice(arg.indexOf('=') + 1);
    else if (i + 1 < args.length) flags[flag] = args[++i]!;
    else return { rest, flags, missing: flag };
  }
  return { rest, flags, missing: null };
}

/** The value of `--name` among the command's own arguments, as parseArgs would read it (the last one wins). */
function optionValue(args: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) value = args[i + 1];
    else if (args[i]!.startsWith(`--${name}=`)) value = args[i]!.slice(name.length + 3);
  }
  return value;
}

/**
 * A season-changing command followed by a backup (docs/operator-database.md "Backups"): with --backup-dir DIR (or
 * $PROVEIT_BACKUP_DIR), the passphrase is read first (--backup-passphrase-file, default DIR/passphrase; refused before
 * the act when it cannot be used), the act runs, and once it succeeded (exit 0, or 3: a close with pending
 * participants is recorded) a timestamped backup goes into DIR, keeping the last --backup-keep (default 10). A
 * failed backup is said on stderr and in the audit log, and the act's exit code stands: the act is never undone.
 */
export function withBackupAfter(command: Command, clock: Clock = systemClock): Command {
  if (!(BACKED_UP_COMMANDS as readonly string[]).includes(command.path.join(' '))) return command;
  const wrapped: Command = {
    ...command,
    synopsis: extended(command.synopsis, BACKUP_AFTER_ITEMS),
    async run(args, io) {
      const { rest, flags, missing } = splitBackupFlags(args);
      if (missing) return usageError(io, wrapped, `--${missing} needs a value`);
      if (rest.includes('--help')) return command.run(rest, io);
      const policy = await backupPolicyOf(wrapped, io, flags);
      if (policy === null) return command.run(rest, io);
      if (typeof policy === 'number') return policy;
      const code = await command.run(rest, io);
      if (code !== EXIT.ok && code !== EXIT.pending) return code;
      const name = command.path.join(' ');
      const outcome = await backupAfterAct({
        dbFile: dbPathFrom(optionValue(rest, 'db')),
        policy,
        clock,
        actor: actorOf({ actor: optionValue(rest, 'actor') }),
        act: name,
      });
      if (outcome.ok) io.err(`proveit ${name}: backup written to ${outcome.backup.file}\n`);
      else
        io.err(
          `proveit ${name}: BACKUP FAILED: ${outcome.error.code}: ${outcome.error.message}\n` +
            `proveit ${name}: the ${name} itself is done and stands; back the database up now: ` +
            `proveit backup create --db FILE --out FILE --passphrase-file FILE\n`,
        );
      return code;
    },
  };
  return wrapped;
}

/**
 * The backup policy of --backup-dir (or $PROVEIT_BACKUP_DIR), --backup-passphrase-file and --backup-keep: null when
 * no folder is set, an exit code once a refusal is printed (a usage error, a passphrase that cannot be used).
 */
export async function backupPolicyOf(
  command: Command,
  io: CliIo,
  flags: Partial<Record<Flag, string | undefined>>,
): Promise<BackupPolicy | number | null> {
  const given = flags['backup-dir'] ?? process.env[BACKUP_DIR_ENV];
  if (given === undefined || given === '') return null;
  const dir = resolve(given);
  let keep = DEFAULT_BACKUP_KEEP;
  if (flags['backup-keep'] !== undefined) {
    keep = Number(flags['backup-keep']);
    if (!/^[1-9][0-9]{0,5}$/.test(flags['backup-keep']))
      return usageError(
        io,
        command,
        `--backup-keep must be a whole number of backups, at least 1 (got ${flags['backup-keep']})`,
      );
  }
  const passphraseFile = resolve(flags['backup-passphrase-file'] ?? join(dir, 'passphrase'));
  const passphrase = await readBackupPassphrase(passphraseFile, {
    forCreate: true,
    option: '--backup-passphrase-file',
  });
  if (!passphrase.ok) {
    io.err(
      `proveit ${command.path.join(' ')}: ${passphrase.error.code}: ${passphrase.error.message} ` +
        '(nothing was done: the act waits for a usable backup passphrase)\n',
    );
    return EXIT.failed;
  }
  return { dir, passphrase: passphrase.value, passphraseFile, keep };
}
