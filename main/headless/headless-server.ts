import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import type { ConsoleEvent } from '../ipc/contract.ts';
import type { Dispatch } from '../ipc/dispatcher.ts';
import { answerParserRefusals, endSocketWith, type ParserRefusalKind } from '../services/http/parser-refusals.ts';
import { failureSummary } from './failure-summary.ts';
import { isJsonMediaType } from './media-type.ts';
import { parseRequestTarget } from './request-target.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { readStaticFile } from './static-files.ts';

/** Largest call body accepted: the contract's arguments are small; anything bigger is refused unread. */
export const MAX_CALL_BYTES = 64 * 1024;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1']);

export interface HeadlessOptions {
  dispatch: Dispatch;
  /** The built renderer (electron-vite's out/renderer). */
  rendererDir: string;
  /** The per-launch token; the caller draws it from a CSPRNG. */
  token: string;
  host?: string;
  port?: number;
  /** The event channel pushed as server-sent events on GET /api/events (absent: no events served). */
  subscribe?: (listener: (event: ConsoleEvent) => void) => () => void;
  /** Where a request the server failed on is logged (its failure only, never what the request carried). */
  log?: (line: string) => void;
}

/** Event streams one console serves at once (a tab or two; more is a page opened in a loop). */
export const MAX_EVENT_STREAMS = 16;

export interface HeadlessServer {
  /** Where to open the console: the token travels in the fragment, which browsers never send to the server. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string | Buffer, type: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const refusalBody = (code: string, message: string) => JSON.stringify({ ok: false, error: { code, message } });

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  send(res, status, refusalBody(code, message), 'application/json');
}

/** Node's parser refusals in the console's shape (main/services/http/parser-refusals.ts). */
const PARSER_REFUSALS: Record<ParserRefusalKind, [string, string]> = {
  headers_too_large: [
    'HEADLESS_HEADERS_TOO_LARGE',
    'the request line and headers are over 16 KiB: send fewer or shorter headers',
  ],
  request_timeout: ['HEADLESS_REQUEST_TIMEOUT', 'the request did not arrive in time: send it again at once'],
  bad_request: [
    'HEADLESS_BAD_REQUEST',
    'the request is not valid HTTP/1.1 (method, target, version or headers): send it again well formed',
  ],
};

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([0-9a-f]+)$/.exec(header ?? '');
  return match !== null && sameToken(match[1] as string, token);
}

/** The call's body; null past MAX_CALL_BYTES; 'aborted' when the client went away before sending it all. */
async function readBody(req: IncomingMessage): Promise<Buffer | null | 'aborted'> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_CALL_BYTES) return null;
      chunks.push(chunk as Buffer);
    }
  } catch {
    return 'aborted';
  }
  return Buffer.concat(chunks);
}

/**
 * The headless mode: the same contract as Electron IPC, served over loopback HTTP so the renderer runs in a plain
 * browser. Binds loopback only, checks the Host header (a DNS-rebinding page cannot reach it under another name) and
 * requires the per-launch token on every call.
 */
