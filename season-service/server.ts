import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../main/db/open-database.ts';
import { GroupCommit } from '../main/db/season-service/group-commit.ts';
import { databaseBytes, seasonStoredBytes } from '../main/db/season-service/stored-bytes.ts';
import { invalidationsReceived } from '../main/db/season-service/invalidations-received.ts';
import { noticesReceived } from '../main/db/season-service/notices-received.ts';
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

/**
 * The routes under /v1/season/{n}, by their path segment ('' for /v1/season/{n} itself); `track` when the route takes
 * a track name as its last segment. The dispatcher's pattern and its 404 text are made from this table.
 */
const ROUTES: Record<string, { method: string; route: Route; track?: true }> = {
  '': { method: 'GET', route: seasonRoute },
  enroll: { method: 'POST', route: enrollRoute },
  submit: { method: 'POST', route: submitRoute },
  export: { method: 'GET', route: exportRoute },
  activity: { method: 'GET', route: activityRoute },
  tasks: { method: 'GET', route: tasksRoute },
  catalogue: { method: 'GET', route: catalogueRoute, track: true },
  freeze: { method: 'POST', route: freezeRoute },
  index: { method: 'POST', route: indexAnchorRoute },
  invalidate: { method: 'POST', route: invalidateRoute },
  notice: { method: 'POST', route: noticeRoute },
  report: { method: 'GET', route: reportRoute, track: true },
  reports: { method: 'POST', route: deliverReportsRoute, track: true },
  consent: { method: 'POST', route: consentRoute, track: true },
  consents: { method: 'GET', route: consentsRoute },
};

const SEGMENTS = Object.keys(ROUTES).filter((segment) => segment !== '');
// A track name is a short word of URI-unreserved characters (main/core/corpus/model.ts); anything else is no route.
const SEASON_PATH = new RegExp(`^/v1/season/(\\d{1,6})(?:/(${SEGMENTS.join('|')})(?:/([A-Za-z0-9._~-]{1,64}))?)?$`);

/** A route's path template, as the 404 text, the request log and the metrics name it. */
function templateOf(segment: string): string {
  return `/v1/season/{n}${segment === '' ? '' : `/${segment}`}${ROUTES[segment]?.track ? '/{track}' : ''}`;
}

/** What the 404 of an unknown path lists: every route of the table, then /v1/health. */
const ROUTE_LIST = [
  ...Object.entries(ROUTES).map(([segment, { method }]) => `${method} ${templateOf(segment)}`),
  'GET /v1/health',
].join(', ');

/**
 * The route template a path is answered by, or `unmatched`: the request log and the metrics label name this, never
 * the path itself, so a client cannot make up labels (or write into the log) by choosing paths.
 */
function routeTemplate(path: string): string {
  if (path === '/v1/health') return path;
  const match = SEASON_PATH.exec(path);
  const entry = match ? ROUTES[match[2] ?? ''] : undefined;
  if (!match || !entry || (entry.track === true) !== (match[3] !== undefined)) return 'unmatched';
  return templateOf(match[2] ?? '');
}

function dispatch(context: ServiceContext, request: IncomingMessage, response: ServerResponse, path: string): unknown {
  // A no-op endpoint: liveness for operators, and the baseline the bench compares intake and durability against.
  if (path === '/v1/health') return sendJson(response, 200, { ok: true });
  const match = SEASON_PATH.exec(path);
  const entry = match ? ROUTES[match[2] ?? ''] : undefined;
  if (!match || !entry || (entry.track === true) !== (match[3] !== undefined)) {
    return sendError(response, 404, {
      code: 'NOT_FOUND',
      message: `The season service answers ${ROUTE_LIST} (docs/season-service.md).`,
    });
  }
  if (Number(match[1]) !== context.material.season) {
    return sendError(response, 404, {
      code: 'SEASON_UNKNOWN',
      message: `This service runs season ${context.material.season}, not season ${match[1]}.`,
    });
  }
  const { method, route } = entry;
  // HEAD is a GET without its body (RFC 9110 §9.3.2): the export answers it after the token check, reading nothing.
  if (request.method !== method && !(method === 'GET' && request.method === 'HEAD')) {
    return sendError(
      response,
      405,
      { code: 'METHOD_NOT_ALLOWED', message: `Use ${method} ${path}.` },
      { Allow: method },
    );
  }
  return route(context, request, response, match[3] ?? '');
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
  const context: ServiceContext = {
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
      .catch((error: unknown) => {
        if (response.headersSent) return response.destroy();
        // A request abandoned at the stop's bound (its connection cut): the stop's outcome names it already.
        if (stopping && (response.socket?.destroyed ?? true)) return;
        // The client went away, or was cut at the request timeout (answered 408 by Node): no one is left to answer.
        if ((error as { code?: unknown }).code === 'ECONNRESET') return response.destroy();
        if (error instanceof BodyTooLarge) {
          return sendError(
            response,
            413,
            { code: 'BODY_TOO_LARGE', message: `The body exceeds ${error.limit} bytes; nothing was recorded.` },
            { Connection: 'close' },
          );
        }
        // Never echo the error: it could carry request material. The operator sees it on stderr.
        process.stderr.write(`season service: ${request.method} ${request.url?.split('?')[0]}: ${String(error)}\n`);
        sendError(response, 500, {
          code: 'INTERNAL_ERROR',
          message: 'The request failed on the server; nothing was recorded. Retry later.',
        });
      });
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
