import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleCommand } from '../../main/cli/console-command.ts';
import { firstStartOf } from '../../main/cli/console-first-start.ts';
import { EXIT } from '../../main/cli/command.ts';
import { captureIo } from '../support/capture-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'console-first-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('proveit console: which database gets the demo season', () => {
  const dbFile = join(dir, 'season.sqlite');

  it('a --db FILE that does not exist is an empty operations database: the demo is never played into it', () => {
    expect(firstStartOf({ db: dbFile, demo: false, dbFile, exists: false })).toEqual({ demo: false });
  });

  it('--demo plays the demo season into a new --db', () => {
    expect(firstStartOf({ db: dbFile, demo: true, dbFile, exists: false })).toEqual({ demo: true });
  });

  it('the default database plays the demo on first start only (npm start on a fresh clone)', () => {
    expect(firstStartOf({ db: undefined, demo: false, dbFile, exists: false })).toEqual({ demo: true });
    expect(firstStartOf({ db: undefined, demo: false, dbFile, exists: true })).toEqual({ demo: false });
    expect(firstStartOf({ db: dbFile, demo: false, dbFile, exists: true })).toEqual({ demo: false });
  });

  it('--demo on a database that exists is a usage error naming --demo and --db, and nothing is opened', async () => {
    const existing = join(dir, 'existing.sqlite');
    writeFileSync(existing, '');
    const io = captureIo();
    expect(await consoleCommand.run(['--db', existing, '--demo', '--headless'], io)).toBe(EXIT.usage);
    expect(io.stderr).toContain(`--demo plays the demo season into a new database, and ${existing} exists`);
    expect(io.stderr).toContain('--db NEWFILE');
    expect(io.stdout).toBe('');
  });

  it('a non-URL --season-base is refused naming --season-base and what to type', async () => {
    const io = captureIo();
    const code = await consoleCommand.run(['--db', dbFile, '--headless', '--season-base', 'proveit.example'], io);
    expect(code).toBe(EXIT.usage);
    expect(io.stderr).toContain("--season-base 'proveit.example' is not a URL, e.g. --season-base https://");
  });
});
