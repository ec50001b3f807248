import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCreateCommand, backupRestoreCommand, backupVerifyCommand } from '../../main/cli/backup-commands.ts';
import { pyObjectFrom } from '../../main/core/json/value.ts';
import { appendAudit } from '../../main/db/audit-log.ts';
import { insertFreeze, sealOf } from '../../main/db/freezes.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { defaultKeyFile, loadOrCreateSigningKey } from '../../main/services/index-export/signing-key.ts';
import { captureIo } from '../support/capture-io.ts';
import { freezeRow } from '../db/support/freeze-row.ts';
import { tempFolder } from '../db/support/temp-db.ts';

const folder = tempFolder('proveit-backup-cli-');
const PASSPHRASE = 'correct horse battery staple 7319';
const SALT_HEX = '9f3c1d'.repeat(10) + 'abcd';
const ANSWER_KEY = '{"tasks":[{"task_id":"T-answer-key-marker-4411","verdict":"non_conforme"}]}';
let dbFile: string;
let passFile: string;
let pem: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command outputs are checked field by field
type Json = Record<string, any>;

async function run(command: typeof backupCreateCommand, args: string[]) {
  const io = captureIo();
  const code = await command.run(args, io);
  const doc = args.includes('--json') && io.stdout ? (JSON.parse(io.stdout) as Json) : null;
  return { code, io, doc };
}

const create = (out: string, extra: string[] = []) =>
  run(backupCreateCommand, ['--db', dbFile, '--out', out, '--passphrase-file', passFile, '--json', ...extra]);

beforeAll(() => {
  dbFile = folder.file('season/console.sqlite');
  const db = openDatabase(dbFile);
  insertFreeze(db, freezeRow('prf_20260914_181440_541795', null, 1_790_000_000_000), {
    saltHex: SALT_HEX,
    answerKey: ANSWER_KEY,
  });
  appendAudit(db, {
    atMs: 1_790_000_000_000,
    actor: 'alice',
    action: 'freeze.create',
    summary: 'froze',
    details: pyObjectFrom([]),
  });
  db.close();
  const key = loadOrCreateSigningKey(defaultKeyFile(dbFile));
  if (!key.ok) throw new Error(key.error.message);
  pem = key.value.pem;
  mkdirSync(folder.file('season/freezes'));
  writeFileSync(folder.file('season/freezes/season-1-conformite-publication.json'), '{"freezes":[]}\n');
  passFile = folder.file('passphrase');
  writeFileSync(passFile, `${PASSPHRASE}\n`, { mode: 0o600 });
});

afterAll(() => folder.remove());

