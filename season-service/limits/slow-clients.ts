import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

export interface SlowClientDeadlines {
  /** The headers of a request, and the whole request, must be in this long after the connection was ready (ms). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

/** One connection as the deadlines see it. */
interface Watched {
  /** When the connection became ready for the request awaited: its opening, then the end of each answer. */
  since: number;
  /** The request awaited, counted from 1 on this connection. */
  awaiting: number;
  /** Requests whose headers arrived, and the latest of them; answers finished. */
  seen: number;
  latest: IncomingMessage | null;
  answered: number;
  /** Answered 408 at a check: a client that keeps the connection open after that is closed at the next. */
  cut: boolean;
}

/** The error Node's own request timeout raises: the service's `clientError` answer words it (http/client-errors.ts). */
function requestTimeout(): NodeJS.ErrnoException {
  return Object.assign(new Error('the request did not arrive within the time limits'), {
    code: 'ERR_HTTP_REQUEST_TIMEOUT',
  });
}

/**
 * The header and request deadlines counted from the moment the connection is ready for a request: its opening, and
 * on a kept-alive connection the end of the answer before (docs/season-service.md "Durability and limits"). Node's
 * `headersTimeout` and `requestTimeout` start again at a request's first byte, so a client silent for 9.9 s, then
 * sending its headers a byte at a time, was held 19.5 s against a documented 10.5 s (issue 36); they stay set as a
 * second bound. Checked every `checkEveryMs`, as Node checks its own: a late connection is answered 408
 * REQUEST_TIMEOUT and closed, one whose request was already answered is only closed.
 */
export function cutSlowClients(
  server: Server,
  deadlines: SlowClientDeadlines,
  checkEveryMs: number,
  now: () => number = () => performance.now(),
): void {
  const watched = new Map<Socket, Watched>();

  server.on('connection', (socket: Socket) => {
    // A connection past the caps was destroyed on arrival (http-limits.ts): nothing to watch.
    if (socket.destroyed) return;
    watched.set(socket, { since: now(), awaiting: 1, seen: 0, latest: null, answered: 0, cut: false });
    socket.once('close', () => watched.delete(socket));
  });

  server.on('request', (request: IncomingMessage, response) => {
    const w = watched.get(request.socket);
    if (!w) return;
    const ordinal = ++w.seen;
    w.latest = request;
    response.once('finish', () => {
      w.answered += 1;
      // The connection is ready for its next request once this one is answered and wholly read; pipelined requests
      // already in have their headers, the latest of them its body still due.
      const ready = () => {
        if (w.seen < w.awaiting) return;
        w.awaiting = w.seen === ordinal ? ordinal + 1 : w.seen;
        w.since = now();
      };
      if (request.complete) ready();
      else request.once('end', ready);
    });
  });

  const check = () => {
    const at = now();
    for (const [socket, w] of watched) {
      if (w.cut) {
        socket.destroy();
        continue;
      }
      const waited = at - w.since;
      const headersDue = w.seen < w.awaiting;
      const requestDue = headersDue || (w.seen === w.awaiting && w.latest?.complete === false);
      const late =
        (headersDue && waited >= deadlines.headersTimeoutMs) || (requestDue && waited >= deadlines.requestTimeoutMs);
      if (!late) continue;
      w.cut = true;
      // No 408 after an answer already given to that request, nor where no one answers client errors.
      if (w.answered >= w.awaiting || !server.emit('clientError', requestTimeout(), socket)) {
        socket.destroy();
        continue;
      }
      // The 408 ends our side; the server keeps the client's side open (allowHalfOpen) unless closed once it is sent.
      if (!socket.destroyed) socket.once('finish', () => socket.destroy());
    }
  };
  const timer = setInterval(check, checkEveryMs);
  timer.unref();
  server.once('close', () => clearInterval(timer));
}
