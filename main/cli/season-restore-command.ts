import type { Failure } from '../core/result.ts';
import { readBackupPassphrase } from '../services/backup/passphrase-file.ts';
import { restoreSeasonBackup } from '../services/backup/restore-season-backup.ts';
import type { VerifiedSeasonBackup } from '../services/backup/verify-season-backup.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson, type CliIo } from './io.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { may, need, positional, synopsis } from './options/synopsis.ts';

const SYNOPSIS = synopsis([
  positional('BACKUP', 'a backup `season serve --backup-dir` wrote'),
  need('state', { value: 'NEWDIR', help: 'the new state folder: one that does not exist yet, or is empty' }),
  need('passphrase-file', { help: 'the file holding the passphrase the backup was written with' }),
  may('json'),
]);

/** A refusal: `proveit season restore: CODE: message` on stderr, or the JSON document; exit 1, nothing written. */
function refuse(io: CliIo, json: boolean, error: Failure): number {
  if (json) printJson(io, { ok: false, code: error.code, message: error.message, details: error.details ?? null });
  else io.err(`proveit season restore: ${error.code}: ${error.message}\n`);
  return EXIT.failed;
}

/** What a season service backup holds, for `season restore` and `backup verify`: counts only, never a secret. */
export function seasonBackupJson(v: VerifiedSeasonBackup) {
  return {
    kind: 'season-service',
    created_at: new Date(v.createdAtMs).toISOString(),
    files: v.files.map((f) => ({ path: f.path, bytes: f.bytes.length })),
    receipt_public_key: v.receiptPublicKey,
    participants: v.summary.participants,
    submissions: v.summary.submissions.map((s) => ({
      track: s.track,
      count: s.count,
      last_received_at: s.lastReceivedAt,
    })),
    freezes_received: v.summary.freezesReceived,
  };
}

export function seasonBackupLines(v: VerifiedSeasonBackup): string {
  const s = v.summary;
  return [
    `season service state of ${new Date(v.createdAtMs).toISOString()}; files: ${v.files.map((f) => `${f.path} (${f.bytes.length} bytes)`).join(', ')}`,
    `integrity_check ok; receipt key ${v.receiptPublicKey}`,
    `${s.participants} participants, ${s.freezesReceived} freezes received`,
    ...s.submissions.map((t) => `submissions: ${t.track}: ${t.count}, last ${t.lastReceivedAt}`),
  ]
    .map((l) => `  ${l}\n`)
    .join('');
}

export const seasonRestoreCommand: Command = {
  path: ['season', 'restore'],
  summary: "rebuild the season service's state folder from a backup `season serve --backup-dir` wrote",
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, seasonRestoreCommand, parsed.message);
    const { values, positionals } = parsed;
    if (positionals.length !== 1) return usageError(io, seasonRestoreCommand, 'give exactly one BACKUP file');
    const passphrase = await readBackupPassphrase(values['passphrase-file'], { forCreate: false });
    if (!passphrase.ok) return refuse(io, values.json, passphrase.error);
    const restored = await restoreSeasonBackup({
      file: positionals[0]!,
      passphrase: passphrase.value,
      stateDir: values.state,
    });
    if (!restored.ok) return refuse(io, values.json, restored.error);
    const r = restored.value;
    if (values.json) printJson(io, { ok: true, state: r.stateDir, written: r.written, ...seasonBackupJson(r) });
    else
      io.out(
        `restored into ${r.stateDir}\n${r.written.map((w) => `  wrote ${w}\n`).join('')}${seasonBackupLines(r)}` +
          `  serve it: proveit season serve --state ${r.stateDir} (with the season's own options)\n`,
      );
    return EXIT.ok;
  },
};
