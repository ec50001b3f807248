import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ServiceLimits } from './service-limits.ts';
import { normalAddress } from './client-address.ts';
import { cutSlowClients } from './slow-clients.ts';

type HttpLimits = Pick<
  ServiceLimits,
  | 'requestTimeoutMs'
  | 'headersTimeoutMs'
  | 'keepAliveTimeoutMs'
  | 'maxConnections'
  | 'maxConnectionsPerAddress'
  | 'maxHeaderBytes'
  | 'maxHeadersCount'
>;

/**
 * How often the header and request deadlines are checked. On a timer, not per byte: at Node's default period (30 s) a
 * client sending its headers a byte at a time was held up to 39 s against a documented 10 s. Checking ten times per
 * deadline (at most every 500 ms) keeps the overshoot under a tenth of it.
 */
function checkPeriodMs(limits: HttpLimits): number {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return Math.max(10, Math.min(500, Math.floor(shortest / 10)));
}

/**
 * The options only createServer takes. Node's own header and request timeouts start at a request's first byte; they
 * stay as a second bound behind the deadlines counted from the connection's opening (slow-clients.ts).
 */
export function httpServerOptions(limits: HttpLimits): ServerOptions {
  return {
    maxHeaderSize: limits.maxHeaderBytes,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: checkPeriodMs(limits),
  };
}

/**
 * The limits set on a server once created: the headers read from one request, and the connections it holds,
 * `maxConnections` in all (Node closes any past it on arrival) and `maxConnectionsPerAddress` from one peer that is
 * not a trusted proxy, so one participant's idle sockets cannot take every slot. Behind the reverse proxy every
 * client shares the proxy's address; capping each client there is the proxy's job (docs/season-service.md). And the
 * header and request deadlines, counted from each connection's opening (slow-clients.ts).
 */
export function applyHttpLimits(server: Server, limits: HttpLimits, trustedProxies: ReadonlySet<string>): void {
  server.maxConnections = limits.maxConnections;
  server.maxHeadersCount = limits.maxHeadersCount;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = normalAddress(socket.remoteAddress ?? 'unknown');
    if (trustedProxies.has(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
  // After the cap's listener: a connection it destroyed on arrival is not watched.
  cutSlowClients(server, limits, checkPeriodMs(limits));
}
