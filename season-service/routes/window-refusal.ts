import type { ServerResponse } from 'node:http';
import { sendError } from '../http/respond.ts';

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
