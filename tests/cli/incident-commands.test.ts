import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIncidentCommands } from '../../main/cli/incident-commands.ts';
import { auditRows } from '../../main/db/audit-log.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import type { Clock } from '../../main/services/clock.ts';
import { verifyAuditLog } from '../../main/services/audit/verify-audit-log.ts';
import { captureIo } from '../support/capture-io.ts';
import { tempFolder } from '../db/support/temp-db.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

const NOW = Date.parse('2026-10-29T10:00:00.000Z');
const clock: Clock = { now: () => NOW, sleep: async () => {} };
type IncidentCommand = ReturnType<typeof createIncidentCommands>[number];
const [list, open, note, resolve, assign] = createIncidentCommands(clock) as [
  IncidentCommand,
  IncidentCommand,
  IncidentCommand,
  IncidentCommand,
  IncidentCommand,
];

let folder: ReturnType<typeof tempFolder>;
let file: string;

beforeEach(() => {
  folder = tempFolder('proveit-incident-cli-');
  file = folder.file('console.sqlite');
});
afterEach(() => folder.remove());

async function run(command: typeof list, args: string[]) {
  const io = captureIo();
  const code = await command.run([...args, '--db', file], io);
  return { code, io, doc: io.stdout.startsWith('{') ? (JSON.parse(io.stdout) as Json) : null };
}

const OPEN = [
  '--season',
  '1',
  '--track',
  'conformite',
  '--kind',
  'corpus_outage',
  '--summary',
  'the compliance corpus answered 503 from 14:00 to 14:20',
  '--cause',
  '503',
  '--window-start',
  '2026-10-12T14:00:00Z',
  '--window-end',
  '2026-10-12T14:20:00Z',
  '--participant',
  'p_01',
  '--assertion',
  'conf-03/a3',
  '--proof',
  'prf_20261012_140500_abcdef',
  '--actor',
  'ann',
  '--json',
];

