import type { TrackName } from './model.ts';

/** What a season generator takes: everything it needs, nothing it reads by itself (the core is pure). */
export interface GenerateOptions {
  /** The season seed: a public demo seed, or a secret one so the instances appear in no public set. */
  seed: string;
  season: number;
  /** The track's corpus base URL its canonical URLs start with (demo: DEMO_BASES[track]). */
  base: string;
  /** The examination date the referentiel fixes, YYYY-MM-DD. */
  dateExamen: string;
  /** The scoring-rules section as published text, copied into the season folder. */
  rulesText: string;
}

/**
 * The demo season's corpus base of each track (docs/corpus-format.md §1). A season runs both tracks at once, and
 * both serve /referentiel and /_systeme/*: each track has a host of its own, so their canonical URLs never collide.
 * The devnet proxy maps these virtual hosts to its local corpus server (devnet/README.md).
 */
export const DEMO_BASES: Readonly<Record<TrackName, string>> = {
  conformite: 'http://conformite.corpus.devnet.localhost',
  generique: 'http://generique.corpus.devnet.localhost',
};
export const DEMO_DATE_EXAMEN = '2026-10-01';
