import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { pyObjectFrom } from '../../main/core/json/value.ts';
import { appendAudit } from '../../main/db/audit-log.ts';
import { migrations } from '../../main/db/migrations/index.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { captureIo } from '../support/capture-io.ts';
import { tempFolder } from '../db/support/temp-db.ts';

/**
 * docs/operator-database.md "Database faults": every command answers a database fault with a stable code and a sentence
 * (as JSON with --json), exit 1, never a stack trace; the commands that only read work on a file they may not write.
 */

const run = promisify(execFile);
const launcher = join(process.cwd(), 'bin/proveit.mjs');
const PROOF_ID = `prf_20261012_140500_${'a'.repeat(6)}`;

let folder: ReturnType<typeof tempFolder>;
let db: string;
let idsFile: string;
let submissions: string;

beforeEach(() => {
  folder = tempFolder('proveit-cli-db-fault-');
  db = folder.file('console.sqlite');
  idsFile = folder.file('ids.txt');
  writeFileSync(idsFile, `${PROOF_ID}\n`);
  submissions = folder.file('export.jsonl');
  writeFileSync(submissions, '');
});
afterEach(() => folder.remove());

/** The commands the issue names, each with the arguments it needs to reach the database. */
function commandLines(): Record<string, string[]> {
  return {
    'audit verify': ['audit', 'verify', '--db', db],
    'proofs plan': ['proofs', 'plan', '--ids', idsFile, '--db', db],
    'dispute list': ['dispute', 'list', '--db', db],
    'season close': [
      'season',
      'close',
      '--season',
      '1',
      '--track',
      'conformite',
      '--corpus',
      folder.path,
      '--trust-layer',
      'http://127.0.0.1:9',
      '--out',
      folder.file('out'),
      '--submissions',
      submissions,
      '--service-key',
      'ab'.repeat(32),
      '--db',
      db,
    ],
  };
}

function withEntries(file: string, count: number): void {
  const opened = openDatabase(file);
  for (let n = 1; n <= count; n += 1)
    appendAudit(opened, {
      atMs: 1_790_000_000_000 + n,
      actor: 'ann',
      action: 'incident.open',
      summary: `entry ${n}`,
      details: pyObjectFrom([['n', BigInt(n)]]),
    });
  opened.close();
}

const DAMAGES: Record<string, { code: string; damage: () => void }> = {
  'a file of random bytes': { code: 'DB_NOT_A_DATABASE', damage: () => writeFileSync(db, randomBytes(16_384)) },
  'a truncated database': {
    code: 'DB_CORRUPT',
    damage: () => {
      withEntries(db, 50);
      truncateSync(db, Math.floor(statSync(db).size / 2));
    },
  },
  'a database of a future schema version': {
    code: 'DB_SCHEMA_NEWER',
    damage: () => {
      openDatabase(db).close();
      const raw = new Database(db);
      raw
        .prepare("INSERT INTO schema_migrations VALUES (?, 'from a newer console', 'x', '2030-01-01T00:00:00Z')")
        .run(migrations.length + 1);
      raw.close();
    },
  },
  'a folder that cannot be created': {
    code: 'DB_UNREADABLE',
    damage: () => {
      writeFileSync(folder.file('a-file'), 'x');
      db = folder.file('a-file/console.sqlite');
    },
  },
};

describe('a database fault is a code and a sentence in every command, never a stack trace', () => {
  for (const [what, { code, damage }] of Object.entries(DAMAGES)) {
    for (const name of ['audit verify', 'proofs plan', 'dispute list', 'season close']) {
      it(`${name} on ${what} answers ${code}, with --json and without`, async () => {
        damage();
        const args = commandLines()[name]!;
        const text = captureIo();
        expect(await main(args, text)).toBe(1);
        expect(text.stderr).toMatch(new RegExp(`^proveit ${name}: ${code}: .*${db.replace(/[/.]/g, '\\$&')}`));
        expect(text.stderr).not.toMatch(/\n\s+at /);
        expect(text.stdout).toBe('');
        const json = captureIo();
        expect(await main([...args, '--json'], json)).toBe(1);
        const doc = JSON.parse(json.stdout) as { ok: boolean; code: string; message: string };
        expect(doc).toMatchObject({ ok: false, code });
        expect(doc.message).toContain(db);
      });
    }
  }
});

