import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../main/core/disputes/calendar.ts';
import { createIndexExportCommand } from '../../../main/cli/index-commands.ts';
import { isoUtc } from '../../../main/core/time/iso-utc.ts';
import { disputeById } from '../../../main/db/disputes.ts';
import { publicationVersionsOf, publishedReport } from '../../../main/db/publications.ts';
import { createBackup } from '../../../main/services/backup/create-backup.ts';
import { ConsoleEvents } from '../../../main/console/console-events.ts';
import { trackStatus } from '../../../main/console/handlers/season-handlers.ts';
import { defaultKeyFile } from '../../../main/services/index-export/signing-key.ts';
import { captureIo } from '../../support/capture-io.ts';
import { closedSeasonFixture, dispute, type Json } from './support/published-close.ts';

// Each participant's dispute window is its own (spec §9.2; docs/disputes.md "The calendar"), and the dispute half of
// docs/publications.md "Counting a task with its remaining assertions" (a task ArkForge's faults left below its
// minimum), on the closed devnet season with Carol: Alice and Carol scored, Bob pending. Version 1 is published on day
// 0 (2 November 10:00 UTC); day N is N × 24 h later.
const PUBLISHED_AT = Date.parse('2026-11-02T10:00:00.000Z');
const day = (n: number) => PUBLISHED_AT + n * DAY_MS;
const fixture = closedSeasonFixture(PUBLISHED_AT, { carol: true });
const work = mkdtempSync(join(tmpdir(), 'own-windows-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const alice = () => fixture.season.alice.participantId;
const bob = () => fixture.season.bob.participantId;
const carol = () => fixture.season.carol!.participantId;

const openArgs = (participant: string, assertion: string, extra: string[] = []) => [
  ...['--season', '1', '--track', 'conformite', '--participant', participant, '--assertion', assertion],
  ...['--reason', 'the frozen record carries this value', '--actor', 'staff-1', ...extra],
];
const decideArgs = (id: string, change: string) => [
  ...[id, '--decision', 'upheld', '--change', change, '--reason', 'the fault was on ArkForge\u2019s side'],
  ...['--reviewer', 'Ana', '--actor', 'staff-2'],
];

type Published = Awaited<ReturnType<typeof fixture.published>>;

/**
 * Alice's conf-01/a3 disputed and upheld (supported) on day 10: version 2 corrects Alice alone, and the Index holding it
 * is exported the same day (her new window runs from that export) unless `exported` is false.
 */
async function aliceCorrectedOnDay10(t: Published, { exported = true } = {}) {
  t.clock.current = day(10);
  const opened = await dispute(t.clock, t.dbFile, 'open', openArgs(alice(), 'conf-01/a3'));
  expect(opened.code, opened.io.stderr + opened.io.stdout).toBe(0);
  const decided = await dispute(t.clock, t.dbFile, 'decide', decideArgs(opened.doc!.dispute_id as string, 'supported'));
  expect(decided.code, decided.io.stderr + decided.io.stdout).toBe(0);
  expect(decided.doc).toMatchObject({ correction: { version: 2, participant_id: alice() } });
  if (exported) await fixture.madePublic(t);
}

/** `proveit index export` of the season into a new folder; the Index signing key is the devnet operator's. */
async function exportIndex(t: Published, name: string): Promise<{ code: number; out: string; stderr: string }> {
  copyFileSync(fixture.season.net.devnet.info.operator_key_file as string, defaultKeyFile(t.dbFile));
  const out = join(work, name);
  const io = captureIo();
  const code = await createIndexExportCommand(t.clock).run(
    ['--season', '1', '--db', t.dbFile, '--out', out, '--actor', 'ana', '--json'],
    io,
  );
  return { code, out, stderr: io.stderr + io.stdout };
}

describe('each participant\u2019s dispute window is its own (spec §9.2)', () => {
  it('an upheld correction for Alice on day 10 reopens nobody else\u2019s window: Carol\u2019s dispute on day 15 is refused (DISPUTE_WINDOW_CLOSED, her window ended on day 14), Alice\u2019s on day 20 is received', async () => {
    const t = await fixture.published();
    await aliceCorrectedOnDay10(t);

    t.clock.current = day(15);
    const late = await dispute(t.clock, t.dbFile, 'open', openArgs(carol(), 'conf-01/a3'));
    expect(late.code).toBe(1);
    expect(late.doc).toMatchObject({
      ok: false,
      code: 'DISPUTE_WINDOW_CLOSED',
      details: { participant_id: carol(), window_version: 1, version: 1, window_ends_at: isoUtc(day(14)) },
    });
    expect(late.doc!.message).toContain(`participant ${carol()}'s dispute window closed at ${isoUtc(day(14))}`);
    expect(late.doc!.message).toContain('a correction for another participant does not reopen it');

    // Her window's last instant, typed by staff on day 15 (the date of her email): received, from version 1.
    const onTime = await dispute(
      t.clock,
      t.dbFile,
      'open',
      openArgs(carol(), 'conf-01/a3', ['--received-at', isoUtc(day(14))]),
    );
    expect(onTime.code, onTime.io.stderr + onTime.io.stdout).toBe(0);
    expect(onTime.doc).toMatchObject({ publication_version: 1, window_ends_at: isoUtc(day(14)) });

    t.clock.current = day(20);
    const corrected = await dispute(t.clock, t.dbFile, 'open', openArgs(alice(), 'conf-01/a4'));
    expect(corrected.code, corrected.io.stderr + corrected.io.stdout).toBe(0);
    expect(corrected.doc).toMatchObject({
      ok: true,
      publication_version: 2,
      published_at: isoUtc(day(10)),
      window_ends_at: isoUtc(day(24)),
    });
  });

  it('a dispute is refused before the Index export (DISPUTE_SCORES_NOT_PUBLIC) and received 13 days after it, 18 days after the database publication', async () => {
    const t = await fixture.publishedOnly();
    t.clock.current = day(2);
    const listedEarly = await dispute(t.clock, t.dbFile, 'list', []);
    expect((listedEarly.doc!.windows as Json[]).find((w) => w.participant_id === alice())).toMatchObject({
      status: 'not_public',
      published_at: null,
      window_ends_at: null,
      open: false,
    });
    const early = await dispute(t.clock, t.dbFile, 'open', openArgs(alice(), 'conf-01/a3'));
    expect(early.code).toBe(1);
    expect(early.doc).toMatchObject({ ok: false, code: 'DISPUTE_SCORES_NOT_PUBLIC', details: { version: 1 } });
    expect(early.doc!.message).toContain('proveit index export');

    t.clock.current = day(5);
    await fixture.madePublic(t);
    t.clock.current = day(18);
    const received = await dispute(t.clock, t.dbFile, 'open', openArgs(alice(), 'conf-01/a3'));
    expect(received.code, received.io.stderr + received.io.stdout).toBe(0);
    expect(received.doc).toMatchObject({ ok: true, published_at: isoUtc(day(5)), window_ends_at: isoUtc(day(19)) });
  });

  it('dispute list names each participant\u2019s own window: Alice from her correction, Carol from version 1, Bob pending', async () => {
    const t = await fixture.published();
    await aliceCorrectedOnDay10(t);
    t.clock.current = day(15);
    const listed = await dispute(t.clock, t.dbFile, 'list', []);
    expect(listed.code).toBe(0);
    expect(listed.doc!.windows).toEqual([
      {
        season: 1,
        track: 'conformite',
        participant_id: alice(),
        status: 'scored',
        version: 2,
        published_at: isoUtc(day(10)),
        window_ends_at: isoUtc(day(24)),
        open: true,
      },
      {
        season: 1,
        track: 'conformite',
        participant_id: bob(),
        status: 'pending',
        version: 1,
        published_at: isoUtc(day(0)),
        window_ends_at: null,
        open: false,
      },
      {
        season: 1,
        track: 'conformite',
        participant_id: carol(),
        status: 'scored',
        version: 1,
        published_at: isoUtc(day(0)),
        window_ends_at: isoUtc(day(14)),
        open: false,
      },
    ]);
  });

  it('the Season state right after publishing proposes exporting the Index; once exported, the last participant\u2019s window', async () => {
    const t = await fixture.publishedOnly();
    const db = t.open();
    // Backed up after its freeze (docs/operator-database.md "Backups"), so the calendar's step is the first one.
    const backedUp = await createBackup({
      dbFile: t.dbFile,
      outFile: join(work, 'published.backup'),
      passphrase: 'the passphrase of this test',
      clock: t.clock,
      actor: 'test',
      randomBytes: (n) => new Uint8Array(randomBytes(n)),
    });
    expect(backedUp.ok).toBe(true);
    try {
      const context = (opened: typeof db) => ({
        mode: 'headless' as const,
        corpusDir: fixture.season.net.corpusDir,
        db: opened,
        dbFile: t.dbFile,
        clock: t.clock,
        events: new ConsoleEvents(),
        jobs: null,
      });
      const status = () => trackStatus(context(db), { season: 1, track: 'conformite' });
      t.clock.current = day(0) + 60_000;
      expect(status()).toMatchObject({ state: 'published', next_step_code: 'EXPORT_INDEX' });
      expect((await exportIndex(t, 'after-publish')).code).toBe(0);
      // The windows run from the export, a minute after the publication.
      expect(status()).toMatchObject({
        next_step_code: 'AWAIT_DISPUTES',
        dispute_window_ends_at: isoUtc(day(14) + 60_000),
      });
      db.close();
      await aliceCorrectedOnDay10(t, { exported: false });
      const reopened = t.open();
      try {
        const after = trackStatus(context(reopened), { season: 1, track: 'conformite' });
        // The correction is version 2: the public must see it. Until its Index is out Alice's new window does not run,
        // so the track's last window end is Carol's (day 14 and a minute); from the export on day 10, Alice's (day 24).
        expect(after).toMatchObject({
          state: 'corrected',
          next_step_code: 'EXPORT_INDEX',
          dispute_window_ends_at: isoUtc(day(14) + 60_000),
        });
        expect((await exportIndex(t, 'correction-status')).code).toBe(0);
        expect(trackStatus(context(reopened), { season: 1, track: 'conformite' })).toMatchObject({
          state: 'corrected',
          next_step_code: 'AWAIT_DISPUTES',
          dispute_window_ends_at: isoUtc(day(24)),
        });
      } finally {
        reopened.close();
      }
    } finally {
      if (db.open) db.close();
    }
  });

  it('the exported Index says, per participant, until when a dispute is received: index.json and both languages', async () => {
    const t = await fixture.published();
    await aliceCorrectedOnDay10(t);
    t.clock.current = day(11);
    const exported = await exportIndex(t, 'after-correction');
    expect(exported.code, exported.stderr).toBe(0);
    const index = JSON.parse(readFileSync(join(exported.out, 'index.json'), 'utf8')) as Json;
    const conf = (index.tracks as Json[]).find((x) => x.track === 'conformite')!;
    const rows = new Map((conf.community as Json[]).map((r) => [r.participant_id, r.dispute_window_ends_at]));
    expect(Object.fromEntries(rows)).toEqual({ [alice()]: isoUtc(day(24)), [bob()]: null, [carol()]: isoUtc(day(14)) });
    // No participant made its report public here: each is a private entry, its window kept (docs/publications.md).
    const summaries = [...(index.reports as Json[]), ...((index.private_reports ?? []) as Json[])].filter(
      (r) => r.track === 'conformite',
    );
    expect(summaries.find((r) => r.participant_id === alice())!.dispute_window_ends_at).toBe(isoUtc(day(24)));
    const line = (file: string, id: string) =>
      new RegExp(`<li data-participant="${id}">([^<]*)</li>`).exec(readFileSync(join(exported.out, file), 'utf8'))?.[1];
    expect(line('index.html', carol())).toContain(`contestation reçue jusqu\u2019au ${isoUtc(day(14))}`);
    expect(line('index.en.html', alice())).toContain(`a dispute is received until ${isoUtc(day(24))}`);
    expect(line('index.en.html', bob())).toContain('pending, no published figures to dispute');
    // Alice never made her report public, so it has no page (docs/publications.md "Private reports, public by
    // choice"); a public report's page states its window too (tests/core/index/build-index.test.ts).
    expect(existsSync(join(exported.out, 'reports', 'conformite', `${alice()}.en.html`))).toBe(false);
  });
});

describe('a task ArkForge\u2019s faults left below its minimum (spec §4.1)', () => {
  it('Carol\u2019s conf-02 (BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS) is received as a dispute, its evidence holding how the scorer assessed each assertion', async () => {
    const t = await fixture.published();
    t.clock.current = day(3);
    const opened = await dispute(t.clock, t.dbFile, 'open', openArgs(carol(), 'conf-02/a1'));
    expect(opened.code, opened.io.stderr + opened.io.stdout).toBe(0);
    const db = t.open();
    try {
      const evidence = JSON.parse(
        Buffer.from(disputeById(db, opened.doc!.dispute_id as string)!.evidenceJson).toString('utf8'),
      ) as Json;
      expect(evidence.status_at_close).toBe('not_counted');
      expect(evidence.task).toMatchObject({
        status: 'not_submitted',
        min_assertions: 3,
        assessed: [
          { assertion_id: 'a1', status: 'supported' },
          { assertion_id: 'a2', status: 'instrument_fault' },
          { assertion_id: 'a3', status: 'supported' },
        ],
      });
    } finally {
      db.close();
    }
    // The assertion set aside names the same task: received too.
    const setAside = await dispute(t.clock, t.dbFile, 'open', openArgs(carol(), 'conf-02/a2'));
    expect(setAside.code, setAside.io.stderr + setAside.io.stdout).toBe(0);
  });

  it('upheld as counted_with_remaining, it publishes version 2: conf-02 submitted with a1 and a3 supported, a2 still set aside, Carol\u2019s figures recounted, nobody else\u2019s', async () => {
    const t = await fixture.published();
    t.clock.current = day(3);
    const id = (await dispute(t.clock, t.dbFile, 'open', openArgs(carol(), 'conf-02/a1'))).doc!.dispute_id as string;
    // One assertion's status cannot change in a task not submitted: the change is the task's.
    const one = await dispute(t.clock, t.dbFile, 'decide', decideArgs(id, 'supported'));
    expect(one.doc).toMatchObject({ ok: false, code: 'DISPUTE_CHANGE_NOT_ALLOWED' });

    t.clock.current = day(5);
    const decided = await dispute(t.clock, t.dbFile, 'decide', decideArgs(id, 'counted_with_remaining'));
    expect(decided.code, decided.io.stderr + decided.io.stdout).toBe(0);
    expect(decided.doc).toMatchObject({
      ok: true,
      state: 'upheld',
      correction: {
        version: 2,
        corrects_version: 1,
        participant_id: carol(),
        before: { overclaim: { unsupported: 1, submitted: 3 }, success: { grounded_exact: 1, out_of: 10 } },
        after: { overclaim: { unsupported: 1, submitted: 5 }, success: { grounded_exact: 1, out_of: 10 } },
      },
    });

    const db = t.open();
    try {
      const [v1, v2] = publicationVersionsOf(db, 1, 'conformite');
      const report = JSON.parse(
        Buffer.from(publishedReport(db, 1, 'conformite', 2, carol())!.reportJson).toString('utf8'),
      ) as Json;
      const task = (report.tasks as Json[]).find((x) => x.task_id === 'conf-02')!;
      expect(task).toMatchObject({
        status: 'submitted',
        supported: 2,
        unsupported: 0,
        instrument_faults: 1,
        // The verdict is the key's; a grounding fact no counted assertion carries stays missing (docs/scoring.md).
        exact: true,
        grounded: false,
        set_aside: [{ assertion_id: 'a2', kind: 'instrument_fault', cause: '403' }],
        counted_by_correction: {
          dispute_id: id,
          version: 2,
          from_reason: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS',
        },
      });
      expect(task.not_submitted).toBeUndefined();
      const statuses = (report.assertions as Json[])
        .filter((a) => a.task_id === 'conf-02')
        .map((a) => [a.assertion_id, a.status, a.corrected?.from_status ?? null]);
      expect(statuses).toEqual([
        ['a1', 'supported', 'not_counted'],
        ['a2', 'instrument_fault', null],
        ['a3', 'supported', 'not_counted'],
      ]);
      expect(report.corrections).toEqual([
        {
          version: 2,
          corrects_version: 1,
          dispute_id: id,
          task_id: 'conf-02',
          assertion_id: 'a1',
          from_status: 'not_submitted',
          to_status: 'submitted',
          change: 'counted_with_remaining',
          reason: 'the fault was on ArkForge\u2019s side',
        },
      ]);
      // scores.json: Carol's row recounted, the others as version 1 has them.
      const rows = (v: typeof v1) =>
        new Map(
          ((JSON.parse(Buffer.from(v!.scoresJson).toString('utf8')) as Json).participants as Json[]).map((p) => [
            p.participant_id,
            p,
          ]),
        );
      expect(rows(v2).get(carol())).toMatchObject({ tasks_submitted: 2, overclaim: { unsupported: 1, submitted: 5 } });
      expect(rows(v2).get(alice())).toEqual(rows(v1).get(alice()));
      expect(rows(v2).get(bob())).toEqual(rows(v1).get(bob()));
      const record = JSON.parse(Buffer.from(v2!.correctionJson!).toString('utf8')) as Json;
      expect(record.participants[0]).toMatchObject({
        participant_id: carol(),
        task: {
          task_id: 'conf-02',
          from_status: 'not_submitted',
          from_reason: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS',
          to_status: 'submitted',
        },
        assertions: [
          { task_id: 'conf-02', assertion_id: 'a1', from_status: 'not_counted', to_status: 'supported' },
          { task_id: 'conf-02', assertion_id: 'a3', from_status: 'not_counted', to_status: 'supported' },
        ],
      });
    } finally {
      db.close();
    }
    // Once the Index holding the correction is out (day 5), her window runs from it, Alice's still from version 1's.
    await fixture.madePublic(t);
    t.clock.current = day(16);
    const listed = await dispute(t.clock, t.dbFile, 'list', []);
    const windows = new Map((listed.doc!.windows as Json[]).map((w) => [w.participant_id, w.window_ends_at]));
    expect(windows.get(carol())).toBe(isoUtc(day(19)));
    expect(windows.get(alice())).toBe(isoUtc(day(14)));
  });

  it('counted_with_remaining on an assertion of a submitted task is DISPUTE_CHANGE_NOT_ALLOWED and publishes nothing', async () => {
    const t = await fixture.published();
    t.clock.current = day(3);
    const id = (await dispute(t.clock, t.dbFile, 'open', openArgs(alice(), 'conf-01/a3'))).doc!.dispute_id as string;
    const refused = await dispute(t.clock, t.dbFile, 'decide', decideArgs(id, 'counted_with_remaining'));
    expect(refused.code).toBe(1);
    expect(refused.doc).toMatchObject({ ok: false, code: 'DISPUTE_CHANGE_NOT_ALLOWED' });
    const db = t.open();
    try {
      expect(publicationVersionsOf(db, 1, 'conformite').map((v) => v.version)).toEqual([1]);
    } finally {
      db.close();
    }
  });
});
