import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCreateCommand, backupRestoreCommand } from '../../../main/cli/backup-commands.ts';
import { withBackupAfter } from '../../../main/cli/backup-after-option.ts';
import { createFreezeRevealCommand } from '../../../main/cli/freeze-reveal.ts';
import { createSeasonCloseCommand } from '../../../main/cli/season-close-command.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { captureIo } from '../../support/capture-io.ts';
import { closeArgs, closeFromDevnet, devnetCloseRun, runReplay } from '../close/support/close-commands.ts';
import { AFTER_CLOSE, DURING, startCloseDevnet, type CloseDevnet } from '../close/support/close-devnet.ts';
import { submissionDocument } from '../close/support/submission-document.ts';

let net: CloseDevnet;
let passFile: string;

beforeAll(async () => {
  net = await startCloseDevnet('backup-restore-close-');
  net.clock.set(DURING);
  const alice = await net.enroll('alice');
  const entity = await alice.read('/entites/171904347');
  await net.devnet.closeBatch();
  const answer = await alice.submit(
    submissionDocument(alice, 'conf-01', 'indeterminable', [
      ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
    ]),
  );
  expect(answer.json, JSON.stringify(answer.json)).toMatchObject({ recorded: true });
  passFile = join(net.dir, 'backups', 'passphrase');
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('a season survives the loss of its operator database', () => {
  it('freeze, back up, lose the file, restore, reveal, close: the scores of the original, and the replay identical', async () => {
    const backup = join(net.dir, 'backups', 'frozen.backup');
    const io = captureIo();
    mkdirSync(join(net.dir, 'backups'));
    writeFileSync(passFile, 'a passphrase kept apart from the laptop\n');
    // Taken while the console holds the database open (net.db), right after the freeze.
    expect(
      await backupCreateCommand.run(['--db', net.dbFile, '--out', backup, '--passphrase-file', passFile], io),
      io.stderr,
    ).toBe(0);

    // What the original database would have given at close.
    net.clock.set(AFTER_CLOSE);
    const original = await closeFromDevnet(net, join(net.dir, 'close-original'));
    expect(original.code, original.io.stderr).toBe(0);

    // The laptop file is lost.
    net.db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${net.dbFile}${suffix}`, { force: true });
    const restoreIo = captureIo();
    expect(
      await backupRestoreCommand.run([backup, '--passphrase-file', passFile, '--db', net.dbFile], restoreIo),
      restoreIo.stderr,
    ).toBe(0);

    // The reveal and the close on the restored database, each followed by a backup into the folder.
    const dir = join(net.dir, 'backups');
    // The reveal a moment before the close instant (both after closes_at), so each backup has its own name.
    net.clock.set(AFTER_CLOSE - 60_000);
    const reveal = withBackupAfter(createFreezeRevealCommand(net.clock), net.clock);
    const revealIo = captureIo();
    const revealArgs = ['--season', '1', '--track', 'conformite', '--db', net.dbFile, '--backup-dir', dir];
    expect(await reveal.run(revealArgs, revealIo), revealIo.stderr).toBe(0);
    expect(revealIo.stderr).toMatch(/backup written to .*console-\d{8}T\d{9}Z\.backup/);
    net.clock.set(AFTER_CLOSE);
    const close = withBackupAfter(createSeasonCloseCommand(net.clock), net.clock);
    const closeIo = captureIo();
    const out = join(net.dir, 'close-restored');
    const args = closeArgs(devnetCloseRun(net, out));
    expect(await close.run([...args, '--backup-dir', dir], closeIo), closeIo.stderr).toBe(0);

    // Everything the operator database decides is the same; the two inputs read again from the services at the
    // second close (the season service's export, the proof views) are hashed as that second read served them.
    const scores = (file: string) => {
      const value = JSON.parse(readFileSync(file, 'utf8')) as { inputs: Record<string, unknown> };
      delete value.inputs['submissions_sha256'];
      delete value.inputs['proofs_sha256'];
      return value;
    };
    expect(scores(join(out, 'scores.json'))).toEqual(scores(join(net.dir, 'close-original', 'scores.json')));
    const replay = await runReplay(join(out, 'bundle'), join(net.dir, 'replay-restored'));
    expect(replay.doc).toMatchObject({ ok: true, identical: true });
    expect(replay.code).toBe(0);

    // Two acts, two timestamped backups; each recorded in the restored database's audit log.
    expect(readdirSync(dir).filter((n) => n.endsWith('.backup') && n.startsWith('console-'))).toHaveLength(2);
    const db = openDatabase(net.dbFile, { readOnly: true });
    const actions = auditRows(db).map((r) => r.action);
    db.close();
    expect(actions.filter((a) => a === 'backup.create')).toHaveLength(2);
    expect(actions.indexOf('freeze.reveal')).toBeLessThan(actions.lastIndexOf('backup.create'));
  }, 180_000);
});
