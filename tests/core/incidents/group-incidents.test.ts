import { describe, expect, it } from 'vitest';
import { incidentGroupsOfClose, type CloseFindings } from '../../../main/core/incidents/group-incidents.ts';
import type { ProofOutcome, ScoredParticipantResult, TrackScore } from '../../../main/core/scoring/model.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-10-12T14:00:00.000Z');

/** A participant with one task whose assertions cite one proof each, with the outcomes given. */
function participant(
  id: string,
  outcomes: ProofOutcome[],
  anomalies: ScoredParticipantResult['anomalies'] = [],
): ScoredParticipantResult {
  return {
    participant: { participantId: id, did: `did:key:${id}`, agentName: id, declaredStack: '', submissions: new Map() },
    anomalies,
    status: 'scored',
    tasks: [
      {
        taskId: 'conf-01',
        assertions: outcomes.map((o, i) => ({
          assertionId: `a${i + 1}`,
          taskId: 'conf-01',
          resource: '/x',
          field: '/y',
          value: null,
          status: o.kind === 'instrument_fault' ? 'instrument_fault' : 'supported',
          proofs: [o],
        })),
      } as unknown as ScoredParticipantResult['tasks'][number],
    ],
    overclaim: null,
    success: null,
    tasksSubmitted: 1,
    instrumentFaults: outcomes.filter((o) => o.kind === 'instrument_fault').length,
    trustLayerFaults: outcomes.filter((o) => o.kind === 'trust_layer_fault').length,
    controlTask: null,
  };
}

function findings(
  participants: ScoredParticipantResult[],
  times: Record<string, number>,
  more: Partial<CloseFindings> = {},
): CloseFindings {
  const score: TrackScore = {
    bestConstantAnswer: { verdict: 'conforme', exact: 0, outOf: 0 },
    controlTaskId: null,
    participants,
  };
  return {
    score,
    closedAtMs: T0 + 48 * HOUR,
    anchorTimeMs: (id) => times[id] ?? null,
    pendingSinceMs: () => null,
    batchIdOf: (id) => (id.startsWith('prf_t') ? 'batch_20261012_140000_001' : null),
    rekorFailures: [],
    ...more,
  };
}

const fault = (proofId: string, status: '403' | '503' | '400'): ProofOutcome => ({
  kind: 'instrument_fault',
  proofId,
  status,
});

