import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { PyJson } from '../../main/core/json/value.ts';
import { routeTable, type RouteEntry } from '../../main/services/http/route-table.ts';
import { secretsEqual } from '../../main/services/http/secret-equal.ts';
import { BodyTooLarge, closeServer, listen, readBody, sendError, sendJson } from '../http/http-helpers.ts';
import { loadsOrUndefined } from '../wire/json-dumps.ts';
import { bindDid, confirmDid, freeSignup, identity } from './routes/key-routes.ts';
import { postFault } from './routes/fault-route.ts';
import { rotateKey } from './routes/key-rotation-route.ts';
import { getFullProof, getProof, getTsr, postProofs } from './routes/proof-routes.ts';
import { proxy } from './routes/proxy-route.ts';
import type { TrustLayerContext } from './trust-layer-context.ts';

const MAX_BODY = 2 * 1024 * 1024;

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  return typeof given === 'string' && secretsEqual(given, expected);
}

/** Reads a JSON body; undefined when it is not JSON (each route decides what that means). */
async function jsonBody(request: IncomingMessage): Promise<PyJson | undefined> {
  return loadsOrUndefined(await readBody(request, MAX_BODY));
}

type Handler = (
  context: TrustLayerContext,
  request: IncomingMessage,
  response: ServerResponse,
  params: Record<string, string>,
) => unknown;

function requireJson(
  handler: (c: TrustLayerContext, q: IncomingMessage, r: ServerResponse, b: PyJson) => unknown,
): Handler {
  return async (context, request, response) => {
    const body = await jsonBody(request);
    if (body === undefined) return sendError(response, 400, 'invalid_request', 'The body must be valid JSON.');
    return handler(context, request, response, body);
  };
}

function requireInternalSecret(handler: Handler): Handler {
  return (context, request, response, match) => {
    if (!sameSecret(request.headers['x-internal-secret'], context.internalSecret)) {
      return sendError(response, 403, 'forbidden', 'X-Internal-Secret missing or wrong.');
    }
    return handler(context, request, response, match);
  };
}

const routes = routeTable<Handler>([
  {
    method: 'POST',
    path: '/v1/keys/free-signup',
    handler: requireJson(freeSignup),
  },
  { method: 'POST', path: '/v1/keys/bind-did', handler: requireJson(bindDid) },
  {
    method: 'POST',
    path: '/v1/keys/bind-did/confirm',
    handler: requireJson(confirmDid),
  },
  {
    method: 'GET',
    path: '/v1/keys/identity',
    handler: (c, q, r) => identity(c, q, r),
  },
  { method: 'POST', path: '/v1/proxy', handler: requireJson(proxy) },
  {
    method: 'POST',
    path: '/v1/proofs',
    handler: async (c, q, r) => postProofs(c, q, r, await jsonBody(q)),
  },
  {
    method: 'GET',
    path: '/v1/proof/{id}/full',
    handler: (c, q, r, m) => getFullProof(c, q, r, m['id'] as string),
  },
  {
    method: 'GET',
    path: '/v1/proof/{id}/tsr',
    handler: (c, q, r, m) => getTsr(c, q, r, m['id'] as string),
  },
  {
    method: 'HEAD',
    path: '/v1/proof/{id}/tsr',
    handler: (c, q, r, m) => getTsr(c, q, r, m['id'] as string),
  },
  {
    method: 'GET',
    path: '/v1/proof/{id}',
    handler: (c, q, r, m) => getProof(c, q, r, m['id'] as string),
  },
  {
    method: 'GET',
    path: '/v/{id}',
    handler: (_c, _q, r, m) => r.writeHead(302, { Location: `/v1/proof/${m['id']}` }).end(),
  },
  {
    method: 'GET',
    path: '/v1/pubkey',
    handler: (c, _q, r) => sendJson(r, 200, c.pubkeyDocument),
  },
  {
    method: 'GET',
    path: '/.well-known/did.json',
    handler: (c, _q, r) => sendJson(r, 200, c.didDocument),
  },
  {
    method: 'GET',
    path: '/v1/health',
    handler: (c, _q, r) =>
      sendJson(r, 200, { status: 'ok', signing: { mode: 'devnet', kid: c.signer.kid, self_test: true } }),
  },
  {
    method: 'POST',
    path: '/v1/admin/batch/close',
    handler: requireInternalSecret(async (c, _q, r) => {
      const summary = await c.anchor.close('admin');
      if (!summary) return sendJson(r, 200, { status: 'empty', message: 'No pending proofs: nothing to anchor.' });
      sendJson(r, 200, {
        status: 'closed',
        batch_id: summary.batch_id,
        reason: summary.reason,
        tree_size: BigInt(summary.tree_size),
        root: summary.root,
        timestamp_authority: {
          status: summary.timestamp_authority['status'] ?? null,
          provider: summary.timestamp_authority['provider'] ?? null,
        },
        transparency_log: {
          status: summary.transparency_log['status'] ?? null,
          uuid: summary.transparency_log['uuid'] ?? null,
        },
      });
    }),
  },
  {
    method: 'POST',
    path: '/_devnet/rotate-key',
    handler: requireInternalSecret((c, _q, r) => rotateKey(c, r)),
  },
  {
    method: 'GET',
    path: '/_devnet/stats',
    handler: (c, _q, r) => {
      const counts = c.store.counts();
      sendJson(r, 200, {
        note: 'devnet instrument only: never a source of score',
        read_limit: {
          limit: BigInt(c.limiter.settings.limit),
          window_seconds: BigInt(c.limiter.settings.windowSeconds),
        },
        reads_per_ip: Object.fromEntries(
          Object.entries(c.limiter.readsPerIp(c.now().getTime())).map(([ip, n]) => [ip, BigInt(n)]),
        ),
        calls_per_endpoint: Object.fromEntries([...c.endpointCalls].map(([name, n]) => [name, BigInt(n)])),
        proofs: BigInt(counts.proofs),
        pending_proofs: BigInt(counts.pending),
        closed_batches: BigInt(counts.batchesClosed),
      });
    },
  },
  {
    method: 'POST',
    path: '/_devnet/faults',
    handler: requireInternalSecret(async (c, q, r) => postFault(c, r, await jsonBody(q))),
  },
] satisfies RouteEntry<Handler>[]);

export interface TrustLayerServer {
  url: string;
  close(): Promise<void>;
}

/** The devnet Trust Layer: the paths, bodies, headers, status codes and error shapes of reference §7. */
export async function startTrustLayerServer(
  context: TrustLayerContext,
  host: string,
  port: number,
  onListening: (url: string) => void,
): Promise<TrustLayerServer> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://trust.devnet.localhost').pathname;
    const method = request.method ?? 'GET';
    const found = routes.match(method, path);
    // The reference server has no 405: a path without a route of the method is 404 like any unknown path.
    if (found.kind !== 'found') {
      sendError(response, 404, 'not_found', `No route for ${method} ${path}`);
      return;
    }
    const { route, params } = found;
    const name = `${route.method} ${route.path}`;
    context.endpointCalls.set(name, (context.endpointCalls.get(name) ?? 0) + 1);
    Promise.resolve()
      .then(() => route.handler(context, request, response, params))
      .catch((error: unknown) => {
        if (response.headersSent) return response.destroy();
        if (error instanceof BodyTooLarge) return sendError(response, 413, 'payload_too_large', error.message);
        sendError(response, 500, 'internal_error', `devnet Trust Layer error: ${String(error)}`);
      });
  });
  const url = await listen(server, host, port);
  onListening(url);
  return { url, close: () => closeServer(server) };
}
