import { compareCodePoints } from '../json/code-point-order.ts';
import type { AnswerKey, CatalogueEntry, SeasonFile, TaskDefinition, TasksFile, TrackName } from './model.ts';
import { SYSTEME_STATUSES, systemeBodies, systemeFile } from './systeme.ts';
import { jsonFileBytes, responseFileOf, textFileBytes, type CorpusTree, type PlainJson } from './tree.ts';

export interface AssembleInput {
  season: number;
  track: TrackName;
  base: string;
  rulesVersion: string;
  rulesText: string;
  bodies: Map<string, PlainJson>;
  tasks: TaskDefinition[];
  key: AnswerKey;
}

export const SEASON_FILE = 'season.json';
export const CATALOGUE_FILE = 'catalogue.json';
export const TASKS_FILE = 'tasks.json';
export const ANSWER_KEY_FILE = 'sealed/answer-key.json';

export function rulesFileOf(rulesVersion: string): string {
  return `rules/${rulesVersion}.md`;
}

/**
 * Lays a generated season out in the corpus format (docs/corpus-format.md): every resource is GET with the empty
 * payload, so the proxy adds no query string and the canonical URL is base + path exactly (spec §2.4).
 */
export function assembleTree(input: AssembleInput): CorpusTree {
  const tree: CorpusTree = new Map();
  const paths = [...input.bodies.keys()].sort(compareCodePoints);
  const catalogue: CatalogueEntry[] = paths.map((path) => ({
    path,
    method: 'GET',
    payload: {},
    response: responseFileOf(path),
  }));
  const season: SeasonFile = {
    season: input.season,
    track: input.track,
    base: input.base,
    rules_version: input.rulesVersion,
    rules_file: rulesFileOf(input.rulesVersion),
  };
  const tasks: TasksFile = { season: input.season, track: input.track, tasks: input.tasks };
  tree.set(SEASON_FILE, jsonFileBytes(season as unknown as PlainJson));
  tree.set(CATALOGUE_FILE, jsonFileBytes({ resources: catalogue as unknown as PlainJson }));
  tree.set(TASKS_FILE, jsonFileBytes(tasks as unknown as PlainJson));
  tree.set(rulesFileOf(input.rulesVersion), textFileBytes(input.rulesText));
  for (const path of paths) tree.set(responseFileOf(path), jsonFileBytes(input.bodies.get(path) as PlainJson));
  const systeme = systemeBodies();
  for (const status of SYSTEME_STATUSES) tree.set(systemeFile(status), jsonFileBytes(systeme[status]));
  tree.set(ANSWER_KEY_FILE, jsonFileBytes(input.key as unknown as PlainJson));
  return tree;
}
