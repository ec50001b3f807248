import { canonical } from '../json/canonical.ts';
import { jsonEquals } from '../json/json-equals.ts';
import { resolveJsonPointer } from '../json/json-pointer.ts';
import { isPyObject, type PyJson } from '../json/value.ts';
import type { Failure } from '../result.ts';
import { ANSWER_KEY_FILE } from './assemble.ts';
import { REFERENTIEL_PATH, baseProblem, collectionOf, pathProblem } from './canonical-url.ts';
import { loadCorpus, type LoadedCorpus } from './load-corpus.ts';
import { ASSERTION_BOUNDS, FAMILIES, TRACK_NAMES } from './model.ts';
import { parseKey, parseTasks, type ParsedKeyTask, type ParsedTask } from './parse-tasks-and-key.ts';
import { Problems } from './problems.ts';
import { checkResponseContract, pointerToken } from './response-contract.ts';
import type { Lookup } from './solver-support.ts';
import type { DerivedGraph } from './task-graph.ts';
import { SYSTEME_STATUSES } from './systeme.ts';
import { isProbative, type TrackDefinition } from './track-definition.ts';
import type { CorpusTree } from './tree.ts';

export interface CheckReport {
  problems: Failure[];
  /** The reference solver's verdict per task, when it could run. */
  solved: { task: string; expected: string; solver: string }[];
}

function checkCatalogue(corpus: LoadedCorpus, track: TrackDefinition, tree: CorpusTree, problems: Problems): void {
  const seen = new Map<string, number>();
  corpus.catalogue.forEach((entry, index) => {
    const problem = pathProblem(entry.path);
    if (problem) problems.add('CORPUS_URL_NOT_CANONICAL', `catalogue path '${entry.path}': ${problem}`, { path: entry.path });
    const target = `${corpus.season?.base ?? ''}${entry.path}`;
    const previous = seen.get(target);
    if (previous !== undefined) {
      problems.add('CORPUS_URL_DUPLICATE', `catalogue resources #${previous} and #${index} share the URL ${target}: give each resource its own path`, {
        path: entry.path,
        first: previous,
        second: index,
      });
    } else seen.set(target, index);
    if (entry.path !== REFERENTIEL_PATH && collectionOf(entry.path, track.collections) === undefined) {
      problems.add(
        'CORPUS_OUTSIDE_COLLECTIONS',
        `catalogue path '${entry.path}' is in none of the ${track.name} collections (${track.collections.join(', ')})`,
        { path: entry.path },
      );
    }
    if (entry.method !== 'GET' && entry.method !== 'POST') {
      problems.add('CORPUS_METHOD_INVALID', `catalogue path '${entry.path}': method '${entry.method}' is not GET or POST; use GET`, {
        path: entry.path,
        method: entry.method,
      });
    }
    // The proxy sends a GET payload as query parameters: anything in it would change the URL served.
    if (entry.method === 'GET' && Object.keys(entry.payload).length > 0) {
      problems.add('CORPUS_GET_PAYLOAD', `catalogue path '${entry.path}': a GET resource takes the empty payload {} (the proxy would send anything else as a query string)`, {
        path: entry.path,
      });
    }
  });
  const referenced = new Set(corpus.catalogue.map((e) => e.response));
  for (const file of tree.keys()) {
    if (file.startsWith('responses/') && !referenced.has(file)) {
      problems.add('CORPUS_RESPONSE_UNLISTED', `${file} is served by no catalogue resource: list it or remove it`, {
        file,
      });
    }
  }
}

