import { describe, expect, it } from 'vitest';
import { canonical } from '../../../main/core/json/canonical.ts';
import { pyObjectFrom, type PyObject } from '../../../main/core/json/value.ts';
import type { ProofReport } from '../../../main/core/proof/report.ts';
import { reportDocument, scoresDocument } from '../../../main/core/scoring/documents.ts';
import { scoreTrack } from '../../../main/core/scoring/score-track.ts';
import { NULL_ANSWER_RECHECK_MS, REKOR_ENTRY_FETCH_LIMIT_MS } from '../../../main/core/scoring/witness-state.ts';
import {
  CLOSES_AT,
  honestReport,
  inputWith,
  key,
  manifest,
  paddedSubmission,
  participant,
  proofIdFor,
  tasks,
  witnessCheck,
} from './support/demo-track.ts';

const TASK = 'conf-01';
const FIRST = proofIdFor(TASK, 0);
const firstResource = (sub: PyObject) =>
  ((sub['assertions'] as PyObject[])[0]!['claim'] as PyObject)['resource'] as string;
const after = (ms: number) => new Date(Date.parse(CLOSES_AT) + ms).toISOString();

/** The one task scored with the first assertion's proof replaced by `report`. */
function scoreFirst(
  report: ProofReport | 'absent',
  options: Parameters<typeof inputWith>[2] = {},
  sub = paddedSubmission(TASK),
) {
  const input = inputWith([participant([[TASK, sub]])], new Map([[FIRST, report]]), options);
  return { input, score: scoreTrack(input), p: scoreTrack(input).participants[0]! };
}

/** An honest report of `resource` whose witness checks are the ones given. */
function witnessed(resource: string, tsa: ReturnType<typeof witnessCheck>, rekor: ReturnType<typeof witnessCheck>) {
  return honestReport(resource, {
    checks: [tsa, rekor],
    independentWitnesses: [tsa, rekor].filter((c) => c.status === 'OK').length,
    anchorTime: tsa.status === 'OK' ? '2026-10-10T12:00:00Z' : null,
    logIntegratedTime: rekor.status === 'OK' ? '2026-10-10T12:00:00.000Z' : null,
  });
}

