import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RECEIPT_KEY_FILE } from '../../season-service/receipt-key.ts';
import { serveSeasonOn } from './support/season-fixture.ts';

// docs/season-service.md "State": the service's state holds every enrollment, submission and the receipt key, so no
// other user of the machine reads it: a folder it creates 0700, the database, its -wal and -shm and the key 0600 (the
// database used to be created readable by every user).
const dir = mkdtempSync(join(tmpdir(), 'season-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Starts the real service on `stateFile` (opening writes its database, so -wal and -shm exist) and stops it. */
async function serveOnce(stateFile: string): Promise<void> {
  const service = await serveSeasonOn(stateFile);
  try {
    // Every start writes its own database; the state's modes are read while it is open, -wal and -shm beside it.
    expect(modeOf(stateFile)).toBe(0o600);
    expect(modeOf(`${stateFile}-wal`)).toBe(0o600);
    expect(modeOf(`${stateFile}-shm`)).toBe(0o600);
  } finally {
    await service.close();
  }
}

describe("the season service's state folder", () => {
  it('a new --state folder is 0700, and season.sqlite, its -wal, its -shm and the receipt key are 0600', async () => {
    const stateFile = join(dir, 'new', 'season.sqlite');
    await serveOnce(stateFile);
    expect(modeOf(join(dir, 'new'))).toBe(0o700);
    expect(modeOf(stateFile)).toBe(0o600);
    expect(modeOf(join(dir, 'new', RECEIPT_KEY_FILE))).toBe(0o600);
  });

  it('files an earlier start left readable by every user (0644) are made 0600 at the next start', async () => {
    const stateFile = join(dir, 'loose', 'season.sqlite');
    await serveOnce(stateFile);
    chmodSync(stateFile, 0o644);
    writeFileSync(`${stateFile}-shm`, '');
    chmodSync(`${stateFile}-shm`, 0o644);
    await serveOnce(stateFile);
    expect(modeOf(stateFile)).toBe(0o600);
  });

  it('a --state folder that exists keeps its mode (it may be shared), and the files the service makes in it are 0600', async () => {
    const folder = join(dir, 'made');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    await serveOnce(join(folder, 'season.sqlite'));
    expect(modeOf(folder)).toBe(0o755);
    expect(modeOf(join(folder, RECEIPT_KEY_FILE))).toBe(0o600);
  });
});
