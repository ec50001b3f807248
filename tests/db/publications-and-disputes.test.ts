import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../../main/db/migrate.ts';
import { migrations } from '../../main/db/migrations/index.ts';
import { insertDispute, insertDisputeEvent, type DisputeRow } from '../../main/db/disputes.ts';
import { openDatabase, type Db } from '../../main/db/open-database.ts';
import { insertPublicationVersion, type NewPublicationVersion } from '../../main/db/publications.ts';

const HASH = 'a'.repeat(64);

/** An in-memory database with a close to point at (foreign keys off: the close's freeze is not the subject). */
function db(): Db {
  const d = openDatabase(':memory:');
  d.pragma('foreign_keys = OFF');
  d.prepare(
    `INSERT INTO season_closes (id, season, track, closed_at_ms, freeze_proof_id, scorer_version, rules_sha256,
       manifest_hash, submissions_sha256, key_commitment, trust_bundle_digest, proofs_sha256, scores_sha256,
       participants, scored, pending, out_dir)
     VALUES (1, 1, 'conformite', 0, 'prf_x', 's', 'r', 'm', 'u', 'k', 't', 'p', ?, 1, 1, 0, '/tmp/x')`,
  ).run(HASH);
  return d;
}

const bytes = (text: string) => new TextEncoder().encode(text);

function version(v: number): NewPublicationVersion {
  return {
    season: 1,
    track: 'conformite',
    version: v,
    correctsVersion: v === 1 ? null : v - 1,
    publishedAtMs: 1000 * v,
    actor: 'ana',
    closeId: 1,
    scoresJson: bytes('{}\n'),
    scoresSha256: HASH,
    bundleDigestsJson: bytes('{}\n'),
    correctionJson: v === 1 ? null : bytes('{}\n'),
    auditSeq: v,
    auditHash: HASH,
  };
}

function dispute(publicationId: number): DisputeRow {
  return {
    disputeId: 'dsp-1-conformite-0001',
    season: 1,
    track: 'conformite',
    participantId: 'p',
    taskId: 'conf-01',
    assertionId: 'a1',
    publicationId,
    publicationVersion: 1,
    publishedAtMs: 1000,
    receivedAtMs: 2000,
    receivedAtEnteredByHand: false,
    windowEndsMs: 1000 + 14 * 86_400_000,
    decisionDueMs: 2000 + 30 * 86_400_000,
    openedAtMs: 2000,
    openedBy: 'ana',
    reason: 'r',
    assertionStatus: 'unsupported',
    evidenceJson: bytes('{}\n'),
    evidenceSha256: HASH,
  };
}

const decision = {
  disputeId: 'dsp-1-conformite-0001',
  step: 'decision' as const,
  state: 'rejected' as const,
  atMs: 3000,
  actor: 'ana',
  reviewer: 'Ana',
  reason: 'because',
  change: null,
  correctionVersion: null,
};

describe('migration 7: the database refuses what the services never write', () => {
  it('a version is never updated or deleted, nor its reports', () => {
    const d = db();
    const id = insertPublicationVersion(d, version(1), [
      { participantId: 'p', reportJson: bytes('{}\n'), reportSha256: HASH },
    ]);
    expect(() =>
      d.prepare('UPDATE publication_versions SET scores_json = ? WHERE id = ?').run(Buffer.from('x'), id),
    ).toThrow(/append-only/);
    expect(() => d.prepare('DELETE FROM publication_versions').run()).toThrow(/append-only/);
    expect(() => d.prepare('UPDATE publication_reports SET report_json = ?').run(Buffer.from('x'))).toThrow(
      /append-only/,
    );
  });

  it('version 3 without version 2 is refused; a correction must point to the version before it', () => {
    const d = db();
    insertPublicationVersion(d, version(1), []);
    expect(() => insertPublicationVersion(d, version(3), [])).toThrow(/contiguous/);
    expect(() => insertPublicationVersion(d, { ...version(2), correctsVersion: 1, correctionJson: null }, [])).toThrow(
      /CHECK/,
    );
    expect(() => insertPublicationVersion(d, version(1), [])).toThrow(/UNIQUE/);
  });

  it('a decision without a review step, a second decision, a decision without reason, and an edited dispute are refused', () => {
    const d = db();
    const id = insertPublicationVersion(d, version(1), []);
    insertDispute(d, dispute(id));
    expect(() => insertDisputeEvent(d, decision)).toThrow(/under review before/);
    insertDisputeEvent(d, { ...decision, step: 'review', state: 'under_review', reason: null });
    expect(() => insertDisputeEvent(d, { ...decision, reason: null })).toThrow(/CHECK/);
    insertDisputeEvent(d, decision);
    expect(() =>
      insertDisputeEvent(d, { ...decision, state: 'upheld', change: 'supported', correctionVersion: 2 }),
    ).toThrow(/UNIQUE/);
    expect(() => d.prepare("UPDATE disputes SET reason = 'x'").run()).toThrow(/append-only/);
    expect(() => d.prepare('DELETE FROM dispute_events').run()).toThrow(/append-only/);
  });

  it('a dispute received after its window end is refused by the table too', () => {
    const d = db();
    const id = insertPublicationVersion(d, version(1), []);
    expect(() => insertDispute(d, { ...dispute(id), receivedAtMs: 1000 + 14 * 86_400_000 + 1 })).toThrow(/CHECK/);
  });
});

