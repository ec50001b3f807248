import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import type { ConsoleEvent } from '../ipc/contract.ts';
import type { Dispatch } from '../ipc/dispatcher.ts';
import { answerParserRefusals, endSocketWith, type ParserRefusalKind } from '../services/http/parser-refusals.ts';
import { getOrHead, routeTable, type RouteTable } from '../services/http/route-table.ts';
import { eventStream, invoke, type ApiContext } from './api-routes.ts';
import { failureSummary } from './failure-summary.ts';
import { refusalBody, sendError, sendFile } from './headless-answers.ts';
import { parseRequestTarget, type RequestTarget } from './request-target.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { readStaticFile } from './static-files.ts';

export { MAX_CALL_BYTES, MAX_EVENT_STREAMS } from './api-routes.ts';

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

export interface HeadlessServer {
  /** Where to open the console: the token travels in the fragment, which browsers never send to the server. */
  url: string;
  origin: string;
  close(): Promise<void>;
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

/** A route of the console: what answers it, and what a request of another method is told (405). */
interface ConsoleRoute {
  answer(req: IncomingMessage, res: ServerResponse, target: RequestTarget): void | Promise<void>;
  wrongMethod: string;
}

/** A page or file of the built renderer, for any path outside the API. */
async function page(rendererDir: string, res: ServerResponse, target: RequestTarget): Promise<void> {
  const file = await readStaticFile(rendererDir, target.decodedPath);
  if (!file) return sendError(res, 404, 'HEADLESS_NOT_FOUND', `no such page: ${target.path}`);
  return sendFile(res, 200, file.body, file.type);
}

/** The console's routes: its two API routes, and a page of the built renderer for every other path. */
function consoleRoutes(context: ApiContext, rendererDir: string): RouteTable<ConsoleRoute> {
  return routeTable<ConsoleRoute>(
    [
      {
        method: 'GET',
        path: '/api/events',
        handler: {
          answer: (req, res, target) => eventStream(context, req, res, target),
          wrongMethod: 'events are GET /api/events',
        },
      },
      {
        method: 'POST',
        path: '/api/invoke',
        handler: { answer: (req, res) => invoke(context, req, res), wrongMethod: 'calls are POST /api/invoke' },
      },
      {
        method: 'GET',
        path: '{page}',
        accepts: getOrHead,
        handler: { answer: (_req, res, target) => page(rendererDir, res, target), wrongMethod: 'only GET for pages' },
      },
    ],
    { page: /\/[\s\S]*/ },
  );
}

/**
 * The console's HTTP server around `answer`, with the one guard: whatever a route throws is answered 500 and logged
 * without the request; the server keeps serving. A request without Host reaches the Host check (421 with its code)
 * instead of Node's bare 400 (requireHostHeader).
 */
function consoleServer(
  answer: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  log: (line: string) => void,
): Server {
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
  return server;
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
  const routes = consoleRoutes(
    {
      token: options.token,
      dispatch: options.dispatch,
      streams,
      ...(options.subscribe ? { subscribe: options.subscribe } : {}),
    },
    rendererDir,
  );
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
    const { path } = target.value;
    if (path.startsWith('/api/')) {
      // A page of another origin (or another site) never reaches the contract, even holding the token.
      const origin = req.headers.origin;
      if ((origin !== undefined && !selfOrigins.has(origin)) || req.headers['sec-fetch-site'] === 'cross-site') {
        return sendError(res, 403, 'HEADLESS_ORIGIN_REFUSED', 'calls are accepted from the console page only');
      }
    }
    const match = routes.match(req.method ?? '', path);
    if (match.kind === 'none') return sendError(res, 404, 'HEADLESS_NOT_FOUND', `no such page: ${path}`);
    if (match.kind === 'method') return sendError(res, 405, 'HEADLESS_METHOD', match.route.handler.wrongMethod);
    return match.route.handler.answer(req, res, target.value);
  };

  const server = consoleServer(answer, log);

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
