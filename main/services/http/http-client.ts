import { Agent, request, type Dispatcher } from 'undici';
import { fail, ok, type Result } from '../../core/result.ts';
import { USER_AGENT } from './user-agent.ts';

export type HttpErrorCode = 'HTTP_TIMEOUT' | 'HTTP_NETWORK' | 'HTTP_BODY_TOO_LARGE' | 'HTTP_ABORTED' | 'HTTP_BAD_URL';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'HEAD';
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** This request's deadline for the whole answer (ms), in place of the client's `deadlineMs`. */
  deadlineMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The HTTP port: one request, one answer or one failure code. Retrying is the caller's decision (each read counts). */
export interface HttpClient {
  request(req: HttpRequest): Promise<Result<HttpResponse, HttpErrorCode>>;
  close(): Promise<void>;
}

export interface HttpClientOptions {
  /** Connect, headers and body-idle timeouts, each (ms). */
  timeoutMs?: number;
  /**
   * The deadline for the whole answer (ms): connect, headers and every byte of the body. The idle timeouts alone let a
   * server that sends one byte every few seconds hold a call for ever (issue 36: `trust update` still waiting after
   * 120 s); past this the request and its body read are aborted and the call fails with HTTP_TIMEOUT naming it.
   */
  deadlineMs?: number;
  /** An answer larger than this is refused rather than buffered (50 views are a few hundred KB). */
  maxBodyBytes?: number;
}

/** Every call ends within this unless its caller gives its own (docs/console-backend.md "Deadlines"). */
export const DEFAULT_DEADLINE_MS = 60_000;

/** A deadline as a refusal names it: `30 s`, `0.3 s`. */
export const deadlineText = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function flatHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** An undici client with an explicit User-Agent, timeouts, a deadline for the whole answer and a body size cap. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const clientDeadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const maxBodyBytes = options.maxBodyBytes ?? 32 * 1024 * 1024;
  const agent = new Agent({ connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  return {
    async request(req) {
      let url: URL;
      try {
        url = new URL(req.url);
      } catch {
        return fail('HTTP_BAD_URL', `'${req.url}' is not a URL; give an absolute http:// or https:// URL`);
      }
      const where = `${req.method} ${url.href}`;
      const deadlineMs = req.deadlineMs ?? clientDeadlineMs;
      // One signal aborts the request wherever it is: connecting, waiting for headers, or reading the body.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), deadlineMs);
      const signal = req.signal ? AbortSignal.any([req.signal, deadline.signal]) : deadline.signal;
      try {
        const response = await request(url, {
          method: req.method,
          headers: { 'user-agent': USER_AGENT, accept: 'application/json', ...req.headers },
          body: req.body,
          signal,
          dispatcher: agent,
        });
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of response.body) {
          size += (chunk as Buffer).length;
          if (size > maxBodyBytes) {
            response.body.destroy();
            return fail('HTTP_BODY_TOO_LARGE', `${where}: the answer exceeds ${maxBodyBytes} bytes; it was not kept`, {
              status: response.statusCode,
            });
          }
          chunks.push(chunk as Buffer);
        }
        return ok({
          status: response.statusCode,
          headers: flatHeaders(response.headers),
          body: new Uint8Array(Buffer.concat(chunks)),
        });
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        const message = (error as Error).message;
        if (req.signal?.aborted) return fail('HTTP_ABORTED', `${where}: stopped before an answer came`);
        if (deadline.signal.aborted) {
          return fail(
            'HTTP_TIMEOUT',
            `${where}: no whole answer within ${deadlineText(deadlineMs)} (the deadline for connecting, the headers ` +
              'and the whole body); the server is down or too slow',
            { cause: 'DEADLINE', deadline_ms: deadlineMs },
          );
        }
        if (TIMEOUT_CODES.has(code)) {
          return fail('HTTP_TIMEOUT', `${where}: no answer within ${timeoutMs} ms (${code}); the server may be down`, {
            cause: code,
          });
        }
        return fail('HTTP_NETWORK', `${where}: ${message}${code ? ` (${code})` : ''}; check the URL and the network`, {
          cause: code,
        });
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => agent.close(),
  };
}
