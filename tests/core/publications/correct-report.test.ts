import { describe, expect, it } from 'vitest';
import { loadsText } from '../../../main/core/json/loads.ts';
import type { PyObject } from '../../../main/core/json/value.ts';
import { correctReport, correctScores, type AssertionChange } from '../../../main/core/publications/correct-report.ts';
import { documentBytes } from '../../../main/core/scoring/documents.ts';

/** A report as the scorer writes it (docs/scoring.md), reduced to what a correction reads. */
function report(): PyObject {
  const text = JSON.stringify({
    participant_id: 'p1',
    status: 'scored',
    overclaim: { unsupported: 2, submitted: 5 },
    success: { grounded_exact: 1, out_of: 10 },
    tasks_submitted: 2,
    instrument_faults: 0,
    tasks: [
      {
        task_id: 't1',
        status: 'submitted',
        exact: true,
        grounded: false,
        missing_facts: [{ fact: 'f1', resource: '/r/1', field: '/statut', value: 'suspendu' }],
        supported: 1,
        unsupported: 1,
        instrument_faults: 0,
      },
      {
        task_id: 't2',
        status: 'submitted',
        exact: true,
        grounded: true,
        missing_facts: [],
        supported: 2,
        unsupported: 1,
        instrument_faults: 0,
      },
    ],
    assertions: [
      { assertion_id: 'a1', task_id: 't1', status: 'supported', claim: { resource: '/r/0', field: '/x', value: 1 } },
      {
        assertion_id: 'a2',
        task_id: 't1',
        status: 'unsupported',
        claim: { resource: '/r/1', field: '/statut', value: 'SUSPENDU' },
        cause: 'value_mismatch',
        cause_text: '...',
        code: 'VALUE_DIFFERS',
        proof_id: 'prf_20261010_120000_abcdef',
        expected: 'suspendu',
        actual: 'SUSPENDU',
      },
      { assertion_id: 'a1', task_id: 't2', status: 'supported', claim: { resource: '/r/2', field: '/a', value: 1 } },
      { assertion_id: 'a2', task_id: 't2', status: 'supported', claim: { resource: '/r/2', field: '/b', value: 2 } },
      {
        assertion_id: 'a3',
        task_id: 't2',
        status: 'unsupported',
        claim: { resource: '/r/2', field: '/c', value: 3 },
        cause: 'invalid_proof',
        code: 'PROOF_ABSENT',
      },
    ],
  });
  const r = loadsText(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as PyObject;
}

const change = (taskId: string, assertionId: string, to: AssertionChange['to']): AssertionChange => ({
  taskId,
  assertionId,
  to,
  disputeId: 'dsp-1-conformite-0001',
  version: 2,
  correctsVersion: 1,
  reason: 'upheld',
});

const fact = (value: string, forms: string[] = []) => ({
  fact: 'f1',
  resource: '/r/1',
  field: '/statut',
  value,
  forms: forms.map((v) => ({ resource: '/r/1', field: '/statut', value: v })),
});

describe('correctReport: the figures recounted after an upheld dispute (docs/scoring.md)', () => {
  it('an unsupported assertion that becomes supported lowers overclaim by one and keeps the submitted count', () => {
    const r = correctReport(report(), change('t2', 'a3', 'supported'), { min: 2, grounding: [] });
    expect(r.ok && r.value.before.overclaim).toEqual({ unsupported: 2, submitted: 5 });
    expect(r.ok && r.value.after.overclaim).toEqual({ unsupported: 1, submitted: 5 });
    expect(r.ok && r.value.after.success).toEqual({ groundedExact: 1, outOf: 10 });
  });

  it('a task\u2019s exact verdict becomes grounded when the assertion carrying its missing fact (an equivalent form) becomes supported', () => {
    const r = correctReport(report(), change('t1', 'a2', 'supported'), {
      min: 2,
      grounding: [fact('suspendu', ['SUSPENDU'])],
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.after.success).toEqual({ groundedExact: 2, outOf: 10 });
    const t1 = (r.value.report['tasks'] as PyObject[])[0]!;
    expect(t1['grounded']).toBe(true);
    expect(t1['missing_facts']).toEqual([]);
  });

  it('a fact in no form of the claim stays missing: the task stays not grounded', () => {
    const r = correctReport(report(), change('t1', 'a2', 'supported'), { min: 2, grounding: [fact('suspendu')] });
    expect(r.ok && r.value.after.success).toEqual({ groundedExact: 1, outOf: 10 });
  });

  it('an instrument fault leaves overclaim (both counts) and the minimum: 2/5 becomes 1/4', () => {
    const r = correctReport(report(), change('t2', 'a3', 'instrument_fault'), { min: 2, grounding: [] });
    expect(r.ok && r.value.after).toMatchObject({ overclaim: { unsupported: 1, submitted: 4 }, instrumentFaults: 1 });
  });

  it('an instrument fault that leaves the task below its minimum makes it not submitted (BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS)', () => {
    const r = correctReport(report(), change('t2', 'a3', 'instrument_fault'), { min: 3, grounding: [] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.after).toEqual({
      overclaim: { unsupported: 1, submitted: 2 },
      success: { groundedExact: 0, outOf: 10 },
      tasksSubmitted: 1,
      instrumentFaults: 1,
    });
    const t2 = (r.value.report['tasks'] as PyObject[])[1]!;
    expect(t2).toMatchObject({
      status: 'not_submitted',
      not_submitted: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS',
      exact: false,
    });
    const statuses = (r.value.report['assertions'] as PyObject[])
      .filter((a) => a['task_id'] === 't2')
      .map((a) => a['status']);
    expect(statuses).toEqual(['not_counted', 'not_counted', 'instrument_fault']);
  });

  it('a Trust Layer fault already set aside counts with the corrected instrument fault: together below the minimum', () => {
    const withFault = report();
    const a2 = (withFault['assertions'] as PyObject[]).find(
      (a) => a['task_id'] === 't2' && a['assertion_id'] === 'a2',
    )!;
    a2['status'] = 'trust_layer_fault';
    a2['trust_layer_fault'] = 'TRUST_LAYER_TSA_FAILED';
    const r = correctReport(withFault, change('t2', 'a3', 'instrument_fault'), { min: 2, grounding: [] });
    if (!r.ok) throw new Error(r.error.message);
    const t2 = (r.value.report['tasks'] as PyObject[])[1]!;
    expect(t2).toMatchObject({ status: 'not_submitted', not_submitted: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS' });
    const statuses = (r.value.report['assertions'] as PyObject[])
      .filter((a) => a['task_id'] === 't2')
      .map((a) => a['status']);
    expect(statuses).toEqual(['not_counted', 'trust_layer_fault', 'instrument_fault']);
  });

  it('the corrected assertion drops its cause and keeps where it came from; the report lists the correction', () => {
    const r = correctReport(report(), change('t1', 'a2', 'supported'), { min: 2, grounding: [] });
    if (!r.ok) throw new Error(r.error.message);
    const a2 = (r.value.report['assertions'] as PyObject[])[1]!;
    expect(a2['cause']).toBeUndefined();
    expect(a2['code']).toBeUndefined();
    expect(a2['corrected']).toMatchObject({ from_status: 'unsupported', from_code: 'VALUE_DIFFERS', version: 2n });
    expect(r.value.report['corrections']).toEqual([
      expect.objectContaining({
        version: 2n,
        corrects_version: 1n,
        from_status: 'unsupported',
        to_status: 'supported',
      }),
    ]);
  });

  it('leaves the input report unchanged (the published version is never edited)', () => {
    const original = report();
    const before = documentBytes(original);
    correctReport(original, change('t2', 'a3', 'instrument_fault'), { min: 3, grounding: [] });
    expect(documentBytes(original)).toEqual(before);
  });

  it('a supported assertion, or one in a task not submitted, fails with CORRECTION_NOT_APPLICABLE; an unknown one with CORRECTION_ASSERTION_NOT_FOUND', () => {
    const code = (r: ReturnType<typeof correctReport>) => (r.ok ? 'ok' : r.error.code);
    expect(code(correctReport(report(), change('t1', 'a1', 'supported'), { min: 2, grounding: [] }))).toBe(
      'CORRECTION_NOT_APPLICABLE',
    );
    expect(code(correctReport(report(), change('t9', 'a1', 'supported'), { min: 2, grounding: [] }))).toBe(
      'CORRECTION_ASSERTION_NOT_FOUND',
    );
  });
});

describe('correctScores', () => {
  it('changes only the corrected participant\u2019s row and names the version, the one it corrects and the disputes', () => {
    const parsed = loadsText(
      JSON.stringify({
        participants: [
          { participant_id: 'p1', status: 'scored', overclaim: { unsupported: 2, submitted: 5 } },
          { participant_id: 'p2', status: 'scored', overclaim: { unsupported: 0, submitted: 3 } },
        ],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const scores = parsed.value as PyObject;
    const before = documentBytes(scores);
    const after = {
      overclaim: { unsupported: 1, submitted: 5 },
      success: { groundedExact: 1, outOf: 10 },
      tasksSubmitted: 2,
      instrumentFaults: 0,
    };
    const out = correctScores(scores, 'p1', after, { version: 2, correctsVersion: 1, disputeIds: ['d1'] });
    const rows = out['participants'] as PyObject[];
    expect(rows[0]!['overclaim']).toEqual({ unsupported: 1n, submitted: 5n });
    expect(rows[0]!['success']).toEqual({ grounded_exact: 1n, out_of: 10n });
    expect(rows[1]).toBe((scores['participants'] as PyObject[])[1]);
    expect(out['correction']).toEqual({ version: 2n, corrects_version: 1n, dispute_ids: ['d1'] });
    expect(documentBytes(scores)).toEqual(before);
  });
});