describe('proveit backup create / verify / restore', () => {
  let backup: string;

  it('backs up a database another connection is writing to, and keeps only what was committed', async () => {
    // The console running: another connection holds a write transaction, uncommitted, while the backup is taken.
    const consoleDb = new Database(dbFile);
    consoleDb.pragma('busy_timeout = 10000');
    consoleDb.exec('BEGIN IMMEDIATE');
    appendAudit(consoleDb, {
      atMs: 1_790_000_000_500,
      actor: 'bob',
      action: 'index.export',
      summary: 'in flight',
      details: pyObjectFrom([]),
    });
    backup = folder.file('backups/first.backup');
    const running = create(backup);
    // The console's write ends while the snapshot is being copied (its file exists beside the database), as a
    // console's short transaction would; the backup neither waits for it nor sees it.
    while (!readdirSync(folder.file('season')).some((n) => n.includes('.backup-snapshot-')))
      await new Promise((r) => setImmediate(r));
    consoleDb.exec('ROLLBACK');
    consoleDb.close();
    const created = await running;
    expect(created.code).toBe(0);
    expect(created.doc!.files.map((f: Json) => f.path)).toEqual([
      'console.sqlite',
      'index-signing-key.pem',
      'freezes/season-1-conformite-publication.json',
    ]);
    expect(created.doc!.sha256).toMatch(/^[0-9a-f]{64}$/);

    const verified = await run(backupVerifyCommand, [backup, '--passphrase-file', passFile, '--json']);
    expect(verified.code).toBe(0);
    expect(verified.doc!.freezes).toEqual([
      expect.objectContaining({
        proof_id: 'prf_20260914_181440_541795',
        season: 1,
        track: 'conformite',
        revealed_at: null,
      }),
    ]);
    // The entry in flight was not committed: the backup holds the one committed entry.
    expect(verified.doc!.audit.entries).toBe(1);
  });

  it('the backup.create is recorded in the audit log of the database, after the snapshot', () => {
    const db = openDatabase(dbFile, { readOnly: true });
    const actions = (db.prepare('SELECT action FROM audit_log ORDER BY seq').all() as { action: string }[]).map(
      (r) => r.action,
    );
    db.close();
    expect(actions).toEqual(['freeze.create', 'backup.create']);
  });

  it('holds neither the salt, nor the answer key, nor the signing key in clear', () => {
    const bytes = readFileSync(backup);
    const pemBody = pem
      .split('\n')
      .filter((l) => l && !l.startsWith('-----'))
      .join('');
    for (const secret of [SALT_HEX, ANSWER_KEY, 'T-answer-key-marker-4411', pemBody, 'PRIVATE KEY', 'SQLite format 3'])
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
    expect(bytes.includes(Buffer.from(SALT_HEX, 'hex'))).toBe(false);
  });

  it('restores into a new file: the database opens, has the same rows, and the files beside it come back', async () => {
    const newDb = folder.file('restored/console.sqlite');
    const restored = await run(backupRestoreCommand, [backup, '--passphrase-file', passFile, '--db', newDb, '--json']);
    expect(restored.code).toBe(0);
    const db = openDatabase(newDb);
    expect(sealOf(db, 'prf_20260914_181440_541795')).toEqual({ saltHex: SALT_HEX, answerKey: ANSWER_KEY });
    expect((db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n).toBe(1);
    db.close();
    expect(readFileSync(folder.file('restored/index-signing-key.pem'), 'utf8')).toBe(pem);
    expect(readFileSync(folder.file('restored/freezes/season-1-conformite-publication.json'), 'utf8')).toBe(
      '{"freezes":[]}\n',
    );
  });

  it('a restore onto an existing database is refused (BACKUP_RESTORE_EXISTS) and touches nothing', async () => {
    const before = readFileSync(dbFile);
    const restored = await run(backupRestoreCommand, [backup, '--passphrase-file', passFile, '--db', dbFile, '--json']);
    expect(restored.code).toBe(1);
    expect(restored.doc!.code).toBe('BACKUP_RESTORE_EXISTS');
    expect(readFileSync(dbFile).equals(before)).toBe(true);
  });

  it('a restore where only the signing key exists beside the new path is refused too (BACKUP_RESTORE_EXISTS)', async () => {
    mkdirSync(folder.file('keyonly'));
    writeFileSync(folder.file('keyonly/index-signing-key.pem'), 'another key');
    const restored = await run(backupRestoreCommand, [
      backup,
      '--passphrase-file',
      passFile,
      '--db',
      folder.file('keyonly/console.sqlite'),
      '--json',
    ]);
    expect(restored.doc!.code).toBe('BACKUP_RESTORE_EXISTS');
    expect(readdirSync(folder.file('keyonly'))).toEqual(['index-signing-key.pem']);
  });

  describe('a damaged backup or a wrong passphrase: exit 1 with its code, nothing written', () => {
    const damaged = (name: string, bytes: Buffer) => {
      const file = folder.file(name);
      writeFileSync(file, bytes);
      return file;
    };

    it.each([
      ['a wrong passphrase', () => backup, 'other passphrase file', 'BACKUP_PASSPHRASE_WRONG'],
      [
        'a byte of the body flipped',
        () => damaged('flipped.backup', flip(readFileSync(backup), 200)),
        null,
        'BACKUP_ALTERED',
      ],
      [
        'the file cut short',
        () => damaged('cut.backup', readFileSync(backup).subarray(0, 5000)),
        null,
        'BACKUP_TRUNCATED',
      ],
      ['the database itself', () => dbFile, null, 'BACKUP_NOT_A_BACKUP'],
      [
        'a future format version',
        () => damaged('v9.backup', setByte(readFileSync(backup), 16, 9)),
        null,
        'BACKUP_VERSION_UNKNOWN',
      ],
    ])('%s', async (_what, file, otherPass, code) => {
      let pass = passFile;
      if (otherPass) {
        pass = folder.file('wrong-passphrase');
        writeFileSync(pass, 'not the passphrase at all\n');
      }
      const verified = await run(backupVerifyCommand, [file(), '--passphrase-file', pass, '--json']);
      expect(verified.code).toBe(1);
      expect(verified.doc!.code).toBe(code);
      const target = folder.file(`refused-${code}/console.sqlite`);
      const restored = await run(backupRestoreCommand, [file(), '--passphrase-file', pass, '--db', target]);
      expect(restored.code).toBe(1);
      expect(restored.io.stderr).toContain(code);
      expect(existsSync(folder.file(`refused-${code}`))).toBe(false);
    });
  });

  describe('the passphrase file', () => {
    it.each([
      ['missing', null, 'BACKUP_PASSPHRASE_FILE_MISSING'],
      ['empty', '\n', 'BACKUP_PASSPHRASE_FILE_EMPTY'],
      ['too short at create', 'eleven char\n', 'BACKUP_PASSPHRASE_FILE_TOO_SHORT'],
    ])('%s: create refuses with its code and writes no backup', async (what, text, code) => {
      const file = folder.file(`pass-${what}`);
      if (text !== null) writeFileSync(file, text);
      const out = folder.file(`not-written-${code}.backup`);
      const created = await run(backupCreateCommand, [
        '--db',
        dbFile,
        '--out',
        out,
        '--passphrase-file',
        file,
        '--json',
      ]);
      expect(created.code).toBe(1);
      expect(created.doc!.code).toBe(code);
      expect(existsSync(out)).toBe(false);
      if (text !== null) expect(created.io.stdout).not.toContain(text.trim() || '\u0000');
    });

    it('a database that does not exist is refused (BACKUP_DB_MISSING), not created empty', async () => {
      const missing = folder.file('nowhere/console.sqlite');
      const created = await run(backupCreateCommand, [
        '--db',
        missing,
        '--out',
        folder.file('x.backup'),
        '--passphrase-file',
        passFile,
        '--json',
      ]);
      expect(created.doc!.code).toBe('BACKUP_DB_MISSING');
      expect(existsSync(folder.file('nowhere'))).toBe(false);
    });

    it('the passphrase never appears in any output, with --json or without', async () => {
      const outputs: string[] = [];
      for (const json of [[], ['--json']]) {
        const c = await run(backupCreateCommand, [
          '--db',
          dbFile,
          '--out',
          folder.file('p.backup'),
          '--passphrase-file',
          passFile,
          ...json,
        ]);
        const v = await run(backupVerifyCommand, [folder.file('p.backup'), '--passphrase-file', passFile, ...json]);
        const r = await run(backupRestoreCommand, [
          folder.file('p.backup'),
          '--passphrase-file',
          passFile,
          '--db',
          folder.file(`p${json.length}/console.sqlite`),
          ...json,
        ]);
        expect([c.code, v.code, r.code]).toEqual([0, 0, 0]);
        for (const x of [c, v, r]) outputs.push(x.io.stdout, x.io.stderr);
      }
      for (const text of outputs) {
        expect(text).not.toContain(PASSPHRASE);
        expect(text).not.toContain(SALT_HEX);
        expect(text).not.toContain('T-answer-key-marker-4411');
      }
    });
  });

  it('killed with SIGKILL during a backup: the previous backup at --out and the database are intact', async () => {
    const out = folder.file('backups/kill.backup');
    expect((await create(out)).code).toBe(0);
    const previous = readFileSync(out);
    const dbBefore = readFileSync(dbFile);

    const child = spawn(process.execPath, [
      join(process.cwd(), 'bin/proveit.mjs'),
      ...['backup', 'create', '--db', dbFile, '--out', out, '--passphrase-file', passFile],
    ]);
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    let done = false;
    void exited.then(() => (done = true));
    // Killed as soon as its snapshot or its partial file exists: the backup is under way.
    const underWay = () =>
      readdirSync(folder.file('season')).some((n) => n.includes('.backup-snapshot-')) ||
      readdirSync(folder.file('backups')).some((n) => n.includes('.partial-'));
    while (!done && !underWay()) await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    child.kill('SIGKILL');
    await exited;

    expect(readFileSync(out).equals(previous)).toBe(true);
    expect((await run(backupVerifyCommand, [out, '--passphrase-file', passFile, '--json'])).code).toBe(0);
    expect(readFileSync(dbFile).equals(dbBefore)).toBe(true);
    const db = openDatabase(dbFile, { readOnly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    // The next backup removes the snapshot the killed one left beside the database.
    expect((await create(out)).code).toBe(0);
    expect(readdirSync(folder.file('season')).filter((n) => n.includes('.backup-snapshot-'))).toEqual([]);
  });
});

function flip(bytes: Buffer, at: number): Buffer {
  bytes[at]! ^= 1;
  return bytes;
}

function setByte(bytes: Buffer, at: number, value: number): Buffer {
  bytes[at] = value;
  return bytes;
}
