import type { InvalidationReceived } from '../main/db/season-service/invalidations-received.ts';
import { trackWindows, type ServiceContext } from './service-context.ts';
import type { TrackState } from './season-windows.ts';

/**
 * A track's state as participants read it (docs/season-service.md "For participants"): not frozen yet; frozen but
 * not open (its times may still be missing, or its opening is ahead); open; closed; invalidated by the operator.
 */
export type PublicTrackState = 'not_frozen' | 'frozen' | 'open' | 'closed' | 'invalidated';

/**
 * An invalidated track's invalidation (docs/season-service.md "Invalidation"): the operator's reason, its time, the
 * document as received (its proof's request hash anchors it: the operator publishes the proof id) and the name of the
 * freeze it ended.
 */
export interface PublicInvalidation {
  reason: string;
  invalidated_at: string;
  document_sha256: string;
  freeze_sha256: string;
  document: string;
}

export interface PublicTrack {
  state: PublicTrackState;
  opens_at: string | null;
  closes_at: string | null;
  /** The last instant a corpus read can still count: the close minus the Trust Layer's batch age. */
  last_safe_call_at: string | null;
  /** Only on an invalidated track. */
  invalidation?: PublicInvalidation;
}

export function publicInvalidation(invalidation: InvalidationReceived): PublicInvalidation {
  return {
    reason: invalidation.reason,
    invalidated_at: invalidation.invalidatedAt,
    document_sha256: invalidation.documentSha256,
    freeze_sha256: invalidation.freezeSha256,
    document: invalidation.document,
  };
}

const PUBLIC_STATE: Record<TrackState, PublicTrackState> = {
  not_frozen: 'not_frozen',
  no_times: 'frozen',
  not_open: 'frozen',
  open: 'open',
  closed: 'closed',
  invalidated: 'invalidated',
};

const iso = (text: string) => new Date(Date.parse(text)).toISOString();

/**
 * The `tracks` block of GET /v1/season/{n}, enrollment and tasks: each track's state at `now` and the window of its
 * freeze in force. A proof counts only if its batch's RFC 3161 time is at or before the close (spec §4.1), and a batch
 * closes up to the Trust Layer's batch age after the read it holds: a read after `last_safe_call_at` may land in a
 * batch anchored after the close.
 */
export function publicTracks(context: ServiceContext, now: Date): Record<string, PublicTrack> {
  const tracks: Record<string, PublicTrack> = {};
  for (const [track, { freeze, state, invalidation }] of trackWindows(context, now)) {
    const opensAt = freeze?.opensAt ?? null;
    const closesAt = freeze?.closesAt ?? null;
    tracks[track] = {
      state: PUBLIC_STATE[state],
      opens_at: opensAt === null ? null : iso(opensAt),
      closes_at: closesAt === null ? null : iso(closesAt),
      last_safe_call_at:
        closesAt === null
          ? null
          : new Date(Date.parse(closesAt) - context.limits.trustLayerBatchAgeSeconds * 1000).toISOString(),
      ...(invalidation ? { invalidation: publicInvalidation(invalidation) } : {}),
    };
  }
  return tracks;
}
