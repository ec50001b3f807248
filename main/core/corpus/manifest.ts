import { compareCodePoints } from '../json/code-point-order.ts';
import { sha256Canonical } from '../json/sha256-canonical.ts';
import { pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import { TASKS_FILE } from './assemble.ts';
import { baseProblem } from './canonical-url.ts';
import { loadCorpus, servedFileProblems } from './load-corpus.ts';
import { Problems } from './problems.ts';
import { SYSTEME_STATUSES, type SystemeStatus } from './systeme.ts';
import type { CorpusTree } from './tree.ts';

export interface ManifestResource {
  path: string;
  target: string;
  method: string;
  payload: PyObject;
  request_hash: string;
  response_hash: string;
}

/**
 * The corpus manifest (docs/corpus-format.md "6. Manifest"): what the scorer compares opened request and response
 * hashes against (spec §4.1).
 */
export interface Manifest {
  base: string;
  resources: ManifestResource[];
  system: Record<SystemeStatus, string>;
  /**
   * sha256(canonical(loads(tasks.json))): the published tasks (prompts, targets, assertion bounds, task graphs) are
   * part of the track's frozen corpus (spec §8.1), so the manifest hash covers them too.
   */
  tasks_hash: string;
  manifest_hash: string;
}

/**
 * `hashes.request` as the proxy computes it (spec §2.4): sha256 of canonical({target, method, payload, amount,
 * currency}) with amount forced to the FLOAT 0.0 (a PyJson number, written "0.0") and currency "eur".
 */
export function requestHash(target: string, method: string, payload: PyObject): string {
  return sha256Canonical(
    pyObjectFrom([
      ['target', target],
      ['method', method],
      ['payload', payload],
      ['amount', 0],
      ['currency', 'eur'],
    ]),
  );
}

/** `hashes.response`: sha256 of canonical(json.loads(bytes served)) (spec §2.4: parse the bytes, never a literal). */
export function responseHash(value: PyJson): string {
  return sha256Canonical(value);
}

/** The value `manifest_hash` covers: the manifest without its own hash. */
export function manifestBody(manifest: Omit<Manifest, 'manifest_hash'>): PyJson {
  return pyObjectFrom([
    ['base', manifest.base],
    [
      'resources',
      manifest.resources.map((r) =>
        pyObjectFrom([
          ['path', r.path],
          ['target', r.target],
          ['method', r.method],
          ['payload', r.payload],
          ['request_hash', r.request_hash],
          ['response_hash', r.response_hash],
        ]),
      ),
    ],
    ['system', pyObjectFrom(SYSTEME_STATUSES.map((s) => [s, manifest.system[s]] as const))],
    ['tasks_hash', manifest.tasks_hash],
  ]);
}

/**
 * Computes the manifest of a track folder. Resources are sorted by path (code-point order) so the hash depends on the
 * corpus, not on the catalogue's order. `base` overrides season.json's base (a real season's
 * https://corpus.arkforge.tech). Fails with the list of unreadable files when a hash cannot be computed.
 */
export function computeManifest(tree: CorpusTree, base?: string): Result<Manifest, 'CORPUS_MANIFEST_INCOMPLETE'> {
  const problems = new Problems();
  const corpus = loadCorpus(tree, problems);
  const reading = servedFileProblems(corpus, problems.list, [TASKS_FILE]);
  const chosenBase = base ?? corpus.season?.base;
  if (chosenBase === undefined) reading.push({ code: 'CORPUS_SEASON_INVALID', message: 'no base URL: season.json is unreadable' });
  else {
    const problem = baseProblem(chosenBase);
    if (problem) reading.push({ code: 'CORPUS_BASE_NOT_CANONICAL', message: `base '${chosenBase}': ${problem}` });
  }
  const system: Partial<Record<SystemeStatus, string>> = {};
  for (const s of SYSTEME_STATUSES) {
    const body = corpus.systeme[s];
    if (body) system[s] = responseHash(body.value);
  }
  if (reading.length > 0 || chosenBase === undefined || corpus.tasks === undefined) {
    return fail('CORPUS_MANIFEST_INCOMPLETE', `the manifest cannot be computed: ${reading.map((p) => p.message).join('; ')}`, {
      problems: reading,
    });
  }
  const resources = corpus.catalogue
    .map((entry) => ({
      path: entry.path,
      target: `${chosenBase}${entry.path}`,
      method: entry.method,
      payload: entry.payload,
      request_hash: requestHash(`${chosenBase}${entry.path}`, entry.method, entry.payload),
      response_hash: responseHash((corpus.bodies.get(entry.path) as { value: PyJson }).value),
    }))
    .sort((a, b) => compareCodePoints(a.path, b.path));
  const withoutHash = {
    base: chosenBase,
    resources,
    system: system as Record<SystemeStatus, string>,
    tasks_hash: sha256Canonical(corpus.tasks),
  };
  return ok({ ...withoutHash, manifest_hash: sha256Canonical(manifestBody(withoutHash)) });
}
