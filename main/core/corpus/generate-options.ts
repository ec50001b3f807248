/** What a season generator takes: everything it needs, nothing it reads by itself (the core is pure). */
export interface GenerateOptions {
  /** The season seed: a public demo seed, or a secret one so the instances appear in no public set. */
  seed: string;
  season: number;
  /** The corpus base URL the canonical URLs start with (demo: http://corpus.devnet.localhost). */
  base: string;
  /** The examination date the referentiel fixes, YYYY-MM-DD. */
  dateExamen: string;
  /** The scoring-rules section as published text, copied into the season folder. */
  rulesText: string;
}

export const DEMO_BASE = 'http://corpus.devnet.localhost';
export const DEMO_DATE_EXAMEN = '2026-10-01';
