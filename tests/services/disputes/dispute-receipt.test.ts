import { createPrivateKey } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDisputeCommands } from '../../../main/cli/dispute-commands.ts';
import { DAY_MS } from '../../../main/core/disputes/calendar.ts';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { signReceipt, type ReceiptFields } from '../../../main/core/receipts/submission-receipt.ts';
import { openSignedExport } from '../../../main/core/season-export/signed-export.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { disputeById, listDisputes } from '../../../main/db/disputes.ts';
import type { Db } from '../../../main/db/open-database.ts';
import { createDispatcher } from '../../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../../main/console/console-handlers.ts';
import { openConsole } from '../../../main/console/open-console.ts';
import { RECEIPT_KEY_FILE, receiptSignerOf } from '../../../season-service/receipt-key.ts';
import { captureIo } from '../../support/capture-io.ts';
import { DURING } from '../close/support/close-devnet.ts';
import { closedSeasonFixture, dispute, type Json } from './support/published-close.ts';

const PUBLISHED_AT = Date.parse('2026-11-02T10:00:00.000Z');
const fixture = closedSeasonFixture(PUBLISHED_AT);

/** A fresh copy of the closed season's database, published as version 1; disputes are received a day later. */
async function published() {
  const copy = await fixture.published();
  const { clock } = copy;
  clock.current = PUBLISHED_AT + DAY_MS;
  const file = (name: string, receipt: object) => {
    const path = join(copy.dir, name);
    writeFileSync(path, JSON.stringify(receipt));
    return path;
  };
  return { ...copy, clock, file };
}

/** Alice's dispute of conf-01/a3 (unsupported, value_mismatch), with the extra options given. */
const openArgs = (extra: string[] = []) => [
  '--season',
  '1',
  '--track',
  'conformite',
  '--participant',
  fixture.season.alice.participantId,
  '--assertion',
  'conf-01/a3',
  '--reason',
  'I replaced conf-01 before the close; the receipt says so',
  '--actor',
  'staff-1',
  ...extra,
];

/** The season service's own receipt key, from the devnet's state folder (the one that signed the close's export). */
function serviceSigner() {
  return receiptSignerOf(createPrivateKey(readFileSync(join(fixture.season.net.devnet.info.state, RECEIPT_KEY_FILE))));
}

/**
 * What a service that lost a write would have answered: version 2 of Alice's conf-01, received before the close,
 * signed by the service's receipt key; the close scored an export holding version 1 only.
 */
function lostWriteReceipt() {
  const v1 = fixture.season.receipts.aliceConf01;
  const fields: ReceiptFields = {
    replaces_previous: true,
    season: v1.season,
    track: v1.track,
    task_id: v1.task_id,
    participant_id: v1.participant_id,
    version: 2,
    received_at: new Date(DURING + 3_600_000).toISOString(),
    submission_sha256: sha256Hex(new TextEncoder().encode('{"replaced": "conf-01"}')),
  };
  return signReceipt(fields, serviceSigner().sign);
}

/** Evidence stored with a dispute, parsed. */
function storedEvidence(t: { open(): Db }, id: string) {
  const db = t.open();
  try {
    const row = disputeById(db, id)!;
    return {
      text: Buffer.from(row.evidenceJson).toString('utf8'),
      json: JSON.parse(Buffer.from(row.evidenceJson).toString('utf8')) as Json,
    };
  } finally {
    db.close();
  }
}

/** What a refusal must leave: no dispute, no audit entry after the publication's. */
function written(t: { open(): Db }) {
  const db = t.open();
  try {
    return { disputes: listDisputes(db, {}).length, audit: auditRows(db).length };
  } finally {
    db.close();
  }
}

