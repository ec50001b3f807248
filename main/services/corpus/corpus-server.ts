import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { absentReferenceBody, type CollectionReferences } from '../../core/corpus/collection-references.ts';
import { loadCorpus, servedFileProblems } from '../../core/corpus/load-corpus.ts';
import { Problems } from '../../core/corpus/problems.ts';
import { baseHost, hostHeaderName, seasonTracksProblems, sortedTracks } from '../../core/corpus/season-tracks.ts';
import { SYSTEME_STATUSES, UNKNOWN_HOST_STATUS, unknownHostBody, type SystemeStatus } from '../../core/corpus/systeme.ts';
import { TRACKS } from '../../core/corpus/tracks.ts';
import { jsonFileBytes } from '../../core/corpus/tree.ts';
import { openCorpusCallLog, type CorpusCall, type CorpusCallLog } from '../../db/corpus-call-log/corpus-calls.ts';
import { readBodyWithin } from '../http/read-body.ts';
import { digestMatches, secretDigest } from '../http/secret-equal.ts';
import { sendBody } from '../http/send-body.ts';
import { readTrackFolders, type TrackFolder } from './season-folder.ts';

export type { CorpusCall } from '../../db/corpus-call-log/corpus-calls.ts';

export interface CorpusServerOptions {
  /**
   * A track folder in the corpus format (docs/corpus-format.md), or a season folder (`corpus/season-1/`): every track
   * folder in it is served at once, each on the host of its base.
   */
  corpusDir: string;
  secret: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** The clock of the call log; defaults to the system clock. */
  now?: () => Date;
  /**
   * The SQLite file of the call log: every call is appended as it is answered, and the calls of earlier runs on the
   * same file stay. Without one the log is kept in memory and ends with the server.
   */
  callLogFile?: string;
  /**
   * The season service participants read (https://proveit.arkforge.tech): when given, every 404 answer carries
   * `Link: <{seasonService}/v1/season/{n}/catalogue/{track}>; rel="describedby"`, the route that publishes the
   * track's canonical URLs (spec §2.4). The frozen /_systeme/404 body only says they "are published in the
   * catalogue": its bytes are hashed in the manifest, so the route is named in a header, which nothing hashes.
   */
  seasonService?: string;
}

/** One track a corpus server serves. */
export interface ServedTrack {
  track: string;
  season: number;
  /** season.json's base: the canonical URLs of the track start with it. */
  base: string;
  /** The base's host name: the Host the server routes to this track. */
  host: string;
  dir: string;
}

