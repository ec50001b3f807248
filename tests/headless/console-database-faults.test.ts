import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pyObjectFrom } from '../../main/core/json/value.ts';
import { appendAudit } from '../../main/db/audit-log.ts';
import { databaseFaultOf } from '../../main/db/database-fault.ts';
import { openDatabase, type Db } from '../../main/db/open-database.ts';
import { startHeadlessServer, type HeadlessServer } from '../../main/headless/headless-server.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { openConsole, type OpenedConsole } from '../../main/console/open-console.ts';
import { openIncident } from '../../main/services/incidents/incidents.ts';
import { tempFolder } from '../db/support/temp-db.ts';

/**
 * docs/operator-database.md "Database faults", the console: a database fault is answered over real HTTP with its DB_*
 * code and a sentence, and the console keeps answering; a console started on a damaged file is refused with its code
 * before it serves.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = Record<string, any>;

const defaultCorpusDir = resolve(import.meta.dirname, '../../corpus');
const token = randomBytes(32).toString('hex');
let folder: ReturnType<typeof tempFolder>;
let dbFile: string;
let opened: OpenedConsole;
let server: HeadlessServer;
let incidentId: number;

beforeEach(async () => {
  folder = tempFolder('console-db-fault-');
  dbFile = folder.file('console.sqlite');
  const db = openDatabase(dbFile);
  const incident = openIncident(db, {
    season: 1,
    track: 'conformite',
    kind: 'other',
    cause: 'a test',
    summary: 'the corpus answered 503 for ten minutes',
    owner: '',
    windowStartMs: null,
    windowEndMs: null,
    links: [],
    actor: 'ann',
    atMs: Date.parse('2026-10-12T14:00:00Z'),
  });
  if (!incident.ok) throw new Error(incident.error.message);
  incidentId = incident.value.id;
  db.close();
  opened = openConsole({ mode: 'headless', dbFile, defaultCorpusDir, actor: 'Ana Lima' });
  await opened.ready;
  server = await startHeadlessServer({
    dispatch: createDispatcher(createConsoleHandlers(opened.ctx)),
    rendererDir: folder.path,
    token,
    subscribe: (listener) => opened.ctx.events.subscribe(listener),
  });
});

afterEach(async () => {
  await server.close();
  await opened.close();
  folder.remove();
});

async function call(channel: string, args: object = {}): Promise<Json> {
  const answer = await fetch(`${server.origin}/api/invoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ channel, args }),
  });
  return JSON.parse(await answer.text()) as Json;
}

/** Fills the database up to a page limit, as a full disk would leave it: the next write that needs a page fails. */
function fillUp(db: Db): void {
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  try {
    for (let n = 0; n < 100_000; n += 1)
      appendAudit(db, {
        atMs: 1_790_000_000_000 + n,
        actor: 'filler',
        action: 'incident.note',
        summary: 'x'.repeat(500),
        details: pyObjectFrom([['n', BigInt(n)]]),
      });
  } catch (error) {
    if (databaseFaultOf(error)?.code !== 'DB_DISK_FULL') throw error;
    return;
  }
  throw new Error('the page limit was never reached');
}

describe('the console on a database fault', () => {
  it('a write on a full disk answers DB_DISK_FULL over HTTP, with no stack, and the console keeps answering', async () => {
    fillUp(opened.ctx.db!);
    const answer = await call('incident.resolve', { id: incidentId, resolution: 'the proxy secret was restored' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'DB_DISK_FULL' } });
    expect(answer.error.message).toContain('free space');
    expect(JSON.stringify(answer)).not.toMatch(/\s+at \S+:\d+/);
    const listed = await call('incident.list');
    expect(listed.ok).toBe(true);
    expect(listed.value.incidents.map((i: Json) => [i.id, i.state])).toEqual([[incidentId, 'open']]);
  });

  it('on a read-only connection reads answer and a write answers DB_READ_ONLY', async () => {
    const writable = opened.ctx.db!;
    opened.ctx.db = openDatabase(dbFile, { readOnly: true });
    try {
      expect((await call('audit.verify')).ok).toBe(true);
      const answer = await call('incident.resolve', { id: incidentId, resolution: 'the proxy secret was restored' });
      expect(answer).toMatchObject({ ok: false, error: { code: 'DB_READ_ONLY' } });
    } finally {
      opened.ctx.db.close();
      opened.ctx.db = writable;
    }
  });
});

describe('the console started on a damaged database', () => {
  it('a file that is not a database is refused at start with DB_NOT_A_DATABASE naming it', () => {
    const bad = folder.file('not-a-database.sqlite');
    writeFileSync(bad, randomBytes(8192));
    let caught: unknown;
    try {
      openConsole({ mode: 'headless', dbFile: bad, defaultCorpusDir });
    } catch (error) {
      caught = error;
    }
    const fault = databaseFaultOf(caught);
    expect(fault?.code).toBe('DB_NOT_A_DATABASE');
    expect(fault?.message).toContain(bad);
  });
});