describe('dispute open --receipt: a submission receipt compared with the export the close scored', () => {
  it('the receipt of the version the close scored is in_export, verified with the key that signed the bundled export', async () => {
    const t = await published();
    const r = await dispute(
      t.clock,
      t.dbFile,
      'open',
      openArgs(['--receipt', t.file('v1.json', fixture.season.receipts.aliceConf01)]),
    );
    expect(r.code, r.io.stderr + r.io.stdout).toBe(0);
    const bundled = openSignedExport(readFileSync(join(fixture.season.out, 'bundle', 'submissions.ndjson')), null);
    if (!bundled.ok) throw new Error(bundled.error.message);
    expect(bundled.value.trailer.publicKeyHex).toBe(serviceSigner().publicKeyHex);
    const expected = {
      version: 1,
      export_version: 1,
      export_submission_sha256: fixture.season.receipts.aliceConf01.submission_sha256,
      comparison: 'same',
      in_export: true,
      superseded: false,
      received_before_export: true,
      verified_with: bundled.value.trailer.publicKeyHex,
      export_taken_at: bundled.value.trailer.takenAt,
    };
    expect(r.doc!.receipt).toMatchObject(expected);
    const { json } = storedEvidence(t, r.doc!.dispute_id as string);
    expect(json.receipt).toEqual({ ...fixture.season.receipts.aliceConf01, ...expected });
  });

  it('a receipt of a version the close never saw (a lost write) is in_export false, not superseded, and the evidence says so', async () => {
    const t = await published();
    const receipt = lostWriteReceipt();
    const r = await dispute(t.clock, t.dbFile, 'open', openArgs(['--receipt', t.file('v2.json', receipt)]));
    expect(r.code, r.io.stderr + r.io.stdout).toBe(0);
    const { json } = storedEvidence(t, r.doc!.dispute_id as string);
    expect(json.receipt).toMatchObject({
      ...receipt,
      export_version: 1,
      export_submission_sha256: fixture.season.receipts.aliceConf01.submission_sha256,
      comparison: 'later_than_export',
      in_export: false,
      superseded: false,
      received_before_export: true,
    });
    // The receipt is evidence, not a score: the dispute is received like any other, on the same assertion.
    expect(r.doc).toMatchObject({ ok: true, state: 'received', publication_version: 1 });
  });

  it('the text output says the receipt’s version is not in the export the close scored', async () => {
    const t = await published();
    const io = captureIo();
    const open = createDisputeCommands(t.clock).find((c) => c.path[1] === 'open')!;
    const code = await open.run(
      [...openArgs(['--receipt', t.file('v2.json', lostWriteReceipt())]), '--db', t.dbFile],
      io,
    );
    expect(code, io.stderr).toBe(0);
    expect(io.stdout).toContain(
      'submission receipt: conf-01 version 2 received 2026-10-10T13:00:00.000Z: NOT in the export the close scored, the export has version 1',
    );
  });

  it('a dispute without --receipt stores the evidence it stored before; with one, the same document plus its receipt block', async () => {
    const without = await published();
    const plain = await dispute(without.clock, without.dbFile, 'open', openArgs());
    const withReceipt = await published();
    const carried = await dispute(
      withReceipt.clock,
      withReceipt.dbFile,
      'open',
      openArgs(['--receipt', withReceipt.file('v2.json', lostWriteReceipt())]),
    );
    const before = storedEvidence(without, plain.doc!.dispute_id as string);
    const after = storedEvidence(withReceipt, carried.doc!.dispute_id as string);
    expect(before.json.format).toBe('proveit-dispute-evidence/1');
    expect('receipt' in before.json).toBe(false);
    expect(plain.doc!.receipt).toBeUndefined();
    const { receipt, ...rest } = after.json;
    expect(receipt).toBeDefined();
    expect(rest).toEqual(before.json);
    expect(after.json.format).toBe('proveit-dispute-evidence/1');
  });

  it('an edited receipt (its version raised without the key) fails DISPUTE_RECEIPT_INVALID naming the field, and writes nothing', async () => {
    const t = await published();
    const before = written(t);
    const edited = { ...fixture.season.receipts.aliceConf01, version: 2 };
    const r = await dispute(t.clock, t.dbFile, 'open', openArgs(['--receipt', t.file('edited.json', edited)]));
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({
      ok: false,
      code: 'DISPUTE_RECEIPT_INVALID',
      details: {
        receipt_code: 'RECEIPT_SIGNATURE_INVALID',
        field: 'receipt_signature',
        key: serviceSigner().publicKeyHex,
      },
    });
    const malformed = { ...fixture.season.receipts.aliceConf01, version: '2' };
    const m = await dispute(t.clock, t.dbFile, 'open', openArgs(['--receipt', t.file('malformed.json', malformed)]));
    expect(m.code).toBe(1);
    expect(m.doc).toMatchObject({
      code: 'DISPUTE_RECEIPT_INVALID',
      details: { receipt_code: 'RECEIPT_FIELD_INVALID', field: 'version' },
    });
    expect(written(t)).toEqual(before);
  });

  it('a receipt of another participant, or of another task, fails DISPUTE_RECEIPT_OTHER_SUBMISSION naming the field and both values', async () => {
    const t = await published();
    const before = written(t);
    const bob = await dispute(
      t.clock,
      t.dbFile,
      'open',
      openArgs(['--receipt', t.file('bob.json', fixture.season.receipts.bobConf01)]),
    );
    expect(bob.code).toBe(1);
    expect(bob.doc).toMatchObject({
      code: 'DISPUTE_RECEIPT_OTHER_SUBMISSION',
      details: {
        field: 'participant_id',
        receipt: fixture.season.bob.participantId,
        dispute: fixture.season.alice.participantId,
      },
    });
    const task = await dispute(
      t.clock,
      t.dbFile,
      'open',
      openArgs(['--receipt', t.file('conf-02.json', fixture.season.receipts.aliceConf02)]),
    );
    expect(task.doc).toMatchObject({
      code: 'DISPUTE_RECEIPT_OTHER_SUBMISSION',
      details: { field: 'task_id', receipt: 'conf-02', dispute: 'conf-01' },
    });
    expect(written(t)).toEqual(before);
  });

  it('a --receipt file that cannot be read fails INPUT_UNREADABLE (exit 1) and writes nothing', async () => {
    const t = await published();
    const before = written(t);
    const r = await dispute(t.clock, t.dbFile, 'open', openArgs(['--receipt', join(t.dir, 'absent.json')]));
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ ok: false, code: 'INPUT_UNREADABLE' });
    expect(written(t)).toEqual(before);
  });
});

