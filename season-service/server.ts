import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../main/db/open-database.ts';
import { GroupCommit } from '../main/db/season-service/group-commit.ts';
import { databaseBytes, seasonStoredBytes } from '../main/db/season-service/stored-bytes.ts';
import { invalidationsReceived } from '../main/db/season-service/invalidations-received.ts';
import { noticesReceived } from '../main/db/season-service/notices-received.ts';
import { getOrHead, routeTable, type RouteEntry } from '../main/services/http/route-table.ts';
import { answerClientErrors } from './http/client-errors.ts';
import { BodyTooLarge, sendError, sendJson } from './http/respond.ts';
import { trustedProxySet } from './limits/client-address.ts';
import { applyHttpLimits, httpServerOptions } from './limits/http-limits.ts';
import { TokenBuckets } from './limits/token-buckets.ts';
import { ServiceMetrics } from './operations/metrics.ts';
import { startMetricsServer, type MetricsServer } from './operations/metrics-server.ts';
import { stdoutRequestLog, type RequestLogWriter } from './operations/request-log.ts';
import { RequestsInFlight } from './operations/requests-in-flight.ts';
import { activityRoute } from './routes/activity-route.ts';
import { catalogueRoute } from './routes/catalogue-route.ts';
import { consentRoute, consentsRoute } from './routes/consent-routes.ts';
import { enrollRoute } from './routes/enroll-route.ts';
import { tokenRoute } from './routes/token-route.ts';
import { exportRoute } from './routes/export-route.ts';
import { freezeRoute } from './routes/freeze-route.ts';
import { indexAnchorRoute } from './routes/index-anchor-route.ts';
import { invalidateRoute } from './routes/invalidate-route.ts';
import { noticeRoute } from './routes/notice-route.ts';
import { deliverReportsRoute, reportRoute } from './routes/report-routes.ts';
import { seasonRoute } from './routes/season-route.ts';
import { submitRoute } from './routes/submit-route.ts';
import { tasksRoute } from './routes/tasks-route.ts';
import { secretSha256 } from './secrets.ts';
import type { ReceiptSigner } from './receipt-key.ts';
import type { SeasonMaterial } from './season-material.ts';
import { DEFAULT_LIMITS, type ServiceLimits } from './limits/service-limits.ts';
import { loadFreezes, type ServiceContext } from './service-context.ts';
import type { IdentityLookup } from './trust-layer-identity.ts';

export interface SeasonServiceOptions {
  host: string;
  port: number;
  db: Db;
  material: SeasonMaterial;
  identity: IdentityLookup;
  operatorToken: string;
  /** The challenge secret the Trust Layer proxy forwards (spec §2.3); null refuses every posted freeze. */
  challengeSecret: string | null;
  /**
   * The operator's Ed25519 public key (64 lowercase hex): a freeze or an Index anchor is accepted only signed by it
   * (docs/season-service.md "Only the operator changes the season"). Absent or null refuses them all
   * (FREEZE_NOT_OPERATOR, INDEX_ANCHOR_NOT_OPERATOR).
   */
  operatorPublicKey?: string | null;
  /** The service's receipt key (season-service/receipt-key.ts: `receipt-key.pem` in the state folder). */
  receiptSigner: ReceiptSigner;
  now?: () => Date;
  random?: (size: number) => Uint8Array;
  limits?: Partial<ServiceLimits>;
  /**
   * The addresses of the reverse proxies in front of the service: from these peers only, limits key on the client
   * that X-Forwarded-For reports (season-service/limits/client-address.ts).
   */
  trustedProxies?: readonly string[];
  /** The loopback port of `GET /metrics` (`--metrics-port`; 0 picks a free one); absent: no metrics listener. */
  metricsPort?: number;
  /** Where each request's log line goes (docs/season-service.md "Operations"): standard output unless given; null: none. */
  requestLog?: RequestLogWriter;
}

/**
 * How long a stopping service waits for the requests it is answering (docs/season-service.md "Operations"): an
 * enrollment waits on the Trust Layer up to 10 s, a submission's write takes milliseconds.
 */
export const STOP_WITHIN_MS = 10_000;

/** What a stop left: the requests still unanswered at the bound (`METHOD /route/template`), cut without an answer. */
export interface StopOutcome {
  abandoned: string[];
  withinMs: number;
}

export interface SeasonService {
  url: string;
  /** `http://127.0.0.1:PORT/metrics`, or null without `metricsPort`. */
  metricsUrl: string | null;
  /** The metrics, for the backup of the season state to report each backup it takes (`backupTaken`). */
  metrics: ServiceMetrics;
  /**
   * Stops: refuses new requests (503 SERVICE_STOPPING), answers those in flight (each write committed, each receipt
   * signed) for up to `withinMs`, then closes every connection and commits what the group commit holds.
   */
  close(withinMs?: number): Promise<StopOutcome>;
}

