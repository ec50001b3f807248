import { isTrackName, TRACK_NAMES, type TrackName } from '../core/corpus/model.ts';
import type { Failure } from '../core/result.ts';
import { printJson, type CliIo } from './io.ts';

/** --season N: the season number as the freeze document carries it (an int); the synopsis' need says it is given. */
export function seasonOf(text: string | undefined): number | string {
  if (text === undefined || !/^\d{1,6}$/.test(text))
    return `--season '${text}' is not a season number; e.g. --season 1`;
  return Number(text);
}

/** --track T: one of the two tracks (spec §5, §6). */
function trackOf(text: string | undefined): TrackName | string {
  if (isTrackName(text)) return text;
  return `--track must be ${TRACK_NAMES.join(' or ')}${text === undefined ? '' : ` (got '${text}')`}`;
}

/** --season and --track together, checked in that order; a string is the usage message of the first one wrong. */
export function seasonAndTrackOf(values: {
  season?: string;
  track?: string;
}): { season: number; track: TrackName } | string {
  const season = seasonOf(values.season);
  if (typeof season === 'string') return season;
  const track = trackOf(values.track);
  if (!isTrackName(track)) return track;
  return { season, track };
}

/** --season N and --track T, each optional (a listing's filter); a string is the usage message of the one wrong. */
export function seasonAndTrackFilterOf(values: {
  season?: string;
  track?: string;
}): { season?: number; track?: TrackName } | string {
  const out: { season?: number; track?: TrackName } = {};
  if (values.season !== undefined) {
    const season = seasonOf(values.season);
    if (typeof season === 'string') return season;
    out.season = season;
  }
  if (values.track !== undefined) {
    const track = trackOf(values.track);
    if (!isTrackName(track)) return track;
    out.track = track;
  }
  return out;
}

/** A refusal, on stderr or as the one JSON document; the details never hold sealed material (docs/freeze.md). */
export function printRefusal(io: CliIo, json: boolean, command: string, failure: Failure): void {
  if (json)
    printJson(io, { ok: false, code: failure.code, message: failure.message, details: failure.details ?? null });
  else io.err(`proveit ${command}: ${failure.code}: ${failure.message}\n`);
}
