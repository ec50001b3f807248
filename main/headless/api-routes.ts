import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConsoleEvent } from '../ipc/contract.ts';
import type { Dispatch } from '../ipc/dispatcher.ts';
import { readBodyWithin } from '../services/http/read-body.ts';
import { secretsEqual } from '../services/http/secret-equal.ts';
import { sendError, sendJson } from './headless-answers.ts';
import { isJsonMediaType } from './media-type.ts';
import type { RequestTarget } from './request-target.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** Largest call body accepted: the contract's arguments are small; anything bigger is refused unread. */
export const MAX_CALL_BYTES = 64 * 1024;

/** Event streams one console serves at once (a tab or two; more is a page opened in a loop). */
export const MAX_EVENT_STREAMS = 16;

/** What the console's API routes share: the per-launch token, the contract's dispatcher and the event streams. */
export interface ApiContext {
  token: string;
  dispatch: Dispatch;
  subscribe?: (listener: (event: ConsoleEvent) => void) => () => void;
  streams: Set<{ end(): void }>;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([0-9a-f]+)$/.exec(header ?? '');
  return match !== null && secretsEqual(match[1] as string, token);
}

/** GET /api/events: the console's events as server-sent events, for as long as the page listens. */
export function eventStream(context: ApiContext, req: IncomingMessage, res: ServerResponse, target: RequestTarget) {
  // EventSource cannot set headers: the token may come as ?token= (loopback only, never logged).
  const queryToken = target.query.get('token');
  if (
    !tokenMatches(req.headers.authorization, context.token) &&
    !(queryToken && secretsEqual(queryToken, context.token))
  )
    return sendError(res, 401, 'HEADLESS_TOKEN_REQUIRED', 'this stream needs the per-launch token printed at start');
  if (!context.subscribe) return sendError(res, 404, 'HEADLESS_NOT_FOUND', 'this console pushes no events');
  if (context.streams.size >= MAX_EVENT_STREAMS)
    return sendError(res, 429, 'HEADLESS_TOO_MANY_STREAMS', 'too many event streams open: close other console tabs');
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    Connection: 'keep-alive',
  });
  res.write(': events of the PROVE IT console\n\n');
  const unsubscribe = context.subscribe((event) => {
    res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  heartbeat.unref();
  const stream = { end: () => res.end() };
  context.streams.add(stream);
  req.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    context.streams.delete(stream);
  });
}

/** POST /api/invoke: one call of the contract, `{"channel", "args"}`, answered as Electron IPC answers it. */
export async function invoke(context: ApiContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!tokenMatches(req.headers.authorization, context.token)) {
    return sendError(res, 401, 'HEADLESS_TOKEN_REQUIRED', 'this call needs the per-launch token printed at start');
  }
  if (!isJsonMediaType(req.headers['content-type'])) {
    return sendError(
      res,
      415,
      'HEADLESS_CONTENT_TYPE',
      'send the call with Content-Type: application/json (a charset parameter, if any, utf-8)',
    );
  }
  const read = await readBodyWithin(req, MAX_CALL_BYTES);
  if (!read.ok && read.refusal === 'aborted') return void res.destroy();
  if (!read.ok) return sendError(res, 413, 'HEADLESS_CALL_TOO_LARGE', `a call is at most ${MAX_CALL_BYTES} bytes`);
  let call: unknown;
  try {
    call = JSON.parse(read.body.toString('utf8'));
  } catch {
    return sendError(
      res,
      400,
      'HEADLESS_CALL_SYNTAX',
      'the call body is not JSON: send {"channel": ..., "args": {...}}',
    );
  }
  const { channel, args } = (typeof call === 'object' && call !== null ? call : {}) as Record<string, unknown>;
  return sendJson(res, 200, await context.dispatch(channel, args));
}