type Route = (context: ServiceContext, request: IncomingMessage, response: ServerResponse, track: string) => unknown;

/** A route under /v1/season/{n}; HEAD is a GET without its body (RFC 9110 §9.3.2): the export answers it, reading nothing. */
const season = (method: 'GET' | 'POST', path: string, handler: Route): RouteEntry<Route> => ({
  method,
  path: `/v1/season/{n}${path}`,
  handler,
  ...(method === 'GET' ? { accepts: getOrHead } : {}),
});

/**
 * Every route of the service. The dispatcher, the 404 text, the request log and the metrics are made from this table.
 * `{track}` is a track name: a short word of URI-unreserved characters (main/core/corpus/model.ts); anything else is
 * no route.
 */
export const ROUTES = routeTable<Route>(
  [
    season('GET', '', seasonRoute),
    season('POST', '/enroll', enrollRoute),
    season('POST', '/token', tokenRoute),
    season('POST', '/submit', submitRoute),
    season('GET', '/export', exportRoute),
    season('GET', '/activity', activityRoute),
    season('GET', '/tasks', tasksRoute),
    season('GET', '/catalogue/{track}', catalogueRoute),
    season('POST', '/freeze', freezeRoute),
    season('POST', '/index', indexAnchorRoute),
    season('POST', '/invalidate', invalidateRoute),
    season('POST', '/notice', noticeRoute),
    season('GET', '/report/{track}', reportRoute),
    season('POST', '/reports/{track}', deliverReportsRoute),
    season('POST', '/consent/{track}', consentRoute),
    season('GET', '/consents', consentsRoute),
    // A no-op endpoint, whatever the method: liveness for operators, and the baseline the bench compares intake and
    // durability against.
    {
      method: 'GET',
      path: '/v1/health',
      handler: (_c, _q, response) => sendJson(response, 200, { ok: true }),
      accepts: () => true,
    },
  ],
  { n: /\d{1,6}/, track: /[A-Za-z0-9._~-]{1,64}/ },
);

/** What the 404 of an unknown path lists: every route of the table. */
const ROUTE_LIST = ROUTES.list().join(', ');

/**
 * The route template a path is answered by, or `unmatched`: the request log and the metrics label name this, never
 * the path itself, so a client cannot make up labels (or write into the log) by choosing paths.
 */
function routeTemplate(path: string): string {
  return ROUTES.path(path)?.route.path ?? 'unmatched';
}

function dispatch(context: ServiceContext, request: IncomingMessage, response: ServerResponse, path: string): unknown {
  const match = ROUTES.match(request.method ?? '', path);
  if (match.kind === 'none') {
    return sendError(response, 404, {
      code: 'NOT_FOUND',
      message: `The season service answers ${ROUTE_LIST} (docs/season-service.md).`,
    });
  }
  const n = match.params.n;
  if (n !== undefined && Number(n) !== context.material.season) {
    return sendError(response, 404, {
      code: 'SEASON_UNKNOWN',
      message: `This service runs season ${context.material.season}, not season ${n}.`,
    });
  }
  const { method, handler } = match.route;
  if (match.kind === 'method') {
    return sendError(
      response,
      405,
      { code: 'METHOD_NOT_ALLOWED', message: `Use ${method} ${path}.` },
      { Allow: method },
    );
  }
  return handler(context, request, response, match.params.track ?? '');
}

/**
 * Answers a request whose route failed: a client gone or cut (no one to answer), a body over its limit (413), or a
 * failure of the server (500, never echoing the error: it could carry request material; stderr has it).
 */
function answerFailure(error: unknown, request: IncomingMessage, response: ServerResponse, stopping: boolean): void {
  if (response.headersSent) return void response.destroy();
  // A request abandoned at the stop's bound (its connection cut): the stop's outcome names it already.
  if (stopping && (response.socket?.destroyed ?? true)) return;
  // The client went away, or was cut at the request timeout (answered 408 by Node): no one is left to answer.
  if ((error as { code?: unknown }).code === 'ECONNRESET') return void response.destroy();
  if (error instanceof BodyTooLarge) {
    return sendError(
      response,
      413,
      { code: 'BODY_TOO_LARGE', message: `The body exceeds ${error.limit} bytes; nothing was recorded.` },
      { Connection: 'close' },
    );
  }
  process.stderr.write(`season service: ${request.method} ${request.url?.split('?')[0]}: ${String(error)}\n`);
  sendError(response, 500, {
    code: 'INTERNAL_ERROR',
    message: 'The request failed on the server; nothing was recorded. Retry later.',
  });
}

