import type { IncomingMessage, ServerResponse } from 'node:http';
import { participantByTokenHash, type ParticipantRow } from '../../main/db/season-service/participants.ts';
import { bearerToken, sendError } from '../http/respond.ts';
import { secretSha256, secretsEqual } from '../secrets.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * The participant whose season token the request carries (Authorization: Bearer <token>, compared in constant time),
 * or null once a 401 SEASON_TOKEN_REFUSED is answered: the submission, the report and the consent routes authenticate
 * participants alike, and a token only ever stands for its own participant.
 */
export function participantAllowed(
  context: ServiceContext,
  request: IncomingMessage,
  response: ServerResponse,
): ParticipantRow | null {
  const token = bearerToken(request);
  const participant = token === null ? null : participantByTokenHash(context.db, secretSha256(token));
  if (token === null || participant === null || !secretsEqual(token, participant.tokenSha256)) {
    sendError(response, 401, {
      code: 'SEASON_TOKEN_REFUSED',
      message: 'Send the season token you received at enrollment as Authorization: Bearer <token>.',
    });
    return null;
  }
  return participant;
}
