import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ServiceLimits } from '../service-context.ts';
import { normalAddress } from './client-address.ts';

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
 * The options only createServer takes. Node checks the header and request timeouts on a timer, not per byte: at its
 * default period (30 s) a client sending its headers a byte at a time was held up to 39 s against a documented 10 s.
 * Checking ten times per timeout (at most every 500 ms) keeps the overshoot under a tenth of it.
 */
export function httpServerOptions(limits: HttpLimits): ServerOptions {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    maxHeaderSize: limits.maxHeaderBytes,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(500, Math.floor(shortest / 10))),
  };
}

/**
 * The limits set on a server once created: the headers read from one request, and the connections it holds,
 * `maxConnections` in all (Node closes any past it on arrival) and `maxConnectionsPerAddress` from one peer that is
 * not a trusted proxy, so one participant's idle sockets cannot take every slot. Behind the reverse proxy every
 * client shares the proxy's address; capping each client there is the proxy's job (docs/season-service.md).
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
}
