// A track's frozen corpus as the console shows it (main/ipc/contract.ts `corpus.*`).

import type { TrackRef } from './track-ref.ts';
import type { CheckFailure } from './verify.ts';

export interface CorpusResource {
  path: string;
  url: string;
  collection: string | null;
  request_hash: string;
  response_hash: string;
}

export interface CorpusView extends TrackRef {
  base: string;
  manifest_hash: string;
  resources: CorpusResource[];
  check: { ok: boolean; problems: CheckFailure[] };
}

export interface ServedResource {
  path: string;
  content_type: string;
  sha256: string;
  /** The bytes served, as UTF-8 text (the corpus serves JSON). */
  text: string;
}
