import { compareCodePoints } from '../json/code-point-order.ts';
import type { Failure } from '../result.ts';
import { baseProblem } from './canonical-url.ts';
import { Problems } from './problems.ts';

/** One track of a season folder, as its season.json names it. */
export interface SeasonTrack {
  /** The track folder (for messages). */
  dir: string;
  season: bigint;
  track: string;
  base: string;
}

/**
 * The host name of a canonical base (docs/corpus-format.md §1: scheme://host[:port], lowercase): what a corpus
 * server serving several tracks routes a request on (its Host header).
 */
export function baseHost(base: string): string {
  return base.replace(/^[a-z]+:\/\//, '').replace(/:\d+$/, '');
}

/**
 * The host name a Host header names: lowercased, without its port (`conformite.corpus.devnet.localhost:80` →
 * `conformite.corpus.devnet.localhost`, `[::1]:8080` → `[::1]`); undefined when there is none.
 */
export function hostHeaderName(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  const lower = header.toLowerCase();
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']');
    return end < 0 ? lower : lower.slice(0, end + 1);
  }
  return lower.replace(/:\d*$/, '');
}

/**
 * The rules the tracks of one season folder follow together, so one corpus server (and the devnet) can serve them
 * all at once: each track once (`CORPUS_TRACK_DUPLICATE`), all of the same season (`CORPUS_SEASON_TRACKS_MIXED`),
 * each base canonical (`CORPUS_BASE_NOT_CANONICAL`) and on a host of its own (`CORPUS_BASE_SHARED`): every track
 * serves /referentiel and /_systeme/*, so two tracks on one host would give one URL two bodies.
 */
export function seasonTracksProblems(tracks: readonly SeasonTrack[]): Failure[] {
  const problems = new Problems();
  const byTrack = new Map<string, SeasonTrack>();
  const byHost = new Map<string, SeasonTrack>();
  for (const t of tracks) {
    const earlier = byTrack.get(t.track);
    if (earlier) {
      problems.add('CORPUS_TRACK_DUPLICATE', `${earlier.dir} and ${t.dir} both hold the track '${t.track}': keep one folder per track`, {
        track: t.track,
        dirs: [earlier.dir, t.dir],
      });
    } else byTrack.set(t.track, t);
    const first = tracks[0];
    if (first && t.season !== first.season) {
      problems.add(
        'CORPUS_SEASON_TRACKS_MIXED',
        `${t.dir} is season ${t.season} but ${first.dir} is season ${first.season}: serve one season's tracks together`,
        { dirs: [first.dir, t.dir], seasons: [String(first.season), String(t.season)] },
      );
    }
    const invalid = baseProblem(t.base);
    if (invalid) {
      problems.add('CORPUS_BASE_NOT_CANONICAL', `${t.dir}: season.json base '${t.base}': ${invalid}`, { dir: t.dir, base: t.base });
      continue;
    }
    const host = baseHost(t.base);
    const sharing = byHost.get(host);
    if (sharing && sharing.track !== t.track) {
      problems.add(
        'CORPUS_BASE_SHARED',
        `the tracks '${sharing.track}' (${sharing.base}) and '${t.track}' (${t.base}) share the host ${host}: give each track a base of its own, e.g. http://${t.track}.${host}`,
        { host, tracks: [sharing.track, t.track], bases: [sharing.base, t.base] },
      );
    } else if (!sharing) byHost.set(host, t);
  }
  return problems.list;
}

/** The tracks in the order a season lists them: by track name, in code-point order. */
export function sortedTracks<T extends { track: string }>(tracks: readonly T[]): T[] {
  return [...tracks].sort((a, b) => compareCodePoints(a.track, b.track));
}