describe('proveit incident', () => {
  it('open by hand, note, resolve: the state, owner, links and history are kept, each change audited', async () => {
    const opened = await run(open, OPEN);
    expect(opened.code, opened.io.stderr).toBe(0);
    const id = opened.doc!.incident.id as number;
    expect(opened.doc!.incident).toMatchObject({
      state: 'open',
      owner: 'ann',
      opened_by: 'operator',
      kind: 'corpus_outage',
      cause: '503',
      window_start: '2026-10-12T14:00:00.000Z',
      window_end: '2026-10-12T14:20:00.000Z',
      links: [
        { participant: 'p_01', task: null, assertion: null, proof: null },
        { participant: null, task: 'conf-03', assertion: 'a3', proof: null },
        { participant: null, task: null, assertion: null, proof: 'prf_20261012_140500_abcdef' },
      ],
    });
    expect((await run(note, [`inc_${id}`, '--text', 'frontend restarted', '--actor', 'ben'])).code).toBe(0);
    const resolved = await run(resolve, [String(id), '--resolution', 'outage over; faults excluded', '--json']);
    expect(resolved.code).toBe(0);
    expect(resolved.doc!.incident).toMatchObject({
      state: 'resolved',
      resolution: { text: 'outage over; faults excluded', at: new Date(NOW).toISOString() },
      events: [
        { kind: 'note', actor: 'ben', text: 'frontend restarted' },
        { kind: 'resolve', text: 'outage over; faults excluded' },
      ],
    });

    const listed = await run(list, ['--season', '1', '--state', 'resolved', '--json']);
    expect(listed.doc!.incidents.map((i: Json) => i.id)).toEqual([id]);
    expect((await run(list, ['--state', 'open', '--json'])).doc!.incidents).toEqual([]);

    const db = openDatabase(file);
    try {
      const rows = auditRows(db);
      expect(rows.map((r) => [r.action, r.actor])).toEqual([
        ['incident.open', 'ann'],
        ['incident.note', 'ben'],
        ['incident.resolve', rows[2]!.actor],
      ]);
      // The window was typed by hand: the entry says so.
      expect(JSON.parse(rows[0]!.details)).toMatchObject({ hand_entered_times: ['window_start_ms', 'window_end_ms'] });
      expect(verifyAuditLog(db).ok).toBe(true);
      // Append-only: the resolution is an event row, never an UPDATE of the incident.
      expect(() => db.prepare("UPDATE incidents SET summary = 'x'").run()).toThrow(/append-only/);
    } finally {
      db.close();
    }
  });

  it('assign gives an open incident a new owner, kept as an event and audited; a resolved one cannot be reassigned', async () => {
    const id = String((await run(open, OPEN)).doc!.incident.id);
    const assigned = await run(assign, [id, '--owner', 'cleo', '--actor', 'ann', '--json']);
    expect(assigned.code, assigned.io.stderr).toBe(0);
    expect(assigned.doc!.incident).toMatchObject({
      owner: 'cleo',
      events: [{ kind: 'owner', actor: 'ann', text: 'cleo' }],
    });
    expect((await run(list, ['--json'])).doc!.incidents[0].owner).toBe('cleo');
    expect((await run(resolve, [id, '--resolution', 'done'])).code).toBe(0);
    const again = await run(assign, [id, '--owner', 'dan', '--json']);
    expect(again).toMatchObject({ code: 1, doc: { code: 'INCIDENT_ALREADY_RESOLVED' } });
    const db = openDatabase(file);
    expect(auditRows(db).map((r) => r.summary)).toContain(`incident ${id} assigned to cleo`);
    db.close();
  });

  it('a text flag of another subcommand is a usage error naming the right one', async () => {
    const id = String((await run(open, OPEN)).doc!.incident.id);
    const wrong = await run(resolve, [id, '--text', 'done']);
    expect(wrong.code).toBe(2);
    expect(wrong.io.stderr).toMatch(/--text is not an option of incident resolve: write --resolution/);
  });

  it('a second resolve is refused with INCIDENT_ALREADY_RESOLVED (exit 1) and changes nothing', async () => {
    const id = String((await run(open, OPEN)).doc!.incident.id);
    expect((await run(resolve, [id, '--resolution', 'done'])).code).toBe(0);
    const again = await run(resolve, [id, '--resolution', 'done twice', '--json']);
    expect(again.code).toBe(1);
    expect(again.doc).toMatchObject({ ok: false, code: 'INCIDENT_ALREADY_RESOLVED' });
    const db = openDatabase(file);
    expect(auditRows(db)).toHaveLength(2);
    db.close();
  });

  it('resolve without a written resolution is a usage error (exit 2) that says what to type', async () => {
    const id = String((await run(open, OPEN)).doc!.incident.id);
    for (const args of [[id], [id, '--resolution', '   ']]) {
      const refused = await run(resolve, args);
      expect(refused.code).toBe(2);
      expect(refused.io.stderr).toMatch(/--resolution TEXT is required/);
      expect(refused.io.stderr).toMatch(/usage: proveit incident resolve ID --resolution TEXT/);
    }
  });

  it('an unknown incident is refused with INCIDENT_NOT_FOUND (exit 1)', async () => {
    const missing = await run(resolve, ['42', '--resolution', 'x', '--json']);
    expect(missing.code).toBe(1);
    expect(missing.doc).toMatchObject({ code: 'INCIDENT_NOT_FOUND' });
    expect((await run(note, ['42', '--text', 'x'])).code).toBe(1);
  });

  it('bad input is a usage error (exit 2) and writes nothing: unknown kind, bad time, bad assertion, no summary', async () => {
    const variants = [
      OPEN.map((a) => (a === 'corpus_outage' ? 'hack' : a)),
      OPEN.map((a) => (a === '2026-10-12T14:00:00Z' ? 'yesterday' : a)),
      OPEN.map((a) => (a === 'conf-03/a3' ? 'conf-03' : a)),
      OPEN.map((a) => (a.startsWith('the compliance corpus') ? ' ' : a)),
      OPEN.filter((a) => a !== '--track' && a !== 'conformite'),
    ];
    for (const args of variants) expect((await run(open, args)).code).toBe(2);
    expect((await run(note, ['abc', '--text', 'x'])).code).toBe(2);
    expect((await run(list, ['--json'])).doc!.incidents).toEqual([]);
  });

  it('a window that ends before it starts is refused with INCIDENT_WINDOW_INVALID (exit 1)', async () => {
    const swapped = OPEN.map((a) =>
      a === '2026-10-12T14:00:00Z' ? '2026-10-12T14:20:00Z' : a === '2026-10-12T14:20:00Z' ? '2026-10-12T14:00:00Z' : a,
    );
    const refused = await run(open, swapped);
    expect(refused.code).toBe(1);
    expect(refused.doc).toMatchObject({ code: 'INCIDENT_WINDOW_INVALID' });
  });
});
