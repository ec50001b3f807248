import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackup, sealBackup } from '../../../main/core/backup/backup-container.ts';
import { unpackBackupContents } from '../../../main/core/backup/backup-contents.ts';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';
import { createDispatcher, type Dispatch } from '../../../main/ipc/dispatcher.ts';
import { insertIndexVersion, insertSigningKey } from '../../../main/db/index-exports.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { recordAction } from '../../../main/services/audit/record-action.ts';
import { withBackupsAfterActs } from '../../../main/console/backups-after-acts.ts';
import type { ConsoleContext } from '../../../main/console/console-context.ts';
import { ConsoleEvents } from '../../../main/console/console-events.ts';
import { createConsoleHandlers } from '../../../main/console/console-handlers.ts';
import { tempFolder } from '../../db/support/temp-db.ts';

// The Backups screen's channels (main/console/handlers/backup-handlers.ts, docs/console-backend.md
// "Backups") through the choke point, on a database with an Index export recorded and its folder beside it.
const folder = tempFolder('proveit-backup-handlers-');
const PASSPHRASE = 'correct horse battery staple';
const dbFile = folder.file('console.sqlite');
const dir = folder.file('backups');
let db: Db;
let ctx: ConsoleContext;
let call: Dispatch;
let t = Date.parse('2026-12-02T10:00:00.000Z');

