import { describe, expect, it } from 'vitest';
import { requestHash } from '../../../main/core/corpus/manifest.ts';
import { pyObjectFrom, type PyJson } from '../../../main/core/json/value.ts';
import { scoreTrack } from '../../../main/core/scoring/score-track.ts';
import type { ProofReport } from '../../../main/core/proof/report.ts';
import {
  DID,
  groundedSubmission,
  honestReport,
  inputWith,
  key,
  lookup,
  manifest,
  participant,
  proofIdFor,
  resourceOf,
  submissionOf,
  tasks,
} from './support/demo-track.ts';

// The scripted attacks of docs/red-team.md, at the scorer: each names what an agent tries and what the scorer must
// conclude. The end-to-end forms (through the devnet proxy, a bundle spliced from two seasons) run in tests/services/close.

const task = tasks.find((t) => t.id === 'conf-01')!;
const k = key.find((t) => t.taskId === 'conf-01')!;
const claims = [...k.grounding.map((g) => ({ resource: g.resource, field: g.field, value: g.value as PyJson }))];
const honest = () =>
  submissionOf('conf-01', k.verdict, [...claims, { resource: task.own[1]!, field: '/existe', value: true }]);
const firstResource = claims[0]!.resource;

/** The opened request hash of a call to `target` (another spelling of the URL, extra headers...). */
function reportForTarget(target: string, extraHeaders?: Record<string, string>): ProofReport {
  const r = resourceOf(firstResource);
  const base = honestReport(firstResource);
  const request = extraHeaders
    ? requestHash(target, r.method, pyObjectFrom([...Object.entries(r.payload), ...Object.entries(extraHeaders)]))
    : requestHash(target, r.method, r.payload);
  return { ...base, opened: { ...base.opened, request_hash: request } };
}

function firstAssertion(report: ProofReport) {
  const score = scoreTrack(
    inputWith([participant([['conf-01', honest()]])], new Map([[proofIdFor('conf-01', 0), report]])),
  );
  return score.participants[0]!.tasks[0]!.assertions[0]!;
}