export interface CorpusServer {
  /** http://HOST:PORT */
  url: string;
  /** Every track served, in code-point order of their names. */
  tracks: ServedTrack[];
  close(): Promise<void>;
  /**
   * While on, every request to the track (every track when none is named) gets its /_systeme/503 body with status
   * 503 (the frontend's "corpus unavailable").
   */
  setUnavailable(on: boolean, track?: string): void;
  /**
   * The call log, in arrival order (with `callLogFile`, the calls of earlier runs first): an internal control
   * instrument, never a source of score (spec §2.5).
   */
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

/** What the server holds for one track: its frozen resources, its collections' references and /_systeme bodies. */
interface LoadedTrack extends ServedTrack {
  resources: Map<string, Uint8Array>;
  references: readonly CollectionReferences[];
  systeme: Record<SystemeStatus, Uint8Array>;
  unavailable: boolean;
  /** The Link header of its 404 answers, when a season service is given. */
  catalogueLink: string | null;
}

/**
 * The season service's URL as a Link target: http(s), no query, no fragment, no trailing slash; anything a header
 * cannot carry is refused at start rather than at the first 404.
 */
function seasonServiceBase(url: string): string {
  let parsed: URL;
  try {
    // The URL parser drops tabs and line breaks silently: a value holding any is refused, not repaired.
    if (/[\s<>"]/.test(url)) throw new Error('not a URL');
    parsed = new URL(url);
  } catch {
    throw new Error(`corpus server: the season service '${url}' is not a URL`);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.search !== '' || parsed.hash !== '') {
    throw new Error(`corpus server: the season service '${url}' must be an http(s) URL without query or fragment`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

function loadTrack(folder: TrackFolder): LoadedTrack {
  const problems = new Problems();
  const corpus = loadCorpus(folder.tree, problems);
  const unreadable = servedFileProblems(corpus, problems.list);
  const systeme = {} as Record<SystemeStatus, Uint8Array>;
  for (const status of SYSTEME_STATUSES) {
    const body = corpus.systeme[status];
    if (body) systeme[status] = body.bytes;
  }
  if (!corpus.season || corpus.catalogue.length === 0 || SYSTEME_STATUSES.some((s) => !systeme[s]) || unreadable.length > 0) {
    const detail = unreadable.map((p) => `${p.code}: ${p.message}`).join('; ') || 'no catalogue resource';
    throw new Error(`corpus server: ${folder.dir} is not a servable track folder (${detail})`);
  }
  const resources = new Map<string, Uint8Array>();
  for (const entry of corpus.catalogue) {
    const body = corpus.bodies.get(entry.path);
    if (body) resources.set(entry.path, body.bytes);
  }
  const { track, season, base } = corpus.season;
  const definition = Object.hasOwn(TRACKS, track) ? TRACKS[track] : undefined;
  if (!definition) {
    throw new Error(
      `corpus server: ${folder.dir} is the track '${track}', which has no collections known here (tracks: ${Object.keys(TRACKS).join(', ')})`,
    );
  }
  const { references } = definition;
  return {
    track,
    season: Number(season),
    base,
    host: baseHost(base),
    dir: folder.dir,
    resources,
    references,
    systeme,
    unavailable: false,
    catalogueLink: null,
  };
}

/**
 * The answer to a path outside the catalogue (spec §2.5: "a reference that does not exist in a collection returns
 * 200 with {resource, exists: false}; only a path outside the collections returns 404"). A path in the shape of one
 * of the track's collections' references names a reference absent from it: 200 and its absence body, built from the
 * path alone the way the generator builds the catalogue's absent references (the same function, the same file
 * layout). Any other path is outside every collection: 404 and the fixed /_systeme/404 body.
 */
function outsideCatalogue(track: LoadedTrack, target: string): [number, Uint8Array] {
  const absent = absentReferenceBody(track.references, target);
  return absent === undefined ? [404, track.systeme['404']] : [200, jsonFileBytes(absent)];
}

/** Whether the request carries the challenge secret whose SHA-256 is `secret`. */
function carriesSecret(req: IncomingMessage, secret: Buffer): boolean {
  const presented = req.headers['x-challenge-secret'];
  // Constant-time over digests: neither the content nor the length of the secret leaks by timing.
  return typeof presented === 'string' && digestMatches(presented, secret);
}

/** The call log's line for one answered request. */
function callOf(req: IncomingMessage, status: number, track: LoadedTrack | undefined, secret: Buffer, at: Date): CorpusCall {
  return {
    at: at.toISOString(),
    method: req.method ?? '',
    path: req.url ?? '/',
    status,
    secretPresent: carriesSecret(req, secret),
    host: req.headers.host ?? null,
    track: track?.track ?? null,
  };
}

/** Every track of the corpus folder, loaded and checked together (one season, distinct hosts), with their Links. */
async function loadTracks(options: CorpusServerOptions): Promise<LoadedTrack[]> {
  const folders = await readTrackFolders(options.corpusDir).catch((error: unknown) => {
    throw new Error(`corpus server: cannot read ${options.corpusDir}: ${(error as Error).message}`);
  });
  if (folders.length === 0) {
    throw new Error(
      `corpus server: ${options.corpusDir} is not a servable track folder (no season.json in it or in any of its subfolders)`,
    );
  }
  const tracks = sortedTracks(folders.map(loadTrack));
  if (options.seasonService !== undefined) {
    const service = seasonServiceBase(options.seasonService);
    for (const t of tracks) {
      t.catalogueLink = `<${service}/v1/season/${t.season}/catalogue/${encodeURIComponent(t.track)}>; rel="describedby"`;
    }
  }
  const together = seasonTracksProblems(tracks.map((t) => ({ dir: t.dir, season: BigInt(t.season), track: t.track, base: t.base })));
  if (together.length > 0) {
    throw new Error(`corpus server: ${options.corpusDir} cannot be served (${together.map((p) => `${p.code}: ${p.message}`).join('; ')})`);
  }
  return tracks;
}

/**
 * The corpus server (spec §2.3, §2.5; docs/corpus-format.md "9. Corpus server"). It serves the frozen bytes of every
 * track of a season at once, routing each request to the track whose base host is its Host header (a server of one
 * track serves it whatever the Host). Then, for that track:
 * - a Host that names no track of a season: 421 + a fixed JSON body listing the bases (no track, no secret check);
 * - status 503 + the track's /_systeme/503 while set unavailable;
 * - 403 + /_systeme/403 without the right X-Challenge-Secret (the proxy alone forwards it, spec §2.3);
 * - 400 + /_systeme/400 for a method other than GET or POST, or a query string (canonical URLs have none);
 * - 200 + the catalogue resource's file for its canonical path, GET or POST alike (absent references are
 *   catalogue resources too, with their `exists: false` body);
 * - 200 + an absence body for a reference of one of the track's collections that the catalogue does not hold;
 * - 404 + /_systeme/404 for any other path (with `seasonService`, and a Link to the track's catalogue route).
 * Every call is appended to the call log (`callLogFile`, or memory).
 */
export async function startCorpusServer(options: CorpusServerOptions): Promise<CorpusServer> {
  const tracks = await loadTracks(options);
  const byHost = new Map(tracks.map((t) => [t.host, t]));
  const misdirected = jsonFileBytes(unknownHostBody(tracks.map((t) => t.base)));
  const secret = secretDigest(options.secret);
  const now = options.now ?? (() => new Date());
  let log: CorpusCallLog;
  try {
    log = openCorpusCallLog(options.callLogFile);
  } catch (error) {
    throw new Error(`corpus server: cannot open the call log ${options.callLogFile}: ${(error as Error).message}`);
  }

  /** The track a request is for: the only one, or the one whose base host is the Host header. */
  const trackOf = (req: IncomingMessage): LoadedTrack | undefined => {
    if (tracks.length === 1) return tracks[0];
    const host = hostHeaderName(req.headers.host);
    return host === undefined ? undefined : byHost.get(host);
  };

  const record = (req: IncomingMessage, status: number, track: LoadedTrack | undefined): void =>
    log.append(callOf(req, status, track, secret, now()));

  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    const target = req.url ?? '/';
    const method = req.method ?? '';
    const track = trackOf(req);
    let status: number;
    let body: Uint8Array;
    if (!track) [status, body] = [UNKNOWN_HOST_STATUS, misdirected];
    else {
      const known = track.resources.get(target);
      if (track.unavailable) [status, body] = [503, track.systeme['503']];
      else if (!carriesSecret(req, secret)) [status, body] = [403, track.systeme['403']];
      else if ((method !== 'GET' && method !== 'POST') || target.includes('?')) [status, body] = [400, track.systeme['400']];
      else if (known) [status, body] = [200, known];
      else [status, body] = outsideCatalogue(track, target);
    }
    record(req, status, track);
    const link = status === 404 && track?.catalogueLink ? { Link: track.catalogueLink } : {};
    sendBody(res, status, body, { ...HEADERS, ...link });
  };

  // Node answers a request without Host with its own plain 400; the corpus answers JSON only (spec §2.5), so the
  // check is left to the routing above (no Host names no track of a season: 421 and its JSON body).
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    // A POST payload does not change the resource: it is drained unread, up to a cap past which the request is
    // answered 400 and the connection closed.
    void readBodyWithin(req, MAX_PAYLOAD_BYTES).then((read) => {
      if (read.ok) return answer(req, res);
      if (read.refusal === 'aborted') return;
      const track = trackOf(req);
      const [status, body] = track ? [400, track.systeme['400']] : [UNKNOWN_HOST_STATUS, misdirected];
      record(req, status, track);
      sendBody(res, status, body, HEADERS, { Connection: 'close' });
      req.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  }).catch((error: unknown) => {
    log.close();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    tracks: tracks.map(({ track, season, base, host: trackHost, dir }) => ({ track, season, base, host: trackHost, dir })),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          log.close();
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
    setUnavailable(on, name) {
      if (name !== undefined && !tracks.some((t) => t.track === name)) {
        throw new Error(`corpus server: no track '${name}' (serving ${tracks.map((t) => t.track).join(', ')})`);
      }
      for (const t of tracks) if (name === undefined || t.track === name) t.unavailable = on;
    },
    calls: () => log.all(),
  };
}
