import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditVerifyCommand } from '../../main/cli/audit-commands.ts';
import { backupCreateCommand, backupRestoreCommand } from '../../main/cli/backup-commands.ts';
import type { Command } from '../../main/cli/command.ts';
import { buildManifest, manifestBytes } from '../../main/core/index/manifest.ts';
import type { IndexDocument } from '../../main/core/index/model.ts';
import { publicKeyOf, signingKeyId, signManifest } from '../../main/core/index/signature.ts';
import { pyObjectFrom } from '../../main/core/json/value.ts';
import { appendAudit, type AuditAction, type AuditHead } from '../../main/db/audit-log.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { captureIo } from '../support/capture-io.ts';
import { tempFolder } from '../db/support/temp-db.ts';

/**
 * Issue 36 item 5: "restoring an old backup forks the audit chain and nothing says so". The season's story on real
 * files: a backup taken after the freeze, then the close, the publication (its version quotes the head) and the
 * Index export (its signed manifest publishes that head), then a later backup. Restoring the older backup gives an
 * intact chain, shorter than the one the Index was published from: only the published Index can show it.
 */

const folder = tempFolder('proveit-audit-published-');
const PASSPHRASE = 'correct horse battery staple 5521';
let dbFile: string;
let passFile: string;
let indexDir: string;
let olderBackup: string;
let laterBackup: string;
let published: AuditHead;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command outputs are checked field by field
type Json = Record<string, any>;

async function run(command: Command, args: string[]) {
  const io = captureIo();
  const code = await command.run(args, io);
  const doc = args.includes('--json') && io.stdout ? (JSON.parse(io.stdout) as Json) : null;
  return { code, io, doc };
}

let clockMs = Date.parse('2026-09-20T12:00:00.000Z');
function act(file: string, action: AuditAction, summary: string): AuditHead {
  const db = openDatabase(file);
  try {
    clockMs += 60_000;
    return appendAudit(db, { atMs: clockMs, actor: 'ann', action, summary, details: pyObjectFrom([]) });
  } finally {
    db.close();
  }
}

/** The publication version quoting its head, inserted as audit-commands.test.ts does (its close row is not needed). */
function recordPublication(head: AuditHead): void {
  const raw = new Database(dbFile);
  try {
    raw.pragma('foreign_keys = OFF');
    raw
      .prepare(
        `INSERT INTO publication_versions (season, track, version, corrects_version, published_at_ms, actor, close_id,
           scores_json, scores_sha256, bundle_digests_json, correction_json, audit_seq, audit_hash)
         VALUES (1, 'conformite', 1, NULL, 0, 'ann', 1, x'7b7d', ?, x'7b7d', NULL, ?, ?)`,
      )
      .run('0'.repeat(64), head.seq, head.hash);
  } finally {
    raw.close();
  }
}

/**
 * The Index folder as `index export` writes its manifest: built and signed by the exporter's own functions, the
 * publication carrying the head its version quotes (the pages are not what this check reads).
 */
function writeIndex(dir: string, head: AuditHead): void {
  const privateKey = new Uint8Array(32).fill(7);
  const publicKey = Buffer.from(publicKeyOf(privateKey)).toString('hex');
  const doc = {
    format: 'proveit-index/1',
    season: 1,
    index_version: 1,
    corrects_version: null,
    exported_at: '2026-11-03T09:00:00.000Z',
    signing_key: { algorithm: 'ed25519', public_key: publicKey, key_id: signingKeyId(publicKeyOf(privateKey)) },
    tracks: [
      {
        track: 'conformite',
        publication: { version: 1, scores_sha256: '0'.repeat(64), audit_head: { seq: head.seq, hash: head.hash } },
        reference_runs: [],
        community: [],
      },
    ],
  } as unknown as IndexDocument;
  const manifest = manifestBytes(buildManifest(doc, new Map([['index.json', new TextEncoder().encode('{}\n')]])));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), manifest);
  writeFileSync(join(dir, 'manifest.sig.json'), signManifest(manifest, privateKey));
  writeFileSync(join(dir, 'index.json'), '{}\n');
}

const backup = async (out: string) => {
  const made = await run(backupCreateCommand, ['--db', dbFile, '--out', out, '--passphrase-file', passFile, '--json']);
  expect(made.code, made.io.stderr).toBe(0);
};

let restores = 0;
async function restore(file: string, extra: string[] = []) {
  const db = folder.file(`restored-${++restores}/console.sqlite`);
  const restored = await run(backupRestoreCommand, [file, '--passphrase-file', passFile, '--db', db, ...extra]);
  return { db, ...restored };
}

