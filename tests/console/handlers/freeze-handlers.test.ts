import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_SERVICES } from '../../../main/console/console-services.ts';
import type { Dispatch } from '../../../main/ipc/dispatcher.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import type { OpenedConsole } from '../../../main/console/open-console.ts';
import { startFreezeDevnet, type FreezeDevnet } from '../../services/freeze/support/freeze-devnet.ts';
import { BEFORE_OPENING, CLOSES_AT, OPENS_AT, settableClock } from '../../services/freeze/support/freeze-ports.ts';
import { CONSOLE_STAFF, consoleOn, freezeServices, value } from '../support/console-on-freeze-devnet.ts';

// The Freeze screen's actions through the console's choke point (validation, then the handlers) on a real devnet
// Trust Layer and season host, a real operator database and the demo compliance track as the corpus root's only
// track: freeze, replace with a reason, publish, reveal at close; refused without the Trust Layer configured.
const clock = settableClock(BEFORE_OPENING);
const conformite = { season: 1, track: 'conformite' } as const;
const window = { opens_at: OPENS_AT.replace('.000', ''), closes_at: CLOSES_AT.replace('.000', '') };
let net: FreezeDevnet;
let dir: string;
const opened: OpenedConsole[] = [];

const consoleFor = (name: string, configured: boolean) =>
  consoleOn({ dir, name }, clock, configured ? freezeServices(net) : NO_SERVICES, opened, net.operatorKeyFile);

async function code(dispatch: Dispatch, channel: string, args: object): Promise<string> {
  const answer = await dispatch(channel, args);
  return answer.ok ? 'ok' : answer.error.code;
}

beforeAll(async () => {
  net = await startFreezeDevnet('proveit-console-freeze-', () => new Date(clock.now()));
  dir = mkdtempSync(join(tmpdir(), 'proveit-console-freeze-'));
}, 60_000);

afterAll(async () => {
  for (const c of opened) await c.close();
  await net?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('freeze actions from the console', () => {
  it('without --trust-layer and --api-key-file, freezing is refused with what to give; nothing is recorded', async () => {
    const { dispatch } = consoleFor('unconfigured', false);
    expect((await value(dispatch, 'console.overview', {})).configured).toEqual({
      trust_layer: false,
      season_service: false,
    });
    const answer = await dispatch('freeze.create', { ...conformite, ...window });
    expect(answer).toMatchObject({ ok: false, error: { code: 'CONSOLE_TRUST_LAYER_NOT_CONFIGURED' } });
    expect(JSON.stringify(answer)).toContain('--trust-layer URL --api-key-file FILE');
    expect(await code(dispatch, 'freeze.view', conformite)).toBe('FREEZE_NOT_FOUND');
  });

  it('a draft track is frozen, replaced with its reason, published, and revealed only at close; every step audited as console', async () => {
    clock.set(BEFORE_OPENING);
    const { dispatch, dbFile, root } = consoleFor('configured', true);
    expect((await value(dispatch, 'console.overview', {})).configured.trust_layer).toBe(true);
    // Before any freeze the corpus root's track is listed, as a draft whose next step is the freeze.
    const before = (await value(dispatch, 'season.status', {})).tracks;
    expect(before).toMatchObject([{ ...conformite, state: 'draft', next_step_code: 'FREEZE_TRACK' }]);
    expect(await code(dispatch, 'freeze.view', conformite)).toBe('FREEZE_NOT_FOUND');
    expect(
      await code(dispatch, 'freeze.create', { ...conformite, opens_at: window.closes_at, closes_at: window.opens_at }),
    ).toBe('FREEZE_WINDOW_INVALID');

    const first = await value(dispatch, 'freeze.create', { ...conformite, ...window });
    expect(first.freezes).toHaveLength(1);
    expect(first.in_force).toBe(first.freezes[0]?.proof_id);
    expect(first.freezes[0]).toMatchObject({ opens_at: OPENS_AT, closes_at: CLOSES_AT, published: false });
    expect(first.freezes[0]?.key_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await code(dispatch, 'freeze.create', { ...conformite, ...window })).toBe('FREEZE_ALREADY_EXISTS');

    const replaced = await value(dispatch, 'freeze.replace', {
      ...conformite,
      ...window,
      reason: 'The rules text named the wrong dispute window.',
    });
    expect(replaced.freezes).toHaveLength(2);
    const current = replaced.freezes.find((f) => f.proof_id === replaced.in_force);
    expect(current).toMatchObject({
      replaces: first.in_force,
      reason: 'The rules text named the wrong dispute window.',
    });

    const published = await value(dispatch, 'freeze.publish', conformite);
    expect(published.freezes.map((f) => f.published)).toEqual([true, true]);
    const document = JSON.parse(readFileSync(join(root, 'freezes', 'season-1-conformite-publication.json'), 'utf8'));
    expect(document).toMatchObject({ season: 1, track: 'conformite', in_force: replaced.in_force });
    expect((await value(dispatch, 'season.status', {})).tracks[0]?.state).toBe('frozen');

    // Once open, the freeze cannot change; before the close, the key stays sealed.
    clock.set(Date.parse(OPENS_AT) + 1000);
    expect(await code(dispatch, 'freeze.replace', { ...conformite, ...window, reason: 'too late' })).toBe(
      'FREEZE_SEASON_OPENED',
    );
    expect(await code(dispatch, 'freeze.reveal', conformite)).toBe('FREEZE_NOT_CLOSED');
    expect(existsSync(join(root, 'freezes', 'season-1-conformite-reveal.json'))).toBe(false);
    clock.set(Date.parse(CLOSES_AT) + 1000);
    const revealed = await value(dispatch, 'freeze.reveal', conformite);
    expect(revealed.revealed_at).toBe(new Date(Date.parse(CLOSES_AT) + 1000).toISOString());
    const reveal = JSON.parse(readFileSync(join(root, 'freezes', 'season-1-conformite-reveal.json'), 'utf8'));
    expect(reveal.freezes).toHaveLength(2);

    const db = openDatabase(dbFile);
    try {
      const audited = db.prepare('SELECT actor, action FROM audit_log ORDER BY seq').all();
      expect(audited).toEqual(
        ['freeze.create', 'freeze.replace', 'freeze.publish', 'freeze.reveal'].map((action) => ({
          actor: CONSOLE_STAFF,
          action,
        })),
      );
      // No answer carried the operator's API key or a salt before the reveal.
      const salts = db.prepare('SELECT salt_hex FROM freeze_seals').pluck().all() as string[];
      for (const answer of [first, replaced, published])
        for (const secret of [net.apiKey, ...salts]) expect(JSON.stringify(answer)).not.toContain(secret);
      expect(readFileSync(join(root, 'freezes', 'season-1-conformite-publication.json'), 'utf8')).not.toContain(
        salts[0],
      );
    } finally {
      db.close();
    }
  }, 60_000);
});
