import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';

export type ScopeCode =
  'DISPUTE_PARTICIPANT_UNKNOWN' | 'DISPUTE_ASSERTION_UNKNOWN' | 'DISPUTE_PARTICIPANT_PENDING' | 'DISPUTE_SCOPE';

/** `TASK_ID/ASSERTION_ID` as `--assertion` gives it: both parts non-empty, one slash. */
export function parseAssertionRef(text: string): { taskId: string; assertionId: string } | null {
  const m = /^([^/\s]+)\/([^/\s]+)$/.exec(text);
  return m ? { taskId: m[1]!, assertionId: m[2]! } : null;
}

/** The assertion a dispute concerns, as the published report gives it, with its task. */
export interface DisputedAssertion {
  assertion: PyObject;
  task: PyObject;
  status: string;
}

/** The reason a close gives a task its faults left below its minimum (docs/scoring.md; the code is kept as named). */
export const BELOW_MINIMUM_AFTER_FAULTS = 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS';

const list = (v: PyJson | undefined): PyObject[] => (Array.isArray(v) ? v.filter(isPyObject) : []);

/** The assertion `taskId/assertionId` of a report document, or undefined. */
export function findAssertion(report: PyObject, taskId: string, assertionId: string): DisputedAssertion | undefined {
  const assertion = list(report['assertions']).find(
    (a) => a['task_id'] === taskId && a['assertion_id'] === assertionId,
  );
  const task = list(report['tasks']).find((t) => t['task_id'] === taskId);
  if (!assertion || !task) return undefined;
  return { assertion, task, status: String(assertion['status']) };
}

/**
 * Spec §9.2: a dispute concerns one assertion of one participant and the cause shown, never the rules nor the corpus
 * (both frozen). In scope: an assertion counted in a submitted task whose status is `unsupported` (the cause shown)
 * or `instrument_fault`, and any assertion of a task not submitted because instrument or Trust Layer faults left it
 * below its minimum (BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS, docs/disputes.md "Scope"). Out of scope, with the reason: a
 * supported assertion (nothing shown against it), an assertion not counted otherwise (its task was rejected at
 * close or not submitted: that is the application of the frozen admissibility rules, spec §5.7), and a pending
 * participant (no figures published yet, spec §4.1).
 */
export function checkDisputeScope(
  report: PyObject | undefined,
  participantId: string,
  taskId: string,
  assertionId: string,
): Result<DisputedAssertion, ScopeCode> {
  if (report === undefined)
    return fail(
      'DISPUTE_PARTICIPANT_UNKNOWN',
      `participant ${participantId} has no report in this publication: check --participant`,
      { participant_id: participantId },
    );
  if (report['status'] === 'pending')
    return fail(
      'DISPUTE_PARTICIPANT_PENDING',
      `participant ${participantId} is pending in this publication (a cited proof was not anchored at close): no ` +
        'figures were published, so there is nothing to dispute until a later close scores it',
      { participant_id: participantId },
    );
  const found = findAssertion(report, taskId, assertionId);
  if (!found)
    return fail(
      'DISPUTE_ASSERTION_UNKNOWN',
      `participant ${participantId}'s report has no assertion ${taskId}/${assertionId}: give TASK_ID/ASSERTION_ID ` +
        'as the report lists them',
      { participant_id: participantId, task_id: taskId, assertion_id: assertionId },
    );
  const base = { participant_id: participantId, task_id: taskId, assertion_id: assertionId, status: found.status };
  // docs/disputes.md "Scope": a task ArkForge's faults left below its minimum was set aside by a fault that is not the
  // participant's (spec §4.1); the dispute concerns that cause, on any of the task's assertions, and an upheld one
  // counts the task with its remaining assertions (core/publications/count-remaining.ts).
  if (found.task['not_submitted'] === BELOW_MINIMUM_AFTER_FAULTS) return ok(found);
  if (found.status === 'supported')
    return fail(
      'DISPUTE_SCOPE',
      `assertion ${taskId}/${assertionId} is supported: no cause is shown against it, so there is nothing to dispute`,
      base,
    );
  if (found.status === 'not_counted' || found.task['status'] !== 'submitted') {
    const why = isPyObject(found.task['rejected_at_close'] ?? null)
      ? `rejected at close (${String((found.task['rejected_at_close'] as PyObject)['rule'])})`
      : `not submitted (${String(found.task['not_submitted'] ?? found.task['status'])})`;
    return fail(
      'DISPUTE_SCOPE',
      `assertion ${taskId}/${assertionId} is not counted: task ${taskId} was ${why}. That applies the frozen ` +
        'scoring rules (spec §5.7), which a dispute cannot concern (spec §9.2); a dispute names an assertion whose ' +
        'cause is shown (unsupported) or an instrument fault',
      { ...base, task_status: String(found.task['status']) },
    );
  }
  if (found.status !== 'unsupported' && found.status !== 'instrument_fault')
    return fail('DISPUTE_SCOPE', `assertion ${taskId}/${assertionId} is ${found.status}: nothing to dispute`, base);
  return ok(found);
}