describe('migration 16: dispute_events rebuilt for counted_with_remaining', () => {
  it('a decision stored before the migration keeps its row; the new change is accepted, an unknown one refused, the table stays append-only', () => {
    const raw = new Database(':memory:');
    raw.pragma('foreign_keys = OFF');
    applyMigrations(raw, migrations.slice(0, 15));
    const d = raw as unknown as Db;
    d.prepare(
      `INSERT INTO season_closes (id, season, track, closed_at_ms, freeze_proof_id, scorer_version, rules_sha256,
         manifest_hash, submissions_sha256, key_commitment, trust_bundle_digest, proofs_sha256, scores_sha256,
         participants, scored, pending, out_dir)
       VALUES (1, 1, 'conformite', 0, 'prf_x', 's', 'r', 'm', 'u', 'k', 't', 'p', ?, 1, 1, 0, '/tmp/x')`,
    ).run(HASH);
    const id = insertPublicationVersion(d, version(1), []);
    insertDispute(d, dispute(id));
    insertDisputeEvent(d, { ...decision, step: 'review', state: 'under_review', reason: null });
    insertDisputeEvent(d, decision);
    // Before migration 16 the table refuses the new change.
    insertDispute(d, { ...dispute(id), disputeId: 'dsp-1-conformite-0002' });
    insertDisputeEvent(d, {
      ...decision,
      disputeId: 'dsp-1-conformite-0002',
      step: 'review',
      state: 'under_review',
      reason: null,
    });
    const counted = {
      ...decision,
      disputeId: 'dsp-1-conformite-0002',
      state: 'upheld' as const,
      change: 'counted_with_remaining' as const,
      correctionVersion: 2,
    };
    expect(() => insertDisputeEvent(d, counted)).toThrow(/CHECK/);
    const before = d.prepare('SELECT * FROM dispute_events ORDER BY id').all();

    expect(applyMigrations(raw, migrations.slice(0, 16))).toEqual([16]);
    expect(d.prepare('SELECT * FROM dispute_events ORDER BY id').all()).toEqual(before);
    insertDisputeEvent(d, counted);
    insertDispute(d, { ...dispute(id), disputeId: 'dsp-1-conformite-0003' });
    expect(() => insertDisputeEvent(d, { ...decision, disputeId: 'dsp-1-conformite-0003' })).toThrow(
      /under review before/,
    );
    insertDisputeEvent(d, {
      ...decision,
      disputeId: 'dsp-1-conformite-0003',
      step: 'review',
      state: 'under_review',
      reason: null,
    });
    expect(() =>
      d
        .prepare(
          `INSERT INTO dispute_events (dispute_id, step, state, at_ms, actor, reviewer, reason, change, correction_version)
           VALUES ('dsp-1-conformite-0003', 'decision', 'upheld', 1, 'ana', 'Ana', 'r', 'rejected_at_close', 2)`,
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() => d.prepare('DELETE FROM dispute_events').run()).toThrow(/append-only/);
    expect(() => d.prepare("UPDATE dispute_events SET reason = 'x'").run()).toThrow(/append-only/);
    raw.close();
  });
});
