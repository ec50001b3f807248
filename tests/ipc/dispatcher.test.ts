import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';

describe('the IPC choke point', () => {
  it('a handler that throws answers IPC_HANDLER_FAILED with its message and no stack', async () => {
    const dispatch = createDispatcher({
      'console.overview': async () => {
        throw new Error('corpus folder unreadable');
      },
    });
    const answer = await dispatch('console.overview', {});
    expect(answer).toEqual({ ok: false, error: { code: 'IPC_HANDLER_FAILED', message: 'corpus folder unreadable' } });
  });

  it('arguments that are not a plain object are refused with IPC_BAD_ARGUMENTS before any handler runs', async () => {
    let ran = false;
    const dispatch = createDispatcher({
      'console.overview': async () => {
        ran = true;
        throw new Error('unreachable');
      },
    });
    for (const args of [[], 'x', 42, null]) {
      const answer = await dispatch('console.overview', args);
      expect(answer.ok ? 'ok' : answer.error.code).toBe('IPC_BAD_ARGUMENTS');
    }
    expect(ran).toBe(false);
  });

  it('a prototype-named channel is an unknown channel, not a property lookup', async () => {
    const dispatch = createDispatcher({ 'console.overview': async () => ({}) as never });
    for (const channel of ['__proto__', 'constructor', 'toString']) {
      const answer = await dispatch(channel, {});
      expect(answer.ok ? 'ok' : answer.error.code).toBe('IPC_UNKNOWN_CHANNEL');
    }
  });
});

describe('refusals and channels without a handler', () => {
  it('a handler refusal answers its own stable code and message', async () => {
    const { HandlerRefusal } = await import('../../main/ipc/refusal.ts');
    const dispatch = createDispatcher({
      'season.status': async () => {
        throw new HandlerRefusal('CONSOLE_NO_DATABASE', 'start it with --db FILE');
      },
    });
    expect(await dispatch('season.status', {})).toEqual({
      ok: false,
      error: { code: 'CONSOLE_NO_DATABASE', message: 'start it with --db FILE' },
    });
  });

  it('a channel of the contract this dispatcher does not serve is IPC_UNKNOWN_CHANNEL, never a stub', async () => {
    const dispatch = createDispatcher({});
    const answer = await dispatch('audit.verify', {});
    expect(answer.ok ? 'ok' : answer.error.code).toBe('IPC_UNKNOWN_CHANNEL');
  });
});

describe('a refusal carries its facts to the screen', () => {
  it('a service failure refused by its handler answers its code, message and details unchanged', async () => {
    const { valueOrRefuse } = await import('../../main/ipc/refusal.ts');
    const { fail } = await import('../../main/core/result.ts');
    const details = { opens_at: '2026-12-02T08:02:00Z', earliest_opens_at: '2026-12-02T08:20:00Z', lead_seconds: 1200 };
    const dispatch = createDispatcher({
      'season.status': async () =>
        valueOrRefuse(fail('FREEZE_OPENING_TOO_SOON', 'the opening 2026-12-02T08:02:00Z is too soon', details)),
    });
    expect(await dispatch('season.status', {})).toEqual({
      ok: false,
      error: { code: 'FREEZE_OPENING_TOO_SOON', message: 'the opening 2026-12-02T08:02:00Z is too soon', details },
    });
  });

  it('a refusal without details answers no details key at all (the answer is the same JSON as before)', async () => {
    const { HandlerRefusal } = await import('../../main/ipc/refusal.ts');
    const dispatch = createDispatcher({
      'season.status': async () => {
        throw new HandlerRefusal('CONSOLE_NO_DATABASE', 'start it with --db FILE');
      },
    });
    const answer = await dispatch('season.status', {});
    expect(answer.ok ? 'ok' : Object.keys(answer.error)).toEqual(['code', 'message']);
  });

  it('a handler refusal with its own facts answers them beside its message', async () => {
    const { HandlerRefusal } = await import('../../main/ipc/refusal.ts');
    const dispatch = createDispatcher({
      'season.status': async () => {
        throw new HandlerRefusal('DISPUTE_NOT_FOUND', 'no dispute dsp-9 in this database', { dispute_id: 'dsp-9' });
      },
    });
    const answer = await dispatch('season.status', {});
    expect(answer.ok ? null : answer.error.details).toEqual({ dispute_id: 'dsp-9' });
  });
});

describe('a refusal’s facts survive the headless server’s JSON', () => {
  it('a Python int among the details (a bigint) is answered as a number, never a serialisation failure', async () => {
    const { HandlerRefusal } = await import('../../main/ipc/refusal.ts');
    const dispatch = createDispatcher({
      'season.status': async () => {
        throw new HandlerRefusal('PUBLISH_ALREADY_PUBLISHED', 'already published', { version: 2n, huge: 2n ** 64n });
      },
    });
    const answer = await dispatch('season.status', {});
    expect(JSON.parse(JSON.stringify(answer))).toEqual({
      ok: false,
      error: {
        code: 'PUBLISH_ALREADY_PUBLISHED',
        message: 'already published',
        details: { version: 2, huge: '18446744073709551616' },
      },
    });
  });
});
