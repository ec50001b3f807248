import { enrolledNamesOf } from '../../main/db/close-participant-names.ts';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCommand } from '../../main/cli/demo-command.ts';
import { indexVerifyCommand } from '../../main/cli/index-commands.ts';
import { seasonReplayCommand } from '../../main/cli/season-replay-command.ts';
import { incidentsOf } from '../../main/db/incidents.ts';
import { openDatabase, type Db } from '../../main/db/open-database.ts';
import { listDisputes } from '../../main/db/disputes.ts';
import { latestPublicationVersion } from '../../main/db/publications.ts';
import { verifyAuditLog } from '../../main/services/audit/verify-audit-log.ts';
import { defaultKeyFile, readSigningKey } from '../../main/services/index-export/signing-key.ts';
import { captureIo } from '../support/capture-io.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

let dir: string;
let out: string;
let summary: Json;
let progressLines: string[];
let db: Db;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
/** scores.json with each participant's enrolled name beside it: proveit-scorer/5 writes none (issue 39 item 6). */
const scoresOf = (track: string) => {
  const scores = readJson(join(out, track, 'scores.json'));
  const names = enrolledNamesOf(db, 1);
  for (const p of scores.participants as Json[]) p.agent_name = names.get(p.participant_id)?.agentName;
  return scores;
};
const rowOf = (track: string, name: string) =>
  (scoresOf(track).participants as Json[]).find((p) => p.agent_name === name) as Json;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'demo-command-'));
  out = join(dir, 'demo');
  const io = captureIo();
  const code = await demoCommand.run(['--out', out, '--json'], io);
  expect(code, io.stderr + io.stdout).toBe(0);
  summary = JSON.parse(io.stdout) as Json;
  progressLines = io.stderr.split('\n').filter((l) => l !== '');
  db = openDatabase(join(out, 'console.sqlite'));
}, 120_000);

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('proveit demo --out DIR', () => {
  it('writes the operator database and, per track, scores.json, a report per participant and the replay bundle', () => {
    expect(summary).toMatchObject({ ok: true, season: 1, db: join(out, 'console.sqlite') });
    expect(existsSync(join(out, 'console.sqlite'))).toBe(true);
    for (const track of ['conformite', 'generique']) {
      expect(readdirSync(join(out, track)).sort()).toEqual(['bundle', 'reports', 'scores.json']);
      expect(readdirSync(join(out, track, 'reports'))).toHaveLength(5);
      expect(existsSync(join(out, track, 'bundle', 'bundle.json'))).toBe(true);
      expect(latestPublicationVersion(db, 1, track)?.version).toBe(1);
    }
  });

  it('five scripted participants per track: the reference run grounded on every task, the abstaining one with nothing submitted, one with unsupported assertions, the constant verdict at the best constant answer', () => {
    for (const track of ['conformite', 'generique']) {
      const scores = scoresOf(track);
      expect((scores.participants as Json[]).map((p) => p.agent_name)).toEqual([
        'Reference run',
        'Careful agent',
        'Agent claiming values the corpus does not serve',
        'Abstaining agent',
        'Constant-verdict agent',
      ]);
      expect(rowOf(track, 'Reference run')).toMatchObject({
        overclaim: { unsupported: 0 },
        success: { grounded_exact: 10, out_of: 10 },
      });
      expect(rowOf(track, 'Abstaining agent')).toMatchObject({
        tasks_submitted: 0,
        overclaim: { unsupported: 0, submitted: 0 },
      });
      expect(rowOf(track, 'Agent claiming values the corpus does not serve').overclaim.unsupported).toBeGreaterThan(0);
      expect(rowOf(track, 'Constant-verdict agent').success.grounded_exact).toBe(
        scores.best_constant_answer.success.exact,
      );
      expect(rowOf(track, 'Careful agent').success.grounded_exact).toBe(5);
    }
  });

  it('one open incident: the careful agent read under an instrument fault (the 403 body), counted against no one', () => {
    const incidents = incidentsOf(db, {});
    expect(incidents.map((i) => [i.track, i.kind, i.cause, i.state])).toEqual([
      ['conformite', 'instrument_fault', '403', 'open'],
    ]);
    const careful = summary.participants.find((p: Json) => p.agent === 'careful');
    expect(incidents[0]!.links.map((l) => l.participant)).toEqual([careful.participantId]);
    expect(rowOf('conformite', 'Careful agent')).toMatchObject({ instrument_faults: 1, overclaim: { unsupported: 0 } });
  });

  it('one open dispute, on an unsupported assertion of the participant that claimed values the corpus does not serve', () => {
    const disputes = listDisputes(db, {});
    expect(disputes.map((d) => d.disputeId)).toEqual([summary.dispute.id]);
    const disputer = summary.participants.find((p: Json) => p.agent === 'overclaims');
    expect(summary.dispute.participantId).toBe(disputer.participantId);
  });

  it('writes the signed Index export with its manifest.json, which proveit index verify accepts against the operator key pinned, and refuses INDEX_KEY_NOT_PINNED with none', async () => {
    expect(summary.index).toMatchObject({ out: join(out, 'index'), version: 1 });
    expect(existsSync(join(out, 'index', 'manifest.json'))).toBe(true);
    const key = readSigningKey(defaultKeyFile(join(out, 'console.sqlite')));
    if (!key.ok) throw new Error(key.error.message);
    const pinned = join(out, 'operator-public-key.txt');
    writeFileSync(pinned, `${key.value.publicKeyHex}\n`);
    const io = captureIo();
    const code = await indexVerifyCommand.run([join(out, 'index'), '--public-key', pinned, '--json'], io);
    expect(code, io.stdout + io.stderr).toBe(0);
    expect(JSON.parse(io.stdout)).toMatchObject({ ok: true, pinned_by: '--public-key' });
    const unpinned = captureIo();
    expect(await indexVerifyCommand.run([join(out, 'index'), '--json'], unpinned)).toBe(1);
    expect(JSON.parse(unpinned.stdout)).toMatchObject({ ok: false, code: 'INDEX_KEY_NOT_PINNED' });
  });

  it('the audit log verifies', () => {
    const verified = verifyAuditLog(db);
    expect(verified.ok, JSON.stringify(verified)).toBe(true);
  });

  it('reports its progress step by step on stderr, ending with done', () => {
    const steps = [...new Set(progressLines.map((l) => /^\[(\w+)\]/.exec(l)?.[1]))];
    expect(steps).toEqual([
      'devnet',
      'freeze',
      'enroll',
      'read',
      'submit',
      'close',
      'publish',
      'export',
      'dispute',
      'done',
    ]);
  });

  it('both close bundles replay byte-identical with proveit season replay', async () => {
    for (const track of ['conformite', 'generique']) {
      const io = captureIo();
      const code = await seasonReplayCommand.run(
        [join(out, track, 'bundle'), '--out', join(dir, `replay-${track}`), '--json'],
        io,
      );
      expect(code, io.stdout + io.stderr).toBe(0);
      expect(JSON.parse(io.stdout)).toMatchObject({ ok: true, identical: true });
      expect(readFileSync(join(dir, `replay-${track}`, 'scores.json'))).toEqual(
        readFileSync(join(out, track, 'scores.json')),
      );
    }
  });

  it('the figures repeat from run to run: the fixed script gives the same counts (ids are drawn fresh)', () => {
    const figures = (track: string) =>
      (scoresOf(track).participants as Json[]).map((p) => [p.agent_name, p.overclaim, p.success, p.instrument_faults]);
    expect(figures('conformite')).toMatchSnapshot();
    expect(figures('generique')).toMatchSnapshot();
  });

  it('refuses a folder that already holds console.sqlite with DEMO_OUT_NOT_EMPTY, writing nothing', async () => {
    const io = captureIo();
    const before = readFileSync(join(out, 'console.sqlite'));
    // A second run into the folder the first one wrote.
    const code = await demoCommand.run(['--out', out, '--json'], io);
    expect(code).toBe(1);
    expect(JSON.parse(io.stdout)).toMatchObject({ ok: false, code: 'DEMO_OUT_NOT_EMPTY' });
    expect(readFileSync(join(out, 'console.sqlite'))).toEqual(before);
  });

  it('without --out: a usage error (exit 2) naming the flag', async () => {
    const io = captureIo();
    expect(await demoCommand.run([], io)).toBe(2);
    expect(io.stderr).toContain('--out DIR is required');
  });
});
