import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { PublishedIndex } from '../core/audit/published-heads.ts';
import type { Failure } from '../core/result.ts';
import { isoUtc } from '../core/time/iso-utc.ts';
import type { BackupSummary } from '../db/backup-summary.ts';
import { createBackup } from '../services/backup/create-backup.ts';
import { readBackupPassphrase } from '../services/backup/passphrase-file.ts';
import { readPublishedIndex } from '../services/audit/published-index.ts';
import { restoredIndexExportFindings } from '../services/backup/index-exports-agree.ts';
import { restoreBackup } from '../services/backup/restore-backup.ts';
import {
  readReplacedChain,
  restoredChainWarnings,
  type ReplacedChain,
} from '../services/backup/restored-chain-checks.ts';
import { openBackupFile, verifyOperatorContents, type VerifiedBackup } from '../services/backup/verify-backup.ts';
import { verifySeasonContents } from '../services/backup/verify-season-backup.ts';
import { systemClock } from '../services/clock.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson, type CliIo } from './io.ts';
import { many, may, need, positional, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { dbPathFrom } from './proofs-options.ts';
import { seasonBackupJson, seasonBackupLines } from './season-restore-command.ts';

/** A refusal: `proveit backup VERB: CODE: message` on stderr, or the JSON document; exit 1, nothing written. */
function refuse(io: CliIo, verb: string, json: boolean, error: Failure): number {
  if (json) printJson(io, { ok: false, code: error.code, message: error.message, details: error.details ?? null });
  else io.err(`proveit backup ${verb}: ${error.code}: ${error.message}\n`);
  return EXIT.failed;
}

/** The report of what a backup holds: public figures only (docs/operator-database.md "Backups"). */
function contentsJson(v: VerifiedBackup) {
  return {
    created_at: isoUtc(v.createdAtMs),
    files: v.files.map((f) => ({ path: f.path, bytes: f.bytes.length })),
    // What the backup took whole beside the database (format 2); null: a format 1 backup, without the Index exports.
    carries: v.carries,
    audit: { entries: v.audit.entries, head: v.audit.head },
    freezes: v.summary.freezes.map((f) => ({
      proof_id: f.proofId,
      season: f.season,
      track: f.track,
      created_at: isoUtc(f.createdAtMs),
      replaces: f.replaces,
      revealed_at: isoUtc(f.revealedAtMs),
    })),
    closes: v.summary.closes.map((c) => ({
      season: c.season,
      track: c.track,
      count: c.count,
      last_closed_at: isoUtc(c.lastClosedAtMs),
    })),
    publications: v.summary.publications.map((p) => ({
      season: p.season,
      track: p.track,
      latest_version: p.latestVersion,
    })),
  };
}

/**
 * The files, each folder beside the database as one item (an Index export alone holds hundreds of files; --json lists
 * every one), and what a format 1 backup does not carry.
 */
function filesLine(v: VerifiedBackup): string {
  const items: string[] = [];
  const folders = new Map<string, { files: number; bytes: number }>();
  for (const f of v.files) {
    const slash = f.path.indexOf('/');
    if (slash === -1) items.push(`${f.path} (${f.bytes.length} bytes)`);
    else {
      const folder = f.path.slice(0, slash);
      const seen = folders.get(folder) ?? { files: 0, bytes: 0 };
      if (seen.files === 0) items.push(folder);
      folders.set(folder, { files: seen.files + 1, bytes: seen.bytes + f.bytes.length });
    }
  }
  const line = items
    .map((item) => {
      const folder = folders.get(item);
      return folder === undefined ? item : `${item}/ (${folder.files} files, ${folder.bytes} bytes)`;
    })
    .join(', ');
  return v.carries === null ? `${line}; format 1: made before backups carried the Index exports` : line;
}

function summaryLines(v: VerifiedBackup): string {
  const s: BackupSummary = v.summary;
  const lines = [
    `created ${isoUtc(v.createdAtMs)}; files: ${filesLine(v)}`,
    `integrity_check ok; audit log intact: ${v.audit.entries} entries, head ${v.audit.head.seq} ${v.audit.head.hash}`,
    ...s.freezes.map(
      (f) =>
        `freeze ${f.proofId}: season ${f.season} ${f.track}, ${f.replaces === null ? 'first' : `replaces ${f.replaces}`}, ` +
        (f.revealedAtMs === null ? 'sealed material present, not revealed' : `revealed ${isoUtc(f.revealedAtMs)}`),
    ),
    ...s.closes.map((c) => `closes: season ${c.season} ${c.track}: ${c.count}, last ${isoUtc(c.lastClosedAtMs)}`),
    ...s.publications.map((p) => `publication: season ${p.season} ${p.track}: version ${p.latestVersion}`),
  ];
  if (s.freezes.length === 0) lines.push('no freeze');
  return lines.map((l) => `  ${l}\n`).join('');
}

const CREATE = synopsis([
  need('db', { help: 'the database to back up', defaultText: null }),
  need('out', { help: 'the backup file to write' }),
  need('passphrase-file'),
  may('json'),
  may('actor'),
]);

export const backupCreateCommand: Command = {
  path: ['backup', 'create'],
  summary:
    'write an encrypted backup of the operator database and the files beside it (consistent while the console runs)',
  synopsis: CREATE,
  async run(args, io) {
    const parsed = parseSynopsis(CREATE, args);
    if (!parsed.ok) return usageError(io, backupCreateCommand, parsed.message);
    const { values } = parsed;
    const passphrase = await readBackupPassphrase(values['passphrase-file'], { forCreate: true });
    if (!passphrase.ok) return refuse(io, 'create', values.json, passphrase.error);
    const created = await createBackup({
      dbFile: dbPathFrom(values.db),
      outFile: values.out,
      passphrase: passphrase.value,
      clock: systemClock,
      actor: actorOf(values),
      randomBytes: (n) => new Uint8Array(randomBytes(n)),
    });
    if (!created.ok) return refuse(io, 'create', values.json, created.error);
    const c = created.value;
    if (values.json)
      printJson(io, {
        ok: true,
        file: c.file,
        bytes: c.bytes,
        sha256: c.sha256,
        created_at: isoUtc(c.createdAtMs),
        files: c.files,
      });
    else
      io.out(
        `backup written: ${c.file} (${c.bytes} bytes, sha256 ${c.sha256})\n` +
          c.files.map((f) => `  ${f.path} (${f.bytes} bytes)\n`).join(''),
      );
    return EXIT.ok;
  },
};

const BACKUP_FILE = positional('FILE', 'the backup file');
const PASSPHRASE = need('passphrase-file', { help: 'the file holding the passphrase the backup was created with' });
const VERIFY = synopsis([BACKUP_FILE, PASSPHRASE, may('json')]);
const RESTORE = synopsis([
  BACKUP_FILE,
  PASSPHRASE,
  need('db', {
    value: 'NEWFILE',
    help: 'the new database file: a path where no database exists yet',
    defaultText: null,
  }),
  may('replaces', {
    help: 'the database this restore stands in for (read only): its audit head is shown, and the acts it records that the restored one lacks',
    defaultText: 'none (the database is lost)',
  }),
  many('index', {
    help: 'a published Index folder: a restored audit log behind (or forked from) the heads it publishes is said',
    defaultText: 'none',
  }),
  may('json'),
]);

export const backupVerifyCommand: Command = {
  path: ['backup', 'verify'],
  summary:
    'decrypt a backup in memory and check it: integrity_check, the audit chain, the freezes; report what it holds',
  synopsis: VERIFY,
  async run(args, io) {
    const parsed = parseSynopsis(VERIFY, args);
    if (!parsed.ok) return usageError(io, backupVerifyCommand, parsed.message);
    const { values, positionals } = parsed;
    if (positionals.length !== 1) return usageError(io, backupVerifyCommand, 'give exactly one backup FILE');
    const passphrase = await readBackupPassphrase(values['passphrase-file'], { forCreate: false });
    if (!passphrase.ok) return refuse(io, 'verify', values.json, passphrase.error);
    const file = positionals[0]!;
    const opened = await openBackupFile(file, passphrase.value);
    if (!opened.ok) return refuse(io, 'verify', values.json, opened.error);
    // A season service's backup (docs/season-service.md "Backups") is verified with its own checks and report.
    if (opened.value.contents.kind === 'season-service') {
      const season = verifySeasonContents(file, opened.value);
      if (!season.ok) return refuse(io, 'verify', values.json, season.error);
      if (values.json) printJson(io, { ok: true, file, ...seasonBackupJson(season.value) });
      else io.out(`backup intact: ${file}\n${seasonBackupLines(season.value)}`);
      return EXIT.ok;
    }
    const verified = verifyOperatorContents(file, opened.value);
    if (!verified.ok) return refuse(io, 'verify', values.json, verified.error);
    if (values.json) printJson(io, { ok: true, file: positionals[0], ...contentsJson(verified.value) });
    else io.out(`backup intact: ${positionals[0]}\n${summaryLines(verified.value)}`);
    return EXIT.ok;
  },
};

export const backupRestoreCommand: Command = {
  path: ['backup', 'restore'],
  summary: 'restore a backup into a new database file and the files beside it (never overwrites)',
  synopsis: RESTORE,
  async run(args, io) {
    const parsed = parseSynopsis(RESTORE, args);
    if (!parsed.ok) return usageError(io, backupRestoreCommand, parsed.message);
    const { values, positionals } = parsed;
    if (positionals.length !== 1) return usageError(io, backupRestoreCommand, 'give exactly one backup FILE');
    // What the restore is compared with is read first: an Index that cannot be read refuses with nothing written, and
    // the replaced database is read as it stands before the new one exists (docs/operator-database.md "Restoring an
    // older backup").
    if (values.replaces !== undefined && !existsSync(values.replaces))
      return usageError(
        io,
        backupRestoreCommand,
        `--replaces ${values.replaces}: no database there; give the database this restore stands in for, or leave --replaces out when it is lost`,
      );
    const published: PublishedIndex[] = [];
    for (const dir of values.index ?? []) {
      const read = readPublishedIndex(dir);
      if (!read.ok) return refuse(io, 'restore', values.json, read.error);
      published.push(read.value);
    }
    const passphrase = await readBackupPassphrase(values['passphrase-file'], { forCreate: false });
    if (!passphrase.ok) return refuse(io, 'restore', values.json, passphrase.error);
    const replaced: ReplacedChain | null = values.replaces === undefined ? null : readReplacedChain(values.replaces);
    const restored = await restoreBackup({ file: positionals[0]!, passphrase: passphrase.value, dbFile: values.db! });
    if (!restored.ok) return refuse(io, 'restore', values.json, restored.error);
    const r = restored.value;
    const warnings = [
      ...restoredChainWarnings({ hashes: r.audit.hashes, backupSha256: r.sha256 }, { published, replaced }),
      // A database recording an Index version no restored folder holds (a format 1 backup predates carrying them).
      ...restoredIndexExportFindings(r.dbFile, r.carries === null),
    ];
    const replacedHead =
      replaced === null || !replaced.ok ? null : (replaced.value.at(-1) ?? { seq: 0, hash: '0'.repeat(64) });
    if (values.json)
      printJson(io, {
        ok: true,
        db: r.dbFile,
        written: r.written,
        ...contentsJson(r),
        replaced:
          replaced === null
            ? null
            : {
                db: values.replaces,
                head: replacedHead === null ? null : { seq: replacedHead.seq, hash: replacedHead.hash },
                problem: replaced.ok ? null : { code: replaced.error.code, message: replaced.error.message },
              },
        published_heads: published.reduce((n, p) => n + p.heads.length, 0),
        warnings: warnings.map((w) => ({ code: w.code, message: w.message, details: w.details ?? null })),
      });
    else {
      const replacedLine =
        replaced === null
          ? ''
          : !replaced.ok
            ? `  replaces ${values.replaces}: its audit log cannot be read (${replaced.error.code}: ${replaced.error.message}); nothing to compare\n`
            : `  replaces ${values.replaces}: audit head ${replacedHead!.seq} ${replacedHead!.hash}\n`;
      io.out(
        `restored into ${r.dbFile}\n${r.written.map((w) => `  wrote ${w}\n`).join('')}${summaryLines(r)}${replacedLine}`,
      );
      // On stderr: the restore is done (exit 0); these say what the restored database no longer records.
      for (const w of warnings) io.err(`proveit backup restore: warning: ${w.code}: ${w.message}\n`);
    }
    return EXIT.ok;
  },
};

/** The `proveit backup ...` commands (docs/operator-database.md "Backups"). */
export const backupCommands: Command[] = [backupCreateCommand, backupVerifyCommand, backupRestoreCommand];
