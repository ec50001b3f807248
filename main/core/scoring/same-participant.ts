import type { TrackScore } from './model.ts';

/**
 * One proof that ties two enrolled participants: `citedBy`'s submission opens (owner nonces of request_hash and
 * response_hash) a proof that passed spec §4.1 condition 1 and whose opened, verified, bound identity is `did`, the
 * enrolled DID of `didOf`.
 */
export interface SameParticipantLink {
  citedBy: string;
  taskId: string;
  assertionId: string;
  proofId: string;
  did: string;
  didOf: string;
}

/** Participants the close found to be one (spec §9.1): the first enrollment is ranked, the later ones are not. */
export interface SameParticipantFinding {
  code: 'SAME_PARTICIPANT_PROOF_DID';
  /** The group's first enrollment (first in the export, which lists participants in enrollment order). */
  ranked: string;
  /** The group's later enrollments, in enrollment order. */
  notRanked: string[];
  /** Every proof that ties two of them, in enrollment order of the citing participant, then task and assertion. */
  links: SameParticipantLink[];
}

/**
 * Spec §9.1: "DIDs bound to the same key, at enrollment time or in the key's binding history (verified_did_history),
 * form a single participant: only the first enrollment is ranked." The season service matches the key's history at
 * enrollment (docs/season-service.md "Enrollment"); a DID the key binds later is out of its sight, since the Trust
 * Layer answers a key's history to its holder only. What the close sees of a later binding is what the proofs show:
 * a public view omits the buyer fingerprint (trust-layer-reference §3.2) and its commitment is salted per proof, so
 * two proofs of one key cannot be matched by key; but the identity of a spec 3.1 proof is opened publicly
 * (`disclosed`), and the request and response openings a submission gives come from the owner's full view, which only
 * the key that made the proof reads. A submission that opens a valid proof issued under another enrolled participant's
 * DID (the scorer's IDENTITY_OTHER_DID with that DID) therefore ties the two: either its key was bound to that DID
 * when the proof was made (the key's later binding, §9.1), or the other participant handed over its proof's owner
 * data; the close cannot tell which, and takes them as one participant either way (docs/scoring.md "One participant
 * under two DIDs"). Links are transitive. `enrolled` is every participant of the export, in its (enrollment) order: a
 * close that scores only some participants again (the pending ones) still compares their proofs with every enrolled
 * DID. Defaults to the score's participants, in the score's order (the export's).
 */
export function sameParticipantFindings(
  score: TrackScore,
  enrolled: readonly { participantId: string; did: string }[] = score.participants.map((p) => p.participant),
): SameParticipantFinding[] {
  const order = enrolled.map((p) => p.participantId);
  const byDid = new Map<string, string>();
  for (const p of enrolled) if (!byDid.has(p.did)) byDid.set(p.did, p.participantId);
  const parent = new Map(order.map((id) => [id, id]));
  const root = (id: string): string => {
    let r = id;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  const rank = new Map(order.map((id, i) => [id, i]));
  const links: SameParticipantLink[] = [];
  for (const p of score.participants) {
    const citedBy = p.participant.participantId;
    for (const task of p.tasks)
      for (const assertion of task.assertions)
        for (const outcome of assertion.proofs) {
          if (outcome.kind !== 'fail' || outcome.code !== 'IDENTITY_OTHER_DID' || typeof outcome.actual !== 'string')
            continue;
          const didOf = byDid.get(outcome.actual);
          if (didOf === undefined || didOf === citedBy) continue;
          links.push({
            citedBy,
            taskId: task.taskId,
            assertionId: assertion.assertionId,
            proofId: outcome.proofId,
            did: outcome.actual,
            didOf,
          });
          const [a, b] = [root(citedBy), root(didOf)];
          // The earlier enrollment stays the group's root, so it is the one ranked.
          if (a !== b) {
            if (rank.get(a)! < rank.get(b)!) parent.set(b, a);
            else parent.set(a, b);
          }
        }
  }
  const groups = new Map<string, string[]>();
  for (const id of order) {
    const r = root(id);
    if (r !== id) groups.set(r, [...(groups.get(r) ?? []), id]);
  }
  return order
    .filter((id) => groups.has(id))
    .map((ranked) => ({
      code: 'SAME_PARTICIPANT_PROOF_DID' as const,
      ranked,
      notRanked: groups.get(ranked)!,
      links: links.filter((l) => root(l.citedBy) === ranked),
    }));
}
