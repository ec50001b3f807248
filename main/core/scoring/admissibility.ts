import { collectionOf } from '../corpus/canonical-url.ts';
import type { ParsedTask } from '../corpus/parse-tasks-and-key.ts';
import type { Lookup } from '../corpus/solver-support.ts';
import { isProbative, type TrackDefinition } from '../corpus/track-definition.ts';
import type { NotSubmittedReason, RejectionRule } from './model.ts';
import type { SubmittedAssertion } from './submitted-assertions.ts';

export type Admissibility =
  | { kind: 'admissible' }
  | { kind: 'not_submitted'; reason: NotSubmittedReason }
  | { kind: 'rejected'; rule: RejectionRule; assertionId: string | null };

/** The rule one assertion breaks, in the order of docs/scoring.md (spec §5.2, §5.7), or null. */
function assertionRule(
  a: SubmittedAssertion,
  task: ParsedTask,
  definition: TrackDefinition,
  lookup: Lookup,
): RejectionRule | null {
  if (!task.graph.includes(a.resource)) return 'OUTSIDE_TASK_GRAPH';
  if (a.field === '') return 'EMPTY_POINTER';
  const collection = collectionOf(a.resource, definition.collections);
  const patterns = collection === undefined ? [] : (definition.probative[collection] ?? []);
  if (!isProbative(patterns, a.field)) return 'NOT_PROBATIVE';
  if (!task.own.includes(a.resource) && !definition.concernsTarget(lookup, task.target, a.resource, a.field)) {
    return 'COMMON_ENTRY_NOT_CONCERNED';
  }
  return null;
}

/**
 * Steps 1 to 3 of docs/scoring.md "Per task": whether the task is submitted at all, and the first rule of rejection
 * at close it breaks. `assertions` is null when the participant submitted nothing for the task.
 */
export function admissibility(
  assertions: readonly SubmittedAssertion[] | null,
  task: ParsedTask,
  definition: TrackDefinition,
  lookup: Lookup,
): Admissibility {
  if (assertions === null) return { kind: 'not_submitted', reason: 'NO_SUBMISSION' };
  if (assertions.length < task.min) return { kind: 'not_submitted', reason: 'BELOW_MINIMUM' };
  if (assertions.length > task.cap) return { kind: 'rejected', rule: 'OVER_CAP', assertionId: null };
  for (const a of assertions) {
    const rule = assertionRule(a, task, definition, lookup);
    if (rule) return { kind: 'rejected', rule, assertionId: a.id };
  }
  const own = assertions.filter((a) => task.own.includes(a.resource)).length;
  if (own < Math.ceil(task.min / 2)) return { kind: 'rejected', rule: 'TOO_FEW_OWN_RESOURCES', assertionId: null };
  return { kind: 'admissible' };
}
