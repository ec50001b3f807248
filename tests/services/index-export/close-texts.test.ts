import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIndexExportCommand } from '../../../main/cli/index-commands.ts';
import { createParticipantRenameCommand } from '../../../main/cli/participant-commands.ts';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { closePublishedTextsOf } from '../../../main/db/close-published-texts.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { draftIndex } from '../../../main/services/index-export/draft-index.ts';
import { defaultKeyFile } from '../../../main/services/index-export/signing-key.ts';
import { captureIo } from '../../support/capture-io.ts';
import type { Json } from '../disputes/support/published-close.ts';
import { publishedSeason } from './support/exported-season.ts';

let ctx: Awaited<ReturnType<typeof publishedSeason>>;
let alice: string;
let bob: string;

async function run(command: { run(a: string[], io: ReturnType<typeof captureIo>): Promise<number> }, args: string[]) {
  const io = captureIo();
  const code = await command.run(args, io);
  return { code, io, doc: io.stdout ? (JSON.parse(io.stdout) as Json) : null };
}

/** A database of the test's own: a copy of the published season's, with the operator key beside it. */
function databaseCopy(name: string): string {
  const dir = mkdtempSync(join(ctx.work, `${name}-`));
  const dbFile = join(dir, 'console.sqlite');
  copyFileSync(ctx.db.dbFile, dbFile);
  copyFileSync(defaultKeyFile(ctx.db.dbFile), defaultKeyFile(dbFile));
  return dbFile;
}

const exportTo = (dbFile: string, out: string) =>
  run(createIndexExportCommand(ctx.clock), ['--season', '1', '--db', dbFile, '--out', out, '--actor', 'ana', '--json']);

const declareStack = (dbFile: string, id: string, stack: string) =>
  run(createParticipantRenameCommand(ctx.clock), [
    ...['--season', '1', '--participant', id, '--declared-stack', stack],
    ...['--db', dbFile, '--actor', 'ana', '--json'],
  ]);

beforeAll(async () => {
  ctx = await publishedSeason();
  alice = ctx.season.alice.participantId;
  bob = ctx.season.bob.participantId;
  // Everything the published copy committed is in its main file, so a test can copy it.
  const db = ctx.db.open();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}, 300_000);

afterAll(async () => {
  ctx?.db.dispose();
  rmSync(ctx?.work ?? '/nonexistent', { recursive: true, force: true });
  await ctx?.season.net.close();
});