function checkLinks(path: string, value: PyJson, known: Set<string>, track: TrackDefinition, problems: Problems): void {
  const visit = (v: PyJson, pointer: string): void => {
    if (typeof v === 'string') {
      const isLink = v === REFERENTIEL_PATH || track.collections.some((c) => v.startsWith(c) && v.length > c.length);
      if (isLink && !known.has(v) && !(pointer === '/resource')) {
        problems.add('CORPUS_LINK_UNRESOLVED', `${path} '${pointer}' links to ${v}, which the catalogue does not serve`, {
          path,
          pointer,
          link: v,
        });
      }
    } else if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${pointer}/${i}`));
    else if (isPyObject(v)) for (const [k, x] of Object.entries(v)) visit(x, `${pointer}/${pointerToken(k)}`);
  };
  visit(value, '');
}

function checkBodies(corpus: LoadedCorpus, track: TrackDefinition, problems: Problems): void {
  const known = new Set(corpus.catalogue.map((e) => e.path));
  for (const [path, body] of corpus.bodies) {
    checkResponseContract(path, body.file, body.value, problems);
    const v = body.value;
    if (!isPyObject(v)) continue;
    if (v['resource'] !== path) {
      problems.add('CORPUS_BODY_RESOURCE_MISMATCH', `${body.file}: "resource" is ${JSON.stringify(String(v['resource']))}, not ${path}`, {
        path,
      });
    }
    checkLinks(path, v, known, track, problems);
    if (v['exists'] === false) {
      if (v['existe'] !== false) {
        problems.add('CORPUS_PROBATIVE_FIELD_MISSING', `${path}: an absence body carries "existe": false too (spec §5.7 /existe)`, {
          path,
          field: 'existe',
        });
      }
      continue;
    }
    const collection = collectionOf(path, track.collections);
    const required = collection ? track.required[collection] : undefined;
    if (!required) continue;
    for (const field of required.fields) {
      if (!(field in v)) {
        problems.add('CORPUS_PROBATIVE_FIELD_MISSING', `${path}: "${field}" is missing; the referentiel's criteria read it`, {
          path,
          field,
        });
      }
    }
    if (v['existe'] !== true && 'existe' in v) {
      problems.add('CORPUS_PROBATIVE_FIELD_MISSING', `${path}: a record carries "existe": true, or is an absence body`, {
        path,
        field: 'existe',
      });
    }
    const entries = v['entrees'];
    if (required.entryFields && Array.isArray(entries)) {
      entries.forEach((entry, i) => {
        for (const field of required.entryFields ?? []) {
          if (!isPyObject(entry) || !(field in entry)) {
            problems.add('CORPUS_PROBATIVE_FIELD_MISSING', `${path}: /entrees/${i} lacks "${field}"`, {
              path,
              field: `/entrees/${i}/${field}`,
            });
          }
        }
      });
    }
  }
  for (const status of SYSTEME_STATUSES) {
    const body = corpus.systeme[status];
    if (body) checkResponseContract(`/_systeme/${status}`, body.file, body.value, problems);
  }
}

function checkSealedApart(tree: CorpusTree, problems: Problems): void {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (const [file, bytes] of tree) {
    if (file.startsWith('sealed/')) continue;
    const text = decoder.decode(bytes);
    if (text.includes('sealed/') || text.includes('answer-key')) {
      problems.add('CORPUS_SEALED_REFERENCED', `${file} mentions the sealed folder; published files never reference it`, {
        file,
      });
    }
  }
}

function checkTasks(tasks: ParsedTask[], track: TrackDefinition, known: Set<string>, problems: Problems): void {
  const expectedIds = ASSERTION_BOUNDS.map((_, i) => `${track.taskPrefix}-${String(i + 1).padStart(2, '0')}`);
  const ids = tasks.map((t) => t.id);
  if (ids.join(',') !== expectedIds.join(',')) {
    problems.add('CORPUS_TASK_IDS', `tasks.json lists ${ids.join(', ') || 'no task'}; the season has ${expectedIds.join(', ')} in order`, {
      expected: expectedIds,
      actual: ids,
    });
  }
  tasks.forEach((task) => {
    const i = expectedIds.indexOf(task.id);
    const bounds = ASSERTION_BOUNDS[i];
    if (bounds && (task.min !== bounds[0] || task.cap !== bounds[1])) {
      problems.add(
        'CORPUS_TASK_BOUNDS',
        `${task.id}: assertions ${task.min}..${task.cap}, but spec §5.5 fixes ${bounds[0]}..${bounds[1]}`,
        { task: task.id, expected: [...bounds], actual: [task.min, task.cap] },
      );
    }
    for (const path of task.graph) {
      if (!known.has(path)) {
        problems.add('CORPUS_TASK_GRAPH_UNKNOWN', `${task.id}: graph resource ${path} is not in the catalogue: add it or remove it from the graph`, {
          task: task.id,
          path,
        });
      }
    }
    for (const path of task.own) {
      if (!task.graph.includes(path)) {
        problems.add('CORPUS_TASK_OWN_OUTSIDE_GRAPH', `${task.id}: own resource ${path} is not in its graph: own resources are a subset of the graph`, {
          task: task.id,
          path,
        });
      }
    }
    for (const key of track.targetKeys) {
      if (task.target[key] === undefined) {
        problems.add('CORPUS_TASK_TARGET', `${task.id}: target lacks "${key}"`, { task: task.id, key });
      }
    }
  });
}

