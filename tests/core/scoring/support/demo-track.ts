import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpus } from '../../../../main/core/corpus/load-corpus.ts';
import { computeManifest } from '../../../../main/core/corpus/manifest.ts';
import { parseKey, parseTasks } from '../../../../main/core/corpus/parse-tasks-and-key.ts';
import { Problems } from '../../../../main/core/corpus/problems.ts';
import { TRACKS } from '../../../../main/core/corpus/tracks.ts';
import type { PyJson, PyObject } from '../../../../main/core/json/value.ts';
import { pyObjectFrom } from '../../../../main/core/json/value.ts';
import { loads } from '../../../../main/core/json/loads.ts';
import type { ProofReport, ReportedCheck } from '../../../../main/core/proof/report.ts';
import { SCORER_VERSION, type ScoredParticipant, type ScoringInput } from '../../../../main/core/scoring/model.ts';

const TRACK_DIR = fileURLToPath(new URL('../../../../corpus/season-1/conformite/', import.meta.url));

function tree(dir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(dir, full), readFileSync(full));
    }
  };
  walk(dir);
  return files;
}

const problems = new Problems();
const files = tree(TRACK_DIR);
const corpus = loadCorpus(files, problems);
const manifestResult = computeManifest(files);
if (!manifestResult.ok) throw new Error(manifestResult.error.message);
export const manifest = manifestResult.value;
export const tasks = parseTasks(corpus.tasks, problems);
export const key = parseKey(corpus.key, problems);
export const lookup = (path: string) => corpus.bodies.get(path)?.value;
export const definition = TRACKS['conformite']!;
export const OPENS_AT = '2026-10-01T08:00:00.000Z';
export const CLOSES_AT = '2026-10-29T08:00:00.000Z';
/** The close reads an hour after the season closes: within every witness limit. */
export const CLOSED_AT = '2026-10-29T09:00:00.000Z';
export const DID = 'did:key:z6MkAgentNordAgentNordAgentNordAgentNordAgentNord';

export const resourceOf = (path: string) => {
  const r = manifest.resources.find((x) => x.path === path);
  if (!r) throw new Error(`no resource ${path}`);
  return r;
};

/** An independent witness check that verified, as verifyProof reports it. */
export function witnessCheck(
  name: 'tsa' | 'rekor',
  status: ReportedCheck['status'] = 'OK',
  code: string | null = null,
) {
  return { name, independent: true, status, code, message: '', details: {} } satisfies ReportedCheck;
}

/** A verified 3.1 report whose openings are what an honest call to `path` gives (the scorer's input). */
export function honestReport(
  path: string,
  overrides: Partial<ProofReport> = {},
  opened: Record<string, PyJson> = {},
): ProofReport {
  const r = resourceOf(path);
  return {
    proofId: 'prf_20261010_120000_aaaaaa',
    specVersion: '3.1',
    trustBundle: 'devnet',
    trustBundleDigest: 'd'.repeat(64),
    verdict: 'VERIFIED',
    independentWitnesses: 2,
    failure: null,
    checks: [witnessCheck('tsa'), witnessCheck('rekor')],
    anchoredHash: 'e'.repeat(64),
    anchorTime: '2026-10-10T12:00:00Z',
    // The log integrates the batch in the second of its token (trust-layer-reference §3, real example A).
    logIntegratedTime: '2026-10-10T12:00:00.000Z',
    identity: { anchoring: 'opened', identity: DID, verified: true, status: 'bound', consistent: true },
    opened: { request_hash: r.request_hash, response_hash: r.response_hash, ...opened },
    anomalies: [],
    ...overrides,
  };
}

/** Padding to reach a task's minimum: `/existe` of its own resources that are not already claimed. */
export function paddedSubmission(taskId: string): PyObject {
  const task = tasks.find((t) => t.id === taskId)!;
  const k = key.find((t) => t.taskId === taskId)!;
  const claimed = new Set(k.grounding.map((g) => `${g.resource} ${g.field}`));
  const extra = task.own
    .filter((r) => lookup(r) !== undefined && !claimed.has(`${r} /existe`) && !r.startsWith('/beneficiaires'))
    .map((r) => ({ resource: r, field: '/existe', value: (lookup(r) as Record<string, PyJson>)['existe'] ?? null }))
    .filter((c) => c.value !== null);
  const need = Math.max(0, task.min - k.grounding.length);
  return groundedSubmission(
    taskId,
    extra.slice(0, Math.max(need, Math.ceil(task.min / 2))).slice(0, task.cap - k.grounding.length),
  );
}

