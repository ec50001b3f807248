// `console.overview`'s answer (main/ipc/contract.ts): the corpus's tracks, the services given at start, who acts.

import type { TrackName } from '../../core/corpus/model.ts';

/** A published task, as participants see it: never the sealed answer key (secrets never reach the renderer). */
export interface TaskSummary {
  id: string;
  prompt: string;
  minAssertions: number;
  capAssertions: number;
  graphSize: number;
}

export interface SeasonTrackOverview {
  season: number;
  track: TrackName;
  rulesVersion: string;
  base: string;
  resources: number;
  manifestHash: string;
  tasks: TaskSummary[];
}

export interface ConsoleOverview {
  version: string;
  mode: 'desktop' | 'headless';
  corpusDir: string;
  /** The operator database the console runs on (null: none opened). */
  dbFile: string | null;
  tracks: SeasonTrackOverview[];
  /** Problems met while reading the corpus, with their stable codes. */
  problems: { code: string; message: string }[];
  /** Whether the Trust Layer (freezes) and the season service (first closes) were given at start; never their keys. */
  configured: { trust_layer: boolean; season_service: boolean };
  /** Who every act is recorded as (`--actor`, or the name the screens asked once); null: no one named yet. */
  actor: ConsoleActor | null;
}

/** The person the console's audit entries name (docs/console-backend.md "Who acts"), and where the name came from. */
export interface ConsoleActor {
  name: string;
  from: 'option' | 'screen';
}
