import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { bytesToHex } from '@noble/hashes/utils.js';
import { treeHash } from '../../main/core/merkle/rfc6962.ts';
import { routeTable } from '../../main/services/http/route-table.ts';
import { closeServer, listen, sendJson } from '../http/http-helpers.ts';
import { RekorLog, rekorError, type RekorLogOptions } from './rekor-log.ts';

export interface LogServerOptions extends RekorLogOptions {
  host: string;
  port: number;
}

export interface LogServer {
  url: string;
  logId: string;
  close(): Promise<void>;
}

type LogRoute = (log: RekorLog, request: IncomingMessage, response: ServerResponse, url: URL, id: string) => unknown;

/** The routes of the log (the subset of Rekor's API the Trust Layer and its verifiers use). */
const ROUTES = routeTable<LogRoute>(
  [
    {
      method: 'POST',
      path: '/api/v1/log/entries',
      handler: (log, request, response) => log.createEntry(request, response),
    },
    {
      method: 'GET',
      path: '/api/v1/log/publicKey',
      handler: (log, _q, response) => {
        response.writeHead(200, { 'Content-Type': 'application/x-pem-file' }).end(log.publicKeyPem);
      },
    },
    { method: 'GET', path: '/api/v1/log', handler: (log, _q, response) => treeHead(log, response) },
    {
      method: 'GET',
      path: '/api/v1/log/entries',
      handler: (log, _q, response, url) => {
        if (!url.searchParams.has('logIndex')) return rekorError(response, 404, `no route for ${url.pathname}`);
        const index = Number(url.searchParams.get('logIndex'));
        const row = Number.isSafeInteger(index) ? log.entryAt(index) : undefined;
        return row
          ? sendJson(response, 200, log.entryView(row))
          : rekorError(response, 404, 'no entry at that logIndex');
      },
    },
    {
      method: 'GET',
      path: '/api/v1/log/entries/{id}',
      handler: (log, _q, response, _u, id) => {
        const row = log.findEntry(id);
        return row ? sendJson(response, 200, log.entryView(row)) : rekorError(response, 404, 'entry not found');
      },
    },
  ],
  { id: /[0-9a-f]{64}|[0-9a-f]{80}/ },
);

function treeHead(log: RekorLog, response: ServerResponse) {
  if (log.leaves.length === 0) return sendJson(response, 200, { treeSize: 0n, treeID: log.treeId });
  return sendJson(response, 200, {
    rootHash: bytesToHex(treeHash(log.leaves)),
    signedTreeHead: log.checkpoint(),
    treeID: log.treeId,
    treeSize: BigInt(log.leaves.length),
  });
}

/**
 * A Rekor-compatible transparency log (the subset the Trust Layer and its verifiers use, trust-layer-reference
 * §6.2), served from the tree and entries of `RekorLog`.
 */
export async function startLogServer(options: LogServerOptions): Promise<LogServer> {
  const log = new RekorLog(options);
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://log.devnet.localhost');
      const found = ROUTES.match(request.method ?? '', url.pathname);
      if (found.kind === 'found') return found.route.handler(log, request, response, url, found.params['id'] ?? '');
      // Rekor answers any method but GET 405 on any path (its one POST route aside).
      if (request.method !== 'GET') return rekorError(response, 405, 'method not allowed');
      rekorError(response, 404, `no route for ${url.pathname}`);
    })().catch((error: unknown) => rekorError(response, 500, `devnet log error: ${String(error)}`));
  });
  const url = await listen(server, options.host, options.port);
  return { url, logId: log.logId, close: () => closeServer(server) };
}