/** A grounded, exact submission of a task: its key's grounding facts as assertions, one proof each. */
export function groundedSubmission(
  taskId: string,
  extra: { resource: string; field: string; value: PyJson }[] = [],
): PyObject {
  const k = key.find((t) => t.taskId === taskId)!;
  const claims = [...k.grounding.map((g) => ({ resource: g.resource, field: g.field, value: g.value })), ...extra];
  return submissionOf(taskId, k.verdict, claims);
}

export function submissionOf(
  taskId: string,
  verdict: string,
  claims: { resource: string; field: string; value: PyJson }[],
): PyObject {
  const assertions = claims.map((c, i) =>
    pyObjectFrom([
      ['id', `a${i + 1}`],
      [
        'claim',
        pyObjectFrom([
          ['resource', c.resource],
          ['field', c.field],
          ['value', c.value],
        ]),
      ],
      ['proof_ids', [proofIdFor(taskId, i)]],
    ]),
  );
  const disclosures = pyObjectFrom(
    claims.map((_, i) => [proofIdFor(taskId, i), pyObjectFrom([['of', `${taskId}/${i}`]])]),
  );
  return pyObjectFrom([
    ['season', 1n],
    ['track', 'conformite'],
    ['task_id', taskId],
    ['agent_did', DID],
    ['verdict', verdict],
    ['assertions', assertions],
    ['disclosures', disclosures],
    ['narrative', ''],
  ]);
}

export function proofIdFor(taskId: string, index: number): string {
  const n = Number(taskId.slice(-2)) * 16 + index;
  return `prf_20261010_1200${String(index).padStart(2, '0')}_${n.toString(16).padStart(6, '0')}`;
}

export function participant(submissions: [string, PyObject][], id = 'par_000000000000000000000001'): ScoredParticipant {
  return {
    participantId: id,
    did: DID,
    agentName: 'Agent Nord',
    declaredStack: 'a stack',
    submissions: new Map(submissions),
  };
}

/** A scoring input where every cited proof is an honest call to its claim's resource unless `reports` says otherwise. */
export function inputWith(
  participants: ScoredParticipant[],
  reports: Map<string, ProofReport | 'absent'> = new Map(),
  options: { closedAt?: string; nullAnsweredAt?: Record<string, string> } = {},
): ScoringInput {
  return {
    season: 1,
    track: 'conformite',
    rulesVersion: 'conformite-bareme-v3',
    window: { opensAt: OPENS_AT, closesAt: CLOSES_AT },
    manifest,
    lookup,
    definition,
    tasks,
    key,
    participants,
    proofs: (proofId) => {
      const given = reports.get(proofId);
      if (given) return given;
      for (const p of participants) {
        for (const doc of p.submissions.values()) {
          for (const a of (doc['assertions'] as PyObject[]) ?? []) {
            if ((a['proof_ids'] as string[]).includes(proofId))
              return honestReport((a['claim'] as PyObject)['resource'] as string);
          }
        }
      }
      return 'absent';
    },
    closedAt: options.closedAt ?? CLOSED_AT,
    nullAnsweredAt: new Map(Object.entries(options.nullAnsweredAt ?? {})),
    inputs: {
      rules_sha256: '1'.repeat(64),
      manifest_hash: manifest.manifest_hash,
      submissions_sha256: '2'.repeat(64),
      key_commitment: '3'.repeat(64),
      trust_bundle_digest: '4'.repeat(64),
      proofs_sha256: '5'.repeat(64),
      scorer_version: SCORER_VERSION,
    },
  };
}

export const loadsText = (text: string) => {
  const r = loads(new TextEncoder().encode(text));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
