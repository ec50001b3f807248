import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeadlessServer, type HeadlessServer } from '../../main/headless/headless-server.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { openConsole, type OpenedConsole } from '../../main/console/open-console.ts';
import { copyOfSharedDemo } from '../support/played-demo.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = Record<string, any>;

// Every act in the UI, signed by a person (docs/console-backend.md "Who acts"). The console is started without --actor,
// as a new staff member starts it: the screens ask the name once, and every audit entry it then writes names that
// person.
const defaultCorpusDir = resolve(import.meta.dirname, '../../corpus');
const token = randomBytes(32).toString('hex');
const STAFF = 'Bea Santos';
// The run's demo, copied: the acts write to its database (and an Index export beside it), none to a close folder.
const demo = copyOfSharedDemo();
let opened: OpenedConsole;
let server: HeadlessServer;
/** When this console started: the entries after it are the ones it wrote. */
let startedAt: number;

beforeAll(async () => {
  startedAt = Date.now();
  opened = openConsole({ mode: 'headless', dbFile: demo.db, defaultCorpusDir });
  await opened.ready;
  server = await startHeadlessServer({
    dispatch: createDispatcher(createConsoleHandlers(opened.ctx)),
    rendererDir: demo.out,
    token,
    subscribe: (listener) => opened.ctx.events.subscribe(listener),
  });
}, 180_000);

afterAll(async () => {
  await server.close();
  await opened.close();
});

