import type { PyJson } from '../../core/json/value.ts';
import { isProofId } from '../../core/proofs-plan/proof-id.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { assertionsOf, disclosureOf } from '../../core/scoring/submitted-assertions.ts';
import { SAFE_PROOF_ID } from '../close/bundle-layout.ts';
import { trackSubmissions, type ExportCode } from '../close/export-lines.ts';
import type { FollowedTrack } from './followed-tracks.ts';

/** One proof one assertion cites, with what the early warnings compare it with. */
export interface Citation {
  participant: string;
  enrolledDid: string;
  task: string;
  assertion: string;
  resource: string;
  field: string;
  value: PyJson;
  proofId: string;
  disclosure: PyJson;
}

/** One track of the export as the follower sees it: counts for the live screen, citations for the reads. */
export interface TrackCitations {
  followed: FollowedTrack;
  enrolled: number;
  submitting: number;
  /** Task id → submissions in force, in the order first seen. */
  submissionsPerTask: Map<string, number>;
  citations: Citation[];
  /** Distinct proof ids cited on this track, first citation first. */
  proofIds: string[];
}

/**
 * Reads the season service's export (already opened: its signature checked) into each followed track's citations,
 * with the close's own reader (main/services/close/export-lines.ts), so the follower reads what the close will score.
 * A cited id that is not a proof id is refused (CLOSE_SUBMISSIONS_INVALID) as the close refuses it.
 */
export function seasonCitations(
  body: Uint8Array,
  season: number,
  tracks: readonly FollowedTrack[],
): Result<TrackCitations[], ExportCode> {
  const out: TrackCitations[] = [];
  for (const followed of tracks) {
    const read = trackSubmissions(body, season, followed.track, {
      opensAt: followed.opensAt,
      closesAt: followed.closesAt,
    });
    if (!read.ok) return read;
    const submissionsPerTask = new Map<string, number>();
    const citations: Citation[] = [];
    const proofIds = new Set<string>();
    let submitting = 0;
    for (const p of read.value.participants) {
      if (p.submissions.size > 0) submitting++;
      for (const [task, document] of p.submissions) {
        submissionsPerTask.set(task, (submissionsPerTask.get(task) ?? 0) + 1);
        for (const a of assertionsOf(document)) {
          for (const proofId of a.proofIds) {
            if (!isProofId(proofId) || !SAFE_PROOF_ID.test(proofId))
              return fail(
                'CLOSE_SUBMISSIONS_INVALID',
                `participant ${p.participantId}'s submission for ${task} cites ${JSON.stringify(proofId)}, which is not a proof id`,
                { participant_id: p.participantId, task_id: task, proof_id: proofId },
              );
            proofIds.add(proofId);
            citations.push({
              participant: p.participantId,
              enrolledDid: p.did,
              task,
              assertion: a.id,
              resource: a.resource,
              field: a.field,
              value: a.value,
              proofId,
              disclosure: disclosureOf(document, proofId),
            });
          }
        }
      }
    }
    out.push({
      followed,
      enrolled: read.value.participants.length,
      submitting,
      submissionsPerTask,
      citations,
      proofIds: [...proofIds],
    });
  }
  return ok(out);
}
