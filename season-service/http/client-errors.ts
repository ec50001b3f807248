import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** The refusals Node's parser makes before any route runs, with the service's codes (docs/season-service.md). */
function refusalOf(code: string | undefined): { status: number; reason: string; code: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      code: 'HEADERS_TOO_LARGE',
      message: 'The request line and headers exceed the service\u2019s limit; send fewer or shorter headers.',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      reason: 'Request Timeout',
      code: 'REQUEST_TIMEOUT',
      message:
        'The request did not arrive within the service\u2019s time limits (docs/season-service.md); nothing was recorded.',
    };
  }
  return {
    status: 400,
    reason: 'Bad Request',
    code: 'BAD_REQUEST',
    message: 'The request is not valid HTTP/1.1 (request line, target or headers); nothing was recorded.',
  };
}

/**
 * Answers what Node's HTTP parser refuses (malformed requests, headers past the cap, the header and request
 * timeouts) in the service's own refusal shape, `{"error": {"code", "message"}}`, then closes the connection: a
 * client learns what was wrong instead of reading Node's bare status line. A connection already answering, or
 * already gone, is only closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (error.code === 'ECONNRESET' || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(error.code);
    const body = JSON.stringify({ error: { code: refusal.code, message: refusal.message } });
    socket.end(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
        'Content-Type: application/json\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
