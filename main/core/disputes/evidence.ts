import { jsonEquals } from '../json/json-equals.ts';
import { resolveJsonPointer } from '../json/json-pointer.ts';
import type { ParsedFact, ParsedForm } from '../corpus/parse-tasks-and-key.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';
import type { TaskRules } from '../publications/correct-report.ts';
import type { ProofReport } from '../proof/report.ts';
import { CAUSE_TEXT, claimValue, factEntries, inputsValue, outcomeEntries } from '../scoring/documents.ts';
import { combineProofOutcomes } from '../scoring/assess-assertion.ts';
import type { AssessedAssertion, ScoredParticipantResult, ScoredTask, ScoringInput } from '../scoring/model.ts';
import { disclosureOf } from '../scoring/submitted-assertions.ts';

/** The evidence document's format name (docs/disputes.md "Evidence"). */
export const DISPUTE_EVIDENCE_FORMAT = 'proveit-dispute-evidence/1';

const int = (n: number): bigint => BigInt(n);
const str = (v: unknown): PyJson => (typeof v === 'string' ? v : null);

function reportValue(report: ProofReport | 'absent'): [string, PyJson][] {
  if (report === 'absent')
    return [
      ['view', 'absent'],
      ['checks', []],
    ];
  const identity = report.identity;
  return [
    ['view', 'present'],
    ['verdict', report.verdict],
    ['spec_version', report.specVersion],
    ['trust_bundle_digest', report.trustBundleDigest],
    ['independent_witnesses', int(report.independentWitnesses)],
    ['anchor_time', report.anchorTime],
    ['anchored_hash', report.anchoredHash],
    [
      'failure',
      report.failure === null
        ? null
        : pyObjectFrom([
            ['check', report.failure.check],
            ['code', report.failure.code],
          ]),
    ],
    // Every check of the verifier, in its order: the witnesses (RFC 3161, Rekor) and the issuer's own checks.
    [
      'checks',
      report.checks.map((c) =>
        pyObjectFrom([
          ['name', c.name],
          ['status', c.status],
          ['code', c.code],
          ['independent', c.independent],
          ['message', c.message],
        ]),
      ),
    ],
    [
      'identity',
      pyObjectFrom([
        ['anchoring', identity.anchoring],
        ['identity', identity.identity ?? null],
        ['agent_identity_verified', identity.verified ?? null],
        ['did_resolution_status', identity.status ?? null],
      ]),
    ],
    [
      'trust_layer_anomalies',
      report.anomalies.map((a) =>
        pyObjectFrom([
          ['field', a.field],
          ['flat', a.flat],
          ['opened', a.opened],
        ]),
      ),
    ],
  ];
}

/**
 * docs/publications.md "Counting a task with its remaining assertions": for a task its faults left below its minimum,
 * the status the scorer's own rule (combineProofOutcomes) gives each of its assertions from its cited proofs' outcomes,
 * as if counted: what the correction "counted with its remaining assertions" counts. Only such a task has the block, so
 * every evidence stored before keeps its bytes and its SHA-256.
 */
