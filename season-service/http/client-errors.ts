import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { answerParserRefusals, type ParserRefusalKind } from '../../main/services/http/parser-refusals.ts';

/** The refusals Node's parser makes before any route runs, with the service's codes (docs/season-service.md). */
const REFUSALS: Record<ParserRefusalKind, { code: string; message: string }> = {
  headers_too_large: {
    code: 'HEADERS_TOO_LARGE',
    message: 'The request line and headers exceed the service\u2019s limit; send fewer or shorter headers.',
  },
  request_timeout: {
    code: 'REQUEST_TIMEOUT',
    message:
      'The request did not arrive within the service\u2019s time limits (docs/season-service.md); nothing was recorded.',
  },
  bad_request: {
    code: 'BAD_REQUEST',
    message: 'The request is not valid HTTP/1.1 (request line, target or headers); nothing was recorded.',
  },
};

/**
 * Answers what Node's HTTP parser refuses in the service's own refusal shape, `{"error": {"code", "message"}}`,
 * then closes the connection (main/services/http/parser-refusals.ts).
 */
const STATUSES: Record<ParserRefusalKind, number> = { headers_too_large: 431, request_timeout: 408, bad_request: 400 };

/** One parser refusal answered: its status and code, and the socket it went on (for the metrics and the log). */
export type ClientErrorAnswered = (status: number, code: string, socket: Socket) => void;

export function answerClientErrors(server: Server, answered?: ClientErrorAnswered): void {
  answerParserRefusals(server, {
    body: (kind) => JSON.stringify({ error: REFUSALS[kind] }),
    headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
    ...(answered ? { answered: (kind, socket) => answered(STATUSES[kind], REFUSALS[kind].code, socket) } : {}),
  });
}
