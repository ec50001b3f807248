import { AREAS_OF_ACT, AREAS_OF_JOB } from '../core/console/state-areas.ts';
import { TRACK_NAMES } from '../core/corpus/model.ts';
import type { Channel, ConsoleEvent, TrackName } from '../ipc/contract.ts';
import type { Handlers } from '../ipc/dispatcher.ts';
import type { ConsoleEvents } from './console-events.ts';

type StateChanged = Extract<ConsoleEvent, { type: 'state.changed' }>;

/** The season and track an act names, in its arguments or else in its answer (a dispute, an incident); null: none. */
function placeOf(...values: unknown[]): Pick<StateChanged, 'season' | 'track'> {
  for (const value of values) {
    if (typeof value !== 'object' || value === null) continue;
    const { season, track } = value as { season?: unknown; track?: unknown };
    if (typeof season === 'number')
      return {
        season,
        track:
          typeof track === 'string' && (TRACK_NAMES as readonly string[]).includes(track) ? (track as TrackName) : null,
      };
  }
  return { season: null, track: null };
}

/**
 * One truth on every screen (docs/console-backend.md "Events"): each act that succeeds is followed by one
 * `state.changed` event naming the season and track it acted on and the areas it touched (core/console/state-areas.ts),
 * which every open window (the desktop's, each headless tab's) receives and reads again. A refused act changed nothing
 * and announces nothing.
 */
export function announceActs(events: ConsoleEvents, handlers: Handlers): Handlers {
  const announced = { ...handlers } as Record<Channel, (args: unknown) => Promise<unknown>>;
  for (const [channel, touched] of Object.entries(AREAS_OF_ACT)) {
    const handler = announced[channel as Channel];
    if (handler === undefined) continue;
    announced[channel as Channel] = async (args: unknown) => {
      const answer = await handler(args);
      events.publish({ type: 'state.changed', ...placeOf(args, answer), touched: [...touched], cause: channel });
      return answer;
    };
  }
  return announced as Handlers;
}

/** A job's end (done or failed) announced as what its kind may have changed. */
export function announceJobEnds(events: ConsoleEvents): void {
  events.subscribe((event) => {
    if (event.type !== 'job' || (event.job.state !== 'done' && event.job.state !== 'failed')) return;
    const touched = AREAS_OF_JOB[event.job.kind as keyof typeof AREAS_OF_JOB];
    if (touched === undefined) return;
    events.publish({
      type: 'state.changed',
      ...placeOf(event.job.args),
      touched: [...touched],
      cause: `job.${event.job.kind}`,
    });
  });
}