function checkFamilies(key: ParsedKeyTask[], problems: Problems): void {
  for (const t of key) {
    const unknown = t.families.filter((f) => !(FAMILIES as readonly string[]).includes(f));
    if (unknown.length > 0) {
      problems.add('CORPUS_KEY_FAMILIES', `${t.taskId}: unknown trap famil(ies) ${unknown.join(', ')}`, {
        task: t.taskId,
        unknown,
      });
    }
    if (t.control !== (t.families.length === 0)) {
      problems.add('CORPUS_KEY_CONTROL', `${t.taskId}: the control task is exactly the one with no trap family`, {
        task: t.taskId,
      });
    }
  }
  const missing = FAMILIES.filter((f) => !key.some((t) => t.families.includes(f)));
  if (missing.length > 0) {
    problems.add('CORPUS_KEY_FAMILIES', `no task carries ${missing.join(', ')}: spec §5.4 requires every family`, {
      missing,
    });
  }
  const p5 = key.filter((t) => t.families.includes('P5')).length;
  if (p5 < 3) {
    problems.add('CORPUS_KEY_FAMILIES', `P5 is on ${p5} task(s); spec §5.4 requires at least three`, { p5 });
  }
  const controls = key.filter((t) => t.control).length;
  if (controls !== 1) {
    problems.add('CORPUS_KEY_CONTROL', `${controls} control task(s); spec §5.5 requires exactly one`, { controls });
  }
}

function checkGrounding(
  t: ParsedKeyTask,
  task: ParsedTask | undefined,
  corpus: LoadedCorpus,
  track: TrackDefinition,
  problems: Problems,
): void {
  const lookup: Lookup = (path) => corpus.bodies.get(path)?.value;
  if (task && t.grounding.length > task.cap) {
    problems.add('CORPUS_GROUNDING_OVER_CAP', `${t.taskId}: ${t.grounding.length} grounding facts exceed the cap ${task.cap}: no submission could carry them all`, {
      task: t.taskId,
    });
  }
  for (const fact of t.grounding) {
    for (const form of [fact, ...fact.forms]) {
      const where = `${t.taskId}: fact "${fact.fact}" form (${form.resource}, ${form.field})`;
      const details = { task: t.taskId, resource: form.resource, field: form.field };
      const body = corpus.bodies.get(form.resource);
      if (!body) {
        problems.add('CORPUS_GROUNDING_RESOURCE_UNKNOWN', `${where}: the resource is not in the catalogue, so no assertion can carry this fact`, details);
        continue;
      }
      if (task && !task.graph.includes(form.resource)) {
        problems.add('CORPUS_GROUNDING_OUTSIDE_GRAPH', `${where}: the resource is outside the task graph, so an assertion on it would be rejected`, details);
      }
      const collection = collectionOf(form.resource, track.collections);
      if (!collection || !isProbative(track.probative[collection] ?? [], form.field)) {
        problems.add('CORPUS_GROUNDING_NOT_PROBATIVE', `${where}: the field is not probative for its collection (spec §5.7), so an assertion on it would be rejected`, details);
      }
      if (task && !track.concernsTarget(lookup, task.target, form.resource, form.field)) {
        problems.add(
          'CORPUS_GROUNDING_NOT_CONCERNING',
          `${where}: the entry of this common list does not concern the task's target (spec §5.2), so the assertion would be rejected`,
          details,
        );
      }
      const found = resolveJsonPointer(body.value, form.field);
      if (!found.ok) {
        problems.add('CORPUS_GROUNDING_ABSENT', `${where}: nothing at that pointer in the served bytes; fix the key or the corpus`, details);
      } else if (!jsonEquals(found.value, form.value)) {
        const [keyValue, served] = [canonical(form.value), canonical(found.value)];
        problems.add(
          'CORPUS_GROUNDING_VALUE_MISMATCH',
          `${where}: the key says ${keyValue}, the bytes serve ${served} (strict JSON equality, type included)`,
          { ...details, key: keyValue, served },
        );
      }
    }
  }
}

/** tasks.json's graph and own resources are exactly what the target implies in the served bodies (spec §5.2). */
function checkGraph(task: ParsedTask, derived: DerivedGraph, problems: Problems): void {
  const expected = new Set([...derived.own, ...derived.common]);
  const listed = new Set(task.graph);
  const missing = [...expected].filter((p) => !listed.has(p));
  const extra = [...listed].filter((p) => !expected.has(p));
  const ownExpected = new Set(derived.own);
  const ownWrong = task.own.filter((p) => !ownExpected.has(p)).concat(derived.own.filter((p) => !task.own.includes(p)));
  if (missing.length > 0 || extra.length > 0 || ownWrong.length > 0) {
    problems.add(
      'CORPUS_TASK_GRAPH_MISMATCH',
      `${task.id}: the graph in tasks.json is not the one the target implies (missing: ${missing.join(', ') || 'none'}; extra: ${extra.join(', ') || 'none'}; own resources differing: ${ownWrong.join(', ') || 'none'})`,
      { task: task.id, missing, extra, own: ownWrong },
    );
  }
}

