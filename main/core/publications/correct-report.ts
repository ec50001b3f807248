import type { ParsedFact } from '../corpus/parse-tasks-and-key.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import { missingFacts } from '../scoring/grounding.ts';
import type { AssessedAssertion } from '../scoring/model.ts';

/**
 * A correction recomputes one participant's figures after an upheld dispute changed one assertion's status
 * (docs/publications.md), following docs/scoring.md: only the assertion's task changes, and the figures are recounted
 * from the tasks. Pure: the report, the key's grounding facts and the task's minimum are arguments.
 */

/** The published figures of one participant (counts, never floats). */
export interface Figures {
  overclaim: { unsupported: number; submitted: number } | null;
  success: { groundedExact: number; outOf: number } | null;
  tasksSubmitted: number;
  instrumentFaults: number;
}

/** What the correction needs to know about the disputed assertion's task (from the revealed key and tasks.json). */
export interface TaskRules {
  min: number;
  grounding: readonly ParsedFact[];
}

export interface AssertionChange {
  taskId: string;
  assertionId: string;
  to: 'supported' | 'instrument_fault';
  disputeId: string;
  /** The version this correction creates and the one it corrects. */
  version: number;
  correctsVersion: number;
  reason: string;
}

export type CorrectionCode = 'CORRECTION_ASSERTION_NOT_FOUND' | 'CORRECTION_NOT_APPLICABLE';

const list = (v: PyJson | undefined): PyObject[] => (Array.isArray(v) ? v.filter(isPyObject) : []);
const num = (v: PyJson | undefined): number => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : 0);
const int = (n: number): bigint => BigInt(n);
const copy = (o: PyObject): PyObject => pyObjectFrom(Object.entries(o));

/** The figures a report (or a scores.json row) states. */
export function figuresOf(doc: PyObject): Figures {
  const o = isPyObject(doc['overclaim'] ?? null) ? (doc['overclaim'] as PyObject) : null;
  const s = isPyObject(doc['success'] ?? null) ? (doc['success'] as PyObject) : null;
  const scored = doc['status'] === 'scored';
  return {
    overclaim:
      scored && o && typeof o['unsupported'] === 'bigint'
        ? { unsupported: num(o['unsupported']), submitted: num(o['submitted']) }
        : null,
    success:
      scored && s && typeof s['grounded_exact'] === 'bigint'
        ? { groundedExact: num(s['grounded_exact']), outOf: num(s['out_of']) }
        : null,
    tasksSubmitted: num(doc['tasks_submitted']),
    instrumentFaults: num(doc['instrument_faults']),
  };
}

/** The figures as published JSON: `{"overclaim": {"unsupported", "submitted"}, "success": {"grounded_exact", "out_of"}}`. */
export function figuresValue(f: Figures): PyObject {
  return pyObjectFrom([
    [
      'overclaim',
      pyObjectFrom([
        ['unsupported', f.overclaim ? int(f.overclaim.unsupported) : null],
        ['submitted', f.overclaim ? int(f.overclaim.submitted) : null],
      ]),
    ],
    [
      'success',
      pyObjectFrom([
        ['grounded_exact', f.success ? int(f.success.groundedExact) : null],
        ['out_of', f.success ? int(f.success.outOf) : null],
      ]),
    ],
    ['tasks_submitted', int(f.tasksSubmitted)],
    ['instrument_faults', int(f.instrumentFaults)],
  ]);
}

/** The keys a report gives an unsupported assertion (its cause) or an instrument fault; a correction removes them. */
const CAUSE_KEYS = ['cause', 'cause_text', 'code', 'proof_id', 'expected', 'actual', 'systeme_status'];

function correctedAssertion(a: PyObject, change: AssertionChange): PyObject {
  const entries = Object.entries(a).filter(([k]) => !CAUSE_KEYS.includes(k) && k !== 'status');
  return pyObjectFrom([
    ...entries,
    ['status', change.to],
    [
      'corrected',
      pyObjectFrom([
        ['from_status', a['status'] ?? null],
        ['from_cause', a['cause'] ?? null],
        ['from_code', a['code'] ?? null],
        ['dispute_id', change.disputeId],
        ['version', int(change.version)],
      ]),
    ],
  ]);
}

const claimOf = (a: PyObject) => (isPyObject(a['claim'] ?? null) ? (a['claim'] as PyObject) : null);

