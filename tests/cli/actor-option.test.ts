import { describe, expect, it } from 'vitest';
import { consoleActorOf, resolveActor } from '../../main/cli/actor-option.ts';

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

describe('proveit console --actor', () => {
  it('--actor, else $PROVEIT_ACTOR, trimmed; never the login name: without either the screens ask', () => {
    expect(consoleActorOf({ actor: ' Ana Lima ' }, { PROVEIT_ACTOR: 'bob' })).toEqual({ name: 'Ana Lima' });
    expect(consoleActorOf({}, { PROVEIT_ACTOR: 'bob' })).toEqual({ name: 'bob' });
    expect(consoleActorOf({}, {})).toEqual({ name: null });
    expect(consoleActorOf({}, { PROVEIT_ACTOR: ' ' })).toEqual({ name: null });
  });
  it('a blank, multi-line or over-long name is a usage problem naming where it came from', () => {
    expect(consoleActorOf({ actor: ' ' }, {})).toContain('--actor must be a name');
    expect(consoleActorOf({ actor: 'a\nb' }, {})).toContain('--actor');
    expect(consoleActorOf({}, { PROVEIT_ACTOR: 'x'.repeat(81) })).toContain('$PROVEIT_ACTOR');
  });
});
