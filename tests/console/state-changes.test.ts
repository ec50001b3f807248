import { describe, expect, it } from 'vitest';
import { AREAS_OF_ACT, AREAS_READ, readsTouched } from '../../main/core/console/state-areas.ts';
import type { Handlers } from '../../main/ipc/dispatcher.ts';
import type { ConsoleEvent, JobView } from '../../main/ipc/contract.ts';
import { HandlerRefusal } from '../../main/ipc/refusal.ts';
import { ConsoleEvents } from '../../main/console/console-events.ts';
import { announceActs, announceJobEnds } from '../../main/console/state-changes.ts';

function recorder() {
  const events = new ConsoleEvents();
  const seen: ConsoleEvent[] = [];
  events.subscribe((e) => seen.push(e));
  return { events, seen };
}

const changes = (seen: ConsoleEvent[]) => seen.filter((e) => e.type === 'state.changed');

describe('state.changed: one truth on every screen (docs/console-backend.md "Events")', () => {
  it('an act that succeeds announces once its season, track and the areas it touched; a read announces nothing', async () => {
    const { events, seen } = recorder();
    const handlers = announceActs(events, {
      'freeze.create': async () => ({ season: 1, track: 'conformite' }),
      'season.status': async () => ({ tracks: [] }),
    } as unknown as Handlers);
    await handlers['freeze.create']({ season: 1, track: 'conformite', opens_at: 'x', closes_at: 'y' });
    await handlers['season.status']({});
    expect(changes(seen)).toEqual([
      {
        type: 'state.changed',
        season: 1,
        track: 'conformite',
        touched: ['season', 'freeze', 'live', 'audit'],
        cause: 'freeze.create',
      },
    ]);
  });

  it('a refused act changed nothing and announces nothing', async () => {
    const { events, seen } = recorder();
    const handlers = announceActs(events, {
      'season.publish': async () => {
        throw new HandlerRefusal('PUBLISH_NOTHING_NEW', 'nothing to publish');
      },
    } as unknown as Handlers);
    await expect(handlers['season.publish']({ season: 1, track: 'conformite' })).rejects.toThrow('nothing to publish');
    expect(changes(seen)).toEqual([]);
  });

  it('an act without a season in its arguments takes it from its answer (a dispute, an incident)', async () => {
    const { events, seen } = recorder();
    const handlers = announceActs(events, {
      'incident.resolve': async () => ({ id: 3, season: 1, track: 'generique' }),
    } as unknown as Handlers);
    await handlers['incident.resolve']({ id: 3, resolution: 'done' });
    expect(changes(seen)[0]).toMatchObject({ season: 1, track: 'generique', cause: 'incident.resolve' });
  });

  it("a job's end announces what its kind changed; its start and progress do not", () => {
    const { events, seen } = recorder();
    announceJobEnds(events);
    const job = (state: JobView['state']) =>
      ({ id: 7, kind: 'close', state, args: { season: 1, track: 'conformite' } }) as unknown as JobView;
    events.publish({ type: 'job', job: job('running') });
    events.publish({ type: 'job', job: job('done') });
    expect(changes(seen)).toEqual([
      {
        type: 'state.changed',
        season: 1,
        track: 'conformite',
        touched: ['season', 'freeze', 'scores', 'proofs', 'incidents', 'audit', 'jobs'],
        cause: 'job.close',
      },
    ]);
  });

  it('every act touches something a screen reads, and the Season screen reads again after a publication', () => {
    const read = new Set(Object.values(AREAS_READ).flat());
    for (const [act, touched] of Object.entries(AREAS_OF_ACT))
      expect(
        touched.some((area) => read.has(area)),
        act,
      ).toBe(true);
    expect(readsTouched('season.status', AREAS_OF_ACT['season.publish']!)).toBe(true);
    expect(readsTouched('scores.view', AREAS_OF_ACT['season.publish']!)).toBe(true);
    expect(readsTouched('season.status', AREAS_OF_ACT['freeze.create']!)).toBe(true);
    expect(readsTouched('corpus.view', AREAS_OF_ACT['season.publish']!)).toBe(false);
  });
});
