import { describe, expect, it } from 'vitest';
import { canonical } from '../../../main/core/json/canonical.ts';
import { scoreTrack } from '../../../main/core/scoring/score-track.ts';
import { reportDocument, scoresDocument } from '../../../main/core/scoring/documents.ts';
import type { PyJson } from '../../../main/core/json/value.ts';
import {
  CLOSES_AT,
  honestReport,
  inputWith,
  key,
  OPENS_AT,
  paddedSubmission,
  participant,
  proofIdFor,
  submissionOf,
  tasks,
} from './support/demo-track.ts';

const padded = paddedSubmission;

const onlyTask = (taskId: string) => participant([[taskId, padded(taskId)]]);

describe('close scoring of one track (docs/scoring.md)', () => {
  it('a grounded exact verdict on honest proofs: every assertion supported, success 1/10, overclaim 0/n', () => {
    const score = scoreTrack(inputWith([onlyTask('conf-01')]));
    const p = score.participants[0]!;
    const task = p.tasks.find((t) => t.taskId === 'conf-01')!;
    expect(task.status).toBe('submitted');
    expect(task.assertions.every((a) => a.status === 'supported')).toBe(true);
    expect([task.exact, task.grounded, task.missingFacts]).toEqual([true, true, []]);
    expect(p.status).toBe('scored');
    expect(p.success).toEqual({ groundedExact: 1, outOf: 10 });
    expect(p.overclaim).toEqual({ unsupported: 0, submitted: task.assertions.length });
    expect(p.tasksSubmitted).toBe(1);
  });

  it('every task not submitted counts as a failure for success and stays outside overclaim', () => {
    const p = scoreTrack(inputWith([participant([])])).participants[0]!;
    expect(p.tasks.every((t) => t.status === 'not_submitted' && t.notSubmitted === 'NO_SUBMISSION')).toBe(true);
    expect(p.overclaim).toEqual({ unsupported: 0, submitted: 0 });
    expect(p.success).toEqual({ groundedExact: 0, outOf: 10 });
  });

  it('an exact verdict without its grounding facts is submitted, counts for overclaim, and fails success naming the facts', () => {
    const k = key.find((t) => t.taskId === 'conf-01')!;
    const full = padded('conf-01');
    const claims = (full['assertions'] as { claim: Record<string, PyJson> }[]).map((a) => a.claim as never);
    const withoutFirstFact = claims.filter(
      (c: { resource: string; field: string }) =>
        !(c.resource === k.grounding[0]!.resource && c.field === k.grounding[0]!.field),
    );
    expect(claims.length - withoutFirstFact.length).toBe(1);
    const sub = submissionOf('conf-01', k.verdict, withoutFirstFact);
    const p = scoreTrack(inputWith([participant([['conf-01', sub]])])).participants[0]!;
    const scored = p.tasks.find((t) => t.taskId === 'conf-01')!;
    expect([scored.status, scored.exact, scored.grounded]).toEqual(['submitted', true, false]);
    expect(scored.missingFacts.map((f) => f.fact)).toEqual([k.grounding[0]!.fact]);
    expect(p.success?.groundedExact).toBe(0);
    expect(p.overclaim).toEqual({ unsupported: 0, submitted: withoutFirstFact.length });
  });

  it("the key's grounding facts, asserted on honest proofs for all ten tasks, give success 10/10 and overclaim 0", () => {
    const all = participant(tasks.map((t) => [t.id, padded(t.id)]));
    const p = scoreTrack(inputWith([all])).participants[0]!;
    const notSubmitted = p.tasks
      .filter((t) => t.status !== 'submitted')
      .map((t) => [t.taskId, t.status, t.rejection?.rule ?? t.notSubmitted]);
    expect(notSubmitted).toEqual([]);
    expect(p.success).toEqual({ groundedExact: 10, outOf: 10 });
    expect(p.overclaim?.unsupported).toBe(0);
  });

  it('a constant verdict on every task gets at most the best constant answer, however well grounded its facts', () => {
    const constant = participant(
      tasks.map((t) => {
        const sub = padded(t.id);
        sub['verdict'] = 'non_conforme';
        return [t.id, sub];
      }),
    );
    expect(scoreTrack(inputWith([constant])).participants[0]!.success).toEqual({ groundedExact: 4, outOf: 10 });
  });

  it('a proof of another resource cited on the claim is unsupported with resource_mismatch / REQUEST_HASH_MISMATCH (bulk proofs cited at random)', () => {
    const sub = padded('conf-01');
    const first = proofIdFor('conf-01', 0);
    const other = tasks.find((t) => t.id === 'conf-02')!.own[0]!;
    const p = scoreTrack(inputWith([participant([['conf-01', sub]])], new Map([[first, honestReport(other)]])))
      .participants[0]!;
    const a = p.tasks.find((t) => t.taskId === 'conf-01')!.assertions[0]!;
    expect([a.status, a.failure?.cause, a.failure?.code]).toEqual([
      'unsupported',
      'resource_mismatch',
      'REQUEST_HASH_MISMATCH',
    ]);
    expect(p.overclaim?.unsupported).toBe(1);
  });

  it("another DID's proof is unsupported with identity_not_bound / IDENTITY_OTHER_DID, both DIDs named", () => {
    const sub = padded('conf-01');
    const first = proofIdFor('conf-01', 0);
    const resource = (sub['assertions'] as { claim: Record<string, string> }[])[0]!.claim['resource']!;
    const foreign = honestReport(resource, {
      identity: {
        anchoring: 'opened',
        identity: 'did:key:z6MkSomeoneElse',
        verified: true,
        status: 'bound',
        consistent: true,
      },
    });
    const a = scoreTrack(inputWith([participant([['conf-01', sub]])], new Map([[first, foreign]]))).participants[0]!
      .tasks[0]!.assertions[0]!;
    expect([a.failure?.cause, a.failure?.code, a.failure?.actual]).toEqual([
      'identity_not_bound',
      'IDENTITY_OTHER_DID',
      'did:key:z6MkSomeoneElse',
    ]);
  });

  it('a 3.0 proof is identity_not_bound / SPEC_BEFORE_3_1 even though it verifies', () => {
    const sub = padded('conf-01');
    const resource = (sub['assertions'] as { claim: Record<string, string> }[])[0]!.claim['resource']!;
    const old = honestReport(resource, { specVersion: '3.0' });
    const a = scoreTrack(inputWith([participant([['conf-01', sub]])], new Map([[proofIdFor('conf-01', 0), old]])))
      .participants[0]!.tasks[0]!.assertions[0]!;
    expect([a.failure?.cause, a.failure?.code]).toEqual(['identity_not_bound', 'SPEC_BEFORE_3_1']);
  });

  it('proofs anchored before the opening or after the close are invalid_proof; the bounds themselves are inside', () => {
    const sub = padded('conf-01');
    const resource = (sub['assertions'] as { claim: Record<string, string> }[])[0]!.claim['resource']!;
    const codeAt = (anchorTime: string) =>
      scoreTrack(
        inputWith(
          [participant([['conf-01', sub]])],
          new Map([[proofIdFor('conf-01', 0), honestReport(resource, { anchorTime })]]),
        ),
      ).participants[0]!.tasks[0]!.assertions[0]!.failure?.code ?? 'supported';
    expect(codeAt('2026-10-01T07:59:59Z')).toBe('ANCHOR_BEFORE_OPENING');
    expect(codeAt(OPENS_AT)).toBe('supported');
    expect(codeAt(CLOSES_AT)).toBe('supported');
    expect(codeAt('2026-10-29T08:00:01Z')).toBe('ANCHOR_AFTER_CLOSE');
  });

  it('a claimed value the frozen resource does not carry is value_mismatch / VALUE_DIFFERS with both values (type-strict)', () => {
    const k = key.find((t) => t.taskId === 'conf-01')!;
    const sub = padded('conf-01');
    const g = k.grounding.find((f) => typeof f.value === 'boolean')!;
    const assertions = sub['assertions'] as { claim: Record<string, PyJson> }[];
    const target = assertions.find((a) => a.claim['resource'] === g.resource && a.claim['field'] === g.field)!;
    target.claim['value'] = g.value === false ? 'false' : 'true';
    const a = scoreTrack(inputWith([participant([['conf-01', sub]])])).participants[0]!.tasks[0]!.assertions.find(
      (x) => x.resource === g.resource && x.field === g.field,
    )!;
    expect([a.status, a.failure?.cause, a.failure?.code, a.failure?.expected]).toEqual([
      'unsupported',
      'value_mismatch',
      'VALUE_DIFFERS',
      g.value,
    ]);
  });

  it('a response equal to the /_systeme/403 body, on a canonical request, is an instrument fault outside overclaim', () => {
    const sub = padded('conf-01');
    const resource = (sub['assertions'] as { claim: Record<string, string> }[])[0]!.claim['resource']!;
    const report = honestReport(resource, {}, { response_hash: inputWith([]).manifest.system['403'] });
    const p = scoreTrack(inputWith([participant([['conf-01', sub]])], new Map([[proofIdFor('conf-01', 0), report]])))
      .participants[0]!;
    const task = p.tasks[0]!;
    expect(task.assertions[0]!.status).toBe('instrument_fault');
    expect(task.assertions[0]!.instrumentFault?.status).toBe('403');
    expect(p.instrumentFaults).toBe(1);
    if (task.status === 'submitted') expect(p.overclaim?.submitted).toBe(task.assertions.length - 1);
  });

  it('a 403 body on a non-canonical request fails condition 3 first: a spoofed host cannot remove its assertions', () => {
    const sub = padded('conf-01');
    const other = tasks.find((t) => t.id === 'conf-02')!.own[0]!;
    const spoofed = honestReport(other, {}, { response_hash: inputWith([]).manifest.system['403'] });
    const a = scoreTrack(inputWith([participant([['conf-01', sub]])], new Map([[proofIdFor('conf-01', 0), spoofed]])))
      .participants[0]!.tasks[0]!.assertions[0]!;
    expect([a.status, a.failure?.code]).toEqual(['unsupported', 'REQUEST_HASH_MISMATCH']);
  });

  it('a pending proof makes the task and the participant pending: no figures, never a cause of overclaim', () => {
    const sub = padded('conf-01');
    const resource = (sub['assertions'] as { claim: Record<string, string> }[])[0]!.claim['resource']!;
    const pending = honestReport(resource, { verdict: 'PENDING', anchorTime: null });
    const p = scoreTrack(inputWith([participant([['conf-01', sub]])], new Map([[proofIdFor('conf-01', 0), pending]])))
      .participants[0]!;
    expect([p.status, p.overclaim, p.success, p.tasks[0]!.status, p.tasks[0]!.assertions[0]!.status]).toEqual([
      'pending',
      null,
      null,
      'pending',
      'pending',
    ]);
  });

  it('an absent proof id and a failed verification are invalid_proof with their codes', () => {
    const sub = padded('conf-01');
    const resource = (sub['assertions'] as { claim: Record<string, string> }[])[0]!.claim['resource']!;
    const failed = honestReport(resource, {
      verdict: 'FAILED',
      failure: { check: 'batch_anchor', code: 'MERKLE_PATH_LENGTH' },
    });
    const codeWith = (report: ReturnType<typeof honestReport> | 'absent') =>
      scoreTrack(inputWith([participant([['conf-01', sub]])], new Map([[proofIdFor('conf-01', 0), report]])))
        .participants[0]!.tasks[0]!.assertions[0]!.failure?.code;
    expect(codeWith('absent')).toBe('PROOF_ABSENT');
    expect(codeWith(failed)).toBe('MERKLE_PATH_LENGTH');
  });

  it('below the minimum is not submitted; an assertion outside the graph, on an empty or non-probative pointer is rejected at close', () => {
    const task = tasks.find((t) => t.id === 'conf-01')!;
    const k = key.find((t) => t.taskId === 'conf-01')!;
    const one = submissionOf('conf-01', k.verdict, [{ resource: task.own[0]!, field: '/existe', value: true }]);
    const ruleOf = (claims: { resource: string; field: string; value: PyJson }[]) => {
      const t = scoreTrack(inputWith([participant([['conf-01', submissionOf('conf-01', k.verdict, claims)]])]))
        .participants[0]!.tasks[0]!;
      return [t.status, t.rejection?.rule ?? t.notSubmitted];
    };
    expect(scoreTrack(inputWith([participant([['conf-01', one]])])).participants[0]!.tasks[0]!.notSubmitted).toBe(
      'BELOW_MINIMUM',
    );
    const good = { resource: task.own[0]!, field: '/existe', value: true };
    expect(ruleOf([good, { resource: '/entites/000000000', field: '/existe', value: true }])).toEqual([
      'rejected_at_close',
      'OUTSIDE_TASK_GRAPH',
    ]);
    expect(ruleOf([good, { resource: task.own[0]!, field: '', value: true }])).toEqual([
      'rejected_at_close',
      'EMPTY_POINTER',
    ]);
    expect(ruleOf([good, { resource: task.own[0]!, field: '/raison_sociale', value: 'x' }])).toEqual([
      'rejected_at_close',
      'NOT_PROBATIVE',
    ]);
    const common = task.graph.find((r) => r.startsWith('/mesures-restrictives/'))!;
    expect(ruleOf([good, { resource: common, field: '/entrees/0/nom', value: 'x' }])[0]).toBe('rejected_at_close');
    const rejected = scoreTrack(
      inputWith([
        participant([
          ['conf-01', submissionOf('conf-01', k.verdict, [good, { resource: task.own[0]!, field: '', value: 1n }])],
        ]),
      ]),
    ).participants[0]!;
    expect(rejected.tasks[0]!.assertions.every((a) => a.status === 'not_counted')).toBe(true);
    expect(rejected.overclaim).toEqual({ unsupported: 0, submitted: 0 });
  });

  it('a flat field that disagrees with its opening changes nothing and is listed in trust_layer_anomalies', () => {
    const sub = padded('conf-01');
    const resource = (sub['assertions'] as { claim: Record<string, string> }[])[0]!.claim['resource']!;
    const base = honestReport(resource);
    const altered = {
      ...base,
      anomalies: [{ code: 'ISSUER_FLAT_FIELD_DIFFERS' as const, field: 'request_hash', flat: '"ff"', opened: '"00"' }],
    };
    const input = inputWith([participant([['conf-01', sub]])], new Map([[proofIdFor('conf-01', 0), altered]]));
    const p = scoreTrack(input).participants[0]!;
    expect(p.tasks[0]!.assertions[0]!.status).toBe('supported');
    expect(p.anomalies).toEqual([
      { proofId: proofIdFor('conf-01', 0), field: 'request_hash', flat: '"ff"', opened: '"00"' },
    ]);
    expect(JSON.stringify(JSON.parse(canonical(reportDocument(input, p))).trust_layer_anomalies)).toContain(
      'request_hash',
    );
  });

  it('a task rejected at close counts as an inexact verdict even when its verdict is the expected one (spec §5.7)', () => {
    const k = key.find((t) => t.taskId === 'conf-01')!;
    const task = tasks.find((t) => t.id === 'conf-01')!;
    const sub = submissionOf('conf-01', k.verdict, [
      { resource: task.own[0]!, field: '/existe', value: true },
      { resource: task.own[0]!, field: '', value: 1n },
    ]);
    const t = scoreTrack(inputWith([participant([['conf-01', sub]])])).participants[0]!.tasks[0]!;
    expect([t.status, t.verdictGiven, t.exact]).toEqual(['rejected_at_close', k.verdict, false]);
  });

  it('the best constant answer of season 1 compliance is non_conforme, 4/10', () => {
    expect(scoreTrack(inputWith([])).bestConstantAnswer).toEqual({ verdict: 'non_conforme', exact: 4, outOf: 10 });
  });

  it('the same inputs give byte-identical scores.json and reports, counts as ints, no float anywhere', () => {
    const input = inputWith([onlyTask('conf-01'), participant([], 'par_000000000000000000000002')]);
    const a = canonical(scoresDocument(input, scoreTrack(input)));
    const b = canonical(scoresDocument(input, scoreTrack(input)));
    expect(a).toBe(b);
    expect(a).not.toMatch(/\d\.\d/);
    const score = scoreTrack(input);
    const report = canonical(reportDocument(input, score.participants[0]!));
    expect(report).toContain('"participant_id":"par_000000000000000000000001"');
    const parsed = JSON.parse(a);
    expect(Object.keys(parsed)).toEqual([
      'best_constant_answer',
      'control_task_id',
      'inputs',
      'participants',
      'rules_version',
      'season',
      'track',
    ]);
    // proveit-scorer/5 (issue 39 item 6): no agent_name or declared_stack, the scorer needs neither for a score.
    expect(Object.keys(parsed.participants[0]).sort()).toEqual([
      'control_task',
      'did',
      'instrument_faults',
      'overclaim',
      'participant_id',
      'status',
      'success',
      'tasks_submitted',
      'trust_layer_faults',
    ]);
  });
});