const verify = (db: string, extra: string[] = []) => run(auditVerifyCommand, ['--db', db, ...extra]);

beforeAll(async () => {
  dbFile = folder.file('season/console.sqlite');
  passFile = folder.file('passphrase');
  writeFileSync(passFile, `${PASSPHRASE}\n`, { mode: 0o600 });
  act(dbFile, 'freeze.create', 'froze season 1 conformite');
  act(dbFile, 'freeze.publish', 'published the freeze');
  act(dbFile, 'freeze.reveal', 'revealed the key');
  olderBackup = folder.file('backups/older.backup');
  await backup(olderBackup); // entry 4: its backup.create, not in the backup itself
  act(dbFile, 'season.close', 'season 1 conformite: close 1');
  published = act(dbFile, 'season.publish', 'season 1 conformite: version 1');
  recordPublication(published);
  act(dbFile, 'index.export', 'exported season 1 Index version 1');
  indexDir = folder.file('published-index');
  writeIndex(indexDir, published);
  laterBackup = folder.file('backups/later.backup');
  await backup(laterBackup); // entry 8
}, 60_000);

afterAll(() => folder.remove());

describe('audit verify --index: a chain behind the head the Index published', () => {
  it('a database restored from a backup older than the published Index is reported AUDIT_BEHIND_PUBLISHED_HEAD naming the missing entries', async () => {
    const restored = await restore(olderBackup);
    expect(restored.code, restored.io.stderr).toBe(0);

    // Alone, the restored chain is intact: nothing in the file shows the entries that came after the backup.
    const alone = await verify(restored.db, ['--json']);
    expect(alone.code).toBe(0);
    expect(alone.doc).toMatchObject({ ok: true, entries: 3, quoted_heads: 0, published_heads: 0 });

    const against = await verify(restored.db, ['--index', indexDir, '--json']);
    expect(against.code).toBe(1);
    expect(against.doc).toMatchObject({
      ok: false,
      code: 'AUDIT_BEHIND_PUBLISHED_HEAD',
      details: {
        entries: 3,
        missingFrom: 4,
        missingTo: published.seq,
        publishedSeq: published.seq,
        publishedHash: published.hash,
        season: 1,
        indexVersion: 1,
      },
    });
    expect(against.doc!.message).toContain(
      `the audit log ends at entry 3 but Index version 1 of season 1 (publication conformite version 1) published entry ${published.seq}`,
    );
    expect(against.doc!.message).toContain('entries after entry 3 are missing (4..6 at least)');

    const text = await verify(restored.db, ['--index', indexDir]);
    expect(text.code).toBe(1);
    expect(text.io.stderr).toMatch(
      /^proveit audit verify: AUDIT_BEHIND_PUBLISHED_HEAD: the audit log ends at entry 3 /,
    );
    expect(text.io.stdout).toBe('');
  });

  it('a forked chain (an older backup restored, then written to past the published entry) is reported AUDIT_FORKED_FROM_PUBLISHED_HEAD at that entry', async () => {
    const restored = await restore(olderBackup);
    expect(restored.code, restored.io.stderr).toBe(0);
    act(restored.db, 'season.close', 'season 1 conformite: close 1 again');
    act(restored.db, 'season.publish', 'season 1 conformite: version 1 again');
    const forkedAt = act(restored.db, 'index.export', 'exported again');
    act(restored.db, 'incident.open', 'incident 1');
    expect(forkedAt.seq).toBe(published.seq);

    const against = await verify(restored.db, ['--index', indexDir, '--json']);
    expect(against.code).toBe(1);
    expect(against.doc).toMatchObject({
      ok: false,
      code: 'AUDIT_FORKED_FROM_PUBLISHED_HEAD',
      details: {
        seq: published.seq,
        publishedHash: published.hash,
        stored: forkedAt.hash,
        entries: 7,
        indexVersion: 1,
      },
    });
    expect(against.doc!.message).toContain(`entry ${published.seq} of this audit log is not the one Index version 1`);
  });

  it('a chain holding the published head verifies: the database itself, and the later backup restored', async () => {
    const original = await verify(dbFile, ['--index', indexDir, '--json']);
    expect(original.code, original.io.stderr).toBe(0);
    expect(original.doc).toMatchObject({ ok: true, entries: 8, quoted_heads: 1, published_heads: 1 });

    const restored = await restore(laterBackup);
    expect(restored.code, restored.io.stderr).toBe(0);
    const text = await verify(restored.db, ['--index', indexDir]);
    expect(text.code, text.io.stderr).toBe(0);
    expect(text.io.stdout).toMatch(/^audit log intact: 7 entries, head 7 [0-9a-f]{64}; /);
    expect(text.io.stdout).toContain(
      '1 quoted head(s) found in the log; the 1 head(s) published by Index version 1 of season 1 are in this chain',
    );
  });

  it('an --index folder without a readable Index manifest is refused with AUDIT_INDEX_UNREADABLE, saying what to give', async () => {
    const empty = folder.file('not-an-index');
    mkdirSync(empty, { recursive: true });
    const missing = await verify(dbFile, ['--index', empty, '--json']);
    expect(missing.code).toBe(1);
    expect(missing.doc).toMatchObject({ ok: false, code: 'AUDIT_INDEX_UNREADABLE' });
    expect(missing.doc!.message).toContain('give --index the folder `proveit index export` wrote');

    writeFileSync(join(empty, 'manifest.json'), '{"format": "proveit-index-manifest/1", "season": 1}');
    const partial = await verify(dbFile, ['--index', empty]);
    expect(partial.code).toBe(1);
    expect(partial.io.stderr).toMatch(/AUDIT_INDEX_UNREADABLE: .*manifest\.json is not an Index manifest/);
  });
});