describe('condition 1 needs both witnesses', () => {
  it('a proof whose Rekor entry this close could not fetch is pending REKOR_ENTRY_NOT_FETCHED, never verified on its token alone', () => {
    const sub = paddedSubmission(TASK);
    const oneWitness = witnessed(
      firstResource(sub),
      witnessCheck('tsa'),
      witnessCheck('rekor', 'SKIP', 'WITNESS_OFFLINE'),
    );
    const { p } = scoreFirst(oneWitness, {}, sub);
    expect([p.status, p.overclaim, p.tasks[0]!.status]).toEqual(['pending', null, 'pending']);
    expect(p.tasks[0]!.assertions[0]!.proofs[0]).toEqual({
      kind: 'pending',
      proofId: FIRST,
      reason: 'REKOR_ENTRY_NOT_FETCHED',
    });
  });

  it('a Rekor entry still unfetchable 72 h after closes_at is a Trust Layer fault, counted against no one', () => {
    const sub = paddedSubmission(TASK);
    const oneWitness = witnessed(
      firstResource(sub),
      witnessCheck('tsa'),
      witnessCheck('rekor', 'SKIP', 'WITNESS_OFFLINE'),
    );
    expect(scoreFirst(oneWitness, { closedAt: after(REKOR_ENTRY_FETCH_LIMIT_MS - 1) }, sub).p.status).toBe('pending');
    const { p } = scoreFirst(oneWitness, { closedAt: after(REKOR_ENTRY_FETCH_LIMIT_MS) }, sub);
    const a = p.tasks[0]!.assertions[0]!;
    expect([p.status, a.status, a.trustLayerFault?.code]).toEqual([
      'scored',
      'trust_layer_fault',
      'TRUST_LAYER_REKOR_UNFETCHABLE',
    ]);
    expect(p.trustLayerFaults).toBe(1);
    expect(p.overclaim?.unsupported).toBe(0);
  });

  it('a batch whose RFC 3161 step failed: its proof is TRUST_LAYER_TSA_FAILED, outside overclaim and outside the minimum', () => {
    const sub = paddedSubmission(TASK);
    const tsaFailed = witnessed(
      firstResource(sub),
      witnessCheck('tsa', 'SKIP', 'WITNESS_TOKEN_FAILED'),
      witnessCheck('rekor'),
    );
    const { p } = scoreFirst(tsaFailed, {}, sub);
    const task = p.tasks[0]!;
    const assertions = (sub['assertions'] as PyObject[]).length;
    expect(task.assertions[0]!.status).toBe('trust_layer_fault');
    expect(task.setAside).toEqual([{ assertionId: 'a1', kind: 'trust_layer_fault', cause: 'TRUST_LAYER_TSA_FAILED' }]);
    // conf-01: three assertions, a minimum of two: one set aside leaves the task submitted on the other two.
    expect([task.status, assertions]).toEqual(['submitted', 3]);
    expect(p.overclaim).toEqual({ unsupported: 0, submitted: 2 });
  });

  describe('a bounded time when the token failed: the Rekor entry’s integration time bounds the call from above', () => {
    const failedTokenAt = (resource: string, integrated: string | null) =>
      honestReport(resource, {
        checks: [witnessCheck('tsa', 'SKIP', 'WITNESS_TOKEN_FAILED'), witnessCheck('rekor')],
        independentWitnesses: 1,
        anchorTime: null,
        logIntegratedTime: integrated,
      });

    it('a pre-opening proof with a failed token is ANCHOR_BEFORE_OPENING: its Rekor entry was integrated before the opening, so the call was too', () => {
      const sub = paddedSubmission(TASK);
      const { p } = scoreFirst(failedTokenAt(firstResource(sub), '2026-10-01T07:59:59.000Z'), {}, sub);
      const a = p.tasks[0]!.assertions[0]!;
      expect([a.status, a.failure?.cause, a.failure?.code]).toEqual([
        'unsupported',
        'invalid_proof',
        'ANCHOR_BEFORE_OPENING',
      ]);
      expect(p.tasks[0]!.assertions[0]!.proofs[0]).toMatchObject({
        kind: 'fail',
        condition: 1,
        code: 'ANCHOR_BEFORE_OPENING',
        expected: '2026-10-01T08:00:00.000Z',
        actual: '2026-10-01T07:59:59.000Z',
      });
      expect(p.trustLayerFaults).toBe(0);
      expect(p.tasks[0]!.setAside).toEqual([]);
    });

    it('integrated at the opening or inside the window, a failed token stays a Trust Layer fault: nothing bounds the call from below', () => {
      const sub = paddedSubmission(TASK);
      for (const at of ['2026-10-01T08:00:00.000Z', '2026-10-10T12:00:00.000Z']) {
        const a = scoreFirst(failedTokenAt(firstResource(sub), at), {}, sub).p.tasks[0]!.assertions[0]!;
        expect([at, a.status, a.trustLayerFault?.code]).toEqual([at, 'trust_layer_fault', 'TRUST_LAYER_TSA_FAILED']);
      }
    });

    it('integrated after the close, a failed token stays a Trust Layer fault, never ANCHOR_AFTER_CLOSE: the call may have come before the close', () => {
      const sub = paddedSubmission(TASK);
      const a = scoreFirst(failedTokenAt(firstResource(sub), after(3_600_000)), {}, sub).p.tasks[0]!.assertions[0]!;
      expect([a.status, a.trustLayerFault?.code]).toEqual(['trust_layer_fault', 'TRUST_LAYER_TSA_FAILED']);
    });

    it('a failed token whose Rekor entry this close could not fetch is pending REKOR_ENTRY_NOT_FETCHED until the fetch limit: the window needs the entry', () => {
      const sub = paddedSubmission(TASK);
      const unfetched = honestReport(firstResource(sub), {
        checks: [witnessCheck('tsa', 'SKIP', 'WITNESS_TOKEN_FAILED'), witnessCheck('rekor', 'SKIP', 'WITNESS_OFFLINE')],
        independentWitnesses: 0,
        verdict: 'NOT_INDEPENDENTLY_VERIFIED',
        anchorTime: null,
        logIntegratedTime: null,
      });
      expect(scoreFirst(unfetched, {}, sub).p.tasks[0]!.assertions[0]!.proofs[0]).toEqual({
        kind: 'pending',
        proofId: FIRST,
        reason: 'REKOR_ENTRY_NOT_FETCHED',
      });
      const late = scoreFirst(unfetched, { closedAt: after(REKOR_ENTRY_FETCH_LIMIT_MS) }, sub).p.tasks[0]!;
      expect([late.assertions[0]!.status, late.assertions[0]!.trustLayerFault?.code]).toEqual([
        'trust_layer_fault',
        'TRUST_LAYER_TSA_FAILED',
      ]);
    });
  });

  it('a token absent or a log never named on an anchored proof is the Trust Layer failing to produce it, never an overclaim', () => {
    const sub = paddedSubmission(TASK);
    const resource = firstResource(sub);
    const codeOf = (report: ProofReport) => {
      const a = scoreFirst(report, {}, sub).p.tasks[0]!.assertions[0]!;
      return [a.status, a.trustLayerFault?.code];
    };
    expect(
      codeOf(witnessed(resource, witnessCheck('tsa', 'SKIP', 'WITNESS_TOKEN_ABSENT'), witnessCheck('rekor'))),
    ).toEqual(['trust_layer_fault', 'TRUST_LAYER_TSA_FAILED']);
    expect(
      codeOf(witnessed(resource, witnessCheck('tsa'), witnessCheck('rekor', 'SKIP', 'WITNESS_NOT_LOGGED'))),
    ).toEqual(['trust_layer_fault', 'TRUST_LAYER_REKOR_FAILED']);
    expect(
      codeOf(witnessed(resource, witnessCheck('tsa'), witnessCheck('rekor', 'SKIP', 'WITNESS_LOG_FAILED'))),
    ).toEqual(['trust_layer_fault', 'TRUST_LAYER_REKOR_FAILED']);
  });

  it("a failed witness never hides the participant's own error: a proof of another resource is still REQUEST_HASH_MISMATCH", () => {
    const other = tasks.find((t) => t.id === 'conf-02')!.own[0]!;
    const report = witnessed(other, witnessCheck('tsa', 'SKIP', 'WITNESS_TOKEN_FAILED'), witnessCheck('rekor'));
    const a = scoreFirst(report).p.tasks[0]!.assertions[0]!;
    expect([a.status, a.failure?.code]).toEqual(['unsupported', 'REQUEST_HASH_MISMATCH']);
  });

  it('a task pushed below its minimum by a failed batch says how many assertions were set aside, and why', () => {
    // conf-01: three assertions (two grounding facts and one padding), a minimum of two; the facts' batch failed.
    const sub = paddedSubmission(TASK);
    const reports = new Map<string, ProofReport>();
    (sub['assertions'] as PyObject[]).slice(0, 2).forEach((a, i) => {
      const resource = (a['claim'] as PyObject)['resource'] as string;
      reports.set(
        proofIdFor(TASK, i),
        witnessed(resource, witnessCheck('tsa', 'SKIP', 'WITNESS_TOKEN_FAILED'), witnessCheck('rekor')),
      );
    });
    const input = inputWith([participant([[TASK, sub]])], reports);
    const p = scoreTrack(input).participants[0]!;
    const task = p.tasks[0]!;
    expect([task.status, task.notSubmitted, task.trustLayerFaults]).toEqual([
      'not_submitted',
      'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS',
      2,
    ]);
    expect(task.assertions.map((a) => a.status)).toEqual(['trust_layer_fault', 'trust_layer_fault', 'not_counted']);
    const doc = JSON.parse(canonical(reportDocument(input, p)));
    expect(doc.tasks[0].set_aside).toEqual([
      { assertion_id: 'a1', kind: 'trust_layer_fault', cause: 'TRUST_LAYER_TSA_FAILED' },
      { assertion_id: 'a2', kind: 'trust_layer_fault', cause: 'TRUST_LAYER_TSA_FAILED' },
    ]);
    expect([doc.trust_layer_faults, doc.overclaim]).toEqual([2, { unsupported: 0, submitted: 0 }]);
  });
});

