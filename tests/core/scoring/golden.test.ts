import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { documentBytes, reportDocument, scoresDocument } from '../../../main/core/scoring/documents.ts';
import { scoreTrack } from '../../../main/core/scoring/score-track.ts';
import type { ProofReport } from '../../../main/core/proof/report.ts';
import {
  groundedSubmission,
  honestReport,
  inputWith,
  key,
  manifest,
  participant,
  proofIdFor,
  tasks,
  witnessCheck,
} from './support/demo-track.ts';

// The golden digests pin the scorer's bytes on a fixed season: any change to a rule, an order or a key of the output
// shows here, and must come with a new scorer_version (docs/scoring.md) and new digests written on purpose.
const golden = JSON.parse(readFileSync(new URL('../../vectors/scoring/golden.json', import.meta.url), 'utf8')) as {
  scores_sha256: string;
  reports_sha256: Record<string, string>;
};

/** Three participants: grounded on four tasks with one proof of the wrong resource, one 503 instrument fault and one
 * proof whose RFC 3161 step failed (a Trust Layer fault); one on two tasks; one whose only task cites a pending proof. */
function fixedSeason() {
  const sub = (i: number) => {
    const t = tasks[i]!;
    return [t.id, groundedSubmission(t.id, [{ resource: t.own[1]!, field: '/existe', value: true }])] as [
      string,
      never,
    ];
  };
  const reports = new Map<string, ProofReport | 'absent'>([
    [proofIdFor('conf-02', 0), honestReport(tasks[2]!.own[0]!)],
    [
      proofIdFor('conf-03', 0),
      honestReport(key[2]!.grounding[0]!.resource, {}, { response_hash: manifest.system['503'] }),
    ],
    [proofIdFor('conf-05', 0), honestReport(key[4]!.grounding[0]!.resource, { verdict: 'PENDING', anchorTime: null })],
    [
      proofIdFor('conf-01', 0),
      honestReport(key[0]!.grounding[0]!.resource, {
        checks: [witnessCheck('tsa', 'SKIP', 'WITNESS_TOKEN_FAILED'), witnessCheck('rekor')],
        anchorTime: null,
      }),
    ],
  ]);
  return inputWith(
    [
      participant([0, 1, 2, 3].map(sub), 'par_000000000000000000000001'),
      participant([0, 1].map(sub), 'par_000000000000000000000002'),
      participant([4].map(sub), 'par_000000000000000000000003'),
    ],
    reports,
  );
}

describe('golden digests of the scorer output', () => {
  it('scores.json and every report of a fixed season have the pinned SHA-256', () => {
    const input = fixedSeason();
    const score = scoreTrack(input);
    // The fixed season covers what the digests must pin: an unsupported assertion, an instrument fault, a pending one.
    const statuses = score.participants.map((p) => p.tasks.flatMap((t) => t.assertions.map((a) => a.status)));
    expect(statuses[0]).toContain('unsupported');
    expect(statuses[0]).toContain('instrument_fault');
    expect(statuses[0]).toContain('trust_layer_fault');
    expect(score.participants.map((p) => p.status)).toEqual(['scored', 'scored', 'pending']);
    expect(sha256Hex(documentBytes(scoresDocument(input, score)))).toBe(golden.scores_sha256);
    const reports = Object.fromEntries(
      score.participants.map((p) => [p.participant.participantId, sha256Hex(documentBytes(reportDocument(input, p)))]),
    );
    expect(reports).toEqual(golden.reports_sha256);
  });
});
