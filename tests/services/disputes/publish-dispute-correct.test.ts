import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../main/core/disputes/calendar.ts';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { verifyAuditLog } from '../../../main/services/audit/verify-audit-log.ts';
import { createDisputeCommands } from '../../../main/cli/dispute-commands.ts';
import { createSeasonPublishCommand } from '../../../main/cli/season-publish-command.ts';
import { captureIo } from '../../support/capture-io.ts';
import { disputeById, disputeEvents } from '../../../main/db/disputes.ts';
import { publicationVersionsOf, publishedReport, reportsOfVersion } from '../../../main/db/publications.ts';
import { runCloseCommand } from '../close/support/close-commands.ts';
import { AFTER_CLOSE } from '../close/support/close-devnet.ts';
import { closedSeasonFixture, dispute, publish, SetClock, type Json } from './support/published-close.ts';

const PUBLISHED_AT = Date.parse('2026-11-02T10:00:00.000Z');
const fixture = closedSeasonFixture(PUBLISHED_AT);

/** A fresh copy of the closed season's database, published as version 1 at PUBLISHED_AT. */
const published = () => fixture.published();

const openArgs = (participant: string, assertion: string, extra: string[] = []) => [
  '--season',
  '1',
  '--track',
  'conformite',
  '--participant',
  participant,
  '--assertion',
  assertion,
  '--reason',
  'the frozen record carries this value',
  '--actor',
  'staff-1',
  ...extra,
];

describe('season publish', () => {
  it('publishes the latest close as version 1: scores.json and every report byte for byte, bundle digests, the audit head after its own entry', async () => {
    const t = await fixture.publishedOnly();
    expect(t.publication).toMatchObject({
      ok: true,
      version: 1,
      published_at: '2026-11-02T10:00:00.000Z',
      // Not public yet: no window runs until an Index holds it (spec §9.2).
      dispute_window_ends_at: null,
      scored: [fixture.season.alice.participantId],
      pending: [fixture.season.bob.participantId],
      reports: 2,
    });
    const db = t.open();
    try {
      const [v1] = publicationVersionsOf(db, 1, 'conformite');
      expect(Buffer.from(v1!.scoresJson)).toEqual(readFileSync(join(fixture.season.out, 'scores.json')));
      const reports = reportsOfVersion(db, v1!.id);
      expect(reports.map((r) => r.participantId).sort()).toEqual(
        [fixture.season.alice.participantId, fixture.season.bob.participantId].sort(),
      );
      for (const r of reports)
        expect(Buffer.from(r.reportJson)).toEqual(
          readFileSync(join(fixture.season.out, 'reports', `${r.participantId}.json`)),
        );
      const digests = JSON.parse(Buffer.from(v1!.bundleDigestsJson).toString('utf8')) as Record<string, string>;
      expect(digests['submissions.ndjson']).toBe(
        sha256Hex(readFileSync(join(fixture.season.out, 'bundle', 'submissions.ndjson'))),
      );
      const rows = auditRows(db);
      const last = rows[rows.length - 1]!;
      expect(last.action).toBe('season.publish');
      expect({ seq: v1!.auditSeq, hash: v1!.auditHash }).toEqual({ seq: last.seq, hash: last.entryHash });
      expect(last.actor).toBe('ana');
      expect(() => db.prepare('UPDATE publication_versions SET published_at_ms = 0').run()).toThrow(/append-only/);
      expect(() => db.prepare('DELETE FROM publication_reports').run()).toThrow(/append-only/);
    } finally {
      db.close();
    }
  });

  it('a second publish fails with PUBLISH_ALREADY_PUBLISHED (a later change is a correction)', async () => {
    const t = await published();
    const again = await publish(t.clock, t.dbFile);
    expect(again.code).toBe(1);
    expect(again.doc).toMatchObject({ ok: false, code: 'PUBLISH_ALREADY_PUBLISHED' });
  });

  it('a season with no close fails with PUBLISH_NO_CLOSE; a missing --track is a usage error (exit 2)', async () => {
    const copy = fixture.copy();
    const clock = new SetClock(PUBLISHED_AT);
    const none = await publish(clock, copy.dbFile, ['--season', '2']);
    expect(none.doc).toMatchObject({ ok: false, code: 'PUBLISH_NO_CLOSE' });
    const io = captureIo();
    expect(await createSeasonPublishCommand(clock).run(['--season', '1', '--db', copy.dbFile], io)).toBe(2);
    expect(io.stderr).toContain('--track');
  });
});

