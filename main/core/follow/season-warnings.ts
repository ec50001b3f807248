import {
  DEFAULT_GROUPING,
  FAULT_CAUSES,
  incidentCollector,
  TRUST_LAYER_FAULTS,
  type GroupingPolicy,
  type IncidentGroup,
  type IncidentLink,
} from '../incidents/group-incidents.ts';
import type { TrustLayerFaultCode } from '../scoring/model.ts';

/**
 * What the season's reads showed that staff can still act on (docs/incidents.md "During the
 * season"): found by the follower from the views, the disclosures and the manifest, never from the answer key.
 */
export type SeasonWarning =
  /** A cited proof whose opened response is a corpus 403/503/400 body, its request the frozen resource's (spec §4.1). */
  | { kind: 'instrument_fault'; status: '403' | '503' | '400'; anchorTimeMs: number | null; link: IncidentLink }
  /** A witness the Trust Layer failed to produce for a proof of this batch (docs/scoring.md "the four conditions"). */
  | {
      kind: 'trust_layer_fault';
      code: TrustLayerFaultCode;
      batchId: string | null;
      anchorTimeMs: number | null;
      link: IncidentLink;
    }
  /** A Trust Layer flat field that disagrees with the value opened against its commitment (spec §4.1). */
  | { kind: 'flat_field'; field: string; anchorTimeMs: number | null; participant: string; proof: string }
  /** A cited proof still pending `pendingTooLongMs` after it was first read pending: its batch has not anchored. */
  | { kind: 'pending_too_long'; link: IncidentLink }
  /** A Rekor entry the follower could not fetch, with the cited proofs of its batch. */
  | { kind: 'rekor_unfetched'; code: string; proofs: readonly string[] };

/**
 * The incidents these warnings open or add to, under the very group keys the close uses
 * (main/core/incidents/group-incidents.ts), so the close finds the season's incident open and adds only what is new.
 */
export function incidentGroupsOfSeason(
  warnings: readonly SeasonWarning[],
  policy: GroupingPolicy = DEFAULT_GROUPING,
): IncidentGroup[] {
  const { add, groups } = incidentCollector(policy);
  const minutes = Math.round(policy.pendingTooLongMs / 60_000);
  for (const w of warnings) {
    if (w.kind === 'instrument_fault') {
      add(
        'instrument_fault',
        w.status,
        w.anchorTimeMs,
        (n, window) =>
          `instrument fault seen during the season: ${n} assertion proof(s) answered with ${FAULT_CAUSES[w.status]}, window ${window}; counted against no one`,
        w.link,
      );
    } else if (w.kind === 'trust_layer_fault') {
      const batch = w.batchId ?? `proof ${w.link.proof}`;
      add(
        'proof_anchor_failed',
        w.code,
        w.anchorTimeMs,
        (n) =>
          `${TRUST_LAYER_FAULTS[w.code]} for batch ${batch}, seen during the season: ${n} assertion proof(s) set aside, counted against no one`,
        w.link,
        { label: batch },
      );
    } else if (w.kind === 'flat_field') {
      add(
        'flat_field_divergence',
        w.field,
        w.anchorTimeMs,
        (n, window) =>
          `Trust Layer flat field ${w.field} diverges from its opened value in ${n} proof citation(s), window ${window}, seen during the season`,
        { participant: w.participant, task: null, assertion: null, proof: w.proof },
      );
    } else if (w.kind === 'pending_too_long') {
      add(
        'proof_pending',
        'PENDING_TOO_LONG',
        null,
        (n) =>
          `${n} cited proof(s) still pending anchoring ${minutes} min or more after first read, seen during the season`,
        w.link,
        false,
      );
    } else {
      for (const proof of w.proofs)
        add(
          'proof_anchor_failed',
          w.code,
          null,
          (n) => `the Rekor entry of ${n} cited proof(s) could not be fetched during the season (${w.code})`,
          { participant: null, task: null, assertion: null, proof },
          false,
        );
    }
  }
  return groups();
}
