import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerKeyBytes, keyCommitment } from '../../main/core/freeze/key-commitment.ts';
import { pyObjectFrom } from '../../main/core/json/value.ts';
import type { JobView } from '../../main/ipc/contract.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { auditRows } from '../../main/db/audit-log.ts';
import { insertFreeze } from '../../main/db/freezes.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import type { AfterActOutcome } from '../../main/services/backup/backup-after-act.ts';
import { withBackupsAfterActs } from '../../main/console/backups-after-acts.ts';
import type { ConsoleContext } from '../../main/console/console-context.ts';
import { ConsoleEvents } from '../../main/console/console-events.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { freezeRow } from '../db/support/freeze-row.ts';
import { tempFolder } from '../db/support/temp-db.ts';

const folder = tempFolder('proveit-console-backups-');
afterAll(() => folder.remove());

const job = (kind: JobView['kind'], state: JobView['state']): JobView => ({
  id: 4,
  kind,
  state,
  args: { season: 1, track: 'conformite', actor: 'Ben Okafor' },
  created_at: '2026-12-02T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  attempts: 1,
  progress: null,
  result: null,
  error: null,
});

describe('proveit console --backup-dir: a backup after each act', () => {
  it('a reveal from the Freeze screen and a close job that ends done are each followed by a backup; a failed job is not', async () => {
    const key = pyObjectFrom([['tasks', []]]);
    const salt = '44'.repeat(32);
    const dbFile = folder.file('console.sqlite');
    const db = openDatabase(dbFile);
    insertFreeze(
      db,
      freezeRow('prf_20260914_181440_541795', null, 1, {
        keyCommitment: keyCommitment(key, Uint8Array.from(Buffer.from(salt, 'hex'))),
      }),
      { saltHex: salt, answerKey: new TextDecoder().decode(answerKeyBytes(key)) },
    );
    let t = Date.parse('2026-12-02T10:00:00.000Z');
    const ctx: ConsoleContext = {
      mode: 'headless',
      corpusDir: join(process.cwd(), 'corpus'),
      db,
      dbFile,
      clock: { now: () => (t += 1000), sleep: async () => {} },
      events: new ConsoleEvents(),
      jobs: null,
      actor: { name: 'Ana Lima', from: 'option' },
    };
    const dir = folder.file('backups');
    const reported: [string, AfterActOutcome][] = [];
    const backups = withBackupsAfterActs(
      createConsoleHandlers(ctx),
      ctx,
      { dir, passphrase: 'the console backup passphrase', keep: 10 },
      (act, outcome) => reported.push([act, outcome]),
    );
    const dispatch = createDispatcher(backups.handlers);
    const answer = await dispatch('freeze.reveal', { season: 1, track: 'conformite' });
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
    expect(reported.map(([act, o]) => [act, o.ok])).toEqual([['freeze.reveal', true]]);

    ctx.events.publish({ type: 'job', job: job('close', 'failed') });
    ctx.events.publish({ type: 'job', job: job('replay', 'done') });
    ctx.events.publish({ type: 'job', job: job('close', 'done') });
    await backups.idle();
    backups.stop();
    expect(reported.map(([act]) => act)).toEqual(['freeze.reveal', 'close job 4']);
    expect(readdirSync(dir).filter((n) => n.endsWith('.backup'))).toHaveLength(2);
    // Each backup names the person of the act it follows: the session's for the reveal, the close's requester.
    expect(auditRows(db).map((r) => [r.actor, r.action])).toEqual([
      ['Ana Lima', 'freeze.reveal'],
      ['Ana Lima', 'backup.create'],
      ['Ben Okafor', 'backup.create'],
    ]);
    db.close();
  });
});