describe('the console’s dispute.open with a receipt argument', () => {
  it('carries the receipt into the evidence; a receipt that is no flat object is refused by validation (IPC_BAD_ARGUMENTS)', async () => {
    const t = await published();
    const opened = openConsole({
      mode: 'headless',
      dbFile: t.dbFile,
      defaultCorpusDir: resolve(import.meta.dirname, '../../../corpus'),
      clock: t.clock,
      actor: 'Ana Lima',
    });
    try {
      await opened.ready;
      const dispatch = createDispatcher(createConsoleHandlers(opened.ctx));
      const args = {
        season: 1,
        track: 'conformite',
        participant_id: fixture.season.alice.participantId,
        assertion: 'conf-01/a3',
        reason: 'I replaced conf-01 before the close; the receipt says so',
      };
      const before = written(t);
      for (const receipt of [
        '{"recorded": true}',
        [fixture.season.receipts.aliceConf01],
        { ...fixture.season.receipts.aliceConf01, nested: {} },
      ]) {
        const refused = await dispatch('dispute.open', { ...args, receipt });
        expect(refused.ok || refused.error.code).toBe('IPC_BAD_ARGUMENTS');
      }
      const edited = await dispatch('dispute.open', {
        ...args,
        receipt: { ...fixture.season.receipts.aliceConf01, version: 2 },
      });
      expect(edited.ok || edited.error).toMatchObject({ code: 'DISPUTE_RECEIPT_INVALID' });
      expect(edited.ok || edited.error.message).toContain("'receipt_signature'");
      expect(written(t)).toEqual(before);

      const received = await dispatch('dispute.open', {
        ...args,
        receipt: JSON.parse(JSON.stringify(lostWriteReceipt())),
      });
      expect(received.ok, JSON.stringify(received)).toBe(true);
      if (!received.ok) return;
      const id = (received.value as Json).dispute_id as string;
      const view = await dispatch('dispute.view', { dispute_id: id });
      expect(view.ok && (view.value as Json).evidence.receipt).toMatchObject({
        version: 2,
        export_version: 1,
        in_export: false,
        superseded: false,
        comparison: 'later_than_export',
      });
      const db = t.open();
      try {
        expect(auditRows(db).at(-1)).toMatchObject({ action: 'dispute.open', actor: 'Ana Lima' });
      } finally {
        db.close();
      }
    } finally {
      await opened.close();
    }
  });
});