export async function startHeadlessServer(options: HeadlessOptions): Promise<HeadlessServer> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK_HOSTS.has(host)) throw new Error(`headless mode binds loopback only (127.0.0.1 or ::1), not ${host}`);
  if (!/^[0-9a-f]{32,}$/.test(options.token))
    throw new Error('the per-launch token must be at least 16 random bytes in hex');
  const rendererDir = resolve(options.rendererDir);
  let allowedHosts = new Set<string>();
  let selfOrigins = new Set<string>();
  const streams = new Set<{ end(): void }>();
  const log = options.log ?? ((line: string) => process.stderr.write(line));

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!allowedHosts.has(req.headers.host ?? '')) {
      sendError(res, 421, 'HEADLESS_HOST_REFUSED', 'this console answers only on its loopback address');
      return;
    }
    const target = parseRequestTarget(req.url ?? '');
    if (!target.ok)
      return sendError(
        res,
        target.error.code === 'HEADLESS_TARGET_TOO_LONG' ? 414 : 400,
        target.error.code,
        target.error.message,
      );
    const { path, decodedPath, query } = target.value;
    if (path.startsWith('/api/')) {
      // A page of another origin (or another site) never reaches the contract, even holding the token.
      const origin = req.headers.origin;
      if ((origin !== undefined && !selfOrigins.has(origin)) || req.headers['sec-fetch-site'] === 'cross-site') {
        return sendError(res, 403, 'HEADLESS_ORIGIN_REFUSED', 'calls are accepted from the console page only');
      }
    }
    if (path === '/api/events') {
      if (req.method !== 'GET') return sendError(res, 405, 'HEADLESS_METHOD', 'events are GET /api/events');
      // EventSource cannot set headers: the token may come as ?token= (loopback only, never logged).
      const queryToken = query.get('token');
      if (
        !tokenMatches(req.headers.authorization, options.token) &&
        !(queryToken && sameToken(queryToken, options.token))
      )
        return sendError(
          res,
          401,
          'HEADLESS_TOKEN_REQUIRED',
          'this stream needs the per-launch token printed at start',
        );
      if (!options.subscribe) return sendError(res, 404, 'HEADLESS_NOT_FOUND', 'this console pushes no events');
      if (streams.size >= MAX_EVENT_STREAMS)
        return sendError(
          res,
          429,
          'HEADLESS_TOO_MANY_STREAMS',
          'too many event streams open: close other console tabs',
        );
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        'Content-Type': 'text/event-stream; charset=utf-8',
        Connection: 'keep-alive',
      });
      res.write(': events of the PROVE IT console\n\n');
      const unsubscribe = options.subscribe((event) => {
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      heartbeat.unref();
      const stream = { end: () => res.end() };
      streams.add(stream);
      req.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(stream);
      });
      return;
    }
    if (path === '/api/invoke') {
      if (req.method !== 'POST') return sendError(res, 405, 'HEADLESS_METHOD', 'calls are POST /api/invoke');
      if (!tokenMatches(req.headers.authorization, options.token)) {
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
      const body = await readBody(req);
      if (body === 'aborted') {
        res.destroy();
        return;
      }
      if (body === null)
        return sendError(res, 413, 'HEADLESS_CALL_TOO_LARGE', `a call is at most ${MAX_CALL_BYTES} bytes`);
      let call: unknown;
      try {
        call = JSON.parse(body.toString('utf8'));
      } catch {
        return sendError(
          res,
          400,
          'HEADLESS_CALL_SYNTAX',
          'the call body is not JSON: send {"channel": ..., "args": {...}}',
        );
      }
      const { channel, args } = (typeof call === 'object' && call !== null ? call : {}) as Record<string, unknown>;
      const answer = await options.dispatch(channel, args);
      return send(res, 200, JSON.stringify(answer), 'application/json');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendError(res, 405, 'HEADLESS_METHOD', 'only GET for pages');
    const file = await readStaticFile(rendererDir, decodedPath);
    if (!file) return sendError(res, 404, 'HEADLESS_NOT_FOUND', `no such page: ${path}`);
    return send(res, 200, file.body, file.type);
  };

  // The one guard: whatever a route throws is answered 500 and logged without the request; the server keeps serving.
  // A request without Host reaches the Host check (421 with its code) instead of Node's bare 400 (requireHostHeader).
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    answer(req, res).catch((failure: unknown) => {
      log(
        `proveit console: a request failed inside the server; answered 500, still serving.\n${failureSummary(failure)}\n`,
      );
      if (res.headersSent || res.destroyed) res.destroy();
      else
        sendError(
          res,
          500,
          'HEADLESS_REQUEST_FAILED',
          'the console failed on this request and keeps serving: try again, and report it with the console log if it recurs',
        );
    });
  });
  answerParserRefusals(server, {
    body: (kind) => refusalBody(...PARSER_REFUSALS[kind]),
    headers: SECURITY_HEADERS,
  });
  // CONNECT (a proxy tunnel) never reaches the request handler: Node would close it unanswered.
  server.on('connect', (_req: IncomingMessage, socket: Socket) =>
    endSocketWith(
      socket,
      '405 Method Not Allowed',
      SECURITY_HEADERS,
      refusalBody(
        'HEADLESS_METHOD',
        'this console is no proxy: CONNECT is refused; use GET for pages, POST /api/invoke for calls',
      ),
    ),
  );

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  allowedHosts = new Set([`${hostPart}:${port}`, `localhost:${port}`]);
  const origin = `http://${hostPart}:${port}`;
  selfOrigins = new Set([...allowedHosts].map((h) => `http://${h}`));
  return {
    origin,
    url: `${origin}/#token=${options.token}`,
    close: () =>
      new Promise<void>((done) => {
        for (const stream of streams) stream.end();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