describe('dispute window (14 days after the publication, UTC, inclusive)', () => {
  it('a dispute received exactly 14 days after publication is accepted; its decision is due 30 days after receipt', async () => {
    const t = await published();
    t.clock.current = PUBLISHED_AT + 14 * DAY_MS;
    const r = await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3'));
    expect(r.code, r.io.stderr + r.io.stdout).toBe(0);
    expect(r.doc).toMatchObject({
      ok: true,
      dispute_id: 'dsp-1-conformite-0001',
      state: 'received',
      publication_version: 1,
      received_at: '2026-11-16T10:00:00.000Z',
      received_at_entered_by_hand: false,
      decision_due: '2026-12-16T10:00:00.000Z',
    });
  });

  it('a dispute received 14 days and 1 ms after publication fails with DISPUTE_WINDOW_CLOSED and writes nothing', async () => {
    const t = await published();
    t.clock.current = PUBLISHED_AT + 14 * DAY_MS + 1;
    const r = await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3'));
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ ok: false, code: 'DISPUTE_WINDOW_CLOSED' });
    const db = t.open();
    try {
      expect(db.prepare('SELECT count(*) FROM disputes').pluck().get()).toBe(0);
      expect(auditRows(db).map((e) => e.action)).not.toContain('dispute.open');
    } finally {
      db.close();
    }
  });

  it('a receipt entered by hand at +02:00 is read in UTC: 12:00:00+02:00 on day 14 is accepted, 12:00:01+02:00 is not; the audit log says it was entered by hand', async () => {
    const t = await published();
    t.clock.current = PUBLISHED_AT + 20 * DAY_MS;
    const late = await dispute(
      t.clock,
      t.dbFile,
      'open',
      openArgs(fixture.season.alice.participantId, 'conf-01/a3', ['--received-at', '2026-11-16T12:00:01+02:00']),
    );
    expect(late.doc).toMatchObject({ ok: false, code: 'DISPUTE_WINDOW_CLOSED' });
    const onTime = await dispute(
      t.clock,
      t.dbFile,
      'open',
      openArgs(fixture.season.alice.participantId, 'conf-01/a3', ['--received-at', '2026-11-16T12:00:00+02:00']),
    );
    expect(onTime.code, onTime.io.stderr + onTime.io.stdout).toBe(0);
    expect(onTime.doc).toMatchObject({
      received_at: '2026-11-16T10:00:00.000Z',
      received_at_entered_by_hand: true,
      decision_due: '2026-12-16T10:00:00.000Z',
    });
    const db = t.open();
    try {
      const entry = auditRows(db).find((e) => e.action === 'dispute.open')!;
      expect(JSON.parse(entry.details)).toMatchObject({
        received_at: '2026-11-16T10:00:00.000Z',
        received_at_entered_by_hand: true,
      });
    } finally {
      db.close();
    }
  });

  it('a receipt entered by hand later than now fails with DISPUTE_RECEIVED_IN_FUTURE', async () => {
    const t = await published();
    t.clock.current = PUBLISHED_AT + DAY_MS;
    const r = await dispute(
      t.clock,
      t.dbFile,
      'open',
      openArgs(fixture.season.alice.participantId, 'conf-01/a3', ['--received-at', '2026-11-03T10:00:00.001Z']),
    );
    expect(r.doc).toMatchObject({ ok: false, code: 'DISPUTE_RECEIVED_IN_FUTURE' });
  });

  it('--received-at without a time zone is a usage error (exit 2)', async () => {
    const t = await published();
    const r = await dispute(
      t.clock,
      t.dbFile,
      'open',
      openArgs(fixture.season.alice.participantId, 'conf-01/a3', ['--received-at', '2026-11-10T12:00:00']),
    );
    expect(r.code).toBe(2);
    expect(r.io.stderr).toContain('time zone');
  });

  it('dispute list: on_time, at_risk with 5 days or less left, overdue after the due instant, decided once decided', async () => {
    const t = await published();
    t.clock.current = PUBLISHED_AT + DAY_MS;
    const opened = await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3'));
    const id = opened.doc!.dispute_id as string;
    const statusAt = async (ms: number) => {
      t.clock.current = ms;
      const l = await dispute(t.clock, t.dbFile, 'list', ['--season', '1', '--track', 'conformite']);
      return (l.doc!.disputes as Json[])[0]!.deadline_status as string;
    };
    const due = PUBLISHED_AT + DAY_MS + 30 * DAY_MS;
    expect(await statusAt(due - 5 * DAY_MS - 1)).toBe('on_time');
    expect(await statusAt(due - 5 * DAY_MS)).toBe('at_risk');
    expect(await statusAt(due)).toBe('at_risk');
    expect(await statusAt(due + 1)).toBe('overdue');
    await dispute(t.clock, t.dbFile, 'decide', [id, '--decision', 'rejected', '--reason', 'r', '--reviewer', 'Ana']);
    expect(await statusAt(due + 1)).toBe('decided');
  });
});