const asRoot = process.getuid?.() === 0;

/**
 * Runs the real launcher with `readOnly` (the database file, or its folder) truly read-only to it. Root ignores file
 * modes, so as root the path is bind-mounted read-only over itself in a private mount namespace (writes fail with
 * EROFS, as on a read-only disk; the mount dies with the namespace); otherwise the modes set by the test hold.
 */
async function launch(args: string[], readOnly: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, commandArgs] = asRoot
    ? [
        'unshare',
        [
          '-m',
          'sh',
          '-c',
          'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && exec "$@"',
          readOnly,
          process.execPath,
          launcher,
          ...args,
        ],
      ]
    : [process.execPath, [launcher, ...args]];
  try {
    const { stdout, stderr } = await run(command, commandArgs, {
      cwd: folder.path,
      env: { ...process.env, HOME: folder.path },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.skipIf(asRoot && !canMountTmpfs())('a read-only database file', () => {
  beforeEach(() => {
    withEntries(db, 2);
    chmodSync(folder.path, 0o777);
    chmodSync(db, 0o444);
  });

  it('audit verify, proofs plan and dispute list read it; a command that writes answers DB_READ_ONLY', async () => {
    const verified = await launch(['audit', 'verify', '--db', db, '--json'], db);
    expect(verified.stderr).toBe('');
    expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, entries: 2 });
    const planned = await launch(['proofs', 'plan', '--ids', idsFile, '--db', db, '--json'], db);
    expect(planned.code).toBe(0);
    expect(JSON.parse(planned.stdout)).toMatchObject({ total: 1, calls: 1 });
    const listed = await launch(['dispute', 'list', '--db', db], db);
    expect(listed).toMatchObject({ code: 0, stdout: 'no disputes\n' });

    const opened = await launch(
      ['incident', 'open', '--season', '1', '--track', 'conformite', '--kind', 'other', '--summary', 'x'].concat([
        '--actor',
        'ann',
        '--db',
        db,
        '--json',
      ]),
      db,
    );
    expect(opened.code).toBe(1);
    expect(JSON.parse(opened.stdout)).toMatchObject({ ok: false, code: 'DB_READ_ONLY' });
    expect(opened.stderr).not.toMatch(/\n\s+at /);
  }, 120_000); // each launcher start loads every command through tsx

  it('in a read-only folder without its -shm file, a read answers DB_READ_ONLY saying what SQLite needs', async () => {
    chmodSync(folder.path, 0o555);
    const verified = await launch(['audit', 'verify', '--db', db], folder.path);
    chmodSync(folder.path, 0o777);
    expect(verified.code).toBe(1);
    expect(verified.stderr).toMatch(/^proveit audit verify: DB_READ_ONLY: the folder of the database .* is read-only/);
    expect(verified.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});

/** Whether this machine lets the test mount a small file system in a private mount namespace (root in CI does). */
function canMountTmpfs(): boolean {
  try {
    execFileSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs /mnt'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a full disk', () => {
  it.skipIf(!canMountTmpfs())(
    'a command that writes on a full disk answers DB_DISK_FULL (a real full tmpfs in a private mount namespace)',
    async () => {
      withEntries(db, 1);
      const disk = folder.file('disk');
      mkdirSync(disk);
      // The tmpfs holds the database, then a filler takes all but 40 KiB: the -shm file (32 KiB) fits, the
      // write-ahead log of the incident does not. The mount lives and dies with the namespace.
      const script = [
        `mount -t tmpfs -o size=2m tmpfs "${disk}"`,
        `cp "${db}" "${disk}/console.sqlite"`,
        `(cat /dev/zero > "${disk}/filler" 2>/dev/null || true)`,
        `truncate -s -40960 "${disk}/filler"`,
        `exec "${process.execPath}" "${launcher}" incident open --season 1 --track conformite --kind other ` +
          `--summary x --actor ann --db "${disk}/console.sqlite" --json`,
      ].join(' && ');
      let out = '';
      let code = 0;
      try {
        out = (await run('unshare', ['-m', 'sh', '-c', script])).stdout;
      } catch (error) {
        ({ stdout: out, code } = error as { stdout: string; code: number });
      }
      expect(code).toBe(1);
      expect(JSON.parse(out)).toMatchObject({ ok: false, code: 'DB_DISK_FULL' });
    },
    60_000,
  );
});