describe('incidents a close opens', () => {
  it('instrument faults are grouped by cause and by UTC hour window, with every affected assertion linked', () => {
    const groups = incidentGroupsOfClose(
      findings(
        [
          participant('p1', [fault('prf_a', '503'), fault('prf_b', '503'), fault('prf_c', '403')]),
          participant('p2', [fault('prf_d', '503'), { kind: 'ok', proofId: 'prf_e' }]),
        ],
        { prf_a: T0 + 60_000, prf_b: T0 + 50 * 60_000, prf_c: T0 + 120_000, prf_d: T0 + HOUR + 1 },
      ),
    );
    expect(groups.map((g) => [g.groupKey, g.links.map((l) => l.proof)])).toEqual([
      ['instrument_fault/403/2026-10-12T14:00:00.000Z', ['prf_c']],
      ['instrument_fault/503/2026-10-12T14:00:00.000Z', ['prf_a', 'prf_b']],
      ['instrument_fault/503/2026-10-12T15:00:00.000Z', ['prf_d']],
    ]);
    expect(groups[1]).toMatchObject({ windowStartMs: T0 + 60_000, windowEndMs: T0 + 50 * 60_000, cause: '503' });
    expect(groups[1]!.links[0]).toEqual({ participant: 'p1', task: 'conf-01', assertion: 'a1', proof: 'prf_a' });
    expect(groups[1]!.summary).toMatch(/corpus unavailable.*counted against no one/);
  });

  it('the same findings give the same groups and keys (a later close finds them again)', () => {
    const f = findings([participant('p1', [fault('prf_a', '400')])], { prf_a: T0 });
    expect(incidentGroupsOfClose(f)).toEqual(incidentGroupsOfClose(f));
  });

  it('a flat-field divergence opens a Trust Layer incident by field, linked to the proof and the participant', () => {
    const groups = incidentGroupsOfClose(
      findings(
        [
          participant(
            'p1',
            [{ kind: 'ok', proofId: 'prf_a' }],
            [
              { proofId: 'prf_a', field: 'hashes.request', flat: 'f'.repeat(64), opened: 'a'.repeat(64) },
              { proofId: 'prf_a', field: 'hashes.response', flat: 'f'.repeat(64), opened: 'b'.repeat(64) },
            ],
          ),
        ],
        { prf_a: T0 },
      ),
    );
    expect(groups.map((g) => [g.kind, g.cause, g.links])).toEqual([
      ['flat_field_divergence', 'hashes.request', [{ participant: 'p1', task: null, assertion: null, proof: 'prf_a' }]],
      [
        'flat_field_divergence',
        'hashes.response',
        [{ participant: 'p1', task: null, assertion: null, proof: 'prf_a' }],
      ],
    ]);
  });

  it('a pending proof opens an incident only once it has been pending longer than the threshold', () => {
    const pending = participant('p1', [{ kind: 'pending', proofId: 'prf_p', reason: 'BATCH_PENDING' }]);
    const closedAtMs = T0 + 48 * HOUR;
    const recent = findings([pending], {}, { pendingSinceMs: () => closedAtMs - HOUR + 1 });
    expect(incidentGroupsOfClose(recent)).toEqual([]);
    const old = findings([pending], {}, { pendingSinceMs: () => closedAtMs - HOUR });
    expect(incidentGroupsOfClose(old).map((g) => [g.kind, g.cause])).toEqual([['proof_pending', 'PENDING_TOO_LONG']]);
  });

  it('a Rekor entry the close could not fetch opens a proof_anchor_failed incident per code', () => {
    const groups = incidentGroupsOfClose(
      findings([], {}, { rekorFailures: [{ uuid: 'u1', code: 'REKOR_SERVER_ERROR', proofIds: ['prf_a', 'prf_b'] }] }),
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ kind: 'proof_anchor_failed', cause: 'REKOR_SERVER_ERROR' });
    expect(groups[0]!.links.map((l) => l.proof)).toEqual(['prf_a', 'prf_b']);
  });

  it('proofs of a batch whose RFC 3161 step failed open one proof_anchor_failed incident naming the batch', () => {
    const faults = [
      { kind: 'trust_layer_fault', proofId: 'prf_t1', code: 'TRUST_LAYER_TSA_FAILED' },
      { kind: 'trust_layer_fault', proofId: 'prf_t2', code: 'TRUST_LAYER_TSA_FAILED' },
    ] as const;
    const groups = incidentGroupsOfClose(findings([participant('p1', [...faults])], {}));
    expect(groups.map((g) => [g.kind, g.cause, g.groupKey])).toEqual([
      [
        'proof_anchor_failed',
        'TRUST_LAYER_TSA_FAILED',
        'proof_anchor_failed/TRUST_LAYER_TSA_FAILED/batch_20261012_140000_001',
      ],
    ]);
    expect(groups[0]!.summary).toContain('batch batch_20261012_140000_001: 2 assertion proof(s) set aside');
    expect(groups[0]!.links.map((l) => [l.participant, l.assertion, l.proof])).toEqual([
      ['p1', 'a1', 'prf_t1'],
      ['p1', 'a2', 'prf_t2'],
    ]);
  });

  it('a close with nothing to report opens nothing', () => {
    expect(incidentGroupsOfClose(findings([participant('p1', [{ kind: 'ok', proofId: 'prf_a' }])], {}))).toEqual([]);
  });
});
