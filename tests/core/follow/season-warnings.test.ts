import { describe, expect, it } from 'vitest';
import { incidentGroupsOfSeason, type SeasonWarning } from '../../../main/core/follow/season-warnings.ts';
import { incidentGroupsOfClose, type CloseFindings } from '../../../main/core/incidents/group-incidents.ts';
import type { ProofOutcome, ScoredParticipantResult, TrackScore } from '../../../main/core/scoring/model.ts';

const T0 = Date.parse('2026-10-12T14:20:00.000Z');
const BATCH = 'batch_20261012_140000_001';

/** The close's view of one participant whose task conf-01 cites `proofId` in assertion a1 with this outcome. */
function closeOf(
  outcome: ProofOutcome,
  more: Partial<CloseFindings> = {},
  anomalies: ScoredParticipantResult['anomalies'] = [],
) {
  const participant = {
    participant: { participantId: 'p1', did: 'did:key:p1', agentName: 'p1', declaredStack: '', submissions: new Map() },
    anomalies,
    status: 'scored',
    tasks: [{ taskId: 'conf-01', assertions: [{ assertionId: 'a1', taskId: 'conf-01', proofs: [outcome] }] }],
  } as unknown as ScoredParticipantResult;
  const score = { participants: [participant] } as unknown as TrackScore;
  return incidentGroupsOfClose({
    score,
    closedAtMs: T0 + 48 * 3_600_000,
    anchorTimeMs: () => T0,
    pendingSinceMs: () => T0,
    batchIdOf: () => BATCH,
    rekorFailures: [],
    ...more,
  });
}

const link = { participant: 'p1', task: 'conf-01', assertion: 'a1', proof: 'prf_a' };
const keys = (groups: { groupKey: string; links: unknown[] }[]) => groups.map((g) => [g.groupKey, g.links]);
const season = (w: SeasonWarning) => keys(incidentGroupsOfSeason([w]));

describe('the incidents the season follower opens are the ones the close finds open (same group keys and links)', () => {
  it('an instrument fault seen during the season has the close’s key: cause and UTC hour window of its anchor time', () => {
    expect(season({ kind: 'instrument_fault', status: '503', anchorTimeMs: T0, link })).toEqual(
      keys(closeOf({ kind: 'instrument_fault', proofId: 'prf_a', status: '503' })),
    );
    expect(season({ kind: 'instrument_fault', status: '503', anchorTimeMs: T0, link })[0]![0]).toBe(
      'instrument_fault/503/2026-10-12T14:00:00.000Z',
    );
  });

  it('a witness the Trust Layer failed to produce is keyed by its batch, as at the close', () => {
    expect(
      season({ kind: 'trust_layer_fault', code: 'TRUST_LAYER_TSA_FAILED', batchId: BATCH, anchorTimeMs: T0, link }),
    ).toEqual(keys(closeOf({ kind: 'trust_layer_fault', proofId: 'prf_a', code: 'TRUST_LAYER_TSA_FAILED' })));
  });

  it('a flat-field divergence is keyed by field and window, linked to participant and proof', () => {
    expect(
      season({ kind: 'flat_field', field: 'hashes.request', anchorTimeMs: T0, participant: 'p1', proof: 'prf_a' }),
    ).toEqual(
      keys(
        closeOf({ kind: 'ok', proofId: 'prf_a' }, {}, [
          { proofId: 'prf_a', field: 'hashes.request', flat: 'f'.repeat(64), opened: 'a'.repeat(64) },
        ]),
      ),
    );
  });

  it('a proof pending too long and a Rekor entry not fetched have the close’s keys', () => {
    expect(season({ kind: 'pending_too_long', link })).toEqual(
      keys(closeOf({ kind: 'pending', proofId: 'prf_a', reason: 'BATCH_PENDING' })),
    );
    expect(season({ kind: 'rekor_unfetched', code: 'REKOR_SERVER_ERROR', proofs: ['prf_a'] })).toEqual(
      keys(
        closeOf(
          { kind: 'ok', proofId: 'prf_a' },
          {
            rekorFailures: [{ uuid: 'u1', code: 'REKOR_SERVER_ERROR', proofIds: ['prf_a'] }],
          },
        ),
      ),
    );
  });

  it('the season’s summaries say the fault was seen during the season and counted against no one', () => {
    const [group] = incidentGroupsOfSeason([{ kind: 'instrument_fault', status: '403', anchorTimeMs: T0, link }]);
    expect(group!.summary).toMatch(/seen during the season.*counted against no one/);
  });
});
