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
