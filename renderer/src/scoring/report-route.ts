import type { TrackRef } from '../api/operations.ts';

/**
 * How a report's URL names its track (#/scoring/<track>/<participant>, docs/console.md "Screens"): the track's name
 * alone while no other season of the console has a track of that name, else "<season>-<track>".
 */
export function trackPart(t: TrackRef, list: readonly TrackRef[]): string {
  const namesake = list.some((o) => o.track === t.track && o.season !== t.season);
  return namesake ? `${t.season}-${t.track}` : t.track;
}

/** The track a URL's part names, or undefined when it names none of `list` (a stale or mistyped link). */
export function trackOfPart(part: string, list: readonly TrackRef[]): TrackRef | undefined {
  return list.find((t) => trackPart(t, list) === part || `${t.season}-${t.track}` === part);
}