async function call(channel: string, args: object = {}): Promise<Json> {
  const answer = await fetch(`${server.origin}/api/invoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ channel, args }),
  });
  return (await answer.json()) as Json;
}

async function value(channel: string, args: object = {}): Promise<Json> {
  const body = await call(channel, args);
  expect(body.ok, JSON.stringify(body)).toBe(true);
  return body.value as Json;
}

const code = async (channel: string, args: object) => (await call(channel, args)).error?.code as string | undefined;
const participant = (agent: string) => demo.participants.find((p) => p.agent === agent)!.participantId;
const newestEntry = async () => (await value('audit.list', { limit: 1 })).entries[0] as Json;
const auditTotal = async () => (await value('audit.list', { limit: 1 })).total as number;

describe('the person acting: --actor, or the name the screens ask once (console.actor)', () => {
  it('before anyone is named, an act is refused with CONSOLE_ACTOR_REQUIRED and nothing is recorded', async () => {
    expect((await value('console.overview')).actor).toBeNull();
    const before = await auditTotal();
    const refused = await call('incident.note', { id: 1, text: 'looked at it' });
    expect(refused.error.code).toBe('CONSOLE_ACTOR_REQUIRED');
    expect(refused.error.message).toContain('--actor NAME');
    expect(
      await code('participant.rename', { season: 1, participant_id: participant('careful'), display_name: 'A' }),
    ).toBe('CONSOLE_ACTOR_REQUIRED');
    expect(await auditTotal()).toBe(before);
  });

  it('console.actor refuses a blank or multi-line name (IPC_BAD_ARGUMENTS), keeps the first name, refuses another (CONSOLE_ACTOR_ALREADY_NAMED)', async () => {
    expect(await code('console.actor', { actor: '  ' })).toBe('IPC_BAD_ARGUMENTS');
    expect(await code('console.actor', { actor: 'Bea\nSantos' })).toBe('IPC_BAD_ARGUMENTS');
    expect(await code('console.actor', { actor: 'x'.repeat(81) })).toBe('IPC_BAD_ARGUMENTS');
    expect(await code('console.actor', {})).toBe('IPC_BAD_ARGUMENTS');
    expect(await value('console.actor', { actor: ` ${STAFF} ` })).toEqual({ name: STAFF, from: 'screen' });
    expect(await value('console.actor', { actor: STAFF })).toEqual({ name: STAFF, from: 'screen' });
    const other = await call('console.actor', { actor: 'Someone Else' });
    expect(other.error.code).toBe('CONSOLE_ACTOR_ALREADY_NAMED');
    expect(other.error.message).toContain(STAFF);
    expect((await value('console.overview')).actor).toEqual({ name: STAFF, from: 'screen' });
  });
});

describe('participant.rename and participant.reference: the Index screen fixes its findings in place', () => {
  it('participant.rename sets the display name and the declared stack, each audited as the named person', async () => {
    const overclaims = participant('overclaims');
    const shown = await value('participant.rename', {
      season: 1,
      participant_id: overclaims,
      display_name: ' Agent C ',
      declared_stack: 'a general-purpose agent',
    });
    expect(shown).toMatchObject({
      season: 1,
      participant_id: overclaims,
      display_name: 'Agent C',
      declared_stack: 'a general-purpose agent',
    });
    const entries = (await value('audit.list', { limit: 2 })).entries as Json[];
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['participant.stack', STAFF],
      ['participant.rename', STAFF],
    ]);
    expect(shown.audit_head).toEqual({ seq: entries[0]!.seq, hash: entries[0]!.entry_hash });
    const preview = await value('index.preview', { season: 1, track: 'conformite', lang: 'en' });
    expect(preview.html).toContain('Agent C');
  });

  it('participant.rename refuses each invalid argument with its code, recording nothing', async () => {
    const careful = participant('careful');
    const before = await auditTotal();
    const refusals: [object, string][] = [
      [{ season: 1, display_name: 'Agent B' }, 'IPC_BAD_ARGUMENTS'],
      [{ season: 1, participant_id: careful }, 'IPC_BAD_ARGUMENTS'],
      [{ season: 0, participant_id: careful, display_name: 'Agent B' }, 'IPC_BAD_ARGUMENTS'],
      [{ season: 1, participant_id: '../x', display_name: 'Agent B' }, 'IPC_BAD_ARGUMENTS'],
      [{ season: 1, participant_id: careful, display_name: ' ' }, 'IPC_BAD_ARGUMENTS'],
      [{ season: 1, participant_id: careful, display_name: 'Agent B', model: 'x' }, 'IPC_BAD_ARGUMENTS'],
      [{ season: 1, participant_id: careful, display_name: 'x'.repeat(81) }, 'PARTICIPANT_DISPLAY_NAME_INVALID'],
      [{ season: 1, participant_id: careful, declared_stack: '=cmd' }, 'PARTICIPANT_DECLARED_STACK_INVALID'],
      // The stack is checked before the name is recorded: one request, one outcome.
      [
        { season: 1, participant_id: careful, display_name: 'B', declared_stack: '@x' },
        'PARTICIPANT_DECLARED_STACK_INVALID',
      ],
      [{ season: 1, participant_id: 'par_nobody', display_name: 'Agent B' }, 'PARTICIPANT_UNKNOWN'],
    ];
    for (const [args, expected] of refusals)
      expect(await code('participant.rename', args), JSON.stringify(args)).toBe(expected);
    expect(await auditTotal()).toBe(before);
  });

  it('participant.reference marks a reference run with its prompt (named by its SHA-256), audited as the named person; each invalid argument is refused with its code', async () => {
    const reference = participant('reference');
    const prompt = 'Answer each task from the corpus only; cite every read.';
    const base = {
      season: 1,
      participant_id: reference,
      model: 'ref-model',
      version: '2026-10',
      framework: 'scripted',
    };
    const before = await auditTotal();
    for (const [args, expected] of [
      [{ ...base }, 'IPC_BAD_ARGUMENTS'],
      [{ ...base, prompt: ' ' }, 'IPC_BAD_ARGUMENTS'],
      [{ ...base, prompt: 'x'.repeat(32_001) }, 'IPC_BAD_ARGUMENTS'],
      [{ ...base, framework: undefined, prompt }, 'IPC_BAD_ARGUMENTS'],
      [{ ...base, model: 'two\nlines', prompt }, 'PARTICIPANT_REFERENCE_INVALID'],
      [{ ...base, participant_id: 'par_nobody', prompt }, 'PARTICIPANT_UNKNOWN'],
    ] as [object, string][])
      expect(await code('participant.reference', args), JSON.stringify(args)).toBe(expected);
    expect(await auditTotal()).toBe(before);
    const marked = await value('participant.reference', { ...base, prompt });
    expect(marked.prompt_sha256).toBe(createHash('sha256').update(prompt, 'utf8').digest('hex'));
    expect(await newestEntry()).toMatchObject({ action: 'participant.reference', actor: STAFF });
  });
});

describe('incident.open, incident.note, incident.assign: what the CLI does, from the Incidents screen', () => {
  let opened_id: number;

  it('incident.open opens one by hand, owned by the person opening it, with its window and affected items', async () => {
    const incident = await value('incident.open', {
      season: 1,
      track: 'generique',
      kind: 'corpus_outage',
      summary: 'corpus host down 14:00-14:20',
      window_start: '2026-10-20T14:00:00Z',
      window_end: '2026-10-20T14:20:00Z',
      participants: [participant('careful')],
      assertions: ['gen-01/a1'],
      proofs: ['prf_20261020_140500_000001'],
    });
    opened_id = incident.id;
    expect(incident).toMatchObject({
      season: 1,
      track: 'generique',
      kind: 'corpus_outage',
      cause: 'operator',
      state: 'open',
      currentOwner: STAFF,
      openedBy: 'operator',
      openedByActor: STAFF,
      windowStartMs: Date.parse('2026-10-20T14:00:00Z'),
      windowEndMs: Date.parse('2026-10-20T14:20:00Z'),
    });
    expect(incident.links).toHaveLength(3);
    expect(incident.participantNames).toEqual({ [participant('careful')]: 'Careful agent' });
    const entry = await newestEntry();
    expect(entry).toMatchObject({ action: 'incident.open', actor: STAFF });
    expect(JSON.parse(entry.details).hand_entered_times).toEqual(['window_start_ms', 'window_end_ms']);
  });

  it('incident.open refuses each invalid argument with its code, opening nothing', async () => {
    const base = { season: 1, track: 'generique', kind: 'other', summary: 'seen on the proxy' };
    const before = (await value('incident.list')).incidents.length;
    for (const [args, expected] of [
      [{ ...base, kind: 'outage' }, 'IPC_BAD_ARGUMENTS'],
      [{ ...base, summary: '  ' }, 'IPC_BAD_ARGUMENTS'],
      [{ ...base, track: 'other' }, 'IPC_BAD_ARGUMENTS'],
      [{ ...base, window_start: '2026-10-20T14:00:00' }, 'IPC_BAD_ARGUMENTS'],
      [{ ...base, assertions: ['gen-01'] }, 'IPC_BAD_ARGUMENTS'],
      [{ ...base, participants: 'par_x' }, 'IPC_BAD_ARGUMENTS'],
      [{ ...base, owner: 'two\nlines' }, 'IPC_BAD_ARGUMENTS'],
      [
        { ...base, window_start: '2026-10-20T15:00:00Z', window_end: '2026-10-20T14:00:00Z' },
        'INCIDENT_WINDOW_INVALID',
      ],
    ] as [object, string][])
      expect(await code('incident.open', args), JSON.stringify(args)).toBe(expected);
    expect((await value('incident.list')).incidents).toHaveLength(before);
  });

  it('incident.note adds a note as the named person; incident.assign gives a new owner; each refuses its invalid arguments', async () => {
    const noted = await value('incident.note', { id: opened_id, text: 'the host answered again at 14:20' });
    expect(noted.events.at(-1)).toMatchObject({ actor: STAFF, kind: 'note', text: 'the host answered again at 14:20' });
    expect(await newestEntry()).toMatchObject({ action: 'incident.note', actor: STAFF });
    const assigned = await value('incident.assign', { id: opened_id, owner: 'Chris Moreau' });
    expect(assigned.currentOwner).toBe('Chris Moreau');
    // A change of owner is audited as incident.assign (docs/incidents.md), never as a note.
    expect(await newestEntry()).toMatchObject({ action: 'incident.assign', actor: STAFF });
    expect(await code('incident.note', { id: opened_id, text: ' ' })).toBe('IPC_BAD_ARGUMENTS');
    expect(await code('incident.note', { id: 0, text: 'x' })).toBe('IPC_BAD_ARGUMENTS');
    expect(await code('incident.note', { id: 999, text: 'x' })).toBe('INCIDENT_NOT_FOUND');
    expect(await code('incident.assign', { id: opened_id, owner: '' })).toBe('IPC_BAD_ARGUMENTS');
    expect(await code('incident.assign', { id: opened_id })).toBe('IPC_BAD_ARGUMENTS');
    expect(await code('incident.assign', { id: 999, owner: 'Chris Moreau' })).toBe('INCIDENT_NOT_FOUND');
    await value('incident.resolve', { id: opened_id, resolution: 'host restarted; no read fell in the window' });
    expect(await newestEntry()).toMatchObject({ action: 'incident.resolve', actor: STAFF });
    expect(await code('incident.assign', { id: opened_id, owner: 'Chris Moreau' })).toBe('INCIDENT_ALREADY_RESOLVED');
    // A note stays allowed on a resolved incident.
    expect((await value('incident.note', { id: opened_id, text: 'announced' })).state).toBe('resolved');
  });
});

describe('the dispute reviewer is the actor of the review and the decision', () => {
  it('dispute.preview shows what a decision would change and records nothing; it refuses as the decision would', async () => {
    const before = await auditTotal();
    const args = { dispute_id: demo.dispute.id, reason: 'The frozen body carries another value at that field.' };
    const rejected = await value('dispute.preview', { ...args, decision: 'rejected' });
    expect(rejected).toMatchObject({
      dispute_id: demo.dispute.id,
      decision: 'rejected',
      version: null,
      reviewed: true,
    });
    expect(rejected.after).toEqual(rejected.before);
    expect(rejected.before.overclaim.submitted).toBeGreaterThan(0);
    expect(await code('dispute.preview', { ...args, decision: 'upheld' })).toBe('DISPUTE_CHANGE_REQUIRED');
    expect(await auditTotal()).toBe(before);
    expect((await value('dispute.view', { dispute_id: demo.dispute.id })).dispute.state).toBe('received');
  });

  it('publish.preview on a track published from its latest close is refused PUBLISH_ALREADY_PUBLISHED, as publishing would be', async () => {
    const track = demo.tracks[0]!.track;
    expect(await code('publish.preview', { season: demo.season, track })).toBe('PUBLISH_ALREADY_PUBLISHED');
  });

  it('scores.view says which figures it shows (published vN, or the latest close) and refuses asking for both', async () => {
    const ref = { season: demo.season, track: demo.tracks[0]!.track };
    const latest = await value('scores.view', { ...ref, limit: 1 });
    expect(latest.shown).toMatchObject({ kind: 'published', version: latest.version });
    expect(latest.choices.published.map((v: Json) => v.version)).toContain(latest.version);
    expect(latest.choices.unpublished_close).toBeNull();
    const close = await value('scores.view', { ...ref, limit: 1, latest_close: true });
    expect(close.shown).toMatchObject({ kind: 'close', close_id: latest.close_id });
    expect(close.version).toBeNull();
    const report = await value('report.view', {
      ...ref,
      participant_id: latest.participants[0].participant_id,
      version: 1,
    });
    expect(report.shown).toMatchObject({ kind: 'published', version: 1 });
    expect(await code('scores.view', { ...ref, version: 1, latest_close: true })).toBe('FIGURES_ASKED_TWICE');
    expect(await code('scores.view', { ...ref, version: 99 })).toBe('PUBLICATION_VERSION_NOT_FOUND');
  });

  it('a decision records the named actor: the review by the session’s person, the decision by the reviewer given', async () => {
    const reviewed = await value('dispute.review', { dispute_id: demo.dispute.id });
    expect(reviewed).toMatchObject({ state: 'under_review', reviewer: STAFF });
    expect(await newestEntry()).toMatchObject({ action: 'dispute.review', actor: STAFF });
    expect(await code('dispute.review', { dispute_id: demo.dispute.id, reviewer: 'two\nlines' })).toBe(
      'IPC_BAD_ARGUMENTS',
    );
    const decided = await value('dispute.decide', {
      dispute_id: demo.dispute.id,
      decision: 'rejected',
      reason: 'The frozen body carries another value at that field.',
      reviewer: 'Chris Moreau',
    });
    expect(decided).toMatchObject({ state: 'rejected', reviewer: 'Chris Moreau' });
    const entry = await newestEntry();
    expect(entry).toMatchObject({ action: 'dispute.decide', actor: 'Chris Moreau' });
    expect(JSON.parse(entry.details).reviewer).toBe('Chris Moreau');
  });
});

describe('index.anchor and the jobs', () => {
  it('index.anchor is refused without the Trust Layer (CONSOLE_TRUST_LAYER_NOT_CONFIGURED, naming the options) and for a bad season (IPC_BAD_ARGUMENTS)', async () => {
    const refused = await call('index.anchor', { season: 1 });
    expect(refused.error.code).toBe('CONSOLE_TRUST_LAYER_NOT_CONFIGURED');
    expect(refused.error.message).toContain('--trust-layer URL --api-key-file FILE --season-base URL');
    expect(await code('index.anchor', { season: 'one' })).toBe('IPC_BAD_ARGUMENTS');
    expect(await code('index.anchor', {})).toBe('IPC_BAD_ARGUMENTS');
  });

  it('an Index export job records who asked for it, and its audit entry names that person', async () => {
    const job = await value('index.export', { season: 1 });
    expect(job.args).toEqual({ season: 1, actor: STAFF });
    await opened.ctx.jobs!.idle();
    const done = (await value('jobs.list')).jobs.find((j: Json) => j.id === job.id);
    expect(done, JSON.stringify(done?.error)).toMatchObject({ state: 'done' });
    const entries = (await value('audit.list', { limit: 5 })).entries as Json[];
    expect(entries.find((e) => e.action === 'index.export')).toMatchObject({ actor: STAFF });
  });

  it('no entry this console wrote says "console"', async () => {
    const { entries } = await value('audit.list', { limit: 1000 });
    const sinceStart = (entries as Json[]).filter((e) => e.at_ms >= startedAt);
    expect(sinceStart.length).toBeGreaterThan(5);
    expect(sinceStart.filter((e) => e.actor === 'console')).toEqual([]);
  });
});
