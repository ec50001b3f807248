import { loads } from '../json/loads.ts';
import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { ANSWER_KEY_FILE, CATALOGUE_FILE, SEASON_FILE, TASKS_FILE } from './assemble.ts';
import type { Failure } from '../result.ts';
import type { Problems } from './problems.ts';
import { SYSTEME_STATUSES, systemeFile, type SystemeStatus } from './systeme.ts';
import type { CorpusTree } from './tree.ts';

/** A served body: the frozen bytes and the value `json.loads` makes of them (spec §2.4). */
export interface ServedBody {
  file: string;
  bytes: Uint8Array;
  value: PyJson;
}

export interface LoadedEntry {
  path: string;
  method: string;
  payload: PyObject;
  response: string;
}

export interface LoadedSeason {
  season: bigint;
  track: string;
  base: string;
  rulesVersion: string;
  rulesFile: string;
}

/** A track folder read into values; what could not be read is reported, and the rest is kept for further checks. */
export interface LoadedCorpus {
  season?: LoadedSeason;
  catalogue: LoadedEntry[];
  bodies: Map<string, ServedBody>;
  systeme: Partial<Record<SystemeStatus, ServedBody>>;
  tasks?: PyJson;
  key?: PyJson;
  rules?: Uint8Array;
}

/** Reads one JSON file of the tree with loads(); a missing or unreadable file is a problem, not an exception. */
export function readJsonFile(tree: CorpusTree, file: string, problems: Problems): ServedBody | undefined {
  const bytes = tree.get(file);
  if (!bytes) {
    problems.add('CORPUS_FILE_MISSING', `${file} is missing from the track folder`, { file });
    return undefined;
  }
  const parsed = loads(bytes);
  if (!parsed.ok) {
    problems.add('CORPUS_FILE_INVALID_JSON', `${file} is not JSON that json.loads accepts: ${parsed.error.message}`, {
      file,
      cause: parsed.error.code,
    });
    return undefined;
  }
  return { file, bytes, value: parsed.value };
}

const text = (o: PyObject, k: string): string | undefined => (typeof o[k] === 'string' ? (o[k] as string) : undefined);

export function readSeason(tree: CorpusTree, problems: Problems): LoadedSeason | undefined {
  const file = readJsonFile(tree, SEASON_FILE, problems);
  if (!file) return undefined;
  const v = file.value;
  if (
    !isPyObject(v) ||
    typeof v['season'] !== 'bigint' ||
    text(v, 'track') === undefined ||
    text(v, 'base') === undefined ||
    text(v, 'rules_version') === undefined ||
    text(v, 'rules_file') === undefined
  ) {
    problems.add(
      'CORPUS_SEASON_INVALID',
      `${SEASON_FILE} must be {season: int, track, base, rules_version, rules_file} (docs/corpus-format.md)`,
    );
    return undefined;
  }
  return {
    season: v['season'] as bigint,
    track: text(v, 'track') as string,
    base: text(v, 'base') as string,
    rulesVersion: text(v, 'rules_version') as string,
    rulesFile: text(v, 'rules_file') as string,
  };
}

function readCatalogue(tree: CorpusTree, problems: Problems): LoadedEntry[] {
  const file = readJsonFile(tree, CATALOGUE_FILE, problems);
  if (!file) return [];
  const resources = isPyObject(file.value) ? file.value['resources'] : undefined;
  if (!Array.isArray(resources)) {
    problems.add('CORPUS_CATALOGUE_INVALID', `${CATALOGUE_FILE} must be {"resources": [...]}`);
    return [];
  }
  const out: LoadedEntry[] = [];
  resources.forEach((item, index) => {
    const payload = isPyObject(item) ? item['payload'] : undefined;
    if (
      !isPyObject(item) ||
      text(item, 'path') === undefined ||
      text(item, 'method') === undefined ||
      text(item, 'response') === undefined ||
      !isPyObject(payload)
    ) {
      problems.add(
        'CORPUS_CATALOGUE_INVALID',
        `${CATALOGUE_FILE} resource #${index} must be {path, method, payload: {...}, response}`,
        { index },
      );
      return;
    }
    out.push({
      path: text(item, 'path') as string,
      method: text(item, 'method') as string,
      payload: payload as PyObject,
      response: text(item, 'response') as string,
    });
  });
  return out;
}

export function loadCorpus(tree: CorpusTree, problems: Problems): LoadedCorpus {
  const season = readSeason(tree, problems);
  const catalogue = readCatalogue(tree, problems);
  const bodies = new Map<string, ServedBody>();
  for (const entry of catalogue) {
    const body = readJsonFile(tree, entry.response, problems);
    if (body && !bodies.has(entry.path)) bodies.set(entry.path, body);
  }
  const systeme: Partial<Record<SystemeStatus, ServedBody>> = {};
  for (const status of SYSTEME_STATUSES) {
    const body = readJsonFile(tree, systemeFile(status), problems);
    if (body) systeme[status] = body;
  }
  const rules = season ? tree.get(season.rulesFile) : undefined;
  if (season && !rules) {
    problems.add('CORPUS_FILE_MISSING', `${season.rulesFile} (the scoring-rules text) is missing`, {
      file: season.rulesFile,
    });
  }
  return {
    ...(season ? { season } : {}),
    catalogue,
    bodies,
    systeme,
    ...(rules ? { rules } : {}),
    tasks: readJsonFile(tree, TASKS_FILE, problems)?.value,
    key: readJsonFile(tree, ANSWER_KEY_FILE, problems)?.value,
  };
}

/**
 * The problems that touch what is served and hashed (season, catalogue, response files, /_systeme bodies, plus
 * `alsoNeeded`: the manifest also hashes tasks.json); the key and the rules text are read by `check` and the freeze.
 */
export function servedFileProblems(
  corpus: LoadedCorpus,
  problems: readonly Failure[],
  alsoNeeded: readonly string[] = [],
): Failure[] {
  const needed = new Set([SEASON_FILE, CATALOGUE_FILE, ...alsoNeeded, ...corpus.catalogue.map((e) => e.response)]);
  for (const status of SYSTEME_STATUSES) needed.add(systemeFile(status));
  return problems.filter((p) => {
    const file = p.details?.['file'];
    return typeof file !== 'string' || needed.has(file);
  });
}
