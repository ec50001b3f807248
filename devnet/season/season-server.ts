import { createServer } from 'node:http';
import { isPyObject } from '../../main/core/json/value.ts';
import { BodyTooLarge, closeServer, listen, readBody, sendJson } from '../http/http-helpers.ts';
import type { DevnetDatabase } from '../state/devnet-database.ts';
import { loadsOrUndefined } from '../wire/json-dumps.ts';

export interface SeasonServer {
  url: string;
  close(): Promise<void>;
}

export interface SeasonServerOptions {
  database: DevnetDatabase;
  now: () => Date;
  host: string;
  port: number;
}

function notFound(path: string) {
  return { error: 'not_found', path, message: 'The devnet season host serves POST /v1/season/{n}/freeze only.' };
}

/**
 * The minimal season-service host (proveit.devnet.localhost). POST /v1/season/{n}/freeze records the posted
 * freeze document and answers it back byte for byte, so anchoring a freeze is one proxy call through the Trust
 * Layer whose seller is the season host, as the real freeze proof was. Enrolment and submission are not built.
 */
export async function startSeasonServer(options: SeasonServerOptions): Promise<SeasonServer> {
  options.database.exec(`CREATE TABLE IF NOT EXISTS season_freezes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    season INTEGER NOT NULL,
    received_at TEXT NOT NULL,
    document TEXT NOT NULL
  ) STRICT`);
  const insert = options.database.prepare(
    'INSERT INTO season_freezes (season, received_at, document) VALUES (?, ?, ?)',
  );
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://proveit.devnet.localhost').pathname;
      const match = /^\/v1\/season\/(\d{1,6})\/freeze$/.exec(path);
      if (!match) return sendJson(response, 404, notFound(path));
      if (request.method !== 'POST') {
        return sendJson(response, 405, { error: 'method_not_allowed', path, message: 'POST the freeze document.' });
      }
      let bytes: Buffer;
      try {
        bytes = await readBody(request, 1024 * 1024);
      } catch (error) {
        if (error instanceof BodyTooLarge)
          return sendJson(response, 413, { error: 'too_large', path, message: error.message });
        throw error;
      }
      if (!isPyObject(loadsOrUndefined(bytes) ?? null)) {
        return sendJson(response, 400, {
          error: 'invalid_document',
          path,
          message: 'The freeze document must be a JSON object.',
        });
      }
      insert.run(Number(match[1]), options.now().toISOString(), bytes.toString('utf8'));
      response.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(bytes.length),
        'Cache-Control': 'no-store',
      });
      response.end(bytes);
    })().catch((error: unknown) => sendJson(response, 500, { error: 'internal_error', message: String(error) }));
  });
  const url = await listen(server, options.host, options.port);
  return { url, close: () => closeServer(server) };
}
