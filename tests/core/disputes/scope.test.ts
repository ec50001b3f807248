import { describe, expect, it } from 'vitest';
import { checkDisputeScope, parseAssertionRef } from '../../../main/core/disputes/scope.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import type { PyObject } from '../../../main/core/json/value.ts';

function report(status = 'scored'): PyObject {
  const r = loadsText(
    JSON.stringify({
      status,
      tasks: [
        { task_id: 't1', status: 'submitted' },
        {
          task_id: 't2',
          status: 'rejected_at_close',
          rejected_at_close: { rule: 'OUTSIDE_TASK_GRAPH', assertion_id: 'a1' },
        },
        { task_id: 't3', status: 'not_submitted', not_submitted: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS' },
        { task_id: 't4', status: 'not_submitted', not_submitted: 'BELOW_MINIMUM' },
      ],
      assertions: [
        { task_id: 't1', assertion_id: 'a1', status: 'supported' },
        { task_id: 't1', assertion_id: 'a2', status: 'unsupported', cause: 'value_mismatch' },
        { task_id: 't1', assertion_id: 'a3', status: 'instrument_fault' },
        { task_id: 't2', assertion_id: 'a1', status: 'not_counted' },
        { task_id: 't3', assertion_id: 'a1', status: 'not_counted' },
        { task_id: 't3', assertion_id: 'a2', status: 'trust_layer_fault' },
        { task_id: 't4', assertion_id: 'a1', status: 'not_counted' },
      ],
    }),
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value as PyObject;
}

const code = (r: ReturnType<typeof checkDisputeScope>) => (r.ok ? `ok ${r.value.status}` : r.error.code);

describe('the scope of a dispute (spec §9.2): one assertion and the cause shown, never the rules or the corpus', () => {
  it('an unsupported assertion or an instrument fault of a submitted task is in scope', () => {
    expect(code(checkDisputeScope(report(), 'p', 't1', 'a2'))).toBe('ok unsupported');
    expect(code(checkDisputeScope(report(), 'p', 't1', 'a3'))).toBe('ok instrument_fault');
  });

  it('an assertion of a task rejected at close fails with DISPUTE_SCOPE, naming the rule applied', () => {
    const r = checkDisputeScope(report(), 'p', 't2', 'a1');
    expect(code(r)).toBe('DISPUTE_SCOPE');
    expect(r.ok ? '' : r.error.message).toContain('OUTSIDE_TASK_GRAPH');
  });

  it('any assertion of a task its faults left below its minimum (BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS) is in scope; a task below its minimum as submitted is not', () => {
    expect(code(checkDisputeScope(report(), 'p', 't3', 'a1'))).toBe('ok not_counted');
    expect(code(checkDisputeScope(report(), 'p', 't3', 'a2'))).toBe('ok trust_layer_fault');
    const r = checkDisputeScope(report(), 'p', 't4', 'a1');
    expect(code(r)).toBe('DISPUTE_SCOPE');
    expect(r.ok ? '' : r.error.message).toContain('not submitted (BELOW_MINIMUM)');
  });

  it('a supported assertion fails with DISPUTE_SCOPE', () => {
    expect(code(checkDisputeScope(report(), 'p', 't1', 'a1'))).toBe('DISPUTE_SCOPE');
  });

  it('a pending participant fails with DISPUTE_PARTICIPANT_PENDING; no report with DISPUTE_PARTICIPANT_UNKNOWN', () => {
    expect(code(checkDisputeScope(report('pending'), 'p', 't1', 'a2'))).toBe('DISPUTE_PARTICIPANT_PENDING');
    expect(code(checkDisputeScope(undefined, 'p', 't1', 'a2'))).toBe('DISPUTE_PARTICIPANT_UNKNOWN');
  });

  it('TASK_ID/ASSERTION_ID is one task and one assertion; anything else is not an assertion reference', () => {
    expect(parseAssertionRef('conf-03/a2')).toEqual({ taskId: 'conf-03', assertionId: 'a2' });
    for (const text of ['conf-03', 'rules', 'conf-03/a2/x', '/a2', 'conf-03/', 'conf 03/a2'])
      expect(parseAssertionRef(text)).toBeNull();
  });
});
