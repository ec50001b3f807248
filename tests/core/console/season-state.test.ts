import { describe, expect, it } from 'vitest';
import { seasonStep, type SeasonFacts } from '../../../main/core/console/season-state.ts';

const frozen = { opensAt: '2026-10-01T08:00:00.000Z', closesAt: '2026-10-29T08:00:00.000Z' };
const at = (iso: string) => Date.parse(iso);
const facts = (f: Partial<SeasonFacts>): SeasonFacts => ({
  freeze: frozen,
  latestCloseAtMs: null,
  latestVersion: null,
  disputeWindowEndsMs: null,
  disputesUndecided: 0,
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

  it('published: open disputes first, then the window, then the Index; a later version is corrected', () => {
    const published = { latestCloseAtMs: 1, latestVersion: 1, disputeWindowEndsMs: at('2026-11-12T09:00:00Z') };
    expect(seasonStep(facts({ ...published, disputesUndecided: 2, nowMs: at('2026-11-01T00:00:00Z') }))).toMatchObject({
      state: 'published',
      code: 'DECIDE_DISPUTES',
    });
    expect(seasonStep(facts({ ...published, nowMs: at('2026-11-01T00:00:00Z') })).code).toBe('AWAIT_DISPUTES');
    expect(seasonStep(facts({ ...published, nowMs: at('2026-11-20T00:00:00Z') })).code).toBe('EXPORT_INDEX');
    expect(seasonStep(facts({ ...published, latestVersion: 2 })).state).toBe('corrected');
  });
});
