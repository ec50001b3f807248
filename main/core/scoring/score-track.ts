import type { ManifestResource } from '../corpus/manifest.ts';
import type { ParsedTask } from '../corpus/parse-tasks-and-key.ts';
import type { PyObject } from '../json/value.ts';
import { admissibility } from './admissibility.ts';
import { combineProofOutcomes } from './assess-assertion.ts';
import { assessProof } from './assess-proof.ts';
import { bestConstantAnswer } from './best-constant-answer.ts';
import { missingFacts } from './grounding.ts';
import type {
  AssessedAssertion,
  ScoredParticipant,
  SetAside,
  ScoredParticipantResult,
  ScoredTask,
  ScoringInput,
  TrackScore,
  TrustLayerAnomaly,
} from './model.ts';
import { assertionsOf, disclosureOf, type SubmittedAssertion } from './submitted-assertions.ts';

function notCounted(taskId: string, assertions: readonly SubmittedAssertion[]): AssessedAssertion[] {
  return assertions.map((a) => ({
    assertionId: a.id,
    taskId,
    resource: a.resource,
    field: a.field,
    value: a.value,
    status: 'not_counted',
    proofs: [],
  }));
}

/** The manifest's resources by path, the first entry of a path as Array.find would give it. */
type ResourceIndex = ReadonlyMap<string, ManifestResource>;

function resourceIndex(resources: readonly ManifestResource[]): ResourceIndex {
  const index = new Map<string, ManifestResource>();
  for (const resource of resources) if (!index.has(resource.path)) index.set(resource.path, resource);
  return index;
}

function scoreTask(
  input: ScoringInput,
  resources: ResourceIndex,
  participant: ScoredParticipant,
  task: ParsedTask,
  anomalies: TrustLayerAnomaly[],
): ScoredTask {
  const key = input.key.find((k) => k.taskId === task.id);
  const document: PyObject | undefined = participant.submissions.get(task.id);
  const assertions = document ? assertionsOf(document) : null;
  const verdictGiven = document && typeof document['verdict'] === 'string' ? document['verdict'] : null;
  const base = {
    taskId: task.id,
    verdictGiven,
    verdictExpected: key?.verdict ?? '',
    // Spec §5.7: a task not submitted counts as an inexact verdict; `exact` is set once the task is counted.
    exact: false,
    grounded: false,
    supported: 0,
    unsupported: 0,
    instrumentFaults: 0,
    trustLayerFaults: 0,
    setAside: [],
  };
  const admissible = admissibility(assertions, task, input.definition, input.lookup);
  if (admissible.kind !== 'admissible' || !document || !assertions) {
    return {
      ...base,
      status: admissible.kind === 'rejected' ? 'rejected_at_close' : 'not_submitted',
      ...(admissible.kind === 'not_submitted' ? { notSubmitted: admissible.reason } : {}),
      ...(admissible.kind === 'rejected'
        ? { rejection: { rule: admissible.rule, assertionId: admissible.assertionId } }
        : {}),
      missingFacts: [],
      assertions: notCounted(task.id, assertions ?? []),
    };
  }

  const systemeHashes = (['403', '503', '400'] as const).map((status) => ({
    status,
    hash: input.manifest.system[status],
  }));
  const assessed: AssessedAssertion[] = assertions.map((a) => {
    const resource = resources.get(a.resource);
    const context = {
      window: input.window,
      enrolledDid: participant.did,
      resource,
      systemeHashes,
      claim: { resource: a.resource, field: a.field, value: a.value },
      frozenBody: input.lookup(a.resource),
      closedAt: input.closedAt,
    };
    const proofs = a.proofIds.map((id) => {
      const report = input.proofs(id, disclosureOf(document, id));
      // Identity and hashes come from openings; a flat field that disagrees is kept as an incident, not a cause.
      if (report !== 'absent') {
        for (const x of report.anomalies)
          anomalies.push({ proofId: id, field: x.field, flat: x.flat, opened: x.opened });
      }
      return assessProof(id, report, { ...context, nullAnsweredAt: input.nullAnsweredAt.get(id) });
    });
    return {
      assertionId: a.id,
      taskId: task.id,
      resource: a.resource,
      field: a.field,
      value: a.value,
      proofs,
      ...combineProofOutcomes(proofs),
    };
  });
  const count = (status: AssessedAssertion['status']) => assessed.filter((a) => a.status === status).length;
  const setAside = assessed.flatMap((a): SetAside[] => {
    if (a.status === 'instrument_fault') {
      return [{ assertionId: a.assertionId, kind: 'instrument_fault', cause: a.instrumentFault?.status ?? '' }];
    }
    if (a.status === 'trust_layer_fault') {
      return [{ assertionId: a.assertionId, kind: 'trust_layer_fault', cause: a.trustLayerFault?.code ?? '' }];
    }
    return [];
  });
  const counts = {
    supported: count('supported'),
    unsupported: count('unsupported'),
    instrumentFaults: count('instrument_fault'),
    trustLayerFaults: count('trust_layer_fault'),
    setAside,
  };
  const exact = verdictGiven !== null && verdictGiven === key?.verdict;
  if (count('pending') > 0) {
    return { ...base, ...counts, exact, status: 'pending', missingFacts: [], assertions: assessed };
  }
  if (assessed.length - setAside.length < task.min) {
    // Spec §4.1: a fault of ArkForge's side "counts toward neither overclaim nor the minimum". Not counted: the
    // task's counts are its faults only, and the report names what was set aside (docs/scoring.md "Per task:
    // admissibility (spec §5.7), in this order").
    const setAsideIds = new Set(setAside.map((s) => s.assertionId));
    return {
      ...base,
      instrumentFaults: counts.instrumentFaults,
      trustLayerFaults: counts.trustLayerFaults,
      setAside,
      status: 'not_submitted',
      notSubmitted: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS',
      missingFacts: [],
      assertions: assessed.map((a) => (setAsideIds.has(a.assertionId) ? a : { ...a, status: 'not_counted' as const })),
    };
  }
  const missing = missingFacts(key?.grounding ?? [], assessed);
  return {
    ...base,
    ...counts,
    exact,
    status: 'submitted',
    grounded: missing.length === 0,
    missingFacts: missing,
    assertions: assessed,
  };
}