describe('a null answer is read again before it is PROOF_ABSENT', () => {
  it('a proof the Trust Layer answered null for, read within 48 h of closes_at, is pending NULL_ANSWER_RECHECK', () => {
    const { p } = scoreFirst('absent', { nullAnsweredAt: { [FIRST]: after(NULL_ANSWER_RECHECK_MS - 1) } });
    expect(p.status).toBe('pending');
    expect(p.tasks[0]!.assertions[0]!.proofs[0]).toEqual({
      kind: 'pending',
      proofId: FIRST,
      reason: 'NULL_ANSWER_RECHECK',
    });
  });

  it('answered null again at a read 48 h or more after closes_at, the proof is PROOF_ABSENT', () => {
    const { p } = scoreFirst('absent', { nullAnsweredAt: { [FIRST]: after(NULL_ANSWER_RECHECK_MS) } });
    const a = p.tasks[0]!.assertions[0]!;
    expect([p.status, a.status, a.failure?.code]).toEqual(['scored', 'unsupported', 'PROOF_ABSENT']);
  });
});

describe('retries after an outage', () => {
  /** The task with its first assertion citing a 403 proof first, then `retry` for the same claim. */
  function withRetry(retry: ProofReport) {
    const sub = paddedSubmission(TASK);
    const resource = firstResource(sub);
    const retryId = 'prf_20261010_130000_ffffff';
    const assertions = (sub['assertions'] as PyObject[]).map((a, i) =>
      i === 0
        ? pyObjectFrom([...Object.entries(a).filter(([k]) => k !== 'proof_ids'), ['proof_ids', [FIRST, retryId]]])
        : a,
    );
    const disclosures = pyObjectFrom([...Object.entries(sub['disclosures'] as PyObject), [retryId, pyObjectFrom([])]]);
    const doc = pyObjectFrom([
      ...Object.entries(sub).filter(([k]) => k !== 'assertions' && k !== 'disclosures'),
      ['assertions', assertions],
      ['disclosures', disclosures],
    ]);
    const fault = honestReport(resource, {}, { response_hash: manifest.system['403'] });
    const input = inputWith(
      [participant([[TASK, doc]])],
      new Map([
        [FIRST, fault],
        [retryId, retry],
      ]),
    );
    return scoreTrack(input).participants[0]!.tasks[0]!;
  }

  it('an assertion citing a 403 proof and a good retry of the same call is supported, and the task keeps its minimum', () => {
    const task = withRetry(honestReport(firstResource(paddedSubmission(TASK))));
    expect(task.assertions[0]!.status).toBe('supported');
    expect([task.status, task.instrumentFaults, task.setAside]).toEqual(['submitted', 0, []]);
  });

  it('a retry that fails a condition makes the assertion unsupported: the fault beside it excuses nothing', () => {
    const other = tasks.find((t) => t.id === 'conf-02')!.own[0]!;
    const a = withRetry(honestReport(other)).assertions[0]!;
    expect([a.status, a.failure?.code]).toEqual(['unsupported', 'REQUEST_HASH_MISMATCH']);
  });

  it('an assertion is an instrument fault only when every proof it cites is one', () => {
    const resource = firstResource(paddedSubmission(TASK));
    const a = withRetry(honestReport(resource, {}, { response_hash: manifest.system['503'] })).assertions[0]!;
    expect([a.status, a.instrumentFault?.status]).toEqual(['instrument_fault', '403']);
  });
});