/**
 * Recounts one submitted task from its assertions' statuses (docs/scoring.md): supported, unsupported and instrument
 * faults; if, instrument faults set aside, fewer than the minimum remain, the task becomes not submitted
 * (BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS: its other assertions are not counted, exact is false); else grounded and
 * missing facts are recomputed from the supported assertions. `exact` (the verdict) never changes.
 */
function recountTask(
  task: PyObject,
  assertions: PyObject[],
  rules: TaskRules,
): { task: PyObject; assertions: PyObject[] } {
  const count = (s: string) => assertions.filter((a) => a['status'] === s).length;
  const supported = count('supported');
  const unsupported = count('unsupported');
  const faults = count('instrument_fault');
  // Spec §4.1: faults of ArkForge's side, instrument or Trust Layer, count toward neither overclaim nor the minimum.
  const setAside = faults + count('trust_layer_fault');
  const t = copy(task);
  if (assertions.length - setAside < rules.min) {
    t['status'] = 'not_submitted';
    t['not_submitted'] = 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS';
    t['exact'] = false;
    t['grounded'] = false;
    t['missing_facts'] = [];
    t['supported'] = 0n;
    t['unsupported'] = 0n;
    t['instrument_faults'] = int(faults);
    return {
      task: t,
      assertions: assertions.map((a) =>
        a['status'] === 'instrument_fault' || a['status'] === 'trust_layer_fault'
          ? a
          : pyObjectFrom([...Object.entries(a), ['status', 'not_counted']]),
      ),
    };
  }
  t['supported'] = int(supported);
  t['unsupported'] = int(unsupported);
  t['instrument_faults'] = int(faults);
  Object.assign(t, groundingFields(rules, assertions));
  return { task: t, assertions };
}

/** A task's `grounded` and `missing_facts` from its assertions' statuses and claims, as the scorer computes them. */
export function groundingFields(
  rules: TaskRules,
  assertions: readonly PyObject[],
): { grounded: boolean; missing_facts: PyObject[] } {
  const assessed = assertions.map((a) => {
    const claim = claimOf(a);
    return {
      status: a['status'],
      resource: claim?.['resource'],
      field: claim?.['field'],
      value: claim?.['value'] ?? null,
    } as unknown as AssessedAssertion;
  });
  const missing = missingFacts(rules.grounding, assessed);
  return {
    grounded: missing.length === 0,
    missing_facts: missing.map((f) =>
      pyObjectFrom([
        ['fact', f.fact],
        ['resource', f.resource],
        ['field', f.field],
        ['value', f.value],
      ]),
    ),
  };
}

/** A participant's figures recounted from its tasks (docs/scoring.md "Figures"). */
export function figuresFromTasks(tasks: readonly PyObject[], status: string, outOf: number = tasks.length): Figures {
  const submitted = tasks.filter((t) => t['status'] === 'submitted');
  const instrumentFaults = tasks.reduce((n, t) => n + num(t['instrument_faults']), 0);
  if (status !== 'scored')
    return { overclaim: null, success: null, tasksSubmitted: submitted.length, instrumentFaults };
  return {
    overclaim: {
      unsupported: submitted.reduce((n, t) => n + num(t['unsupported']), 0),
      submitted: submitted.reduce((n, t) => n + num(t['supported']) + num(t['unsupported']), 0),
    },
    success: {
      groundedExact: submitted.filter((t) => t['exact'] === true && t['grounded'] === true).length,
      outOf,
    },
    tasksSubmitted: submitted.length,
    instrumentFaults,
  };
}

/**
 * A report with one task's entry and assertions replaced by their corrected forms (in place, the task's assertions in
 * their order among `all`), its figures recounted from the tasks and `correction` appended to `corrections`. Every
 * other byte of the report is the same value. out_of is the number of tasks of the track as published
 * (docs/scoring.md): a correction never changes it.
 */
export function withTaskReplaced(
  report: PyObject,
  replaced: { taskId: string; task: PyObject; assertions: readonly PyObject[]; all: readonly PyObject[] },
  correction: PyObject,
): { report: PyObject; after: Figures } {
  const before = figuresOf(report);
  const tasks = list(report['tasks']);
  let k = 0;
  const finalAssertions = replaced.all.map((a) => (a['task_id'] === replaced.taskId ? replaced.assertions[k++]! : a));
  const finalTasks = tasks.map((t) => (t['task_id'] === replaced.taskId ? replaced.task : t));
  const after = figuresFromTasks(finalTasks, String(report['status']), before.success?.outOf ?? finalTasks.length);
  const out = copy(report);
  out['tasks'] = finalTasks;
  out['assertions'] = finalAssertions;
  const fv = figuresValue(after);
  out['overclaim'] = fv['overclaim']!;
  // The success row keeps out_of even while pending, as the scorer writes it; corrections only concern scored rows.
  out['success'] = fv['success']!;
  out['tasks_submitted'] = fv['tasks_submitted']!;
  out['instrument_faults'] = fv['instrument_faults']!;
  out['corrections'] = [...list(report['corrections']), correction];
  return { report: out, after };
}

