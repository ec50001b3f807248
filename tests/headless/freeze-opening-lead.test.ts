import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeadlessServer, type HeadlessServer } from '../../main/headless/headless-server.ts';
import type { OpenedConsole } from '../../main/console/open-console.ts';
import { startFreezeDevnet, type FreezeDevnet } from '../services/freeze/support/freeze-devnet.ts';
import { BEFORE_OPENING, settableClock } from '../services/freeze/support/freeze-ports.ts';
import { consoleOn, freezeServices } from '../console/support/console-on-freeze-devnet.ts';

// The Freeze screen's freeze.create and freeze.replace over the console's HTTP contract (headless server, per-launch
// token), on a real devnet Trust Layer and season host: an opening closer than the batch age plus the margin
// (20 minutes, docs/freeze.md "Timeline") is refused with FREEZE_OPENING_TOO_SOON before anything is anchored.
const clock = settableClock(BEFORE_OPENING);
const conformite = { season: 1, track: 'conformite' } as const;
const MINUTE = 60_000;
const token = randomBytes(32).toString('hex');
const at = (ms: number) => new Date(ms).toISOString().replace('.000', '');
let net: FreezeDevnet;
let dir: string;
let server: HeadlessServer;
const opened: OpenedConsole[] = [];

type Answer = { ok: boolean; value?: { freezes: unknown[] }; error?: { code: string; message: string } };

async function call(channel: string, args: object): Promise<Answer> {
  const answer = await fetch(`${server.origin}/api/invoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ channel, args }),
  });
  return (await answer.json()) as Answer;
}

beforeAll(async () => {
  net = await startFreezeDevnet('proveit-console-lead-', () => new Date(clock.now()));
  dir = mkdtempSync(join(tmpdir(), 'proveit-console-lead-'));
  const { dispatch } = consoleOn({ dir, name: 'lead' }, clock, freezeServices(net), opened, net.operatorKeyFile);
  server = await startHeadlessServer({ dispatch, rendererDir: dir, token, subscribe: () => () => {} });
}, 60_000);

afterAll(async () => {
  await server?.close();
  for (const c of opened) await c.close();
  await net?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('freeze.create and freeze.replace refuse an opening too soon (spec §8, FREEZE_OPENING_TOO_SOON)', () => {
  it('an opening 2 minutes ahead is refused, naming the opening asked, the earliest allowed and what to type', async () => {
    const opensAt = at(BEFORE_OPENING + 2 * MINUTE);
    const answer = await call('freeze.create', {
      ...conformite,
      opens_at: opensAt,
      closes_at: at(BEFORE_OPENING + 60 * MINUTE),
    });
    expect(answer.ok).toBe(false);
    expect(answer.error?.code).toBe('FREEZE_OPENING_TOO_SOON');
    expect(answer.error?.message).toContain(
      `the opening ${new Date(BEFORE_OPENING + 2 * MINUTE).toISOString()} is too soon`,
    );
    expect(answer.error?.message).toContain(
      `the earliest opening allowed now is ${new Date(BEFORE_OPENING + 20 * MINUTE).toISOString()}`,
    );
    expect(answer.error?.message).toContain(`set opens_at ${at(BEFORE_OPENING + 20 * MINUTE)} or later`);
    // Nothing was anchored or recorded.
    expect((await call('freeze.view', conformite)).error?.code).toBe('FREEZE_NOT_FOUND');
  });

  it('an opening exactly 20 minutes ahead is frozen; a replacement 10 minutes before it is refused the same way', async () => {
    const window = { opens_at: at(BEFORE_OPENING + 20 * MINUTE), closes_at: at(BEFORE_OPENING + 80 * MINUTE) };
    const frozen = await call('freeze.create', { ...conformite, ...window });
    expect(frozen.ok, JSON.stringify(frozen.error)).toBe(true);
    expect(frozen.value?.freezes).toHaveLength(1);

    clock.set(BEFORE_OPENING + 10 * MINUTE);
    const replaced = await call('freeze.replace', {
      ...conformite,
      ...window,
      reason: 'The rules text named the wrong window.',
    });
    expect(replaced.error?.code).toBe('FREEZE_OPENING_TOO_SOON');
    expect(replaced.error?.message).toContain(
      `the earliest opening allowed now is ${new Date(BEFORE_OPENING + 30 * MINUTE).toISOString()}`,
    );
    expect((await call('freeze.view', conformite)).value?.freezes).toHaveLength(1);
  });
});
