import { Query } from '../api/query.svelte.ts';
import type { TrackRef } from '../api/operations.ts';

export const trackKey = (t: TrackRef): string => `${t.season}/${t.track}`;

/**
 * The season's tracks (from the contract's console.overview) and the one the screens show. Tracks are shown one at
 * a time: their figures are never comparable, so no screen puts two in one table (spec §6.6).
 */
class Tracks {
  overview = new Query('console.overview');
  selectedKey = $state('');
  list = $derived<TrackRef[]>((this.overview.value?.tracks ?? []).map((t) => ({ season: t.season, track: t.track })));
  selected = $derived<TrackRef | null>(this.list.find((t) => trackKey(t) === this.selectedKey) ?? this.list[0] ?? null);

  async load(): Promise<void> {
    if (this.overview.value || this.overview.loading) return;
    await this.overview.run({});
  }
}

export const tracks = new Tracks();
