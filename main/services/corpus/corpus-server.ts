import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadCorpus, servedFileProblems } from '../../core/corpus/load-corpus.ts';
import { Problems } from '../../core/corpus/problems.ts';
import { SYSTEME_STATUSES, type SystemeStatus } from '../../core/corpus/systeme.ts';
import { readCorpusTree } from './corpus-folder.ts';

export interface CorpusServerOptions {
  /** A track folder in the corpus format (docs/corpus-format.md). */
  corpusDir: string;
  secret: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** The clock of the call log; defaults to the system clock. */
  now?: () => Date;
}

/** One call as the corpus saw it. `secretPresent` is true when the request carried the right X-Challenge-Secret. */
export interface CorpusCall {
  at: string;
  method: string;
  path: string;
  status: number;
  secretPresent: boolean;
}

export interface CorpusServer {
  /** http://HOST:PORT */
  url: string;
  close(): Promise<void>;
  /** While on, every request gets the /_systeme/503 body with status 503 (the frontend's "corpus unavailable"). */
  setUnavailable(on: boolean): void;
  /** The call log: an internal control instrument, never a source of score (spec §2.5). */
  calls(): CorpusCall[];
}

/**
 * Spec §2.5: bodies are never cached on the way (each call must reach the corpus to be proven), and the type is
 * JSON (an HTML error page would fall into the proxy's `_raw_text`).
 */
const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store, no-cache, must-revalidate, max-age=0',
  Pragma: 'no-cache',
  Expires: '0',
  'X-Content-Type-Options': 'nosniff',
};

/** The largest request payload drained (the proxy's payloads for corpus resources are `{}`). */
const MAX_PAYLOAD_BYTES = 65_536;

/** Constant-time comparison over digests, so neither the content nor the length of the secret leaks by timing. */
function secretMatches(presented: string | undefined, secret: Buffer): boolean {
  if (presented === undefined) return false;
  return timingSafeEqual(createHash('sha256').update(presented, 'utf8').digest(), secret);
}

/**
 * The corpus server (spec §2.3, §2.5; issue 5). It serves the frozen bytes of a track folder exactly:
 * - status 503 + /_systeme/503 while set unavailable;
 * - 403 + /_systeme/403 without the right X-Challenge-Secret (the proxy alone forwards it, spec §2.3);
 * - 400 + /_systeme/400 for a method other than GET or POST, or a query string (canonical URLs have none);
 * - 200 + the catalogue resource's file for its canonical path, GET or POST alike (absent references are
 *   catalogue resources too, with their `exists: false` body);
 * - 404 + /_systeme/404 for any other path.
 */
export async function startCorpusServer(options: CorpusServerOptions): Promise<CorpusServer> {
  const problems = new Problems();
  const corpus = loadCorpus(await readCorpusTree(options.corpusDir), problems);
  const unreadable = servedFileProblems(corpus, problems.list);
  const systeme = {} as Record<SystemeStatus, Uint8Array>;
  for (const status of SYSTEME_STATUSES) {
    const body = corpus.systeme[status];
    if (body) systeme[status] = body.bytes;
  }
  if (corpus.catalogue.length === 0 || SYSTEME_STATUSES.some((s) => !systeme[s]) || unreadable.length > 0) {
    const detail = unreadable.map((p) => `${p.code}: ${p.message}`).join('; ') || 'no catalogue resource';
    throw new Error(`corpus server: ${options.corpusDir} is not a servable track folder (${detail})`);
  }
  const resources = new Map<string, Uint8Array>();
  for (const entry of corpus.catalogue) {
    const body = corpus.bodies.get(entry.path);
    if (body) resources.set(entry.path, body.bytes);
  }
  const secret = createHash('sha256').update(options.secret, 'utf8').digest();
  const now = options.now ?? (() => new Date());
  const log: CorpusCall[] = [];
  let unavailable = false;

  const carriesSecret = (req: IncomingMessage): boolean => {
    const presented = req.headers['x-challenge-secret'];
    return secretMatches(typeof presented === 'string' ? presented : undefined, secret);
  };

  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    const target = req.url ?? '/';
    const method = req.method ?? '';
    const secretPresent = carriesSecret(req);
    let status: number;
    let body: Uint8Array;
    const known = resources.get(target);
    if (unavailable) [status, body] = [503, systeme['503']];
    else if (!secretPresent) [status, body] = [403, systeme['403']];
    else if ((method !== 'GET' && method !== 'POST') || target.includes('?')) [status, body] = [400, systeme['400']];
    else if (known) [status, body] = [200, known];
    else [status, body] = [404, systeme['404']];
    log.push({ at: now().toISOString(), method, path: target, status, secretPresent });
    res.writeHead(status, { ...HEADERS, 'Content-Length': String(body.byteLength) });
    res.end(body);
  };

  const server = createServer((req, res) => {
    // A POST payload does not change the resource: it is drained unread, up to a cap past which the request is
    // answered 400 and the connection closed.
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > MAX_PAYLOAD_BYTES && !res.headersSent) {
        log.push({ at: now().toISOString(), method: req.method ?? '', path: req.url ?? '/', status: 400, secretPresent: carriesSecret(req) });
        res.writeHead(400, { ...HEADERS, 'Content-Length': String(systeme['400'].byteLength), Connection: 'close' });
        res.end(systeme['400']);
        req.destroy();
      }
    });
    req.on('end', () => {
      if (!res.headersSent) answer(req, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    setUnavailable(on) {
      unavailable = on;
    },
    calls: () => log.map((call) => ({ ...call })),
  };
}