describe('backup restore --replaces / --index: what the restored database no longer records', () => {
  it('restoring a backup older than the database it replaces and the published Index warns BACKUP_RESTORE_BEHIND_REPLACED and AUDIT_BEHIND_PUBLISHED_HEAD, naming the acts it lacks; the restore stands', async () => {
    const restored = await restore(olderBackup, ['--replaces', dbFile, '--index', indexDir, '--json']);
    expect(restored.code, restored.io.stderr).toBe(0);
    expect(restored.doc).toMatchObject({
      ok: true,
      audit: { entries: 3 },
      replaced: { db: dbFile, head: { seq: 8 }, problem: null },
      published_heads: 1,
    });
    const warnings = restored.doc!.warnings as Json[];
    expect(warnings.map((w) => w.code)).toEqual(['AUDIT_BEHIND_PUBLISHED_HEAD', 'BACKUP_RESTORE_BEHIND_REPLACED']);
    expect(warnings[1]).toMatchObject({
      details: { common: 3, missingFrom: 4, missingTo: 8, missingCount: 5 },
    });
    expect(warnings[1]!.details.missing.map((m: Json) => m.action)).toEqual([
      'backup.create',
      'season.close',
      'season.publish',
      'index.export',
      'backup.create',
    ]);
    expect(warnings[1]!.message).toBe(
      'the restored audit log ends at entry 3; the database it replaces went on to entry 8: entries 4..8 (5 act(s)) ' +
        'are not in the restored database',
    );

    const text = await restore(olderBackup, ['--replaces', dbFile]);
    expect(text.code).toBe(0);
    expect(text.io.stdout).toMatch(/ {2}replaces .*console\.sqlite: audit head 8 [0-9a-f]{64}\n$/);
    expect(text.io.stderr).toBe(
      `proveit backup restore: warning: BACKUP_RESTORE_BEHIND_REPLACED: ${warnings[1]!.message}\n`,
    );
  });

  it('restoring the latest backup beside the database it replaces warns nothing: the one entry it lacks is its own backup.create', async () => {
    const restored = await restore(laterBackup, ['--replaces', dbFile, '--index', indexDir, '--json']);
    expect(restored.code, restored.io.stderr).toBe(0);
    expect(restored.doc).toMatchObject({ replaced: { head: { seq: 8 } }, warnings: [] });
  });

  it('a replaced database that was itself forked is BACKUP_RESTORE_FORKED_FROM_REPLACED, naming where the chains part', async () => {
    const forked = await restore(olderBackup);
    act(forked.db, 'incident.open', 'incident 1, on the restored copy');
    const restored = await restore(laterBackup, ['--replaces', forked.db, '--json']);
    expect(restored.code).toBe(0);
    expect(restored.doc!.warnings).toMatchObject([
      {
        code: 'BACKUP_RESTORE_FORKED_FROM_REPLACED',
        details: { common: 3, missingFrom: 4, missingTo: 4, restoredAfter: 4, missing: [{ action: 'incident.open' }] },
      },
    ]);
  });

  it('--replaces naming no database is a usage error and nothing is restored', async () => {
    const restored = await restore(olderBackup, ['--replaces', folder.file('lost/console.sqlite')]);
    expect(restored.code).toBe(2);
    expect(restored.io.stderr).toContain('no database there; give the database this restore stands in for');
    expect(existsSync(restored.db)).toBe(false);
  });
});
