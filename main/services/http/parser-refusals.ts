import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** What Node's HTTP parser refuses before any route runs, in the three answers a server gives for it. */
export type ParserRefusalKind = 'headers_too_large' | 'request_timeout' | 'bad_request';

const STATUS_LINES: Record<ParserRefusalKind, string> = {
  headers_too_large: '431 Request Header Fields Too Large',
  request_timeout: '408 Request Timeout',
  bad_request: '400 Bad Request',
};

function kindOf(code: string | undefined): ParserRefusalKind {
  if (code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  return 'bad_request';
}

/** How one server words a refusal: its JSON body (its own shape and codes) and the headers its answers carry. */
export interface RefusalWording {
  body(kind: ParserRefusalKind): string;
  headers: Record<string, string>;
  /** Told of each refusal answered (not of a connection only closed), e.g. to count and log it. */
  answered?: (kind: ParserRefusalKind, socket: Socket) => void;
}

/**
 * Writes a whole JSON answer on a socket no `ServerResponse` owns (a parser refusal, a CONNECT) and closes it:
 * `statusLine` is e.g. `405 Method Not Allowed`.
 */
export function endSocketWith(socket: Socket, statusLine: string, headers: Record<string, string>, body: string): void {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${statusLine}\r\nContent-Type: application/json\r\n${lines.join('')}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Answers what Node's HTTP parser refuses (malformed requests, headers past the cap, the header and request
 * timeouts) in the server's own refusal shape, then closes the connection: a client learns what was wrong instead of
 * reading Node's bare status line. A connection already answering, or already gone, is only closed.
 */
export function answerParserRefusals(server: Server, wording: RefusalWording): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (error.code === 'ECONNRESET' || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    const kind = kindOf(error.code);
    endSocketWith(socket, STATUS_LINES[kind], wording.headers, wording.body(kind));
    wording.answered?.(kind, socket);
  });
}