const value = async (channel: string, args: unknown = {}) => {
  const answer = await call(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}: ${answer.error.message}`);
  return answer.value as Record<string, unknown>;
};

beforeAll(() => {
  db = openDatabase(dbFile);
  // Season 1's Index version 1, recorded with the index.json its folder holds (as exportIndex records it).
  const indexJson = Buffer.from('{"format":"proveit-index/1","index_version":1,"season":1}');
  mkdirSync(folder.file('index-exports/season-1-1764669600000'), { recursive: true });
  writeFileSync(folder.file('index-exports/season-1-1764669600000/index.json'), indexJson);
  insertSigningKey(db, 'cd'.repeat(32), 'ab'.repeat(32), t);
  insertIndexVersion(db, {
    season: 1,
    indexVersion: 1,
    correctsVersion: null,
    exportedAtMs: t,
    actor: 'Ana Lima',
    keyId: 'cd'.repeat(32),
    publicationsJson: '{}',
    indexJson,
    indexSha256: sha256Hex(indexJson),
  });
  ctx = {
    mode: 'headless',
    corpusDir: join(process.cwd(), 'corpus'),
    db,
    dbFile,
    clock: { now: () => (t += 1000), sleep: async () => {} },
    events: new ConsoleEvents(),
    jobs: null,
    backupDir: dir,
    actor: { name: 'Ana Lima', from: 'option' },
  };
  const backups = withBackupsAfterActs(
    createConsoleHandlers(ctx),
    ctx,
    { dir, passphrase: PASSPHRASE, passphraseFile: folder.file('passphrase'), keep: 10 },
    () => {},
  );
  call = createDispatcher(backups.handlers);
});

afterAll(() => {
  db?.close();
  folder.remove();
});

describe('the Backups screen’s channels', () => {
  it('without a backup folder, backup.list answers dir null and the acts are refused CONSOLE_BACKUP_NOT_CONFIGURED', async () => {
    const plain = createDispatcher(createConsoleHandlers({ ...ctx, backupDir: null }));
    expect(await plain('backup.list', {})).toEqual({ ok: true, value: { dir: null, keep: null, backups: [] } });
    for (const [channel, args] of [
      ['backup.create', {}],
      ['backup.verify', { name: 'console-20261202T100000000Z.backup' }],
      ['backup.restore_check', { name: 'console-20261202T100000000Z.backup' }],
    ] as const) {
      const answer = await plain(channel, args);
      expect(answer.ok ? null : answer.error.code, channel).toBe('CONSOLE_BACKUP_NOT_CONFIGURED');
    }
  });

  it('Back up now writes a backup carrying the Index exports under the session’s actor; verify says what it checked; no answer holds the passphrase', async () => {
    const made = await value('backup.create');
    expect(made['name']).toMatch(/^console-20261202T\d{9}Z\.backup$/);
    expect(made['check']).toBeNull();
    expect(made['restore_command']).toBe(
      `proveit backup restore ${join(dir, made['name'] as string)} --passphrase-file ${folder.file('passphrase')} ` +
        `--db NEW_FOLDER/console.sqlite --replaces ${dbFile}`,
    );
    const entry = db.prepare("SELECT actor FROM audit_log WHERE action = 'backup.create'").get() as { actor: string };
    expect(entry.actor).toBe('Ana Lima');
    // The backup holds the export folder's file beside the database, and says it carries index-exports/ (format 2).
    const opened = openBackup(readFileSync(join(dir, made['name'] as string)), PASSPHRASE);
    const contents = opened.ok ? unpackBackupContents(opened.value) : null;
    expect(contents?.ok && contents.value.files.map((f) => f.path)).toContain(
      'index-exports/season-1-1764669600000/index.json',
    );
    expect(contents?.ok && contents.value.carries).toEqual([
      'index-signing-key.pem',
      'freezes',
      'index-exports',
      'index',
    ]);

    const verified = await value('backup.verify', { name: made['name'] });
    expect(verified).toMatchObject({ kind: 'verify', ok: true, error: null, carries_index_exports: true });
    expect(verified['audit_entries']).toBe(0);
    const listed = await value('backup.list');
    expect(listed['dir']).toBe(dir);
    expect((listed['backups'] as unknown as { name: string; check: unknown }[])[0]).toMatchObject({
      name: made['name'],
      check: verified,
    });
    expect(JSON.stringify([made, verified, listed])).not.toContain(PASSPHRASE);
  });

  it('a restore check restores beside the running database, finds its Index export agreeing, names the acts since, and leaves nothing behind', async () => {
    const name = ((await value('backup.list'))['backups'] as unknown as { name: string }[])[0]!.name;
    recordAction(db, ctx.clock, { actor: 'Ana Lima', action: 'backup.failed', summary: 'an act after the backup' });
    const before = readdirSync(folder.path).sort();
    const checked = await value('backup.restore_check', { name });
    expect(checked).toMatchObject({ kind: 'restore_check', ok: true, carries_index_exports: true });
    expect(checked['index_exports']).toEqual([
      { season: 1, version: 1, folder: 'index-exports/season-1-1764669600000', agrees: true },
    ]);
    expect((checked['warnings'] as unknown as { code: string }[]).map((w) => w.code)).toEqual([
      'BACKUP_RESTORE_BEHIND_REPLACED',
    ]);
    expect(readdirSync(folder.path).sort()).toEqual(before);
  });

  it('a format 1 backup (made before backups carried the Index exports) verifies; its restore check finds the recorded export missing', async () => {
    const name = ((await value('backup.list'))['backups'] as unknown as { name: string }[])[0]!.name;
    const opened = openBackup(readFileSync(join(dir, name)), PASSPHRASE);
    const contents = opened.ok ? unpackBackupContents(opened.value) : null;
    if (!contents?.ok) throw new Error('the backup does not open');
    // What a format 1 writer wrote: the database and the signing key and freezes/ only, no `carries`.
    const files = contents.value.files.filter((f) => !f.path.startsWith('index-exports/'));
    const manifest = pyObjectFrom([
      ['format', 'proveit-backup-contents/1'],
      ['created_at_ms', BigInt(contents.value.createdAtMs)],
      [
        'files',
        files.map((f) =>
          pyObjectFrom([
            ['path', f.path],
            ['bytes', BigInt(f.bytes.length)],
            ['sha256', sha256Hex(f.bytes)],
          ]),
        ),
      ],
    ]);
    const text = Buffer.from(canonical(manifest), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(text.length);
    const older = 'console-20261101T100000000Z.backup';
    writeFileSync(
      join(dir, older),
      sealBackup({
        contents: Buffer.concat([length, text, ...files.map((f) => f.bytes)]),
        passphrase: PASSPHRASE,
        salt: new Uint8Array(16).fill(1),
        nonce: new Uint8Array(12).fill(2),
        scrypt: { log2N: 14, r: 8, p: 1 },
      }),
    );
    expect(await value('backup.verify', { name: older })).toMatchObject({ ok: true, carries_index_exports: false });
    const checked = await value('backup.restore_check', { name: older });
    expect(checked['index_exports']).toEqual([{ season: 1, version: 1, folder: null, agrees: false }]);
    const codes = (checked['warnings'] as unknown as { code: string; message: string }[]).map((w) => w.code);
    expect(codes).toContain('BACKUP_RESTORE_INDEX_EXPORT_MISSING');
  });

  it('a backup is named by its file name in the folder: another name is CONSOLE_BACKUP_NOT_FOUND, a path IPC_BAD_ARGUMENTS; a backup under another passphrase answers BACKUP_PASSPHRASE_WRONG', async () => {
    const missing = await call('backup.verify', { name: 'console-20200101T000000000Z.backup' });
    expect(missing.ok ? null : missing.error.code).toBe('CONSOLE_BACKUP_NOT_FOUND');
    const path = await call('backup.verify', { name: '../console.sqlite' });
    expect(path.ok ? null : path.error.code).toBe('IPC_BAD_ARGUMENTS');
    const other = 'console-20261001T100000000Z.backup';
    writeFileSync(
      join(dir, other),
      sealBackup({
        contents: Buffer.from('x'),
        passphrase: 'another long passphrase',
        salt: new Uint8Array(16).fill(3),
        nonce: new Uint8Array(12).fill(4),
        scrypt: { log2N: 14, r: 8, p: 1 },
      }),
    );
    const checked = await value('backup.verify', { name: other });
    expect(checked).toMatchObject({ ok: false, error: { code: 'BACKUP_PASSPHRASE_WRONG' } });
  });
});
