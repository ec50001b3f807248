import { describe, expect, it } from 'vitest';
import { backupDue, seasonStep, type SeasonFacts } from '../../../main/core/console/season-state.ts';

const at = (iso: string) => Date.parse(iso);
/** Anchored on 20 September, before the opening (RFC 3161 time), as the close asks. */
const anchoredInTime = {
  state: 'anchored' as const,
  anchorTime: '2026-09-20T12:00:03.000Z',
  checkedAtMs: at('2026-09-20T12:05:00Z'),
};
const frozen = { opensAt: '2026-10-01T08:00:00.000Z', closesAt: '2026-10-29T08:00:00.000Z', anchor: anchoredInTime };
const facts = (f: Partial<SeasonFacts>): SeasonFacts => ({
  freeze: frozen,
  latestCloseAtMs: null,
  latestVersion: null,
  indexShowsVersion: null,
  disputeWindowEndsMs: null,
  disputesUndecided: 0,
  latestFreezeAtMs: at('2026-09-20T12:00:00Z'),
  lastBackupAtMs: at('2026-09-20T12:05:00Z'),
  nowMs: at('2026-10-10T00:00:00Z'),
  ...f,
});

describe('where a season track stands and the next step (pure)', () => {
  it('draft → frozen → open → closed (run the close) → closed (publish), on the anchored window, bounds included', () => {
    expect(seasonStep(facts({ freeze: null })).state).toBe('draft');
    expect(seasonStep(facts({ nowMs: at('2026-09-30T00:00:00Z') }))).toMatchObject({
      state: 'frozen',
      code: 'AWAIT_OPENING',
    });
    expect(seasonStep(facts({ nowMs: at(frozen.opensAt) }))).toMatchObject({ state: 'open', code: 'READ_PROOFS' });
    expect(seasonStep(facts({ nowMs: at(frozen.closesAt) })).state).toBe('open');
    expect(seasonStep(facts({ nowMs: at(frozen.closesAt) + 1 }))).toMatchObject({ state: 'closed', code: 'RUN_CLOSE' });
    expect(
      seasonStep(facts({ nowMs: at('2026-10-30T00:00:00Z'), latestCloseAtMs: at('2026-10-29T09:00:00Z') })),
    ).toMatchObject({ state: 'closed', code: 'PUBLISH' });
  });

  it('just published: the next step is exporting the Index, since the dispute windows run from the publication', () => {
    const published = { latestCloseAtMs: 1, latestVersion: 1, disputeWindowEndsMs: at('2026-11-12T09:00:00Z') };
    const now = at('2026-10-29T10:00:00Z');
    expect(seasonStep(facts({ ...published, nowMs: now }))).toMatchObject({ state: 'published', code: 'EXPORT_INDEX' });
    // An Index that shows an older version is not the one the public must see: a correction asks for a new export.
    expect(seasonStep(facts({ ...published, latestVersion: 2, indexShowsVersion: 1, nowMs: now }))).toMatchObject({
      state: 'corrected',
      code: 'EXPORT_INDEX',
    });
  });

  it('published and exported: undecided disputes, then the open windows, then nothing is due', () => {
    const exported = {
      latestCloseAtMs: 1,
      latestVersion: 1,
      indexShowsVersion: 1,
      disputeWindowEndsMs: at('2026-11-12T09:00:00Z'),
    };
    expect(seasonStep(facts({ ...exported, disputesUndecided: 2, nowMs: at('2026-11-01T00:00:00Z') }))).toMatchObject({
      state: 'published',
      code: 'DECIDE_DISPUTES',
    });
    expect(seasonStep(facts({ ...exported, nowMs: at('2026-11-01T00:00:00Z') })).code).toBe('AWAIT_DISPUTES');
    expect(seasonStep(facts({ ...exported, nowMs: at('2026-11-12T09:00:00Z') })).code).toBe('AWAIT_DISPUTES');
    expect(seasonStep(facts({ ...exported, nowMs: at('2026-11-12T09:00:00.001Z') })).code).toBe('WINDOWS_CLOSED');
    expect(seasonStep(facts({ ...exported, latestVersion: 2, indexShowsVersion: 2 })).state).toBe('corrected');
  });

  it('a freeze with no backup since is a backup due (BACK_UP_SEASON, shown first), the calendar step unchanged', () => {
    const freezeAt = at('2026-09-20T12:00:00Z');
    const noBackup = facts({ lastBackupAtMs: null, nowMs: at('2026-09-30T00:00:00Z') });
    expect([backupDue(noBackup), seasonStep(noBackup).state, seasonStep(noBackup).code]).toEqual([
      true,
      'frozen',
      'AWAIT_OPENING',
    ]);
    // A replacement recorded after the last backup asks for another one.
    expect(backupDue(facts({ latestFreezeAtMs: freezeAt + 10, lastBackupAtMs: freezeAt + 5 }))).toBe(true);
    expect(backupDue(facts({ latestFreezeAtMs: freezeAt, lastBackupAtMs: freezeAt }))).toBe(false);
    expect(backupDue(facts({ freeze: null, latestFreezeAtMs: null, lastBackupAtMs: null }))).toBe(false);
  });

  it('a freeze anchored after its opening: never "run the close" but FREEZE_CANNOT_SCORE, saying what to do', () => {
    const late = { ...frozen, anchor: { ...anchoredInTime, anchorTime: '2026-10-01T08:00:00.000Z' } };
    const closed = seasonStep(facts({ freeze: late, nowMs: at('2026-10-30T00:00:00Z') }));
    expect(closed).toMatchObject({ state: 'closed', code: 'FREEZE_CANNOT_SCORE' });
    expect(closed.text).toContain('CLOSE_FREEZE_ANCHORED_AFTER_OPENING');
    expect(closed.text).toMatch(/close the season and start a new one, frozen at least 20 minutes before its opening/);
    // Already so while the season is open: nothing read or submitted can be scored.
    expect(seasonStep(facts({ freeze: late, nowMs: at('2026-10-10T00:00:00Z') }))).toMatchObject({
      state: 'open',
      code: 'FREEZE_CANNOT_SCORE',
    });
  });

  it('a freeze proof seen pending at or after the opening cannot score either (its batch closes later still)', () => {
    const pendingAtOpening = { state: 'pending' as const, anchorTime: null, checkedAtMs: at(frozen.opensAt) };
    expect(seasonStep(facts({ freeze: { ...frozen, anchor: pendingAtOpening } })).code).toBe('FREEZE_CANNOT_SCORE');
  });

  it('before the opening a freeze not seen anchored asks for the anchor check, not for waiting', () => {
    const before = at('2026-09-30T00:00:00Z');
    const pending = { state: 'pending' as const, anchorTime: null, checkedAtMs: at('2026-09-20T12:05:00Z') };
    expect(seasonStep(facts({ freeze: { ...frozen, anchor: pending }, nowMs: before }))).toMatchObject({
      state: 'frozen',
      code: 'AWAIT_FREEZE_ANCHOR',
    });
    expect(seasonStep(facts({ freeze: { ...frozen, anchor: null }, nowMs: before })).code).toBe('AWAIT_FREEZE_ANCHOR');
  });

  it('after the opening a freeze last seen pending before it is checked first: the close would wait (FREEZE_PROOF_PENDING)', () => {
    const pending = { state: 'pending' as const, anchorTime: null, checkedAtMs: at('2026-09-30T00:00:00Z') };
    const step = seasonStep(facts({ freeze: { ...frozen, anchor: pending }, nowMs: at('2026-10-30T00:00:00Z') }));
    expect(step).toMatchObject({ state: 'closed', code: 'CHECK_FREEZE_ANCHOR' });
    expect(step.text).toContain('uses 1 read');
    // Once a close has scored, its freeze check passed: the calendar's step goes on.
    expect(
      seasonStep(
        facts({
          freeze: { ...frozen, anchor: null },
          latestCloseAtMs: at('2026-10-29T09:00:00Z'),
          nowMs: at('2026-10-30T00:00:00Z'),
        }),
      ).code,
    ).toBe('PUBLISH');
  });
});