describe('narratives and disclosures are kept in the operator database at close (migration 15)', () => {
  it('the close keeps each submission’s narrative and disclosures, one row per participant and task', () => {
    const db = ctx.db.open();
    const closeId = db.prepare("SELECT id FROM season_closes WHERE season = 1 AND track = 'conformite'").pluck().get();
    const kept = closePublishedTextsOf(db, closeId as number);
    db.close();
    expect(kept.map((t) => [t.participantId, t.taskId, t.narrative])).toEqual(
      [
        [alice, 'conf-01', 'test'],
        [alice, 'conf-02', 'test'],
        [bob, 'conf-01', 'test'],
      ].sort((a, b) => (a.join('\n') < b.join('\n') ? -1 : 1)),
    );
    // The disclosures as submitted: canonical JSON of each cited proof's openings.
    expect(kept.every((t) => /"prf_[0-9a-z_]+":\{"request_hash":/.test(t.disclosures))).toBe(true);
  });

  it('the close folder deleted, the Index draft still shows every narrative (read from the database); the export is refused INDEX_REPLAY_BUNDLE_MISSING, since it publishes the bundle', async () => {
    const dbFile = databaseCopy('folder-deleted');
    const moved = `${ctx.season.out}.kept`;
    copyDir(ctx.season.out, moved);
    rmSync(ctx.season.out, { recursive: true, force: true });
    try {
      const db = openDatabase(dbFile);
      const draft = draftIndex(db, { season: 1, clock: ctx.clock });
      db.close();
      if (!draft.ok) throw new Error(draft.error.message);
      const page = new TextDecoder().decode(draft.value.files.get(`reports/conformite/${alice}.html`));
      expect(page).toContain(
        '<dl data-section="narratives"><dt>conf-01</dt><dd>test</dd><dt>conf-02</dt><dd>test</dd></dl>',
      );
      expect(draft.value.doc.reports.find((r) => r.participant_id === alice)!.narratives).toHaveLength(2);
      const out = join(ctx.work, 'index-without-close-folder');
      const r = await exportTo(dbFile, out);
      expect(r.code).toBe(1);
      expect(r.doc).toMatchObject({ ok: false, code: 'INDEX_REPLAY_BUNDLE_MISSING', details: { track: 'conformite' } });
      expect(r.doc!['message']).toContain('restore the close folder from a copy');
      expect(existsSync(out)).toBe(false);
    } finally {
      copyDir(moved, ctx.season.out);
      rmSync(moved, { recursive: true, force: true });
    }
  });

  it('a bundle file changed in the close folder since its publication: the export is refused INDEX_REPLAY_BUNDLE_CHANGED naming it, nothing written', async () => {
    const dbFile = databaseCopy('bundle-changed');
    const file = join(ctx.season.out, 'bundle', 'bundle.json');
    const before = readFileSync(file);
    writeFileSync(file, Buffer.concat([before, Buffer.from('\n')]));
    try {
      const out = join(ctx.work, 'index-bundle-changed');
      const r = await exportTo(dbFile, out);
      expect(r.code).toBe(1);
      expect(r.doc).toMatchObject({
        ok: false,
        code: 'INDEX_REPLAY_BUNDLE_CHANGED',
        details: { track: 'conformite', file, recomputed: sha256Hex(readFileSync(file)) },
      });
      expect(existsSync(out)).toBe(false);
    } finally {
      writeFileSync(file, before);
    }
  });

  it('a close recorded before migration 15 whose folder is deleted: INDEX_NARRATIVE_MISSING naming the participants, nothing written', async () => {
    const dbFile = databaseCopy('before-migration-15');
    const db = openDatabase(dbFile);
    // What a database closed before migration 15 holds: the close, no kept texts.
    db.exec(`DROP TRIGGER close_published_texts_no_delete; DELETE FROM close_published_texts;`);
    db.close();
    const moved = `${ctx.season.out}.kept`;
    copyDir(ctx.season.out, moved);
    rmSync(ctx.season.out, { recursive: true, force: true });
    try {
      const out = join(ctx.work, 'index-narrative-missing');
      const r = await exportTo(dbFile, out);
      expect(r.code).toBe(1);
      expect(r.doc).toMatchObject({ ok: false, code: 'INDEX_NARRATIVE_MISSING' });
      expect([...(r.doc!['details']['participants'] as string[])].sort()).toEqual([alice, bob].sort());
      expect(r.doc!['message']).toContain('restore the close folder');
      expect(existsSync(out)).toBe(false);
    } finally {
      copyDir(moved, ctx.season.out);
      rmSync(moved, { recursive: true, force: true });
    }
    // With its folder there, the same database exports: a close before migration 15 reads its bundle, as before.
    const r = await exportTo(dbFile, join(ctx.work, 'index-from-bundle'));
    expect(r.code, r.io.stderr + r.io.stdout).toBe(0);
  });
});

describe('the declared stack on a row with negative results (spec §7.1, §7.3)', () => {
  it('a stack naming a model on Alice’s row blocks the export (LINT_MODEL_NAME_NEGATIVE on declared_stack); the stack the operator declares resolves it, audited', async () => {
    const dbFile = databaseCopy('declared-stack');
    expect((await declareStack(dbFile, alice, 'LangChain on GPT-4o')).code).toBe(0);
    const blocked = await exportTo(dbFile, join(ctx.work, 'stack-blocked'));
    expect(blocked.code).toBe(1);
    expect(blocked.doc!['details'].findings.map((f: Json) => [f.code, f.file, f.where])).toEqual([
      ['LINT_MODEL_NAME_NEGATIVE', 'tables/conformite-community.csv', `conformite/${alice}: declared_stack`],
    ]);
    const declared = await declareStack(dbFile, alice, 'a general-purpose agent framework');
    expect(declared.doc).toMatchObject({ ok: true, declared_stack: 'a general-purpose agent framework' });
    const out = join(ctx.work, 'stack-declared');
    const r = await exportTo(dbFile, out);
    expect(r.code, r.io.stderr + r.io.stdout).toBe(0);
    const csv = readFileSync(join(out, 'tables', 'conformite-community.csv'), 'utf8');
    expect(csv.split('\r\n').find((l) => l.includes(alice))).toContain(',a general-purpose agent framework,');
    const db = openDatabase(dbFile);
    const actions = auditRows(db).map((e) => e.action);
    db.close();
    expect(actions.filter((a) => a === 'participant.stack')).toHaveLength(2);
  });

  it('an empty or multi-line stack is PARTICIPANT_DECLARED_STACK_INVALID; neither option is a usage error (exit 2)', async () => {
    const dbFile = databaseCopy('stack-refusals');
    const invalid = await declareStack(dbFile, alice, 'two\nlines');
    expect([invalid.code, invalid.doc!['code']]).toEqual([1, 'PARTICIPANT_DECLARED_STACK_INVALID']);
    const neither = await run(createParticipantRenameCommand(ctx.clock), [
      ...['--season', '1', '--participant', alice, '--db', dbFile],
    ]);
    expect(neither.code).toBe(2);
    expect(neither.io.stderr).toContain('--declared-stack TEXT');
  });
});

/** The shared close folder, copied aside before a test deletes it and put back after. */
function copyDir(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
}
