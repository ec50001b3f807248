import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, sendError } from '../http/respond.ts';
import { secretsEqual } from '../secrets.ts';
import type { ServiceContext } from '../service-context.ts';

/** The operator's bearer token, compared in constant time; 401 without one, 403 with another. */
export function operatorAllowed(context: ServiceContext, request: IncomingMessage, response: ServerResponse): boolean {
  const token = bearerToken(request);
  if (token === null) {
    sendError(response, 401, {
      code: 'OPERATOR_TOKEN_MISSING',
      message: 'Send the operator token as Authorization: Bearer <token>.',
    });
    return false;
  }
  if (!secretsEqual(token, context.operatorTokenSha256)) {
    sendError(response, 403, {
      code: 'OPERATOR_TOKEN_REFUSED',
      message: 'This token is not the operator token of this season service.',
    });
    return false;
  }
  return true;
}