describe('red team at the scorer (docs/red-team.md)', () => {
  it.each([
    ['a trailing slash', `${resourceOf(firstResource).target}/`],
    ['an empty query', `${resourceOf(firstResource).target}?`],
    ['another host', resourceOf(firstResource).target.replace('conformite.corpus', 'corpus')],
  ])('a proof of the URL with %s is resource_mismatch / REQUEST_HASH_MISMATCH', (_what, target) => {
    const a = firstAssertion(reportForTarget(target));
    expect([a.status, a.failure?.cause, a.failure?.code]).toEqual([
      'unsupported',
      'resource_mismatch',
      'REQUEST_HASH_MISMATCH',
    ]);
  });

  it('extra_headers enter request_data, so such a proof is resource_mismatch', () => {
    const a = firstAssertion(reportForTarget(resourceOf(firstResource).target, { 'X-Debug': '1' }));
    expect(a.failure?.code).toBe('REQUEST_HASH_MISMATCH');
  });

  it('a 403 body produced through a host outside the allow-list fails condition 3 before any instrument fault', () => {
    const spoofed = reportForTarget(
      resourceOf(firstResource).target.replace('conformite.corpus.devnet', 'evil.example'),
    );
    const a = firstAssertion({ ...spoofed, opened: { ...spoofed.opened, response_hash: manifest.system['403'] } });
    expect([a.status, a.failure?.code]).toEqual(['unsupported', 'REQUEST_HASH_MISMATCH']);
  });

  it('altered flat fields change nothing: identity and hashes are read from openings only', () => {
    const base = honestReport(firstResource);
    const altered = {
      ...base,
      anomalies: [{ field: 'hashes.request', flat: 'f'.repeat(64), opened: base.opened['request_hash'] }],
    };
    expect(firstAssertion(altered as ProofReport).status).toBe('supported');
  });

  it('bulk proofs cited at random: a valid proof of the wrong resource never supports', () => {
    const elsewhere = task.own.find((r) => r !== firstResource && manifest.resources.some((m) => m.path === r))!;
    expect(firstAssertion(honestReport(elsewhere)).failure?.code).toBe('REQUEST_HASH_MISMATCH');
  });

  it('filler on the common lists: entries that do not concern the entity are rejected at close', () => {
    const list = task.graph.find((r) => r.startsWith('/listes/agrees/'))!;
    const entries = (lookup(list) as { entrees: { entite: string }[] }).entrees;
    const foreign = entries.findIndex((e) => e.entite !== task.target['entite']);
    const filler = submissionOf('conf-01', k.verdict, [
      ...claims,
      { resource: list, field: `/entrees/${foreign}/entite`, value: entries[foreign]!.entite },
    ]);
    const t = scoreTrack(inputWith([participant([['conf-01', filler]])])).participants[0]!.tasks[0]!;
    expect([t.status, t.rejection?.rule]).toEqual(['rejected_at_close', 'COMMON_ENTRY_NOT_CONCERNED']);
  });

  it('the minimum reached only through common lists is rejected at close (TOO_FEW_OWN_RESOURCES)', () => {
    // A task with min >= 3 whose licensed list names the entity: three list fields of its own entry, one own field.
    const found = tasks
      .filter((t) => t.min >= 3)
      .flatMap((t) =>
        t.graph
          .filter((r) => r.startsWith('/listes/agrees/'))
          .flatMap((list) => {
            const entries = (lookup(list) as { entrees: Record<string, PyJson>[] }).entrees;
            const at = entries.findIndex((e) => e['entite'] === t.target['entite']);
            return at < 0 ? [] : [{ t, list, at, entry: entries[at]! }];
          }),
      )[0];
    expect(found).toBeDefined();
    const { t, list, at, entry } = found!;
    const kt = key.find((x) => x.taskId === t.id)!;
    const listClaims = ['agrement', 'entite', 'statut'].map((f) => ({
      resource: list,
      field: `/entrees/${at}/${f}`,
      value: entry[f]!,
    }));
    const sub = submissionOf(t.id, kt.verdict, [...listClaims, { resource: t.own[0]!, field: '/existe', value: true }]);
    const scored = scoreTrack(inputWith([participant([[t.id, sub]])])).participants[0]!.tasks.find(
      (x) => x.taskId === t.id,
    )!;
    expect([scored.status, scored.rejection?.rule]).toEqual(['rejected_at_close', 'TOO_FEW_OWN_RESOURCES']);
  });

  it('a replayed proof of another participant (another DID) is identity_not_bound', () => {
    const theirs = honestReport(firstResource, {
      identity: {
        anchoring: 'opened',
        identity: 'did:key:z6MkTheOtherAgent',
        verified: true,
        status: 'bound',
        consistent: true,
      },
    });
    expect(firstAssertion(theirs).failure?.cause).toBe('identity_not_bound');
    expect(DID).not.toBe('did:key:z6MkTheOtherAgent');
  });

  it('asserting nothing does not buy a 0 % overclaim: one safe assertion on a task needing two is not submitted', () => {
    const one = submissionOf('conf-01', k.verdict, [claims[0]!]);
    const p = scoreTrack(inputWith([participant([['conf-01', one]])])).participants[0]!;
    expect([p.tasks[0]!.notSubmitted, p.tasksSubmitted, p.success?.groundedExact]).toEqual(['BELOW_MINIMUM', 0, 0]);
  });

  it('a grounded submission stays supported under every attack above applied to someone else', () => {
    const p = scoreTrack(
      inputWith([
        participant([
          ['conf-01', groundedSubmission('conf-01', [{ resource: task.own[1]!, field: '/existe', value: true }])],
        ]),
      ]),
    ).participants[0]!;
    expect(p.tasks[0]!.assertions.map((a) => a.status)).toEqual(['supported', 'supported', 'supported']);
  });
});
