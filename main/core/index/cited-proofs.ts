import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import type { CitedProof, ProofCitation } from './model.ts';

// A participant's proofs page (spec §7.2 "link to proofs"; docs/index-export.md "Proofs pages"): every proof its
// submissions cite, each with the outcome the close found for each assertion that cites it (docs/scoring.md "Per
// assertion: the four conditions"). Pure: read from the published report and the bundled submissions.

const str = (v: PyJson | undefined): string => (typeof v === 'string' ? v : '');
const objects = (v: PyJson | undefined): PyObject[] => (Array.isArray(v) ? v.filter(isPyObject) : []);
const num = (v: PyJson | undefined): number => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : 0);

/** One assertion of a submission as the bundle's submissions.ndjson holds it: the proof ids it cites, in order. */
export interface SubmittedCitation {
  task_id: string;
  assertion_id: string;
  proof_ids: readonly string[];
}

export interface CitedProofsInput {
  /** The report the Index shows (the scorer's, or a correction's): its assertions' `proofs` outcomes. */
  report: PyObject;
  /**
   * The participant's assertions as submitted (the shown close's bundle): the proofs of an assertion the close did not
   * assess (its task rejected at close or below the minimum) are named there only. Empty when the bundle is not at hand.
   */
  submitted: readonly SubmittedCitation[];
  /** The Trust Layer's base URL the track's proofs are read from (its public view is `{base}/v1/proof/{id}`), or null. */
  trustLayer: string | null;
  /** The bundle path of each view the shown close's bundle holds (`bundles/<track>/proofs/<id>.json`), by proof id. */
  bundledViews: ReadonlyMap<string, string>;
}

/** trust-layer-reference §3.1: `verification_url` = `{BASE}/v1/proof/{id}`, the public view anyone reads without a key. */
export function publicViewUrl(trustLayer: string, proofId: string): string {
  return `${trustLayer.replace(/\/+$/, '')}/v1/proof/${encodeURIComponent(proofId)}`;
}

/** What the close found for one proof cited by one assertion (the report's `proofs` entry, docs/scoring.md). */
function citationOf(assertion: PyObject, outcome: PyObject): Omit<ProofCitation, 'task_id' | 'assertion_id'> {
  const kind = str(outcome['outcome']);
  const corrected = correctedOf(assertion);
  if (kind === 'ok') return { status: 'supported', cause: null, code: null, corrected };
  if (kind === 'fail')
    return { status: 'unsupported', cause: str(outcome['cause']), code: str(outcome['code']), corrected };
  if (kind === 'pending') return { status: 'pending', cause: null, code: str(outcome['reason']), corrected };
  if (kind === 'instrument_fault')
    return { status: 'instrument_fault', cause: null, code: `/_systeme/${str(outcome['systeme_status'])}`, corrected };
  if (kind === 'trust_layer_fault')
    return { status: 'trust_layer_fault', cause: null, code: str(outcome['code']), corrected };
  return { status: 'not_assessed', cause: null, code: kind === '' ? null : kind, corrected };
}

/** An upheld dispute changed the assertion's status (docs/publications.md): the version and the status it now has. */
function correctedOf(assertion: PyObject): ProofCitation['corrected'] {
  const c = assertion['corrected'];
  return c !== undefined && isPyObject(c)
    ? { version: num(c['version']), assertion_status: str(assertion['status']) }
    : null;
}

/** Why a task's assertions were not assessed: its rejection rule or its reason for not being submitted. */
function notAssessedReasons(report: PyObject): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of objects(report['tasks'])) {
    const rejected = t['rejected_at_close'];
    if (t['status'] === 'rejected_at_close' && rejected !== undefined && isPyObject(rejected))
      out.set(str(t['task_id']), str(rejected['rule']));
    else if (t['status'] === 'not_submitted') out.set(str(t['task_id']), str(t['not_submitted']));
  }
  return out;
}

/**
 * Every proof the participant cites, in the order first cited (the report's order of assertions, each assertion's
 * proofs in the order submitted), each with every assertion citing it and the close's outcome for that citation: a
 * proof can support one claim and fail another's value (conditions 2 to 4 are per claim). An assertion the close
 * assessed gives its outcomes; one it did not assess (`proofs: []` in the report) gives the ids submitted, as
 * `not_assessed` with the task's rule or reason. A proof cited by no assertion of this report is not listed.
 */
export function citedProofs(input: CitedProofsInput): CitedProof[] {
  const proofs = new Map<string, CitedProof>();
  const add = (proofId: string, citation: ProofCitation) => {
    if (proofId === '') return;
    let entry = proofs.get(proofId);
    if (!entry) {
      entry = {
        proof_id: proofId,
        view_url: input.trustLayer === null ? null : publicViewUrl(input.trustLayer, proofId),
        bundled_view: input.bundledViews.get(proofId) ?? null,
        citations: [],
      };
      proofs.set(proofId, entry);
    }
    const seen = entry.citations.some(
      (c) => c.task_id === citation.task_id && c.assertion_id === citation.assertion_id,
    );
    if (!seen) entry.citations.push(citation);
  };
  const submitted = new Map(input.submitted.map((s) => [`${s.task_id}\u0000${s.assertion_id}`, s.proof_ids]));
  const reasons = notAssessedReasons(input.report);
  for (const a of objects(input.report['assertions'])) {
    const where = { task_id: str(a['task_id']), assertion_id: str(a['assertion_id']) };
    const outcomes = objects(a['proofs']);
    if (outcomes.length > 0) {
      for (const o of outcomes) add(str(o['proof_id']), { ...where, ...citationOf(a, o) });
      continue;
    }
    for (const proofId of submitted.get(`${where.task_id}\u0000${where.assertion_id}`) ?? [])
      add(proofId, {
        ...where,
        status: 'not_assessed',
        cause: null,
        code: reasons.get(where.task_id) ?? null,
        corrected: correctedOf(a),
      });
  }
  return [...proofs.values()];
}