describe('dispute scope and transitions', () => {
  it('an assertion of a task not submitted (below its minimum) fails with DISPUTE_SCOPE, with the reason', async () => {
    const t = await published();
    const r = await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-02/a1'));
    expect(r.doc).toMatchObject({ ok: false, code: 'DISPUTE_SCOPE' });
    expect(r.doc!.message).toContain('frozen scoring rules');
  });

  it('a supported assertion fails with DISPUTE_SCOPE; an unknown one with DISPUTE_ASSERTION_UNKNOWN; a pending participant with DISPUTE_PARTICIPANT_PENDING', async () => {
    const t = await published();
    const codes = [];
    for (const [p, a] of [
      [fixture.season.alice.participantId, 'conf-01/a1'],
      [fixture.season.alice.participantId, 'conf-01/a9'],
      [fixture.season.bob.participantId, 'conf-01/a1'],
      ['nobody', 'conf-01/a1'],
    ] as const)
      codes.push((await dispute(t.clock, t.dbFile, 'open', openArgs(p, a))).doc!.code);
    expect(codes).toEqual([
      'DISPUTE_SCOPE',
      'DISPUTE_ASSERTION_UNKNOWN',
      'DISPUTE_PARTICIPANT_PENDING',
      'DISPUTE_PARTICIPANT_UNKNOWN',
    ]);
  });

  it('--assertion that is not TASK_ID/ASSERTION_ID (a rule, the corpus) is a usage error (exit 2)', async () => {
    const t = await published();
    const r = await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'rules'));
    expect(r.code).toBe(2);
  });

  it('before any publication a dispute fails with DISPUTE_NOT_PUBLISHED', async () => {
    const copy = fixture.copy();
    const r = await dispute(
      new SetClock(PUBLISHED_AT),
      copy.dbFile,
      'open',
      openArgs(fixture.season.alice.participantId, 'conf-01/a3'),
    );
    expect(r.doc).toMatchObject({ ok: false, code: 'DISPUTE_NOT_PUBLISHED' });
  });

  it('a second dispute on an assertion whose dispute is undecided fails with DISPUTE_ALREADY_OPEN', async () => {
    const t = await published();
    await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3'));
    const again = await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3'));
    expect(again.doc).toMatchObject({ ok: false, code: 'DISPUTE_ALREADY_OPEN' });
  });

  it('review, then review again (DISPUTE_ALREADY_UNDER_REVIEW); decide without reason is a usage error; decide twice fails with DISPUTE_ALREADY_DECIDED', async () => {
    const t = await published();
    const id = (await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3')))
      .doc!.dispute_id as string;
    expect((await dispute(t.clock, t.dbFile, 'review', [id, '--reviewer', 'Ana'])).doc).toMatchObject({
      ok: true,
      state: 'under_review',
    });
    expect((await dispute(t.clock, t.dbFile, 'review', [id, '--reviewer', 'Ana'])).doc).toMatchObject({
      code: 'DISPUTE_ALREADY_UNDER_REVIEW',
    });
    expect((await dispute(t.clock, t.dbFile, 'decide', [id, '--decision', 'rejected', '--reviewer', 'Ana'])).code).toBe(
      2,
    );
    const upheldNoChange = await dispute(t.clock, t.dbFile, 'decide', [
      id,
      '--decision',
      'upheld',
      '--reason',
      'r',
      '--reviewer',
      'Ana',
    ]);
    expect(upheldNoChange.doc).toMatchObject({ code: 'DISPUTE_CHANGE_REQUIRED' });
    const first = await dispute(t.clock, t.dbFile, 'decide', [
      id,
      '--decision',
      'rejected',
      '--reason',
      'r',
      '--reviewer',
      'Ana',
    ]);
    expect(first.doc).toMatchObject({ ok: true, state: 'rejected', review_recorded: false });
    const second = await dispute(t.clock, t.dbFile, 'decide', [
      id,
      '--decision',
      'upheld',
      '--reason',
      'r',
      '--reviewer',
      'Ana',
      '--change',
      'supported',
    ]);
    expect(second.doc).toMatchObject({ ok: false, code: 'DISPUTE_ALREADY_DECIDED' });
    expect(
      (
        await dispute(t.clock, t.dbFile, 'decide', [
          'dsp-9',
          '--decision',
          'rejected',
          '--reason',
          'r',
          '--reviewer',
          'A',
        ])
      ).doc,
    ).toMatchObject({
      code: 'DISPUTE_NOT_FOUND',
    });
  });
});

