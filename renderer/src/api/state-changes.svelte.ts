import { readsTouched } from '../../../main/core/console/state-areas.ts';
import { onConsoleEvent } from './events.ts';
import type { Operation } from './operations.ts';
import type { Query } from './query.svelte.ts';

/** The season and track a query asked about, when its arguments name them. */
function placeOf(query: Query<Operation>): { season?: unknown; track?: unknown } {
  const args = query.args as Record<string, unknown> | null;
  return args === null ? {} : { season: args['season'], track: args['track'] };
}

/**
 * One truth on every screen (docs/console.md "Events"): while the component that calls this is mounted, each
 * `state.changed` event (an act that succeeded, a job's end, a follow cycle, in this window or another) reads again
 * every query given here that shows an area the event touched, unless the query names another season or track. Call it
 * once in a component's script with its queries: `refreshOnStateChange(status, live)`.
 */
export function refreshOnStateChange(...queries: Query<Operation>[]): void {
  $effect(() =>
    onConsoleEvent((event) => {
      if (event.type !== 'state.changed') return;
      for (const query of queries) {
        if (!readsTouched(query.channel, event.touched)) continue;
        const asked = placeOf(query);
        if (event.season !== null && asked.season !== undefined && asked.season !== event.season) continue;
        if (event.track !== null && asked.track !== undefined && asked.track !== event.track) continue;
        void query.refresh();
      }
    }),
  );
}

/**
 * A card whose deadline passes reads its state again (docs/console.md "Season"): a timer at the earliest of the given
 * instants still ahead of `now` (the console's time the answer carried), then a refresh of `query`. Re-armed whenever
 * the instants change (each answer). Call it once in a component's script.
 */
export function rereadAtDeadlines(
  query: Query<Operation>,
  deadlines: () => { now: string; instants: (string | null)[] } | null,
): void {
  $effect(() => {
    const d = deadlines();
    if (d === null) return;
    const now = Date.parse(d.now);
    const ahead = d.instants
      .map((iso) => (iso === null ? NaN : Date.parse(iso)))
      .filter((ms) => Number.isFinite(ms) && ms > now);
    if (ahead.length === 0) return;
    // A second past the instant: main's clock has passed it when the query is read again. At most a day ahead, so
    // a timer never overflows; a later deadline is armed again by the answer read then.
    const delay = Math.min(Math.min(...ahead) - now + 1000, 86_400_000);
    const timer = setTimeout(() => void query.refresh(), delay);
    return () => clearTimeout(timer);
  });
}
