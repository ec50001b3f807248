import { CONFORMITE_TRACK } from './conformite/track.ts';
import { GENERIQUE_TRACK } from './generique/track.ts';
import type { TrackDefinition } from './track-definition.ts';

/** Every track `corpus check` knows, by the name season.json gives. */
export const TRACKS: Record<string, TrackDefinition> = {
  conformite: CONFORMITE_TRACK,
  generique: GENERIQUE_TRACK,
};