/** tasks.json and the key belong to the season and track season.json names (and the key to its rules version). */
function checkSameSeason(corpus: LoadedCorpus, problems: Problems): void {
  const season = corpus.season;
  if (!season) return;
  const files: [string, PyJson | undefined, string[]][] = [
    ['tasks.json', corpus.tasks, ['season', 'track']],
    [ANSWER_KEY_FILE, corpus.key, ['season', 'track', 'rules_version']],
  ];
  const expected: Record<string, PyJson> = { season: season.season, track: season.track, rules_version: season.rulesVersion };
  for (const [file, value, keys] of files) {
    if (!isPyObject(value)) continue;
    for (const k of keys) {
      if (value[k] !== expected[k]) {
        problems.add('CORPUS_SEASON_MISMATCH', `${file} says ${k} ${String(value[k])}, season.json says ${String(expected[k])}`, {
          file,
          field: k,
        });
      }
    }
  }
}

/**
 * `proveit corpus check` (docs/corpus-format.md "8. Check"): the response contract, canonical and unique URLs,
 * probative fields where the rules need them, every grounding fact present in the served bytes, the key's balance, and
 * the reference solver reproducing every expected verdict. Every problem is listed with its stable code; none stops the
 * others.
 */
export function checkCorpus(tree: CorpusTree, tracks: Record<string, TrackDefinition>): CheckReport {
  const problems = new Problems();
  const corpus = loadCorpus(tree, problems);
  const solved: CheckReport['solved'] = [];
  const track = corpus.season ? tracks[corpus.season.track] : undefined;
  if (corpus.season && !track) {
    problems.add('CORPUS_SEASON_INVALID', `season.json track '${corpus.season.track}' is not ${TRACK_NAMES.join(' or ')}`);
  }
  if (!corpus.season || !track) return { problems: problems.list, solved };
  const base = baseProblem(corpus.season.base);
  if (base) problems.add('CORPUS_BASE_NOT_CANONICAL', `season.json base '${corpus.season.base}': ${base}`);
  if (corpus.season.rulesVersion !== track.rulesVersion) {
    problems.add('CORPUS_SEASON_INVALID', `season.json rules_version '${corpus.season.rulesVersion}', expected ${track.rulesVersion}`);
  }
  checkCatalogue(corpus, track, tree, problems);
  checkBodies(corpus, track, problems);
  checkSealedApart(tree, problems);
  const known = new Set(corpus.catalogue.map((e) => e.path));
  const tasks = parseTasks(corpus.tasks, problems);
  checkTasks(tasks, track, known, problems);
  const key = parseKey(corpus.key, problems);
  checkSameSeason(corpus, problems);
  const lookup: Lookup = (path) => corpus.bodies.get(path)?.value;
  const keyIds = key.map((k) => k.taskId).sort();
  const taskIds = tasks.map((t) => t.id).sort();
  if (keyIds.join(',') !== taskIds.join(',')) {
    problems.add('CORPUS_KEY_TASKS', `${ANSWER_KEY_FILE} covers ${keyIds.join(', ')}; tasks.json lists ${taskIds.join(', ')}`);
  }
  checkFamilies(key, problems);
  problems.addAll(track.checkBreakdown(key, lookup));
  const referentiel = lookup(REFERENTIEL_PATH);
  if (referentiel === undefined) {
    problems.add('CORPUS_FILE_MISSING', 'the catalogue serves no /referentiel: the reference solver has no rules to apply');
  }
  for (const t of key) {
    const task = tasks.find((x) => x.id === t.taskId);
    if (!track.isVerdict(t.verdict, lookup)) {
      problems.add('CORPUS_KEY_VERDICT_INVALID', `${t.taskId}: '${t.verdict}' is not a verdict of the ${track.name} track`, {
        task: t.taskId,
        verdict: t.verdict,
      });
    }
    checkGrounding(t, task, corpus, track, problems);
    if (!task || referentiel === undefined) continue;
    checkGraph(task, track.taskGraph(lookup, referentiel, task.target), problems);
    const result = track.solve(lookup, referentiel, task.target);
    if (!result.ok) {
      problems.addAll([result.error]);
      continue;
    }
    solved.push({ task: t.taskId, expected: t.verdict, solver: result.value.verdict });
    if (result.value.verdict !== t.verdict) {
      problems.add(
        'CORPUS_KEY_VERDICT_MISMATCH',
        `${t.taskId}: the key expects '${t.verdict}' but the reference solver, applying /referentiel to the corpus, finds '${result.value.verdict}'`,
        { task: t.taskId, key: t.verdict, solver: result.value.verdict, criteria: result.value.criteria },
      );
    }
  }
  return { problems: problems.list, solved };
}