describe('evidence stored when a dispute opens', () => {
  it('holds the claim, the frozen value at the pointer, the recomputed hashes beside the opened ones, every check of the cited proof, and the cause', async () => {
    const t = await published();
    const id = (await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3')))
      .doc!.dispute_id as string;
    const db = t.open();
    try {
      const d = disputeById(db, id)!;
      const e = JSON.parse(Buffer.from(d.evidenceJson).toString('utf8')) as Json;
      expect(e.claim).toEqual({
        resource: '/entites/171904347',
        field: '/attestations/1',
        value: '/attestations/ATT-00000',
      });
      expect(e.frozen).toMatchObject({ in_manifest: true, equals_claim: false });
      expect(e.frozen.value).not.toBe('/attestations/ATT-00000');
      expect(e.cause_shown).toMatchObject({ cause: 'value_mismatch', code: 'VALUE_DIFFERS', condition: 4 });
      const [proof] = e.proofs as Json[];
      expect(proof!.request_hash.equal).toBe(true);
      expect(proof!.request_hash.opened).toBe(proof!.request_hash.recomputed);
      expect(proof!.response_hash.equal).toBe(true);
      expect(proof!.verdict).toBe('VERIFIED');
      expect((proof!.checks as Json[]).map((c) => c.name)).toEqual(
        expect.arrayContaining(['signature', 'tsa', 'rekor', 'openings']),
      );
      expect((proof!.checks as Json[]).every((c) => 'code' in c && 'status' in c)).toBe(true);
      expect(e.task).toMatchObject({ min_assertions: 2, status: 'submitted' });
      expect(d.evidenceSha256).toHaveLength(64);
    } finally {
      db.close();
    }
  });
});

describe('an upheld value-mismatch dispute: correction version 2', () => {
  it('changes Alice\u2019s overclaim from 2/4 to 1/4 through version 2, which corrects version 1; version 1 stays byte-identical', async () => {
    const t = await published();
    const db0 = t.open();
    const v1Before = db0.prepare('SELECT * FROM publication_versions WHERE version = 1').get() as Json;
    const v1ReportsBefore = db0.prepare('SELECT * FROM publication_reports ORDER BY participant_id').all();
    db0.close();

    t.clock.current = PUBLISHED_AT + 3 * DAY_MS;
    const opened = await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3'));
    const id = opened.doc!.dispute_id as string;
    t.clock.current = PUBLISHED_AT + 10 * DAY_MS;
    const decided = await dispute(t.clock, t.dbFile, 'decide', [
      id,
      '--decision',
      'upheld',
      '--change',
      'supported',
      '--reason',
      'the reviewer found the frozen record carries the claimed value',
      '--reviewer',
      'Ana',
      '--actor',
      'staff-2',
    ]);
    expect(decided.code, decided.io.stderr + decided.io.stdout).toBe(0);
    expect(decided.doc).toMatchObject({
      ok: true,
      state: 'upheld',
      review_recorded: true,
      correction: {
        version: 2,
        corrects_version: 1,
        participant_id: fixture.season.alice.participantId,
        before: { overclaim: { unsupported: 2, submitted: 4 } },
        after: { overclaim: { unsupported: 1, submitted: 4 } },
      },
    });

    const db = t.open();
    try {
      // Version 1, byte for byte, as before the correction.
      expect(db.prepare('SELECT * FROM publication_versions WHERE version = 1').get()).toEqual(v1Before);
      expect(
        db
          .prepare('SELECT * FROM publication_reports WHERE publication_id = ? ORDER BY participant_id')
          .all(v1Before.id),
      ).toEqual(v1ReportsBefore);
      const [v1, v2] = publicationVersionsOf(db, 1, 'conformite');
      expect(Buffer.from(v1!.scoresJson)).toEqual(readFileSync(join(fixture.season.out, 'scores.json')));
      expect(v2).toMatchObject({
        version: 2,
        correctsVersion: 1,
        publishedAtMs: PUBLISHED_AT + 10 * DAY_MS,
        actor: 'staff-2',
      });
      const scores2 = JSON.parse(Buffer.from(v2!.scoresJson).toString('utf8')) as Json;
      const row = (scores2.participants as Json[]).find(
        (p) => p.participant_id === fixture.season.alice.participantId,
      )!;
      expect(row.overclaim).toEqual({ unsupported: 1, submitted: 4 });
      expect(scores2.correction).toEqual({ version: 2, corrects_version: 1, dispute_ids: [id] });
      expect(sha256Hex(v2!.scoresJson)).toBe(v2!.scoresSha256);

      const record = JSON.parse(Buffer.from(v2!.correctionJson!).toString('utf8')) as Json;
      expect(record).toMatchObject({
        version: 2,
        corrects_version: 1,
        disputes: [id],
        reason: 'the reviewer found the frozen record carries the claimed value',
        participants: [
          {
            participant_id: fixture.season.alice.participantId,
            before: { overclaim: { unsupported: 2, submitted: 4 }, success: { grounded_exact: 1, out_of: 10 } },
            after: { overclaim: { unsupported: 1, submitted: 4 }, success: { grounded_exact: 1, out_of: 10 } },
            assertions: [
              { task_id: 'conf-01', assertion_id: 'a3', from_status: 'unsupported', to_status: 'supported' },
            ],
          },
        ],
      });
      // The corrected report: only Alice's, in version 2; Bob's report is still version 1's.
      expect(reportsOfVersion(db, v2!.id).map((r) => r.participantId)).toEqual([fixture.season.alice.participantId]);
      const report2 = JSON.parse(
        Buffer.from(publishedReport(db, 1, 'conformite', 2, fixture.season.alice.participantId)!.reportJson).toString(
          'utf8',
        ),
      ) as Json;
      const a3 = (report2.assertions as Json[]).find((a) => a.task_id === 'conf-01' && a.assertion_id === 'a3')!;
      expect(a3).toMatchObject({
        status: 'supported',
        corrected: { from_status: 'unsupported', from_code: 'VALUE_DIFFERS' },
      });
      expect(a3.cause).toBeUndefined();
      expect(report2.corrections).toHaveLength(1);
      expect(publishedReport(db, 1, 'conformite', 2, fixture.season.bob.participantId)!.version).toBe(1);

      // Events and the audit log: review and decision kept with reviewer and dates; head of version 2 after correction.publish.
      expect(disputeEvents(db, id).map((e) => [e.step, e.state, e.reviewer, e.atMs])).toEqual([
        ['review', 'under_review', 'Ana', PUBLISHED_AT + 10 * DAY_MS],
        ['decision', 'upheld', 'Ana', PUBLISHED_AT + 10 * DAY_MS],
      ]);
      const rows = auditRows(db);
      expect(rows.map((r) => r.action).slice(-6)).toEqual([
        'season.publish',
        'index.export',
        'dispute.open',
        'dispute.review',
        'dispute.decide',
        'correction.publish',
      ]);
      expect({ seq: v2!.auditSeq, hash: v2!.auditHash }).toEqual({
        seq: rows[rows.length - 1]!.seq,
        hash: rows[rows.length - 1]!.entryHash,
      });
      // The log verifies, with the heads versions 1 and 2 quote.
      const verified = verifyAuditLog(db);
      expect(verified.ok, JSON.stringify(verified)).toBe(true);
    } finally {
      db.close();
    }

    // Before the Index holds version 2 no window runs for Alice's new figures; once it does, the assertion is
    // supported there and disputing it again is out of scope.
    const early = await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3'));
    expect(early.doc).toMatchObject({ ok: false, code: 'DISPUTE_SCORES_NOT_PUBLIC', details: { version: 2 } });
    await fixture.madePublic(t);
    const again = await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3'));
    expect(again.doc).toMatchObject({ ok: false, code: 'DISPUTE_SCOPE' });
  });

  it('a second upheld dispute (instrument fault) makes version 3 from version 2: overclaim 1/4 then 0/3', async () => {
    const t = await published();
    const first = (await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3')))
      .doc!.dispute_id as string;
    const second = (
      await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a4'))
    ).doc!.dispute_id as string;
    const upheld = (id: string, change: string) =>
      dispute(t.clock, t.dbFile, 'decide', [
        id,
        '--decision',
        'upheld',
        '--change',
        change,
        '--reason',
        'r',
        '--reviewer',
        'Ana',
      ]);
    expect((await upheld(first, 'supported')).doc).toMatchObject({ correction: { version: 2 } });
    expect((await upheld(second, 'instrument_fault')).doc).toMatchObject({
      correction: {
        version: 3,
        corrects_version: 2,
        before: { overclaim: { unsupported: 1, submitted: 4 } },
        after: { overclaim: { unsupported: 0, submitted: 3 } },
      },
    });
  });
});

describe('a rejected dispute', () => {
  it('changes no version, and is listed with its decision, reason, reviewer and dates', async () => {
    const t = await published();
    const id = (await dispute(t.clock, t.dbFile, 'open', openArgs(fixture.season.alice.participantId, 'conf-01/a3')))
      .doc!.dispute_id as string;
    t.clock.current = PUBLISHED_AT + 2 * DAY_MS;
    const r = await dispute(t.clock, t.dbFile, 'decide', [
      id,
      '--decision',
      'rejected',
      '--reason',
      'the frozen body carries another value at /attestations/1',
      '--reviewer',
      'Ana',
    ]);
    expect(r.doc).toMatchObject({ ok: true, state: 'rejected', review_recorded: true, correction: null });
    const list = await dispute(t.clock, t.dbFile, 'list', []);
    expect(list.doc!.disputes).toEqual([
      expect.objectContaining({
        dispute_id: id,
        state: 'rejected',
        deadline_status: 'decided',
        reviewer: 'Ana',
        decided_at: '2026-11-04T10:00:00.000Z',
        decision_reason: 'the frozen body carries another value at /attestations/1',
        correction_version: null,
      }),
    ]);
    const db = t.open();
    try {
      expect(publicationVersionsOf(db, 1, 'conformite').map((v) => v.version)).toEqual([1]);
      expect(
        auditRows(db)
          .map((e) => e.action)
          .slice(-3),
      ).toEqual(['dispute.open', 'dispute.review', 'dispute.decide']);
    } finally {
      db.close();
    }
  });
});

describe('a later close of the participants pending in version 1 (it anchors the devnet batch: after every test that needs Bob pending)', () => {
  it('publishes nothing while they are still pending (PUBLISH_NOTHING_NEW), then version 2 with Bob\u2019s figures once a close scores him; version 1 unchanged', async () => {
    const t = await published();
    const closeInto = (out: string) =>
      runCloseCommand(fixture.season.net.clock, {
        season: 1,
        track: 'conformite',
        corpus: fixture.season.net.corpusDir,
        source: {
          seasonUrl: fixture.season.net.devnet.info.season,
          operatorTokenFile: fixture.season.net.operatorTokenFile,
        },
        db: t.dbFile,
        trustLayer: fixture.season.net.devnet.info.trust_layer,
        trust: fixture.season.net.devnet.info.trust_bundle,
        out,
        json: true,
      });
    fixture.season.net.clock.set(AFTER_CLOSE + 3_600_000);
    expect((await closeInto(join(t.dir, 'close-still-pending'))).code).toBe(3);
    t.clock.current = PUBLISHED_AT + DAY_MS;
    const nothing = await publish(t.clock, t.dbFile);
    expect(nothing.doc).toMatchObject({ ok: false, code: 'PUBLISH_NOTHING_NEW' });

    await fixture.season.net.devnet.closeBatch();
    fixture.season.net.clock.set(AFTER_CLOSE + 3 * 3_600_000);
    const later = await closeInto(join(t.dir, 'close-later'));
    expect(later.code, later.io.stderr + later.io.stdout).toBe(0);
    t.clock.current = PUBLISHED_AT + 2 * DAY_MS;
    const v2 = await publish(t.clock, t.dbFile);
    expect(v2.code, v2.io.stderr + v2.io.stdout).toBe(0);
    expect(v2.doc).toMatchObject({
      ok: true,
      version: 2,
      corrects_version: 1,
      scored: [fixture.season.bob.participantId],
      pending: [],
    });
    // Bob's figures become public with the Index exported the same day: his window runs from it.
    await fixture.madePublic(t);

    const db = t.open();
    try {
      const [v1, second] = publicationVersionsOf(db, 1, 'conformite');
      expect(Buffer.from(v1!.scoresJson)).toEqual(readFileSync(join(fixture.season.out, 'scores.json')));
      const scores2 = JSON.parse(Buffer.from(second!.scoresJson).toString('utf8')) as Json;
      const rows = new Map((scores2.participants as Json[]).map((p) => [p.participant_id, p]));
      // Anchored after closes_at: both of Bob's assertions are unsupported (ANCHOR_AFTER_CLOSE).
      expect(rows.get(fixture.season.bob.participantId)).toMatchObject({
        status: 'scored',
        overclaim: { unsupported: 2, submitted: 2 },
      });
      const v1Scores = JSON.parse(Buffer.from(v1!.scoresJson).toString('utf8')) as Json;
      expect(rows.get(fixture.season.alice.participantId)).toEqual(
        (v1Scores.participants as Json[]).find((p) => p.participant_id === fixture.season.alice.participantId),
      );
      const record = JSON.parse(Buffer.from(second!.correctionJson!).toString('utf8')) as Json;
      expect(record).toMatchObject({
        version: 2,
        corrects_version: 1,
        disputes: [],
        participants: [
          { participant_id: fixture.season.bob.participantId, before: { overclaim: { unsupported: null } } },
        ],
      });
      expect(publishedReport(db, 1, 'conformite', 2, fixture.season.bob.participantId)!.version).toBe(2);
      expect(publishedReport(db, 1, 'conformite', 2, fixture.season.alice.participantId)!.version).toBe(1);
    } finally {
      db.close();
    }
    // Bob is scored now: his assertions can be disputed from the export of version 2, with evidence from the later close's bundle.
    t.clock.current = PUBLISHED_AT + 15 * DAY_MS;
    const bobDispute = await dispute(
      t.clock,
      t.dbFile,
      'open',
      openArgs(fixture.season.bob.participantId, 'conf-01/a1'),
    );
    expect(bobDispute.code, bobDispute.io.stderr + bobDispute.io.stdout).toBe(0);
    expect(bobDispute.doc).toMatchObject({
      ok: true,
      publication_version: 2,
      window_ends_at: '2026-11-18T10:00:00.000Z',
    });
    const db2 = t.open();
    try {
      const evidence = JSON.parse(
        Buffer.from(disputeById(db2, bobDispute.doc!.dispute_id as string)!.evidenceJson).toString('utf8'),
      ) as Json;
      expect(evidence.cause_shown).toMatchObject({ cause: 'invalid_proof', code: 'ANCHOR_AFTER_CLOSE' });
    } finally {
      db2.close();
    }
    const again = await publish(t.clock, t.dbFile);
    expect(again.doc).toMatchObject({ ok: false, code: 'PUBLISH_ALREADY_PUBLISHED' });
  });
});

describe('text output (without --json)', () => {
  it('dispute open prints the new dispute_id on its first line; dispute list prints one line per dispute with its deadline status', async () => {
    const t = await published();
    const [open, , , list] = createDisputeCommands(t.clock);
    const io = captureIo();
    expect(await open!.run([...openArgs(fixture.season.alice.participantId, 'conf-01/a3'), '--db', t.dbFile], io)).toBe(
      0,
    );
    expect(io.stdout.split('\n')[0]).toBe('dsp-1-conformite-0001');
    expect(io.stdout).toContain('decision due 2026-12-02T10:00:00.000Z');
    const listed = captureIo();
    expect(await list!.run(['--db', t.dbFile], listed)).toBe(0);
    expect(listed.stdout).toMatch(
      /^dsp-1-conformite-0001 +received +on_time +due 2026-12-02T10:00:00.000Z \(30\.0 days left\)/,
    );
  });
});
