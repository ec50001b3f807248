/** Where the request log goes: a function given one line (ending in a newline), or null for no log. */
export type RequestLogWriter = ((line: string) => void) | null;

/**
 * One line of the request log (docs/season-service.md "Operations"): what the operator needs to follow traffic and
 * refusals, and nothing a request carried: no token, key, header or body, no path beyond its route template.
 */
export interface RequestLogLine {
  /** When the answer was sent (or the connection closed), ISO 8601 UTC from the service's clock. */
  time: string;
  /** Null for a request the HTTP parser refused (route `unparsed`). */
  method: string | null;
  /**
   * The route template (`/v1/season/{n}/submit`), `unmatched` for a path the service does not answer, `unparsed` for
   * a request Node's HTTP parser refused before any route (400, 408, 431).
   */
  route: string;
  /** The status sent, 0 when the connection closed before an answer. */
  status: number;
  /** The refusal code of a 4xx or 5xx answer, else null. */
  code: string | null;
  /** Milliseconds from the request reaching the service to its answer sent, to the microsecond; null for `unparsed`. */
  duration_ms: number | null;
  /** The client's address: the socket's peer, or the one a trusted proxy reports (limits/client-address.ts). */
  client: string;
}

export function requestLogLine(line: RequestLogLine): string {
  return `${JSON.stringify(line)}\n`;
}

/** The default writer: standard output, one line per request. */
export const stdoutRequestLog: RequestLogWriter = (line) => {
  process.stdout.write(line);
};