function scoreParticipant(
  input: ScoringInput,
  resources: ResourceIndex,
  participant: ScoredParticipant,
): ScoredParticipantResult {
  const found: TrustLayerAnomaly[] = [];
  const tasks = input.tasks.map((task) => scoreTask(input, resources, participant, task, found));
  const seen = new Set<string>();
  const anomalies = found.filter((a) => {
    const id = `${a.proofId} ${a.field}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  const instrumentFaults = tasks.reduce((n, t) => n + t.instrumentFaults, 0);
  const trustLayerFaults = tasks.reduce((n, t) => n + t.trustLayerFaults, 0);
  const submitted = tasks.filter((t) => t.status === 'submitted');
  const tasksSubmitted = submitted.length;
  const common = { participant, anomalies, tasks, tasksSubmitted, instrumentFaults, trustLayerFaults };
  if (tasks.some((t) => t.status === 'pending')) {
    return { ...common, status: 'pending', overclaim: null, success: null, controlTask: null };
  }
  const control = tasks.find((t) => t.taskId === controlTaskId(input));
  return {
    ...common,
    status: 'scored',
    // Spec §5.5: a participant that fails the control task "has an instrumentation problem".
    controlTask: control ? { taskId: control.taskId, exactAndGrounded: isGroundedExact(control) } : null,
    tasks,
    overclaim: {
      unsupported: submitted.reduce((n, t) => n + t.unsupported, 0),
      submitted: submitted.reduce((n, t) => n + t.supported + t.unsupported, 0),
    },
    success: { groundedExact: tasks.filter(isGroundedExact).length, outOf: input.tasks.length },
  };
}

const isGroundedExact = (t: ScoredTask): boolean => t.status === 'submitted' && t.exact && t.grounded;

/** The key's control task, the one with no trap (spec §5.5), identified only at close. */
const controlTaskId = (input: ScoringInput): string | null => input.key.find((k) => k.control)?.taskId ?? null;

/**
 * Scores one track at close (docs/scoring.md): per participant, per task, per assertion. Pure and deterministic:
 * participants in the order given (the export's), tasks in tasks.json's order, assertions as submitted.
 */
export function scoreTrack(input: ScoringInput): TrackScore {
  // Looked up once per assertion (about 60,000 at a season's close): a map, not a scan of the manifest.
  const resources = resourceIndex(input.manifest.resources);
  return {
    bestConstantAnswer: bestConstantAnswer(input.key),
    controlTaskId: controlTaskId(input),
    participants: input.participants.map((p) => scoreParticipant(input, resources, p)),
  };
}