function assessedEntries(task: ScoredTask): [string, PyJson][] {
  if (task.notSubmitted !== 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS') return [];
  return [
    [
      'assessed',
      task.assertions.map((a) =>
        pyObjectFrom([
          ['assertion_id', a.assertionId],
          ['status', combineProofOutcomes(a.proofs).status],
        ]),
      ),
    ],
  ];
}

/** The status each assertion of the disputed task was assessed with (assessedEntries), or null when not stored. */
export function assessedOfEvidence(evidence: PyJson): ReadonlyMap<string, string> | null {
  const task = isPyObject(evidence) && isPyObject(evidence['task'] ?? null) ? (evidence['task'] as PyObject) : null;
  const assessed = task?.['assessed'];
  if (!Array.isArray(assessed)) return null;
  const out = new Map<string, string>();
  for (const a of assessed) {
    if (!isPyObject(a) || typeof a['assertion_id'] !== 'string' || typeof a['status'] !== 'string') return null;
    out.set(a['assertion_id'], a['status']);
  }
  return out;
}

/** The value frozen at the assertion's pointer, and whether it equals the claim. */
function frozenEvidence(input: ScoringInput, assertion: AssessedAssertion): PyObject {
  const resource = input.manifest.resources.find((r) => r.path === assertion.resource);
  const body = input.lookup(assertion.resource);
  const atPointer = body === undefined ? null : resolveJsonPointer(body, assertion.field);
  return pyObjectFrom([
    ['in_manifest', resource !== undefined],
    ['found', atPointer !== null && atPointer.ok],
    ['value', atPointer !== null && atPointer.ok ? atPointer.value : null],
    ['equals_claim', atPointer !== null && atPointer.ok ? jsonEquals(atPointer.value, assertion.value) : false],
  ]);
}

/** One cited proof: its assessed outcome, the hashes it opened beside the ones recomputed, the verifier's report. */
function proofEvidence(
  input: ScoringInput,
  document: PyObject,
  assertion: AssessedAssertion,
  proofId: string,
): PyObject {
  const resource = input.manifest.resources.find((r) => r.path === assertion.resource);
  const systeme = (['403', '503', '400'] as const).map((s) => [s, input.manifest.system[s]] as const);
  const disclosure = disclosureOf(document, proofId);
  const report = input.proofs(proofId, disclosure);
  const opened = report === 'absent' ? {} : report.opened;
  const openedRequest = str(opened['request_hash']);
  const openedResponse = str(opened['response_hash']);
  const outcome = assertion.proofs.find((o) => o.proofId === proofId);
  return pyObjectFrom([
    ['proof_id', proofId],
    ...(outcome ? ([['assessed', pyObjectFrom(outcomeEntries(outcome))]] as [string, PyJson][]) : []),
    [
      'request_hash',
      pyObjectFrom([
        ['opened', openedRequest],
        ['recomputed', resource?.request_hash ?? null],
        ['equal', openedRequest !== null && openedRequest === resource?.request_hash],
      ]),
    ],
    [
      'response_hash',
      pyObjectFrom([
        ['opened', openedResponse],
        ['recomputed', resource?.response_hash ?? null],
        ['equal', openedResponse !== null && openedResponse === resource?.response_hash],
        ['systeme_status', systeme.find(([, h]) => h === openedResponse)?.[0] ?? null],
      ]),
    ],
    ...reportValue(report),
  ]);
}

/** The cause shown for the assertion at close: its failure, or the instrument fault that set it aside. */
function causeShown(assertion: AssessedAssertion): [string, PyJson][] {
  return assertion.failure
    ? [
        ['cause', assertion.failure.cause],
        ['cause_text', CAUSE_TEXT[assertion.failure.cause] ?? ''],
        ['code', assertion.failure.code],
        ['proof_id', assertion.failure.proofId],
        ['condition', int(assertion.failure.condition)],
      ]
    : assertion.instrumentFault
      ? [['systeme_status', assertion.instrumentFault.status]]
      : [];
}

/**
 * The evidence of a dispute, computed when it opens (docs/disputes.md "Evidence"): the claim, the frozen value at the
 * pointer, the request and response hashes recomputed from the corpus beside the ones the disclosure opened, every
 * check (witness) of every cited proof with its code, and the cause shown. Also the task's minimum and the key's
 * grounding facts (revealed at close), which a correction needs to recount the task. Pure: the scoring input and
 * the participant's result are the close's, recomputed from its bundle.
 */
export function disputeEvidence(
  input: ScoringInput,
  participant: ScoredParticipantResult,
  taskId: string,
  assertionId: string,
): PyObject | null {
  const task = participant.tasks.find((t) => t.taskId === taskId);
  const assertion: AssessedAssertion | undefined = task?.assertions.find((a) => a.assertionId === assertionId);
  const taskRules = input.tasks.find((t) => t.id === taskId);
  const key = input.key.find((k) => k.taskId === taskId);
  const document = participant.participant.submissions.get(taskId);
  if (!task || !assertion || !taskRules || !document) return null;
  const submitted = (Array.isArray(document['assertions']) ? document['assertions'] : []).find(
    (a) => typeof a === 'object' && a !== null && !Array.isArray(a) && a['id'] === assertionId,
  ) as PyObject | undefined;
  const proofIds = Array.isArray(submitted?.['proof_ids'])
    ? submitted['proof_ids'].filter((p): p is string => typeof p === 'string')
    : [];

  const frozen = frozenEvidence(input, assertion);
  const proofs = proofIds.map((proofId) => proofEvidence(input, document, assertion, proofId));
  const cause = causeShown(assertion);

  return pyObjectFrom([
    ['format', DISPUTE_EVIDENCE_FORMAT],
    ['season', int(input.season)],
    ['track', input.track],
    ['participant_id', participant.participant.participantId],
    ['enrolled_did', participant.participant.did],
    ['task_id', taskId],
    ['assertion_id', assertionId],
    ['claim', claimValue(assertion)],
    ['status_at_close', assertion.status],
    ['cause_shown', pyObjectFrom(cause)],
    ['frozen', frozen],
    ['proofs', proofs],
    [
      'task',
      pyObjectFrom([
        ['status', task.status],
        ['min_assertions', int(taskRules.min)],
        ['verdict_given', task.verdictGiven],
        ['verdict_expected', task.verdictExpected],
        ['exact', task.exact],
        ['grounded', task.grounded],
        [
          'grounding_facts',
          (key?.grounding ?? []).map((f) =>
            pyObjectFrom([...factEntries(f), ['equivalent_forms', f.forms.map(claimValue)]]),
          ),
        ],
        ...assessedEntries(task),
      ]),
    ],
    ['inputs', inputsValue(input)],
  ]);
}

/** The task's minimum and grounding facts as the evidence stored them: what a correction recounts the task with. */
export function taskRulesOfEvidence(evidence: PyJson): TaskRules | null {
  if (!isPyObject(evidence) || !isPyObject(evidence['task'] ?? null)) return null;
  const task = evidence['task'] as PyObject;
  const min = task['min_assertions'];
  const facts = task['grounding_facts'];
  if (typeof min !== 'bigint' || !Array.isArray(facts)) return null;
  const form = (v: PyJson): ParsedForm | null =>
    isPyObject(v) && typeof v['resource'] === 'string' && typeof v['field'] === 'string'
      ? { resource: v['resource'], field: v['field'], value: v['value'] ?? null }
      : null;
  const grounding: ParsedFact[] = [];
  for (const f of facts) {
    const main = form(f);
    if (!main || !isPyObject(f) || typeof f['fact'] !== 'string' || !Array.isArray(f['equivalent_forms'])) return null;
    const forms = f['equivalent_forms'].map(form);
    if (forms.some((x) => x === null)) return null;
    grounding.push({ ...main, fact: f['fact'], forms: forms as ParsedForm[] });
  }
  return { min: Number(min), grounding };
}
