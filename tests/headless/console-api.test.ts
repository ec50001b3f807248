import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeadlessServer, type HeadlessServer } from '../../main/headless/headless-server.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import type { ConsoleEvent } from '../../main/ipc/contract.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { openConsole, type OpenedConsole } from '../../main/console/open-console.ts';
import { playDemo } from '../../main/demo/play-demo.ts';
import { renameParticipant } from '../../main/services/index-export/participants.ts';
import { systemClock } from '../../main/services/clock.ts';
import type { DemoSummary } from '../../main/core/demo/demo-progress.ts';
import { forgeIndex } from '../services/index-export/support/forge-index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = Record<string, any>;

const defaultCorpusDir = resolve(import.meta.dirname, '../../corpus');
const token = randomBytes(32).toString('hex');
let dir: string;
let dbFile: string;
let demo: DemoSummary;
let opened: OpenedConsole;
let server: HeadlessServer;
/** Everything any call answered, to look for secrets in. */
const answered: string[] = [];

async function start() {
  opened = openConsole({ mode: 'headless', dbFile, defaultCorpusDir, actor: 'Ana Lima' });
  await opened.ready;
  server = await startHeadlessServer({
    dispatch: createDispatcher(createConsoleHandlers(opened.ctx)),
    rendererDir: dir,
    token,
    subscribe: (listener) => opened.ctx.events.subscribe(listener),
  });
}

async function stop() {
  await server.close();
  await opened.close();
}

// A demo of its own, not the run's shared one (tests/support/played-demo.ts): close.run writes its new close beside the
// latest close's folder (close-job.ts), which a copy's database still names in the shared folder.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-api-'));
  // Played as on 1 November 2026 at noon: closed three days before, on 29 October (core/demo/demo-calendar.ts).
  const played = await playDemo({ outDir: join(dir, 'demo'), startedAt: Date.parse('2026-11-01T12:00:00.000Z') });
  if (!played.ok) throw new Error(`${played.error.code} ${played.error.message}`);
  demo = played.value;
  dbFile = demo.db;
  await start();
}, 180_000);