/** What every route reads: the store, the material, the limits and their buckets, the metrics. */
function serviceContext(
  options: SeasonServiceOptions,
  limits: ServiceLimits,
  trustedProxies: ServiceContext['trustedProxies'],
  now: () => Date,
  metrics: ServiceMetrics,
): ServiceContext {
  return {
    db: options.db,
    writes: new GroupCommit(options.db),
    material: options.material,
    intakeTracks: new Map([...options.material.tracks].map(([name, track]) => [name, track.intake])),
    identity: options.identity,
    operatorTokenSha256: secretSha256(options.operatorToken),
    challengeSecretSha256: options.challengeSecret === null ? null : secretSha256(options.challengeSecret),
    operatorPublicKey: options.operatorPublicKey ?? null,
    receipts: options.receiptSigner,
    now,
    random: options.random ?? ((size) => randomBytes(size)),
    limits,
    submitBuckets: new TokenBuckets(limits.submitBurst, limits.submitPerMinute / 60),
    enrollBuckets: new TokenBuckets(limits.enrollPerIpPerHour, limits.enrollPerIpPerHour / 3600),
    enrollKeyBuckets: new TokenBuckets(limits.enrollPerKeyPerHour, limits.enrollPerKeyPerHour / 3600),
    trustedProxies,
    freezes: loadFreezes(options.db, options.material.season),
    invalidations: invalidationsReceived(options.db, options.material.season),
    notices: noticesReceived(options.db, options.material.season),
    metrics,
  };
}

/**
 * The season service behind proveit.arkforge.tech (docs/season-service.md): enrollment, submissions,
 * tasks and the operator's export, on its own SQLite file. It never returns a score or a hint of one (spec §7.4).
 */
export async function startSeasonService(options: SeasonServiceOptions): Promise<SeasonService> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const proxies = trustedProxySet(options.trustedProxies ?? []);
  if (!proxies.ok) throw new Error(`trusted proxy '${proxies.bad}' is not an IP address`);
  const trustedProxies = proxies.set;
  const now = options.now ?? (() => new Date());
  const season = options.material.season;
  const metrics = new ServiceMetrics({
    season,
    now,
    storedBytesAtStart: seasonStoredBytes(options.db, season),
    databaseBytes: () => databaseBytes(options.db),
    openConnections: () =>
      new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count))),
  });
  const context = serviceContext(options, limits, trustedProxies, now, metrics);
  const inFlight = new RequestsInFlight({
    metrics,
    log: options.requestLog === undefined ? stdoutRequestLog : options.requestLog,
    now,
    trustedProxies,
  });
  let stopping = false;
  const server = createServer(httpServerOptions(limits), (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    inFlight.follow(request, response, routeTemplate(path));
    if (stopping) {
      return sendError(
        response,
        503,
        {
          code: 'SERVICE_STOPPING',
          message: 'The service is stopping; nothing was recorded. Retry in a moment: it answers again once restarted.',
        },
        { Connection: 'close', 'Retry-After': '10' },
      );
    }
    Promise.resolve()
      .then(() => dispatch(context, request, response, path))
      .catch((error: unknown) => answerFailure(error, request, response, stopping));
  });
  applyHttpLimits(server, limits, trustedProxies);
  answerClientErrors(server, (status, code, socket) => inFlight.refusedUnparsed(status, code, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  let metricsServer: MetricsServer | null = null;
  try {
    if (options.metricsPort !== undefined)
      metricsServer = await startMetricsServer(metrics.registry, options.metricsPort);
  } catch (error) {
    server.close();
    server.closeAllConnections();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    metricsUrl: metricsServer?.url ?? null,
    metrics,
    async close(withinMs = STOP_WITHIN_MS) {
      stopping = true;
      // No new connection from here; a request arriving on one already open is answered 503 SERVICE_STOPPING.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      inFlight.closeAfterAnswers();
      inFlight.onLeave = () => setImmediate(() => server.closeIdleConnections());
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const answered = await Promise.race([
        inFlight.empty().then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), withinMs))),
      ]);
      clearTimeout(timer);
      const abandoned = answered ? [] : inFlight.described();
      // What is left: connections between two requests, or with a request not yet whole (never answered, so never
      // acknowledged), and at the bound the requests abandoned.
      server.closeAllConnections();
      await closed;
      // Writes of abandoned requests still queued are committed now (unanswered, as after a crash); later ones refused.
      context.writes.close();
      await metricsServer?.close();
      return { abandoned, withinMs };
    },
  };
}