export interface CorrectedReport {
  report: PyObject;
  before: Figures;
  after: Figures;
  assertion: { taskId: string; assertionId: string; from: string; to: string };
}

/**
 * The report after one upheld dispute: the assertion takes its new status (its former status and cause are kept
 * under `corrected`), its task is recounted, the participant's figures are recounted, and the report's
 * `corrections` list gains this correction. Every other byte of the report is the same value.
 */
export function correctReport(
  report: PyObject,
  change: AssertionChange,
  rules: TaskRules,
): Result<CorrectedReport, CorrectionCode> {
  const assertions = list(report['assertions']);
  const tasks = list(report['tasks']);
  const index = assertions.findIndex((a) => a['task_id'] === change.taskId && a['assertion_id'] === change.assertionId);
  const taskIndex = tasks.findIndex((t) => t['task_id'] === change.taskId);
  if (index < 0 || taskIndex < 0)
    return fail(
      'CORRECTION_ASSERTION_NOT_FOUND',
      `the report has no assertion ${change.taskId}/${change.assertionId}`,
      {
        task_id: change.taskId,
        assertion_id: change.assertionId,
      },
    );
  const from = String(assertions[index]!['status']);
  if (
    tasks[taskIndex]!['status'] !== 'submitted' ||
    (from !== 'unsupported' && from !== 'instrument_fault') ||
    from === change.to
  )
    return fail(
      'CORRECTION_NOT_APPLICABLE',
      `assertion ${change.taskId}/${change.assertionId} is ${from} in a task ${String(tasks[taskIndex]!['status'])}: ` +
        `it cannot become ${change.to} by correction`,
      { status: from, task_status: tasks[taskIndex]!['status'] ?? null, to: change.to },
    );

  const before = figuresOf(report);
  const updated = assertions.map((a, i) => (i === index ? correctedAssertion(a, change) : a));
  const inTask = updated.filter((a) => a['task_id'] === change.taskId);
  const recounted = recountTask(tasks[taskIndex]!, inTask, rules);
  const { report: out, after } = withTaskReplaced(
    report,
    { taskId: change.taskId, task: recounted.task, assertions: recounted.assertions, all: updated },
    pyObjectFrom([
      ['version', int(change.version)],
      ['corrects_version', int(change.correctsVersion)],
      ['dispute_id', change.disputeId],
      ['task_id', change.taskId],
      ['assertion_id', change.assertionId],
      ['from_status', from],
      ['to_status', change.to],
      ['reason', change.reason],
    ]),
  );
  return ok({
    report: out,
    before,
    after,
    assertion: { taskId: change.taskId, assertionId: change.assertionId, from, to: change.to },
  });
}

/**
 * scores.json after a correction: the participant's row takes the corrected figures; `correction` says which version
 * this is, which it corrects and the disputes behind it. Rows of other participants are unchanged.
 */
export function correctScores(
  scores: PyObject,
  participantId: string,
  after: Figures,
  correction: { version: number; correctsVersion: number; disputeIds: readonly string[] },
): PyObject {
  const fv = figuresValue(after);
  const out = copy(scores);
  out['participants'] = list(scores['participants']).map((p) => {
    if (p['participant_id'] !== participantId) return p;
    const row = copy(p);
    row['overclaim'] = fv['overclaim']!;
    row['success'] = fv['success']!;
    row['tasks_submitted'] = fv['tasks_submitted']!;
    row['instrument_faults'] = fv['instrument_faults']!;
    return row;
  });
  out['correction'] = pyObjectFrom([
    ['version', int(correction.version)],
    ['corrects_version', int(correction.correctsVersion)],
    ['dispute_ids', [...correction.disputeIds]],
  ]);
  return out;
}

/** Figures as plain JSON for the correction record and listings. */
export function figuresJson(f: Figures): PyObject {
  return figuresValue(f);
}
