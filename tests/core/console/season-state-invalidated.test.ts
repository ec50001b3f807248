import { describe, expect, it } from 'vitest';
import { backupDue, seasonStep, type SeasonFacts } from '../../../main/core/console/season-state.ts';

// Issue 38, point 2 (docs/freeze.md "Invalidating a season"): an invalidated track's state and next step. The close
// refuses it (CLOSE_TRACK_INVALIDATED), so the step is the reveal, then the next season: never the close.
const at = (iso: string) => Date.parse(iso);
const frozen = {
  opensAt: '2026-10-01T08:00:00.000Z',
  closesAt: '2026-10-29T08:00:00.000Z',
  anchor: {
    state: 'anchored' as const,
    anchorTime: '2026-09-20T12:00:03.000Z',
    checkedAtMs: at('2026-09-20T12:05:00Z'),
  },
};
const invalidation = { at: '2026-10-05T10:00:00.000Z', reason: 'task conf-03 was changed', nextSeason: 2 };
const facts = (f: Partial<SeasonFacts>): SeasonFacts => ({
  freeze: frozen,
  latestCloseAtMs: null,
  latestVersion: null,
  indexShowsVersion: null,
  disputeWindowEndsMs: null,
  disputesUndecided: 0,
  latestFreezeAtMs: at('2026-09-20T12:00:00Z'),
  lastBackupAtMs: at('2026-09-20T12:05:00Z'),
  invalidation,
  revealedAtMs: null,
  nowMs: at('2026-10-05T10:00:01Z'),
  ...f,
});
const CLOSE_CODES = ['RUN_CLOSE', 'READ_PROOFS', 'AWAIT_CLOSE', 'PUBLISH'];

describe('an invalidated track (pure)', () => {
  it('an invalidated open track is `invalidated`, and its next step is the reveal, naming the reason and the next season', () => {
    const step = seasonStep(facts({}));
    expect(step).toMatchObject({ state: 'invalidated', code: 'REVEAL_INVALIDATED' });
    expect(step.text).toContain('task conf-03 was changed');
    expect(step.text).toContain('freeze season 2');
  });

  it('once revealed, the next step is freezing season N+1', () => {
    const step = seasonStep(facts({ revealedAtMs: at('2026-10-05T10:00:05Z') }));
    expect(step).toMatchObject({ state: 'invalidated', code: 'FREEZE_NEXT_SEASON' });
    expect(step.text).toContain('season 2');
  });

  it('never advises the close, at any instant of the window or after it, with proofs to read or none', () => {
    for (const now of ['2026-10-05T10:00:01Z', '2026-10-29T08:00:00Z', '2026-10-29T08:00:01Z', '2027-01-01T00:00:00Z'])
      for (const proofsToRead of [0, 12])
        for (const revealedAtMs of [null, at('2026-10-05T10:00:05Z')]) {
          const step = seasonStep(facts({ nowMs: at(now), proofsToRead, revealedAtMs }));
          expect(step.state).toBe('invalidated');
          expect(CLOSE_CODES).not.toContain(step.code);
          expect(step.text).not.toMatch(/run the close/i);
        }
  });

  it('comes before the anchor rules: a freeze anchored after its opening, then invalidated, says invalidated', () => {
    const late = { ...frozen, anchor: { ...frozen.anchor, anchorTime: '2026-10-01T09:00:00.000Z' } };
    expect(seasonStep(facts({ freeze: late }))).toMatchObject({ state: 'invalidated', code: 'REVEAL_INVALIDATED' });
  });

  it('a track not invalidated keeps its calendar (null and absent alike)', () => {
    expect(seasonStep(facts({ invalidation: null }))).toMatchObject({ state: 'open', code: 'READ_PROOFS' });
    const { invalidation: _, revealedAtMs: __, ...without } = facts({});
    expect(seasonStep(without)).toMatchObject({ state: 'open', code: 'READ_PROOFS' });
  });

  it('the backup still comes first while the key and salt exist only in the operator database', () => {
    expect(backupDue(facts({ lastBackupAtMs: null }))).toBe(true);
  });
});
