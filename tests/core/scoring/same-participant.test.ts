import { describe, expect, it } from 'vitest';
import type { ProofOutcome, ScoredParticipantResult, TrackScore } from '../../../main/core/scoring/model.ts';
import { sameParticipantFindings } from '../../../main/core/scoring/same-participant.ts';

/** A participant (enrolled DID `did:<id>`) whose one task cites proofs with these outcomes, a1, a2, … */
function participant(id: string, outcomes: ProofOutcome[]): ScoredParticipantResult {
  return {
    participant: { participantId: id, did: `did:${id}`, agentName: id, declaredStack: '', submissions: new Map() },
    tasks: [
      {
        taskId: 'conf-01',
        assertions: outcomes.map((o, i) => ({ assertionId: `a${i + 1}`, proofs: [o] })),
      },
    ],
  } as unknown as ScoredParticipantResult;
}
const otherDid = (proofId: string, enrolled: string, did: string): ProofOutcome => ({
  kind: 'fail',
  proofId,
  condition: 2,
  cause: 'identity_not_bound',
  code: 'IDENTITY_OTHER_DID',
  expected: enrolled,
  actual: did,
});
const score = (...participants: ScoredParticipantResult[]) => ({ participants }) as unknown as TrackScore;

describe('sameParticipantFindings (spec §9.1 at close, docs/scoring.md "One participant under two DIDs")', () => {
  it('a later enrollment opening a proof under the first one’s DID ties them: the first is ranked whichever side cites', () => {
    const findings = sameParticipantFindings(
      score(participant('p1', [{ kind: 'ok', proofId: 'x' }]), participant('p2', [otherDid('y', 'did:p2', 'did:p1')])),
    );
    expect(findings).toEqual([
      {
        code: 'SAME_PARTICIPANT_PROOF_DID',
        ranked: 'p1',
        notRanked: ['p2'],
        links: [{ citedBy: 'p2', taskId: 'conf-01', assertionId: 'a1', proofId: 'y', did: 'did:p1', didOf: 'p1' }],
      },
    ]);
  });

  it('ties are transitive, in enrollment order; a DID no participant enrolled, or another failure code, ties nothing', () => {
    const findings = sameParticipantFindings(
      score(
        participant('p1', []),
        participant('p2', [otherDid('a', 'did:p2', 'did:stranger')]),
        participant('p3', [otherDid('b', 'did:p3', 'did:p4')]),
        participant('p4', [
          otherDid('c', 'did:p4', 'did:p1'),
          { kind: 'fail', proofId: 'd', condition: 1, cause: 'invalid_proof', code: 'PROOF_ABSENT' },
        ]),
      ),
    );
    expect(findings.map((f) => [f.ranked, f.notRanked, f.links.map((l) => l.proofId)])).toEqual([
      ['p1', ['p3', 'p4'], ['b', 'c']],
    ]);
  });

  it('a close that scores only the pending participants again still compares their proofs with every enrolled DID', () => {
    const enrolled = ['p1', 'p2', 'p3'].map((id) => ({ participantId: id, did: `did:${id}` }));
    const findings = sameParticipantFindings(score(participant('p3', [otherDid('z', 'did:p3', 'did:p1')])), enrolled);
    expect(findings.map((f) => [f.ranked, f.notRanked])).toEqual([['p1', ['p3']]]);
  });
});
