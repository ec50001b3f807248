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
