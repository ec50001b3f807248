import { describe, expect, it } from 'vitest';
import { resolveActor } from '../../main/cli/actor-option.ts';

describe('--actor', () => {
  it('the option wins over the environment and the login name', () => {
    expect(resolveActor({ actor: 'alice' }, { PROVEIT_ACTOR: 'bob' }, 'carol')).toBe('alice');
  });
  it('PROVEIT_ACTOR is used when --actor is absent or blank', () => {
    expect(resolveActor({}, { PROVEIT_ACTOR: 'bob' }, 'carol')).toBe('bob');
    expect(resolveActor({ actor: '  ' }, { PROVEIT_ACTOR: 'bob' }, 'carol')).toBe('bob');
  });
  it('the login name is the last resort, then "unknown"', () => {
    expect(resolveActor({}, {}, 'carol')).toBe('carol');
    expect(resolveActor({}, { PROVEIT_ACTOR: '' }, undefined)).toBe('unknown');
  });
});
