import type { ServerResponse } from 'node:http';
import type { InvalidationReceived } from '../../main/db/season-service/invalidations-received.ts';
import { sendError, type ServiceError } from '../http/respond.ts';

/**
 * 409 before the opening or after the close (docs/season-service.md "When a track is open"), with what the participant
 * can do about it.
 */
export function refuseOutsideWindow(response: ServerResponse, state: 'not_open' | 'closed', what: string): void {
  if (state === 'closed') {
    sendError(response, 409, {
      code: 'SEASON_CLOSED',
      message: `The season is closed: ${what} is no longer accepted. Scores are published after the close (spec §7.4).`,
    });
  } else {
    sendError(response, 409, {
      code: 'SEASON_NOT_OPEN',
      message: `The season is not open yet: ${what} is accepted from its opening. GET /v1/season/{n}/tasks answers once it is open.`,
    });
  }
}

/**
 * 409 SEASON_TRACK_INVALIDATED (docs/season-service.md "Invalidation"): the operator invalidated the track's season
 * (spec §8); the answer names the reason and the invalidation document, whose proof the operator publishes.
 */
export function refuseInvalidated(response: ServerResponse, track: string, invalidation: InvalidationReceived): void {
  const refusal: ServiceError & { reason: string; invalidated_at: string; invalidation_sha256: string } = {
    code: 'SEASON_TRACK_INVALIDATED',
    message: `Track ${track}'s season was invalidated at ${invalidation.invalidatedAt} (reason: ${invalidation.reason}): nothing is accepted, scored or ranked for it, and it starts over as a new season. The invalidation document is ${invalidation.documentSha256}, shown in GET /v1/season/{n}.`,
    reason: invalidation.reason,
    invalidated_at: invalidation.invalidatedAt,
    invalidation_sha256: invalidation.documentSha256,
  };
  sendError(response, 409, refusal);
}
