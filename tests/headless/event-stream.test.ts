import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVENT_STREAMS, startHeadlessServer, type HeadlessServer } from '../../main/headless/headless-server.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { ConsoleEvents } from '../../main/console/console-events.ts';

const token = randomBytes(32).toString('hex');
const events = new ConsoleEvents();
let dir: string;
let server: HeadlessServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'event-stream-'));
  server = await startHeadlessServer({
    dispatch: createDispatcher({}),
    rendererDir: dir,
    token,
    subscribe: (listener) => events.subscribe(listener),
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The first data block of a stream, read once it arrives. */
async function firstEvent(response: Response): Promise<unknown> {
  const reader = response.body!.getReader();
  let text = '';
  for (;;) {
    const { value } = await reader.read();
    text += new TextDecoder().decode(value);
    const data = /data: (.*)\n\n/.exec(text);
    if (data) {
      await reader.cancel();
      return JSON.parse(data[1] as string);
    }
  }
}

describe('GET /api/events: the one event channel of the headless mode', () => {
  it('with ?token= (EventSource cannot set headers) a stream opens and delivers a published event', async () => {
    const stream = await fetch(`${server.origin}/api/events?token=${token}`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");
    const got = firstEvent(stream);
    // The listener is registered once the headers are out.
    while (events.size === 0) await new Promise((r) => setImmediate(r));
    events.publish({
      type: 'deadline',
      dispute_id: 'dsp-1-conformite-0001',
      deadline_status: 'at_risk',
      decision_due: 'x',
    });
    expect(await got).toEqual({
      type: 'deadline',
      dispute_id: 'dsp-1-conformite-0001',
      deadline_status: 'at_risk',
      decision_due: 'x',
    });
  });

  it('an event type outside the contract is never sent', () => {
    const seen: unknown[] = [];
    const off = events.subscribe((e) => seen.push(e));
    events.publish({ type: 'secret.salt' } as never);
    off();
    expect(seen).toEqual([]);
  });

  it(`more than ${MAX_EVENT_STREAMS} streams at once: HEADLESS_TOO_MANY_STREAMS`, async () => {
    // The first test's stream is gone once the server saw it close.
    while (events.size > 0) await new Promise((r) => setImmediate(r));
    const open = await Promise.all(
      Array.from({ length: MAX_EVENT_STREAMS }, () =>
        fetch(`${server.origin}/api/events`, { headers: { Authorization: `Bearer ${token}` } }),
      ),
    );
    while (events.size < MAX_EVENT_STREAMS) await new Promise((r) => setImmediate(r));
    const extra = await fetch(`${server.origin}/api/events`, { headers: { Authorization: `Bearer ${token}` } });
    expect(extra.status).toBe(429);
    expect(((await extra.json()) as { error: { code: string } }).error.code).toBe('HEADLESS_TOO_MANY_STREAMS');
    await Promise.all(open.map((r) => r.body?.cancel()));
  });

  it('a foreign origin cannot open a stream even with the token', async () => {
    const stream = await fetch(`${server.origin}/api/events?token=${token}`, {
      headers: { Origin: 'http://attacker.example' },
    });
    expect(stream.status).toBe(403);
  });
});
