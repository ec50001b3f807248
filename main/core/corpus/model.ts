import type { PlainJson } from './tree.ts';

/** The two tracks (spec §5, §6), in the order the screens, the CLI and the exports list them. */
export const TRACK_NAMES = ['conformite', 'generique'] as const;
export type TrackName = (typeof TRACK_NAMES)[number];

export const isTrackName = (value: unknown): value is TrackName => (TRACK_NAMES as readonly unknown[]).includes(value);

/** A (resource, field, value) triplet, the shape of a submission's claim (spec §4). */
export interface ClaimForm {
  resource: string;
  field: string;
  value: PlainJson;
}

/**
 * A fact that grounds an expected verdict (spec §5.7 "grounded verdict"): asserting any one of its forms carries it.
 * `fact` says in words what the triplet establishes, for the individual report.
 */
export interface GroundingFact extends ClaimForm {
  fact: string;
  equivalent_forms: ClaimForm[];
}

/** One task of the sealed answer key (spec §5.5). `families` is empty exactly for the control task. */
export interface KeyTask {
  task_id: string;
  verdict: string;
  families: string[];
  control: boolean;
  grounding: GroundingFact[];
}

export interface AnswerKey {
  season: number;
  track: TrackName;
  rules_version: string;
  tasks: KeyTask[];
}

/**
 * A published task (spec §3 step 3, §5.5): prompt, target, assertion bounds and the task graph (spec §5.2) with the
 * subset of own resources (the rest of the graph is common lists).
 */
export interface TaskDefinition {
  id: string;
  prompt: string;
  target: Record<string, string>;
  min_assertions: number;
  cap_assertions: number;
  graph: string[];
  own_resources: string[];
}

export interface TasksFile {
  season: number;
  track: TrackName;
  tasks: TaskDefinition[];
}

/** One catalogue resource: canonical path (the base lives in season.json), method, payload, response file. */
export interface CatalogueEntry {
  path: string;
  method: 'GET' | 'POST';
  payload: Record<string, never>;
  response: string;
}

export interface SeasonFile {
  season: number;
  track: TrackName;
  base: string;
  rules_version: string;
  rules_file: string;
}

/** The assertion bounds of spec §5.5, by task number; the generic track uses the same (spec §6.5 "same balance"). */
export const ASSERTION_BOUNDS: readonly (readonly [number, number])[] = [
  [2, 4],
  [3, 6],
  [2, 4],
  [3, 6],
  [4, 8],
  [4, 8],
  [3, 6],
  [4, 8],
  [3, 6],
  [3, 6],
];

export const FAMILIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;
