import { describe, expect, it } from 'vitest';
import { loadsText } from '../../../main/core/json/loads.ts';
import type { PyObject } from '../../../main/core/json/value.ts';
import { countTaskWithRemaining, type TaskCount } from '../../../main/core/publications/count-remaining.ts';
import { documentBytes } from '../../../main/core/scoring/documents.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a document checked field by field
type Json = Record<string, any>;

/** A report whose t2 its faults left below its minimum of 3 (docs/scoring.md), reduced to what a correction reads. */
function report(): PyObject {
  const r = loadsText(
    JSON.stringify({
      participant_id: 'p1',
      status: 'scored',
      overclaim: { unsupported: 0, submitted: 2 },
      success: { grounded_exact: 1, out_of: 10 },
      tasks_submitted: 1,
      instrument_faults: 1,
      trust_layer_faults: 0,
      tasks: [
        { task_id: 't1', status: 'submitted', exact: true, grounded: true, missing_facts: [], supported: 2 },
        {
          task_id: 't2',
          status: 'not_submitted',
          not_submitted: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS',
          verdict_given: 'non_conforme',
          verdict_expected: 'non_conforme',
          exact: false,
          grounded: false,
          missing_facts: [],
          supported: 0,
          unsupported: 0,
          instrument_faults: 1,
          trust_layer_faults: 0,
          set_aside: [{ assertion_id: 'a2', kind: 'instrument_fault', cause: '503' }],
        },
      ],
      assertions: [
        { assertion_id: 'a1', task_id: 't1', status: 'supported', claim: { resource: '/r/0', field: '/x', value: 1 } },
        { assertion_id: 'a2', task_id: 't1', status: 'supported', claim: { resource: '/r/0', field: '/y', value: 2 } },
        {
          assertion_id: 'a1',
          task_id: 't2',
          status: 'not_counted',
          claim: { resource: '/e', field: '/s', value: 'a' },
        },
        {
          assertion_id: 'a2',
          task_id: 't2',
          status: 'instrument_fault',
          systeme_status: '503',
          claim: { resource: '/g', field: '/s', value: 'b' },
        },
        {
          assertion_id: 'a3',
          task_id: 't2',
          status: 'not_counted',
          claim: { resource: '/g', field: '/e', value: 'x' },
          cause: 'value_mismatch',
          code: 'VALUE_DIFFERS',
          proof_id: 'prf_20261010_120000_abcdef',
        },
      ],
    }),
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value as PyObject;
}

const change: TaskCount = {
  taskId: 't2',
  assertionId: 'a1',
  disputeId: 'dsp-1-conformite-0001',
  version: 2,
  correctsVersion: 1,
  reason: 'the outage was on ArkForge\u2019s side',
};
const rules = { min: 3, grounding: [{ fact: 'f', resource: '/e', field: '/s', value: 'a', forms: [] }] };
const assessed = new Map([
  ['a1', 'supported'],
  ['a2', 'instrument_fault'],
  ['a3', 'unsupported'],
]);

describe('a task counted as submitted with its remaining admissible assertions (pure)', () => {
  it('counts a1 supported and a3 unsupported as the scorer assessed them, keeps a2 set aside, recounts the figures', () => {
    const r = countTaskWithRemaining(report(), change, rules, assessed);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.before).toMatchObject({ overclaim: { unsupported: 0, submitted: 2 }, tasksSubmitted: 1 });
    expect(r.value.after).toEqual({
      overclaim: { unsupported: 1, submitted: 4 },
      success: { groundedExact: 2, outOf: 10 },
      tasksSubmitted: 2,
      instrumentFaults: 1,
    });
    expect(r.value.assertions).toEqual([
      { taskId: 't2', assertionId: 'a1', from: 'not_counted', to: 'supported' },
      { taskId: 't2', assertionId: 'a3', from: 'not_counted', to: 'unsupported' },
    ]);
    const doc = JSON.parse(new TextDecoder().decode(documentBytes(r.value.report))) as Json;
    const t2 = doc.tasks[1];
    expect(t2).toMatchObject({ status: 'submitted', supported: 1, unsupported: 1, instrument_faults: 1, exact: true });
    expect(t2).toMatchObject({ grounded: true, missing_facts: [], set_aside: [{ assertion_id: 'a2' }] });
    expect(t2.not_submitted).toBeUndefined();
    expect(t2.counted_by_correction).toEqual({
      dispute_id: 'dsp-1-conformite-0001',
      version: 2,
      from_reason: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS',
    });
    // The cause the close kept on a3 stays: the report shows why it is unsupported.
    expect(doc.assertions[4]).toMatchObject({
      status: 'unsupported',
      code: 'VALUE_DIFFERS',
      corrected: { from_status: 'not_counted' },
    });
    expect(doc.assertions[3]).toEqual(JSON.parse(new TextDecoder().decode(documentBytes(report()))).assertions[3]);
    expect(doc.corrections).toEqual([
      {
        version: 2,
        corrects_version: 1,
        dispute_id: 'dsp-1-conformite-0001',
        task_id: 't2',
        assertion_id: 'a1',
        from_status: 'not_submitted',
        to_status: 'submitted',
        change: 'counted_with_remaining',
        reason: 'the outage was on ArkForge\u2019s side',
      },
    ]);
  });

  it('the same inputs give the same bytes', () => {
    const a = countTaskWithRemaining(report(), change, rules, assessed);
    const b = countTaskWithRemaining(report(), change, rules, assessed);
    expect(
      a.ok && b.ok && Buffer.from(documentBytes(a.value.report)).equals(Buffer.from(documentBytes(b.value.report))),
    ).toBe(true);
  });

  it('a task submitted, or an assertion whose assessment is not stored, is CORRECTION_NOT_APPLICABLE; an unknown assertion CORRECTION_ASSERTION_NOT_FOUND', () => {
    const codeOf = (r: ReturnType<typeof countTaskWithRemaining>) => (r.ok ? 'ok' : r.error.code);
    expect(codeOf(countTaskWithRemaining(report(), { ...change, taskId: 't1' }, rules, assessed))).toBe(
      'CORRECTION_NOT_APPLICABLE',
    );
    expect(codeOf(countTaskWithRemaining(report(), change, rules, new Map([['a1', 'supported']])))).toBe(
      'CORRECTION_NOT_APPLICABLE',
    );
    expect(codeOf(countTaskWithRemaining(report(), { ...change, assertionId: 'a9' }, rules, assessed))).toBe(
      'CORRECTION_ASSERTION_NOT_FOUND',
    );
  });
});
