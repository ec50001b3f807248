import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { encodeFloat } from '../../main/core/json/canonical.ts';
import type { PyJson, PyObject } from '../../main/core/json/value.ts';
import { closeServer, listen } from '../http/http-helpers.ts';
import { jsonDumps } from '../wire/json-dumps.ts';

export type UpstreamResult =
  | { kind: 'response'; status: number; headers: IncomingHttpHeaders; body: Buffer }
  | { kind: 'timeout' }
  | { kind: 'error'; message: string };

/**
 * Fault modes a test can put on a devnet host: connection refused (502), no answer (504), or the proxy not adding
 * X-Challenge-Secret (the corpus then answers its 403 body, as it does for any caller without the secret).
 */
export type HostFault = 'refuse' | 'timeout' | 'drop-secret';

export interface UpstreamCall {
  target: URL;
  method: string;
  payload: PyObject;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** httpx's primitive_value_to_str: how a GET payload value becomes a query parameter. */
function queryValue(value: PyJson): string {
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (value === null) return '';
  if (typeof value === 'number') return encodeFloat(value);
  if (typeof value === 'string' || typeof value === 'bigint') return String(value);
  return jsonDumps(value);
}

/** GET sends `payload` as query parameters merged into the target's own query (httpx `params=`). */
export function withQuery(target: URL, payload: PyObject): URL {
  const url = new URL(target.href);
  for (const [key, value] of Object.entries(payload)) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, queryValue(item));
  }
  return url;
}

/**
 * Forwards proxy calls. The devnet hosts (each corpus track's host, e.g. conformite.corpus.devnet.localhost, and
 * proveit.devnet.localhost) are reached on the
 * loopback port their server listens on, with the virtual host name in Host; every other target goes out over
 * HTTPS as the real proxy does (and fails here, where there is no internet).
 */
export class Upstream {
  private readonly faults = new Map<string, HostFault>();
  private blackHole: Server | undefined;
  private blackHolePort = 0;
  private refusedPort = 0;

  constructor(private readonly virtualHosts: Map<string, number>) {}

  isDevnetHost(hostname: string): boolean {
    return this.virtualHosts.has(hostname);
  }

  /** Whether the proxy adds the challenge secret for this host: devnet hosts only, unless the fault drops it. */
  sendsChallengeSecret(hostname: string): boolean {
    return this.virtualHosts.has(hostname) && this.faults.get(hostname) !== 'drop-secret';
  }

  async setFault(hostname: string, fault: HostFault | null): Promise<void> {
    if (fault === null) this.faults.delete(hostname);
    else this.faults.set(hostname, fault);
    if (fault === 'timeout' && !this.blackHole) {
      // A real server that accepts the connection and never answers.
      this.blackHole = createServer(() => undefined);
      this.blackHolePort = Number(new URL(await listen(this.blackHole, '127.0.0.1', 0)).port);
    }
    if (fault === 'refuse' && this.refusedPort === 0) {
      // A port that was just bound and released: connecting to it is refused by the kernel.
      const probe = createServer();
      this.refusedPort = Number(new URL(await listen(probe, '127.0.0.1', 0)).port);
      await closeServer(probe);
    }
  }

  async close(): Promise<void> {
    if (this.blackHole) {
      this.blackHole.closeAllConnections();
      await closeServer(this.blackHole);
    }
  }

  call(call: UpstreamCall): Promise<UpstreamResult> {
    const url = call.method === 'GET' ? withQuery(call.target, call.payload) : call.target;
    const body = call.method === 'GET' ? undefined : Buffer.from(jsonDumps(call.payload), 'utf8');
    const headers: Record<string, string> = { 'User-Agent': 'arkforge-trust-layer-devnet/1.0', ...call.headers };
    if (body) headers['Content-Type'] = 'application/json';
    const devnetPort = this.virtualHosts.get(url.hostname);
    const fault = this.faults.get(url.hostname);
    const send =
      devnetPort === undefined
        ? () => httpsRequest(url, { method: call.method, headers })
        : () =>
            httpRequest({
              host: '127.0.0.1',
              port: fault === 'refuse' ? this.refusedPort : fault === 'timeout' ? this.blackHolePort : devnetPort,
              path: `${url.pathname}${url.search}`,
              method: call.method,
              headers: { ...headers, Host: url.hostname },
            });
    return new Promise<UpstreamResult>((resolve) => {
      const request = send();
      const timer = setTimeout(() => {
        request.destroy();
        resolve({ kind: 'timeout' });
      }, call.timeoutMs);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({
            kind: 'response',
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          });
        });
        response.on('error', (error) => {
          clearTimeout(timer);
          resolve({ kind: 'error', message: error.message });
        });
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        resolve({ kind: 'error', message: error.message });
      });
      request.end(body);
    });
  }
}
