import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { DevnetDatabase } from '../state/devnet-database.ts';
import { BodyTooLarge, closeServer, listen, readBody, sendBytes } from '../http/http-helpers.ts';
import { timestampReply, type TsaSigner } from './timestamp-reply.ts';

export interface TsaServer {
  url: string;
  close(): Promise<void>;
}

export interface TsaServerOptions {
  database: DevnetDatabase;
  signer: TsaSigner;
  now: () => Date;
  host: string;
  port: number;
}

/**
 * RFC 3161 over HTTP (RFC 3161 §3.4): POST an application/timestamp-query, get an application/timestamp-reply.
 * Any path is accepted, as FreeTSA answers on /tsr and DigiCert on /. Serial numbers come from SQLite so they
 * stay unique across restarts.
 */
export async function startTsaServer(options: TsaServerOptions): Promise<TsaServer> {
  const { database } = options;
  database.exec(`CREATE TABLE IF NOT EXISTS tsa_tokens (
    serial INTEGER PRIMARY KEY AUTOINCREMENT,
    gen_time TEXT NOT NULL,
    imprint_request_sha256 TEXT NOT NULL
  ) STRICT`);
  const insert = database.prepare('INSERT INTO tsa_tokens (gen_time, imprint_request_sha256) VALUES (?, ?)');

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST') {
        response.writeHead(405, { Allow: 'POST', 'Content-Type': 'text/plain' }).end('POST a timestamp query\n');
        return;
      }
      if ((request.headers['content-type'] ?? '').split(';')[0]?.trim() !== 'application/timestamp-query') {
        response
          .writeHead(415, { 'Content-Type': 'text/plain' })
          .end('Content-Type must be application/timestamp-query\n');
        return;
      }
      let body: Buffer;
      try {
        body = await readBody(request, 64 * 1024);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        response.writeHead(413, { 'Content-Type': 'text/plain' }).end('timestamp query too large\n');
        return;
      }
      const genTime = options.now();
      const serial = insert.run(genTime.toISOString(), createHash('sha256').update(body).digest('hex')).lastInsertRowid;
      const reply = timestampReply({ request: body, genTime, serial: BigInt(serial), signer: options.signer });
      sendBytes(response, 200, 'application/timestamp-reply', reply);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`devnet TSA error: ${String(error)}\n`);
    });
  });
  const url = await listen(server, options.host, options.port);
  return { url, close: () => closeServer(server) };
}
