import { describe, expect, it } from 'vitest';
import { chainEnd, judgeArrival, type ChainLink } from '../../../main/core/freeze/freeze-chain.ts';

const link = (sha: string, replaces: string | null, signedAt: string): ChainLink => ({
  documentSha256: sha.repeat(64).slice(0, 64),
  replacesSha256: replaces === null ? null : replaces.repeat(64).slice(0, 64),
  signedAt,
});

const a = link('a', null, '2026-09-20T12:00:00.000Z');
const b = link('b', 'a', '2026-09-21T12:00:00.000Z');
const c = link('c', 'b', '2026-09-22T12:00:00.000Z');

describe('the freeze in force is the end of the chain the documents write', () => {
  it('a first freeze and two replacements: the end is the last replacement, in whatever order they are listed', () => {
    expect(chainEnd([a, b, c])).toBe(c);
    expect(chainEnd([c, a, b])).toBe(c);
    expect(chainEnd([b, c, a])).toBe(c);
  });

  it('no first document: nothing is in force, and a replacement of a document never received hangs off nothing', () => {
    expect(chainEnd([])).toBeNull();
    expect(chainEnd([b, c])).toBeNull();
    const orphan = link('d', 'f', '2026-09-30T00:00:00.000Z');
    expect(chainEnd([a, orphan])).toBe(a);
  });

  it('two documents competing for one place (an operator-side crash): the later signed_at wins, then its chain', () => {
    const again = link('e', null, '2026-09-20T13:00:00.000Z');
    expect(chainEnd([a, again])).toBe(again);
    expect(chainEnd([again, a])).toBe(again);
    const rival = link('f', 'a', '2026-09-21T18:00:00.000Z');
    expect(chainEnd([a, b, rival])).toBe(rival);
    expect(chainEnd([a, rival, b, c])).toBe(rival);
  });

  it('equal signed_at: the greater document_sha256 wins, so every holder of the same documents finds the same end', () => {
    const twin = link('9', null, a.signedAt);
    expect(chainEnd([a, twin])).toBe(a);
    expect(chainEnd([twin, a])).toBe(a);
  });
});

describe('what a document arriving at the season service does', () => {
  it('the first document of a track is accepted', () => {
    expect(judgeArrival([], a)).toEqual({ kind: 'accepted', current: null });
  });

  it('its replacement is accepted and names what was in force', () => {
    expect(judgeArrival([a], b)).toEqual({ kind: 'accepted', current: a });
  });

  it('the document in force posted again changes nothing and names itself (in_force)', () => {
    expect(judgeArrival([a, b], { ...b })).toEqual({ kind: 'in_force', current: b });
  });

  it('a replaced document posted again changes nothing (superseded), naming the document in force', () => {
    expect(judgeArrival([a, b], { ...a })).toEqual({ kind: 'superseded', current: b });
    expect(judgeArrival([a, b, c], { ...b })).toEqual({ kind: 'superseded', current: c });
  });

  it('a new document replacing a replaced one, signed before its replacement, is superseded', () => {
    const stale = link('s', 'a', '2026-09-21T06:00:00.000Z');
    expect(judgeArrival([a, b], stale)).toEqual({ kind: 'superseded', current: b });
  });

  it('a new first document signed before the first in force is superseded; signed after it, it takes the place', () => {
    expect(judgeArrival([a], link('0', null, '2026-09-19T00:00:00.000Z'))).toEqual({ kind: 'superseded', current: a });
    const later = link('e', null, '2026-09-20T13:00:00.000Z');
    expect(judgeArrival([a], later)).toEqual({ kind: 'accepted', current: a });
  });

  it('a document naming one never received changes nothing (replaces_unknown)', () => {
    expect(judgeArrival([a], link('d', 'f', '2026-09-30T00:00:00.000Z'))).toEqual({
      kind: 'replaces_unknown',
      current: a,
    });
  });
});
