import type { IncomingMessage, ServerResponse } from 'node:http';
import { reissueSeasonToken } from '../../main/db/season-service/participants.ts';
import { readBody, sendError, sendJson } from '../http/respond.ts';
import { takeEnrollmentAttempt } from '../limits/enrollment-budget.ts';
import { refuseOverBudget } from './over-budget.ts';
import { newToken, secretSha256 } from '../secrets.ts';
import type { ServiceContext } from '../service-context.ts';
import { API_KEY } from './enroll-route.ts';

/**
 * POST /v1/season/{n}/token (docs/season-service.md "A season token lost"): a participant whose enrollment answer
 * never arrived (a timeout, a dropped connection) was enrolled all the same, and a second enrollment is refused 409
 * (spec §9.1: one participant per key). Its season token exists only as a hash here, so it cannot be sent again:
 * this route gives the key's participant a new one, and the earlier token stops working. The key is the proof: it
 * is asked of the Trust Layer as at enrollment (a key it refuses gets nothing), and each call takes from the same
 * budgets as an enrollment attempt. Any state of the season: a participant reads its reports with its token after
 * the close too.
 */
export async function tokenRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  const now = context.now();
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey !== 'string' || !API_KEY.test(apiKey)) {
    return sendError(response, 401, {
      code: 'TOKEN_API_KEY_MISSING',
      message: 'Send the Trust Layer API key you enrolled with in the X-Api-Key header.',
    });
  }
  // Nothing is read from the body; it is bounded as every small body is.
  await readBody(request, context.limits.smallBodyBytes);
  const apiKeySha256 = secretSha256(apiKey);
  const allowed = takeEnrollmentAttempt(context, request, apiKeySha256, now.getTime());
  if (!allowed.ok) {
    return refuseOverBudget(
      response,
      allowed,
      'TOKEN_RATE_LIMITED',
      (whose, seconds) =>
        `Too many enrollment and token requests ${whose}; retry in ${seconds} s. Your token is unchanged.`,
    );
  }
  const identity = await context.identity(apiKey);
  if (identity.kind === 'unreachable') {
    return sendError(response, 503, {
      code: 'TOKEN_TRUST_LAYER_UNAVAILABLE',
      message: 'The Trust Layer could not be asked about this API key; your token is unchanged. Retry later.',
    });
  }
  if (identity.kind === 'key_refused') {
    return sendError(response, 401, {
      code: 'TOKEN_API_KEY_REFUSED',
      message: 'The Trust Layer does not know this API key; send the key you enrolled with.',
    });
  }
  const seasonToken = newToken('sst_', context.random);
  const season = context.material.season;
  const participant = await context.writes.run(() =>
    reissueSeasonToken(context.db, {
      season,
      apiKeySha256,
      tokenSha256: secretSha256(seasonToken),
      issuedAt: now.toISOString(),
    }),
  );
  if (participant === null) {
    return sendError(response, 404, {
      code: 'TOKEN_NOT_ENROLLED',
      message: `This API key has not enrolled in season ${season}: enroll with POST /v1/season/${season}/enroll while the season is open.`,
    });
  }
  sendJson(response, 200, {
    participant_id: participant.participantId,
    did: participant.did,
    season_token: seasonToken,
  });
}
