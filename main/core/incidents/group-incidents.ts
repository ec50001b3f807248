import type { TrackScore } from '../scoring/model.ts';

/** What an incident is about (docs/incidents.md). The strings are stored: never rename one. */
export const INCIDENT_KINDS = [
  'instrument_fault',
  'flat_field_divergence',
  'proof_pending',
  'proof_anchor_failed',
  'corpus_outage',
  'other',
] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

/** One participant, task, assertion or proof an incident affects (at least one field set). */
export interface IncidentLink {
  participant: string | null;
  task: string | null;
  assertion: string | null;
  proof: string | null;
}

/** An incident a close would open: one per kind, cause and time window (its group_key). */
export interface IncidentGroup {
  kind: IncidentKind;
  cause: string;
  /** Stable across closes of the same season and track: a later close finds the incident already open. */
  groupKey: string;
  windowStartMs: number | null;
  windowEndMs: number | null;
  summary: string;
  links: IncidentLink[];
}

export interface GroupingPolicy {
  /** Faults are grouped into fixed UTC windows of this length (by the proof's anchor time). */
  windowMs: number;
  /** A cited proof still pending this long after it was first read pending opens a proof_pending incident. */
  pendingTooLongMs: number;
}

/** One hour windows; a proof pending for an hour or more at close. */
export const DEFAULT_GROUPING: GroupingPolicy = { windowMs: 3_600_000, pendingTooLongMs: 3_600_000 };

/** What a close saw besides the score: the times the score does not carry, and the Rekor entries it could not get. */
export interface CloseFindings {
  score: TrackScore;
  closedAtMs: number;
  /** The anchor time (RFC 3161 genTime, in ms) of a cited proof, when it has one. */
  anchorTimeMs: (proofId: string) => number | null;
  /** When a pending proof was first read pending (ms), when known. */
  pendingSinceMs: (proofId: string) => number | null;
  /** Rekor entries the close could not fetch, with the cited proofs of that batch. */
  rekorFailures: readonly { uuid: string; code: string; proofIds: readonly string[] }[];
  /** The batch a cited proof was anchored in (its view's batch_anchor.batch_id), when it names one. */
  batchIdOf: (proofId: string) => string | null;
}

export const FAULT_CAUSES: Record<string, string> = {
  '403': "the corpus's 403 body (the proxy did not forward the challenge secret)",
  '503': "the frontend's 503 body (corpus unavailable)",
  '400': "the frontend's 400 body",
};

export const TRUST_LAYER_FAULTS: Record<string, string> = {
  TRUST_LAYER_TSA_FAILED: 'the Trust Layer produced no RFC 3161 token',
  TRUST_LAYER_REKOR_FAILED: 'the Trust Layer produced no Rekor entry',
  TRUST_LAYER_REKOR_UNFETCHABLE: 'the Rekor entry stayed unfetchable past its limit',
};

interface Pending {
  kind: IncidentKind;
  cause: string;
  window: string;
  startMs: number | null;
  endMs: number | null;
  summary: (count: number, window: string) => string;
  links: Map<string, IncidentLink>;
}

const linkKey = (l: IncidentLink) => JSON.stringify([l.participant, l.task, l.assertion, l.proof]);

/**
 * How an incident's items are gathered under one group key: kind, cause, and a window label that is the fixed UTC
 * window of `atMs` (`true`), the literal 'close' (`false`: one group whatever the time), or a label of the caller's
 * (a batch). The close and the season's follower add to one collector each with the same keys, so an incident the
 * reads opened during the season is the one the close finds open (docs/incidents.md "During the season").
 */
