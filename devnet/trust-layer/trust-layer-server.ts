import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { PyJson } from '../../main/core/json/value.ts';
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
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** Reads a JSON body; undefined when it is not JSON (each route decides what that means). */
async function jsonBody(request: IncomingMessage): Promise<PyJson | undefined> {
  return loadsOrUndefined(await readBody(request, MAX_BODY));
}

type Handler = (
  context: TrustLayerContext,
  request: IncomingMessage,
  response: ServerResponse,
  match: string[],
) => unknown;

interface Route {
  method: string;
  pattern: RegExp;
  name: string;
  handler: Handler;
}

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

const routes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/keys\/free-signup$/,
    name: 'POST /v1/keys/free-signup',
    handler: requireJson(freeSignup),
  },
  { method: 'POST', pattern: /^\/v1\/keys\/bind-did$/, name: 'POST /v1/keys/bind-did', handler: requireJson(bindDid) },
  {
    method: 'POST',
    pattern: /^\/v1\/keys\/bind-did\/confirm$/,
    name: 'POST /v1/keys/bind-did/confirm',
    handler: requireJson(confirmDid),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/keys\/identity$/,
    name: 'GET /v1/keys/identity',
    handler: (c, q, r) => identity(c, q, r),
  },
  { method: 'POST', pattern: /^\/v1\/proxy$/, name: 'POST /v1/proxy', handler: requireJson(proxy) },
  {
    method: 'POST',
    pattern: /^\/v1\/proofs$/,
    name: 'POST /v1/proofs',
    handler: async (c, q, r) => postProofs(c, q, r, await jsonBody(q)),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/proof\/([^/]+)\/full$/,
    name: 'GET /v1/proof/{id}/full',
    handler: (c, q, r, m) => getFullProof(c, q, r, m[1] as string),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/proof\/([^/]+)\/tsr$/,
    name: 'GET /v1/proof/{id}/tsr',
    handler: (c, q, r, m) => getTsr(c, q, r, m[1] as string),
  },
  {
    method: 'HEAD',
    pattern: /^\/v1\/proof\/([^/]+)\/tsr$/,
    name: 'HEAD /v1/proof/{id}/tsr',
    handler: (c, q, r, m) => getTsr(c, q, r, m[1] as string),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/proof\/([^/]+)$/,
    name: 'GET /v1/proof/{id}',
    handler: (c, q, r, m) => getProof(c, q, r, m[1] as string),
  },
  {
    method: 'GET',
    pattern: /^\/v\/([^/]+)$/,
    name: 'GET /v/{id}',
    handler: (_c, _q, r, m) => r.writeHead(302, { Location: `/v1/proof/${m[1]}` }).end(),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/pubkey$/,
    name: 'GET /v1/pubkey',
    handler: (c, _q, r) => sendJson(r, 200, c.pubkeyDocument),
  },
  {
    method: 'GET',
    pattern: /^\/\.well-known\/did\.json$/,
    name: 'GET /.well-known/did.json',
    handler: (c, _q, r) => sendJson(r, 200, c.didDocument),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/health$/,
    name: 'GET /v1/health',
    handler: (c, _q, r) =>
      sendJson(r, 200, { status: 'ok', signing: { mode: 'devnet', kid: c.signer.kid, self_test: true } }),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/admin\/batch\/close$/,
    name: 'POST /v1/admin/batch/close',
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
    pattern: /^\/_devnet\/rotate-key$/,
    name: 'POST /_devnet/rotate-key',
    handler: requireInternalSecret((c, _q, r) => rotateKey(c, r)),
  },
  {
    method: 'GET',
    pattern: /^\/_devnet\/stats$/,
    name: 'GET /_devnet/stats',
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
    pattern: /^\/_devnet\/faults$/,
    name: 'POST /_devnet/faults',
    handler: requireInternalSecret(async (c, q, r) => postFault(c, r, await jsonBody(q))),
  },
];

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
    let found: { route: Route; match: string[] } | undefined;
    for (const route of routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (match) {
        found = { route, match: [...match] };
        break;
      }
    }
    if (!found) {
      sendError(response, 404, 'not_found', `No route for ${method} ${path}`);
      return;
    }
    const { route, match } = found;
    context.endpointCalls.set(route.name, (context.endpointCalls.get(route.name) ?? 0) + 1);
    Promise.resolve()
      .then(() => route.handler(context, request, response, match))
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