afterAll(async () => {
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

async function call(channel: string, args: object = {}, headers: Record<string, string> = {}) {
  const answer = await fetch(`${server.origin}/api/invoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ channel, args }),
  });
  const text = await answer.text();
  answered.push(text);
  return { status: answer.status, body: JSON.parse(text) as Json };
}

async function value(channel: string, args: object = {}) {
  const { body } = await call(channel, args);
  expect(body.ok, JSON.stringify(body)).toBe(true);
  return body.value as Json;
}

const conformite = { season: 1, track: 'conformite' };

/** A job started by a call, once the console's workers are idle: as jobs.list shows it. */
async function finished(channel: string, args: object): Promise<Json> {
  const job = await value(channel, args);
  await opened.ctx.jobs!.idle();
  return (await value('jobs.list')).jobs.find((j: Json) => j.id === job.id);
}
const participant = (agent: string) => demo.participants.find((p) => p.agent === agent)!.participantId;

describe('each operation over headless HTTP, on the demo season', () => {
  it('season.status: both tracks published, the open dispute overdue or at risk, the open incident, the next step', async () => {
    const { tracks } = await value('season.status');
    expect(tracks.map((t: Json) => [t.track, t.state, t.latest_version])).toEqual([
      ['conformite', 'published', 1],
      ['generique', 'published', 1],
    ]);
    expect(tracks[0]).toMatchObject({
      opens_at: '2026-10-02T08:00:00.000Z',
      closes_at: '2026-10-29T08:00:00.000Z',
      disputes_open: 1,
      incidents_open: 1,
      next_step_code: 'DECIDE_DISPUTES',
      // The demo keeps no backup: its frozen tracks ask for one first, above the calendar's step
      // (docs/operator-database.md "Backups").
      backup_due: true,
      last_backup_at: null,
    });
  });

  it('season.live: a console given no season service does not follow, saying which options to give; the reads of the day against the limit', async () => {
    const live = await value('season.live');
    expect(live.season).toBeNull();
    expect(live.follow).toMatchObject({
      state: 'not_configured',
      cycle: null,
      next_cycle_at: null,
      last_failure: null,
    });
    expect(live.follow.reason).toContain('--season-url URL --operator-token-file FILE');
    expect(live.tracks).toEqual([]);
    expect(live.incidents).toEqual([]);
    expect(live.reads_per_hour).toHaveLength(24);
    expect(live.read_limit).toMatchObject({ limit: 100, window_seconds: 3600 });
    expect((await call('season.live', { season: 1 })).body.error.code).toBe('IPC_BAD_ARGUMENTS');
  });

  it('freeze.view: the rules text, the freeze in force with its commitments, revealed at close', async () => {
    const view = await value('freeze.view', conformite);
    expect(view.rules_text).toContain('conformite-bareme-v3');
    expect(view.freezes).toHaveLength(1);
    expect(view.in_force).toBe(view.freezes[0].proof_id);
    expect(view.freezes[0].key_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(view.revealed_at).toBe('2026-10-29T09:00:00.000Z');
    expect(await value('freeze.verify', conformite)).toEqual({ verified: true, failures: [] });
  });

  it('the demo anchors and publishes its freezes; freeze.anchor checks again from the read cache, before the opening', async () => {
    const inForce = (view: Json) => view.freezes.find((f: Json) => f.proof_id === view.in_force);
    for (const track of ['conformite', 'generique']) {
      const freeze = inForce(await value('freeze.view', { season: 1, track }));
      expect(freeze.published, track).toBe(true);
      expect(freeze.anchor, track).toMatchObject({ state: 'anchored', rekor_verified: true });
      expect(Date.parse(freeze.anchor.anchor_time)).toBeLessThan(Date.parse('2026-10-02T08:00:00.000Z'));
    }
    // The demo's devnet is gone: the anchored view and its Rekor entry come from the read cache, the trust bundle
    // from the close's bundle.
    const generique = { season: 1, track: 'generique' };
    expect(inForce(await value('freeze.anchor', generique)).anchor).toMatchObject({
      state: 'anchored',
      rekor_verified: true,
    });
  });

  it('corpus.view and corpus.resource: canonical URLs and hashes; the served bytes and their SHA-256', async () => {
    const corpus = await value('corpus.view', conformite);
    expect(corpus.check.ok).toBe(true);
    const first = corpus.resources[0];
    expect(first.url).toBe(`${corpus.base}${first.path}`);
    expect(first.response_hash).toMatch(/^[0-9a-f]{64}$/);
    const served = await value('corpus.resource', { ...conformite, path: first.path });
    expect(JSON.parse(served.text).resource ?? first.path).toBeDefined();
    expect(served.sha256).toMatch(/^[0-9a-f]{64}$/);
    const missing = await call('corpus.resource', { ...conformite, path: '/nothing/here' });
    expect(missing.body.error.code).toBe('CORPUS_RESOURCE_NOT_FOUND');
  });

  it('proofs.view: the read cache and the quota left this hour', async () => {
    const proofs = await value('proofs.view');
    expect(proofs.cache.views).toBeGreaterThan(100);
    expect(proofs.quota).toMatchObject({ limit: 100, window_ms: 3_600_000 });
    expect(proofs.pending).toEqual([]);
  });

  it('proofs.fetch: a read job of the pending proofs (none left in the demo) runs in a worker and ends done', async () => {
    const job = await value('proofs.fetch');
    expect(job).toMatchObject({ kind: 'proofs' });
    await opened.ctx.jobs!.idle();
    const { jobs } = await value('jobs.list');
    expect(jobs.find((j: Json) => j.id === job.id)).toMatchObject({ state: 'done', result: { ids: 0, reads: 0 } });
  }, 60_000);

  it('scores.view pages the table; report.view and assertion.evidence drill down to witnesses and the frozen value', async () => {
    const page = await value('scores.view', { ...conformite, offset: 1, limit: 2 });
    expect(page).toMatchObject({ version: 1, total: 5, offset: 1 });
    expect(page.participants.map((p: Json) => p.agent_name)).toEqual([
      'Careful agent',
      'Agent claiming values the corpus does not serve',
    ]);
    const report = await value('report.view', { ...conformite, participant_id: participant('overclaims') });
    expect(report.participant_id).toBe(participant('overclaims'));
    const evidence = await value('assertion.evidence', {
      ...conformite,
      participant_id: participant('overclaims'),
      assertion: `${demo.dispute.taskId}/${demo.dispute.assertionId}`,
    });
    expect(evidence).toMatchObject({
      status_at_close: 'unsupported',
      frozen: { in_manifest: true, equals_claim: false },
    });
    expect(evidence.proofs[0].checks.length).toBeGreaterThan(0);
    const versions = await value('publication.versions', conformite);
    expect(versions.versions.map((v: Json) => v.version)).toEqual([1]);
  });

  it('disputes: the queue, the stored evidence, a decision without a reason refused, then decided with one', async () => {
    const queue = await value('dispute.list');
    expect(queue.disputes.map((d: Json) => d.dispute_id)).toEqual([demo.dispute.id]);
    expect(['at_risk', 'overdue', 'on_time']).toContain(queue.disputes[0].deadline_status);
    // Staff know the participant by the agent name of the track's scores, beside its id.
    expect(queue.disputes[0]).toMatchObject({
      participant_id: demo.dispute.participantId,
      agent_name: 'Agent claiming values the corpus does not serve',
    });
    const detail = await value('dispute.view', { dispute_id: demo.dispute.id });
    expect(detail.evidence.assertion_id).toBe(demo.dispute.assertionId);
    expect(detail.dispute.agent_name).toBe('Agent claiming values the corpus does not serve');
    const blank = await call('dispute.decide', {
      dispute_id: demo.dispute.id,
      decision: 'rejected',
      reason: ' ',
      reviewer: 'ana',
    });
    expect(blank.body.error.code).toBe('IPC_BAD_ARGUMENTS');
    const decided = await value('dispute.decide', {
      dispute_id: demo.dispute.id,
      decision: 'rejected',
      reason: 'The frozen body carries another value at that field.',
      reviewer: 'ana',
    });
    expect(decided).toMatchObject({ state: 'rejected', deadline_status: 'decided' });
    const again = await call('dispute.decide', {
      dispute_id: demo.dispute.id,
      decision: 'rejected',
      reason: 'twice',
      reviewer: 'ana',
    });
    expect(again.body.error.code).toBe('DISPUTE_ALREADY_DECIDED');
  });

  it('dispute.open: refused with the service codes (no zone, window closed, unknown assertion), then received as console', async () => {
    // Published 29 October 09:00 UTC (the demo played as on 1 November): the window ends 12 November 09:00 UTC.
    const receipt = {
      ...conformite,
      participant_id: demo.dispute.participantId,
      assertion: `${demo.dispute.taskId}/${demo.dispute.assertionId}`,
      reason: 'The participant says the value claimed is served at that field.',
    };
    const refused = async (args: object) => (await call('dispute.open', { ...receipt, ...args })).body.error.code;
    expect(await refused({ received_at: '2026-11-05 10:00' })).toBe('DISPUTE_TIME_FORMAT');
    expect(await refused({ received_at: '2026-11-12T10:30:00+01:00' })).toBe('DISPUTE_WINDOW_CLOSED');
    expect(await refused({ received_at: '2026-11-05T10:00:00+01:00', assertion: `${demo.dispute.taskId}/a999` })).toBe(
      'DISPUTE_ASSERTION_UNKNOWN',
    );
    expect(await refused({ received_at: '2026-11-05T10:00:00+01:00', participant_id: 'p-unknown' })).toBe(
      'DISPUTE_PARTICIPANT_UNKNOWN',
    );
    expect(await refused({ received_at: '2026-11-05T10:00:00+01:00', assertion: 'conf-01' })).toBe('IPC_BAD_ARGUMENTS');
    const before = (await value('dispute.list')).disputes.length;
    expect(before).toBe(1);

    // 10:00 in Paris is 09:00 UTC: the zone typed decides the instant (still inside the window at 08:30 UTC).
    const opened = await value('dispute.open', { ...receipt, received_at: '2026-11-12T09:30:00+01:00' });
    expect(opened).toMatchObject({
      participant_id: demo.dispute.participantId,
      state: 'received',
      received_at: '2026-11-12T08:30:00.000Z',
      received_at_entered_by_hand: true,
    });
    expect((await value('dispute.list')).disputes.map((d: Json) => d.dispute_id)).toContain(opened.dispute_id);
    const entries = (await value('audit.list', { limit: 5 })).entries as Json[];
    expect(entries.find((e) => e.action === 'dispute.open')).toMatchObject({ actor: 'Ana Lima' });
    expect((await call('dispute.open', { ...receipt, received_at: '2026-11-12T09:30:00+01:00' })).body.error.code).toBe(
      'DISPUTE_ALREADY_OPEN',
    );
  });

  it('incidents: list, detail with its affected assertion, resolve with a written resolution, not twice', async () => {
    const { incidents } = await value('incident.list');
    expect(incidents).toHaveLength(1);
    const incident = await value('incident.view', { id: incidents[0].id });
    expect(incident.links[0]).toMatchObject({ participant: participant('careful') });
    expect(incident.participantNames).toEqual({ [participant('careful')]: 'Careful agent' });
    const resolved = await value('incident.resolve', { id: incident.id, resolution: 'Proxy secret restored.' });
    expect(resolved.state).toBe('resolved');
    const twice = await call('incident.resolve', { id: incident.id, resolution: 'again' });
    expect(twice.body.error.code).toBe('INCIDENT_ALREADY_RESOLVED');
    expect((await call('incident.view', { id: 999 })).body.error.code).toBe('INCIDENT_NOT_FOUND');
  });

  it('index.preview lints what the next export writes: a model name on a participant with unsupported assertions is a LINT_MODEL_NAME_NEGATIVE finding in both languages, and the export is refused until renamed', async () => {
    const clean = await value('index.preview', { ...conformite, lang: 'fr' });
    expect(clean).toMatchObject({ version: 1, exported: true, findings: [] });
    const overclaims = participant('overclaims');
    const rename = (displayName: string) => {
      const db = openDatabase(dbFile);
      try {
        const renamed = renameParticipant(db, {
          season: 1,
          participantId: overclaims,
          displayName,
          clock: systemClock,
          actor: 'ana',
        });
        expect(renamed.ok).toBe(true);
      } finally {
        db.close();
      }
    };
    rename('Claude scout');
    for (const lang of ['fr', 'en']) {
      const preview = await value('index.preview', { ...conformite, lang });
      expect(preview).toMatchObject({ version: 2, exported: false });
      expect(preview.html).toContain('Claude scout');
      // Not exported yet: the page says so, with no export time (each preview would draw its own).
      expect(preview.html).toContain(lang === 'fr' ? 'pas encore exportée' : 'not exported yet');
      expect(preview.html).not.toMatch(lang === 'fr' ? /exportée le/ : /exported \d/);
      expect(preview.findings).toContainEqual({
        code: 'LINT_MODEL_NAME_NEGATIVE',
        file: `reports/conformite/${overclaims}.html`,
        where: `conformite/${overclaims}: agent name heading the negative lists`,
        message: expect.stringContaining(`proveit participant rename --season 1 --participant ${overclaims}`),
        // What the console words it from (the CLI's sentence names its flags), and the act that fixes it in place
        // (docs/console.md "Screens"): the Index screen's rename control.
        // `lists`: the report's lists the name heads, which the finding names (never "negative results" as such).
        facts: { name: expect.any(String), site: 'agent', lists: expect.stringContaining('unsupported') },
        fix: { act: 'display_name', track: 'conformite', participant_id: overclaims },
      });
      expect(new Set(preview.findings.map((f: Json) => f.code))).toEqual(new Set(['LINT_MODEL_NAME_NEGATIVE']));
    }
    // The export is a job: it fails with the linter's code, its findings in the message, and writes nothing.
    const refused = await finished('index.export', { season: 1 });
    expect(refused).toMatchObject({ kind: 'index_export', state: 'failed', error: { code: 'INDEX_LINT_FAILED' } });
    expect(refused.error.message).toContain('LINT_MODEL_NAME_NEGATIVE');
    // A name shaped like a season token: the page would publish a secret, so it never reaches the screen.
    const tokenLike = `sst_${'k'.repeat(24)}`;
    rename(tokenLike);
    const withheld = await call('index.preview', { ...conformite, lang: 'fr' });
    expect(withheld.body.value).toMatchObject({ html: null });
    expect(withheld.body.value.findings.map((f: Json) => f.code)).toContain('LINT_SECRET');
    expect(JSON.stringify(withheld.body)).not.toContain(tokenLike);
    rename('Agent claiming values the corpus does not serve');
    expect((await value('index.preview', { ...conformite, lang: 'fr' })).findings).toEqual([]);
  });

  it('index: previewed in both languages and verified; a new export from the console verifies too', async () => {
    const fr = await value('index.preview', { ...conformite, lang: 'fr' });
    const en = await value('index.preview', { ...conformite, lang: 'en' });
    expect(fr.html).toContain('<html');
    expect(en.html).not.toBe(fr.html);
    // Verify names what it checked: the newest export's folder, its Index version, the files its manifest lists.
    const demoIndex = await value('index.verify', { season: 1 });
    expect(demoIndex).toMatchObject({
      verified: true,
      failures: [],
      season: 1,
      version: 1,
      out_dir: join(dir, 'demo', 'index'),
    });
    expect(demoIndex.listed_files).toBeGreaterThan(0);
    const exported = await finished('index.export', { season: 1 });
    expect(exported, JSON.stringify(exported.error)).toMatchObject({ kind: 'index_export', state: 'done' });
    expect(exported.result.version).toBeGreaterThanOrEqual(1);
    expect(exported.result.out_dir).toContain(join(dir, 'demo', 'index-exports', 'season-1-'));
    // The export's files are the ones its manifest lists, the manifest and its signature: both counts said as such.
    expect(exported.result.files).toBe(exported.result.listed_files + 2);
    expect(await value('index.verify', { season: 1 })).toMatchObject({
      verified: true,
      failures: [],
      version: exported.result.version,
      out_dir: exported.result.out_dir,
      listed_files: exported.result.listed_files,
      anchor: { state: 'absent', proof_id: null, anchored_at: null, code: null },
    });
    expect(await value('index.status', { season: 1 })).toEqual({
      season: 1,
      newest: {
        season: 1,
        out_dir: exported.result.out_dir,
        version: exported.result.version,
        listed_files: exported.result.listed_files,
        anchor: { state: 'absent', proof_id: null, anchored_at: null, code: null },
      },
    });
  });

  it('index: the console verifies against the operator key beside its database, so a newest export re-signed with another key is INDEX_KEY_MISMATCH', async () => {
    const exports = join(dir, 'demo', 'index-exports');
    const newest = readdirSync(exports).sort().at(-1)!;
    const forgedDir = join(exports, `season-1-${Number(newest.slice('season-1-'.length)) + 1}`);
    cpSync(join(exports, newest), forgedDir, { recursive: true });
    forgeIndex(forgedDir);
    try {
      const answer = await value('index.verify', { season: 1 });
      expect(answer.verified).toBe(false);
      expect(answer.failures[0]).toMatchObject({
        code: 'INDEX_KEY_MISMATCH',
        message: expect.stringContaining('the operator key beside the database'),
      });
    } finally {
      rmSync(forgedDir, { recursive: true, force: true });
    }
  });

  it('audit: the log (newest first, paged) records the console actions as the person named, and verifies', async () => {
    const log = await value('audit.list', { limit: 3 });
    expect(log.entries[0].seq).toBe(log.total);
    expect(log.entries.map((e: Json) => e.actor)).toContain('Ana Lima');
    expect(await value('audit.verify')).toMatchObject({ ok: true, entries: log.total });
  });

  it('no answer carries a secret: the freeze salts, the answer keys as sealed, the devnet tokens', () => {
    const db = openDatabase(dbFile);
    try {
      const seals = db.prepare('SELECT * FROM freeze_seals').all() as Record<string, unknown>[];
      const secrets = seals.flatMap((row) =>
        Object.values(row).flatMap((v) =>
          typeof v === 'string' && v.length >= 32 ? [v] : Buffer.isBuffer(v) ? [v.toString('hex')] : [],
        ),
      );
      expect(secrets.length).toBeGreaterThan(0);
      const all = answered.join('\n');
      for (const secret of secrets) expect(all.includes(secret)).toBe(false);
    } finally {
      db.close();
    }
  });
});

describe('the headless choke point refuses foreign callers', () => {
  it('a page of another origin, even with the token, is refused 403 HEADLESS_ORIGIN_REFUSED', async () => {
    const foreign = await call('season.status', {}, { Origin: 'http://attacker.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('HEADLESS_ORIGIN_REFUSED');
    const crossSite = await call('season.status', {}, { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });

  it('a wrong token is refused 401 on calls and on the event stream', async () => {
    const wrong = await call('season.status', {}, { Authorization: `Bearer ${'0'.repeat(64)}` });
    expect(wrong.status).toBe(401);
    const stream = await fetch(`${server.origin}/api/events?token=${'0'.repeat(64)}`);
    expect(stream.status).toBe(401);
    await stream.body?.cancel();
  });

  it('a malformed call answers IPC_BAD_ARGUMENTS and touches nothing', async () => {
    const { body } = await call('incident.resolve', { id: 'one', resolution: 'x' });
    expect(body.error.code).toBe('IPC_BAD_ARGUMENTS');
  });
});

/** Reads server-sent events until `until` says stop; returns them. */
async function readEvents(response: Response, until: (events: ConsoleEvent[]) => boolean): Promise<ConsoleEvent[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: ConsoleEvent[] = [];
  let buffer = '';
  while (!until(events)) {
    const { value: chunk, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (data) events.push(JSON.parse(data.slice(6)) as ConsoleEvent);
    }
  }
  await reader.cancel();
  return events;
}

describe('background work: a close runs in a worker thread, pushes its progress over SSE, and resumes after a restart', () => {
  it('close.run answers a job at once; the stream delivers close.progress then the job done', async () => {
    const stream = await fetch(`${server.origin}/api/events`, { headers: { Authorization: `Bearer ${token}` } });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const job = await value('close.run', { season: 1, track: 'generique' });
    expect(job).toMatchObject({ kind: 'close', args: { season: 1, track: 'generique' } });
    const events = await readEvents(stream, (es) =>
      es.some((e) => e.type === 'job' && e.job.id === job.id && (e.job.state === 'done' || e.job.state === 'failed')),
    );
    const last = events.filter((e) => e.type === 'job').pop() as Extract<ConsoleEvent, { type: 'job' }>;
    expect(last.job.state, JSON.stringify(last.job.error)).toBe('done');
    expect(events.some((e) => e.type === 'close.progress' && e.track === 'generique')).toBe(true);
    expect(last.job.result).toMatchObject({ scored: 5, pending: 0 });
    // Nobody was pending in version 1: the later close publishes nothing new.
    const publish = await call('season.publish', { season: 1, track: 'generique' });
    expect(publish.body.error.code).toBe('PUBLISH_ALREADY_PUBLISHED');
  }, 60_000);

  it('a job left running by a stopped console is started again at the next start, its attempt counted', async () => {
    await stop();
    const db = openDatabase(dbFile);
    const id = Number(
      db
        .prepare(
          "INSERT INTO console_jobs (kind, args_json, state, created_at_ms, started_at_ms, attempts) VALUES ('close', ?, 'running', 0, 0, 1)",
        )
        .run(JSON.stringify({ season: 1, track: 'conformite' })).lastInsertRowid,
    );
    db.close();
    await start();
    expect(opened.resumed()).toBe(1);
    await opened.ctx.jobs!.idle();
    const { jobs } = await value('jobs.list');
    const resumed = jobs.find((j: Json) => j.id === id);
    expect(resumed, JSON.stringify(jobs)).toMatchObject({ state: 'done', attempts: 2 });
  }, 60_000);
});