export function incidentCollector(policy: GroupingPolicy) {
  const groups = new Map<string, Pending>();
  const windowOf = (ms: number | null): { label: string; start: number | null } => {
    if (ms === null) return { label: 'no-time', start: null };
    const start = Math.floor(ms / policy.windowMs) * policy.windowMs;
    return { label: new Date(start).toISOString(), start };
  };
  const add = (
    kind: IncidentKind,
    cause: string,
    atMs: number | null,
    summary: Pending['summary'],
    link: IncidentLink,
    windowed: boolean | { label: string } = true,
  ) => {
    const w = windowed === true ? windowOf(atMs) : windowed === false ? { label: 'close', start: null } : windowed;
    const key = `${kind}/${cause}/${w.label}`;
    let group = groups.get(key);
    if (!group) {
      group = { kind, cause, window: w.label, startMs: null, endMs: null, summary, links: new Map() };
      groups.set(key, group);
    }
    if (atMs !== null) {
      group.startMs = group.startMs === null ? atMs : Math.min(group.startMs, atMs);
      group.endMs = group.endMs === null ? atMs : Math.max(group.endMs, atMs);
    }
    group.links.set(linkKey(link), link);
  };
  const collected = (): IncidentGroup[] =>
    [...groups.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([groupKey, g]) => {
        const links = [...g.links.values()];
        return {
          kind: g.kind,
          cause: g.cause,
          groupKey,
          windowStartMs: g.startMs,
          windowEndMs: g.endMs,
          summary: g.summary(links.length, g.window),
          links,
        };
      });
  return { add, groups: collected };
}

/**
 * The incidents a close opens (spec §4.1; docs/incidents.md), pure: instrument faults by cause (403/503/400) and
 * fixed UTC window of their proofs' anchor time; flat-field divergences (Trust Layer anomalies) by field and window;
 * cited proofs still pending `pendingTooLongMs` after they were first read pending; Rekor entries not fetched, by
 * code. Output order is stable: kind, cause, window.
 */
export function incidentGroupsOfClose(
  findings: CloseFindings,
  policy: GroupingPolicy = DEFAULT_GROUPING,
): IncidentGroup[] {
  const { add, groups } = incidentCollector(policy);
  for (const p of findings.score.participants) {
    const participant = p.participant.participantId;
    for (const task of p.tasks) {
      for (const a of task.assertions) {
        for (const outcome of a.proofs) {
          const link = { participant, task: task.taskId, assertion: a.assertionId, proof: outcome.proofId };
          if (outcome.kind === 'instrument_fault') {
            add(
              'instrument_fault',
              outcome.status,
              findings.anchorTimeMs(outcome.proofId),
              (n, w) =>
                `instrument fault: ${n} assertion proof(s) answered with ${FAULT_CAUSES[outcome.status] ?? outcome.status}, window ${w}; counted against no one`,
              link,
            );
          } else if (outcome.kind === 'trust_layer_fault') {
            // docs/incidents.md "Opened by a close": a witness the Trust Layer failed to produce; one incident per
            // batch and witness.
            const batch = findings.batchIdOf(outcome.proofId) ?? `proof ${outcome.proofId}`;
            add(
              'proof_anchor_failed',
              outcome.code,
              findings.anchorTimeMs(outcome.proofId),
              (n) =>
                `${TRUST_LAYER_FAULTS[outcome.code]} for batch ${batch}: ${n} assertion proof(s) set aside, counted against no one`,
              link,
              { label: batch },
            );
          } else if (outcome.kind === 'pending') {
            const since = findings.pendingSinceMs(outcome.proofId);
            if (since !== null && findings.closedAtMs - since >= policy.pendingTooLongMs)
              add(
                'proof_pending',
                'PENDING_TOO_LONG',
                null,
                (n) =>
                  `${n} cited proof(s) still pending anchoring at close, ${Math.round(policy.pendingTooLongMs / 60_000)} min or more after first read`,
                link,
                false,
              );
          }
        }
      }
    }
    for (const anomaly of p.anomalies) {
      add(
        'flat_field_divergence',
        anomaly.field,
        findings.anchorTimeMs(anomaly.proofId),
        (n, w) =>
          `Trust Layer flat field ${anomaly.field} diverges from its opened value in ${n} proof citation(s), window ${w}`,
        { participant, task: null, assertion: null, proof: anomaly.proofId },
      );
    }
  }
  for (const failure of findings.rekorFailures) {
    for (const proof of failure.proofIds)
      add(
        'proof_anchor_failed',
        failure.code,
        null,
        (n) => `the Rekor entry of ${n} cited proof(s) could not be fetched at close (${failure.code})`,
        { participant: null, task: null, assertion: null, proof },
        false,
      );
  }

  return groups();
}
