import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { answeredCode } from '../http/respond.ts';
import { clientAddress, normalAddress } from '../limits/client-address.ts';
import type { ServiceMetrics } from './metrics.ts';
import { requestLogLine, type RequestLogWriter } from './request-log.ts';

export interface RequestObservers {
  metrics: ServiceMetrics;
  log: RequestLogWriter;
  now: () => Date;
  trustedProxies: ReadonlySet<string>;
}

/**
 * The requests the service is answering: each is logged and measured when its answer is sent or its connection
 * closes, and a stopping service waits for them (docs/season-service.md "Operations").
 */
export class RequestsInFlight {
  private readonly open = new Map<ServerResponse, string>();
  private waiters: (() => void)[] = [];
  /** Called after each request leaves, once the service is stopping (to close the connection it leaves idle). */
  onLeave: (() => void) | null = null;

  constructor(private readonly observers: RequestObservers) {}

  /** Follows one request from now to its answer; `route` is its template (never the raw path). */
  follow(request: IncomingMessage, response: ServerResponse, route: string): void {
    const started = performance.now();
    const { metrics, log, now, trustedProxies } = this.observers;
    const client = clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], trustedProxies);
    const method = request.method ?? 'GET';
    this.open.set(response, `${method} ${route}`);
    response.once('close', () => {
      this.open.delete(response);
      const seconds = (performance.now() - started) / 1000;
      const status = response.headersSent ? response.statusCode : 0;
      const code = status >= 400 ? answeredCode(response) : null;
      metrics.answered(route, status, code, seconds);
      if (log) {
        const duration_ms = Math.round(seconds * 1_000_000) / 1000;
        log(requestLogLine({ time: now().toISOString(), method, route, status, code, duration_ms, client }));
      }
      this.onLeave?.();
      if (this.open.size === 0) for (const resolve of this.waiters.splice(0)) resolve();
    });
  }

  /**
   * A request Node's parser refused before any route: counted and logged as route `unparsed`. Its headers were not
   * read, so the client is the socket's peer (the proxy's address behind one).
   */
  refusedUnparsed(status: number, code: string, socket: Socket): void {
    const { metrics, log, now } = this.observers;
    metrics.refusedUnparsed(code);
    const client = normalAddress(socket.remoteAddress ?? 'unknown');
    log?.(
      requestLogLine({
        time: now().toISOString(),
        method: null,
        route: 'unparsed',
        status,
        code,
        duration_ms: null,
        client,
      }),
    );
  }

  /** Asks every answer not yet started to close its connection after it (`Connection: close`). */
  closeAfterAnswers(): void {
    for (const response of this.open.keys()) if (!response.headersSent) response.setHeader('Connection', 'close');
  }

  /** Resolves once no request is in flight. */
  empty(): Promise<void> {
    if (this.open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The requests still in flight, as `METHOD /route/template`. */
  described(): string[] {
    return [...this.open.values()];
  }
}