describe('the control task (spec §5.5)', () => {
  const control = key.find((k) => k.control)!;

  it('scores.json names the control task, and a report says whether it is exact and grounded', () => {
    const input = inputWith([participant([[control.taskId, paddedSubmission(control.taskId)]])]);
    const score = scoreTrack(input);
    const scores = JSON.parse(canonical(scoresDocument(input, score)));
    expect(scores.control_task_id).toBe(control.taskId);
    const report = JSON.parse(canonical(reportDocument(input, score.participants[0]!)));
    expect(report.control_task).toEqual({ task_id: control.taskId, exact_and_grounded: true });
    expect(report.instrumentation_check).toBeUndefined();
  });

  it('a control task answered with an inexact verdict reads "instrumentation check failed", in the spec\'s neutral words', () => {
    const answered = paddedSubmission(control.taskId);
    answered['verdict'] = key.map((k) => k.verdict).find((v) => v !== control.verdict)!;
    const input = inputWith([participant([[control.taskId, answered]])]);
    const report = JSON.parse(canonical(reportDocument(input, scoreTrack(input).participants[0]!)));
    expect(report.control_task).toEqual({ task_id: control.taskId, exact_and_grounded: false });
    expect(report.instrumentation_check).toMatch(/^instrumentation check failed: the control task/);
  });

  it('a participant that never submitted the control task reads no instrumentation check: an unanswered task checks no instrument', () => {
    const other = tasks.find((t) => t.id !== control.taskId)!.id;
    const input = inputWith([participant([[other, paddedSubmission(other)]])]);
    const report = JSON.parse(canonical(reportDocument(input, scoreTrack(input).participants[0]!)));
    expect(report.control_task).toEqual({ task_id: control.taskId, exact_and_grounded: false });
    expect(report.instrumentation_check).toBeUndefined();
  });
});
