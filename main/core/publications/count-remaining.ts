import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import {
  figuresOf,
  groundingFields,
  withTaskReplaced,
  type CorrectionCode,
  type Figures,
  type TaskRules,
} from './correct-report.ts';

/**
 * docs/publications.md "Counting a task with its remaining assertions", spec §4.1 (an instrument fault "counts toward
 * neither overclaim nor the minimum") and §9.2 (a published correction): the correction an upheld dispute publishes for
 * a task its faults left below its minimum (BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS): "task counted as submitted with its
 * remaining admissible assertions". Pure: the report, the task's rules and the status the scorer assessed each
 * assertion with (the dispute evidence's `task.assessed`, computed with the scorer's own rule when the dispute opened)
 * are arguments.
 */

export interface TaskCount {
  taskId: string;
  /** The assertion the dispute names (any assertion of the task). */
  assertionId: string;
  disputeId: string;
  version: number;
  correctsVersion: number;
  reason: string;
}

export interface CountedTask {
  report: PyObject;
  before: Figures;
  after: Figures;
  /** Each assertion the correction counts: from `not_counted` to the status the scorer assessed. */
  assertions: { taskId: string; assertionId: string; from: string; to: string }[];
}

const list = (v: PyJson | undefined): PyObject[] => (Array.isArray(v) ? v.filter(isPyObject) : []);
const int = (n: number): bigint => BigInt(n);
const COUNTED = new Set(['supported', 'unsupported']);
const SET_ASIDE = new Set(['instrument_fault', 'trust_layer_fault']);

/**
 * The report after the task is counted: each assertion `not_counted` takes the status the scorer assessed it with
 * (supported or unsupported; its cause fields, kept by the close, stay), its former status under `corrected`; the
 * assertions set aside stay set aside (outside overclaim, spec §4.1); the task becomes submitted (`not_submitted`
 * removed, `counted_by_correction` added), its counts, `exact` (the verdict given against the key's) and its
 * grounding are recomputed as the scorer does (docs/scoring.md); the figures are recounted from the tasks and the
 * report's `corrections` gains the entry. Every other byte of the report is the same value.
 */
export function countTaskWithRemaining(
  report: PyObject,
  change: TaskCount,
  rules: TaskRules,
  assessed: ReadonlyMap<string, string>,
): Result<CountedTask, CorrectionCode> {
  const tasks = list(report['tasks']);
  const assertionsAll = list(report['assertions']);
  const taskIndex = tasks.findIndex((t) => t['task_id'] === change.taskId);
  const task = tasks[taskIndex];
  if (!task || !assertionsAll.some((a) => a['task_id'] === change.taskId && a['assertion_id'] === change.assertionId))
    return fail(
      'CORRECTION_ASSERTION_NOT_FOUND',
      `the report has no assertion ${change.taskId}/${change.assertionId}`,
      {
        task_id: change.taskId,
        assertion_id: change.assertionId,
      },
    );
  if (task['status'] !== 'not_submitted' || task['not_submitted'] !== 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS')
    return fail(
      'CORRECTION_NOT_APPLICABLE',
      `task ${change.taskId} is ${String(task['status'])}${task['not_submitted'] ? ` (${String(task['not_submitted'])})` : ''}: ` +
        'only a task its faults left below its minimum (BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS) can be counted with ' +
        'its remaining assertions',
      { task_id: change.taskId, task_status: task['status'] ?? null, not_submitted: task['not_submitted'] ?? null },
    );

  const changed: CountedTask['assertions'] = [];
  const inTask: PyObject[] = [];
  for (const a of assertionsAll) {
    if (a['task_id'] !== change.taskId) continue;
    const id = String(a['assertion_id']);
    if (SET_ASIDE.has(String(a['status']))) {
      inTask.push(a);
      continue;
    }
    const to = assessed.get(id);
    if (a['status'] !== 'not_counted' || to === undefined || !COUNTED.has(to))
      return fail(
        'CORRECTION_NOT_APPLICABLE',
        `assertion ${change.taskId}/${id} is ${String(a['status'])} and was assessed ${to ?? '(not stored)'}: the ` +
          'task can be counted only when each remaining assertion has a supported or unsupported assessment',
        { task_id: change.taskId, assertion_id: id, status: a['status'] ?? null, assessed: to ?? null },
      );
    changed.push({ taskId: change.taskId, assertionId: id, from: 'not_counted', to });
    inTask.push(
      pyObjectFrom([
        ...Object.entries(a).filter(([k]) => k !== 'status'),
        ['status', to],
        [
          'corrected',
          pyObjectFrom([
            ['from_status', 'not_counted'],
            ['from_cause', null],
            ['from_code', null],
            ['dispute_id', change.disputeId],
            ['version', int(change.version)],
          ]),
        ],
      ]),
    );
  }

  const count = (s: string) => inTask.filter((a) => a['status'] === s).length;
  const t = pyObjectFrom(Object.entries(task).filter(([k]) => k !== 'not_submitted'));
  t['status'] = 'submitted';
  t['supported'] = int(count('supported'));
  t['unsupported'] = int(count('unsupported'));
  // The verdict given against the key's, as the scorer sets `exact` for a counted task.
  t['exact'] = typeof task['verdict_given'] === 'string' && task['verdict_given'] === task['verdict_expected'];
  Object.assign(t, groundingFields(rules, inTask));
  t['counted_by_correction'] = pyObjectFrom([
    ['dispute_id', change.disputeId],
    ['version', int(change.version)],
    ['from_reason', 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS'],
  ]);

  const before = figuresOf(report);
  const { report: out, after } = withTaskReplaced(
    report,
    { taskId: change.taskId, task: t, assertions: inTask, all: assertionsAll },
    pyObjectFrom([
      ['version', int(change.version)],
      ['corrects_version', int(change.correctsVersion)],
      ['dispute_id', change.disputeId],
      ['task_id', change.taskId],
      ['assertion_id', change.assertionId],
      ['from_status', 'not_submitted'],
      ['to_status', 'submitted'],
      ['change', 'counted_with_remaining'],
      ['reason', change.reason],
    ]),
  );
  return ok({ report: out, before, after, assertions: changed });
}
