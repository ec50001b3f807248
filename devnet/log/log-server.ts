import { createHash, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { bytesToHex } from '@noble/hashes/utils.js';
import { canonical } from '../../main/core/json/canonical.ts';
import type { PyObject } from '../../main/core/json/value.ts';
import { auditPath, leafHash, treeHash } from '../../main/core/merkle/rfc6962.ts';
import { BodyTooLarge, closeServer, listen, readBody, sendJson } from '../http/http-helpers.ts';
import type { DevnetDatabase } from '../state/devnet-database.ts';
import { loadsOrUndefined } from '../wire/json-dumps.ts';
import { signedCheckpoint } from './checkpoint.ts';
import { checkHashedRekord } from './hashedrekord.ts';

export interface LogServerOptions {
  database: DevnetDatabase;
  /** The log's signing key (ECDSA P-256): signs SETs and checkpoints. */
  key: KeyObject;
  publicKeyPem: string;
  publicKeyDer: Uint8Array;
  /** 16 hex digits, the tree id Rekor puts in front of every uuid. */
  treeId: string;
  /** Name in checkpoints ("<name> - <tree id as decimal>" is the origin line). */
  name: string;
  now: () => Date;
  host: string;
  port: number;
}

export interface LogServer {
  url: string;
  logId: string;
  close(): Promise<void>;
}

interface Row {
  log_index: number;
  uuid: string;
  body: string;
  integrated_time: number;
}

function rekorError(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  sendJson(response, status, { code: BigInt(status), message }, headers);
}

/**
 * A Rekor-compatible transparency log (the subset the Trust Layer and its verifiers use, trust-layer-reference
 * §6.2): one RFC 6962 tree over SHA-256(0x00 ‖ body), entries in SQLite, signed entry timestamps and signed-note
 * checkpoints from the log key. logID = SHA-256 of the key's DER SubjectPublicKeyInfo, as Rekor computes it.
 */
export async function startLogServer(options: LogServerOptions): Promise<LogServer> {
  const { database } = options;
  database.exec(`CREATE TABLE IF NOT EXISTS log_entries (
    log_index INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    body TEXT NOT NULL,
    integrated_time INTEGER NOT NULL
  ) STRICT`);
  const logIdBytes = createHash('sha256').update(options.publicKeyDer).digest();
  const logId = logIdBytes.toString('hex');
  const origin = `${options.name} - ${BigInt(`0x${options.treeId}`).toString(10)}`;
  const leaves: Uint8Array[] = (
    database.prepare('SELECT body FROM log_entries ORDER BY log_index').all() as { body: string }[]
  ).map((row) => leafHash(Buffer.from(row.body, 'base64')));
  const insert = database.prepare(
    'INSERT INTO log_entries (log_index, uuid, body, integrated_time) VALUES (?, ?, ?, ?)',
  );
  const byUuid = database.prepare('SELECT * FROM log_entries WHERE uuid = ?');
  const byIndex = database.prepare('SELECT * FROM log_entries WHERE log_index = ?');

  function checkpoint(): string {
    return signedCheckpoint({
      origin,
      signerName: options.name,
      treeSize: leaves.length,
      rootHash: treeHash(leaves),
      keyHint: logIdBytes.subarray(0, 4),
      key: options.key,
    });
  }

  /** The entry as GET /api/v1/log/entries/{uuid} serves it, with an inclusion proof against the current tree. */
  function entryView(row: Row): PyObject {
    const setPayload = {
      body: row.body,
      integratedTime: BigInt(row.integrated_time),
      logID: logId,
      logIndex: BigInt(row.log_index),
    };
    // The SET signs canonical {body, integratedTime, logID, logIndex} (trust-layer-reference §6.2 step 6).
    const signedEntryTimestamp = sign('sha256', Buffer.from(canonical(setPayload), 'utf8'), options.key).toString(
      'base64',
    );
    return {
      [row.uuid]: {
        ...setPayload,
        verification: {
          inclusionProof: {
            checkpoint: checkpoint(),
            hashes: auditPath(row.log_index, leaves).map(bytesToHex),
            logIndex: BigInt(row.log_index),
            rootHash: bytesToHex(treeHash(leaves)),
            treeSize: BigInt(leaves.length),
          },
          signedEntryTimestamp,
        },
      },
    };
  }

  async function createEntry(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let bytes: Buffer;
    try {
      bytes = await readBody(request, 1024 * 1024);
    } catch (error) {
      if (error instanceof BodyTooLarge) return rekorError(response, 413, 'entry too large');
      throw error;
    }
    const proposed = loadsOrUndefined(bytes);
    if (proposed === undefined) return rekorError(response, 400, 'the body is not JSON');
    const checked = checkHashedRekord(proposed);
    if (!checked.ok) return rekorError(response, 400, checked.message);
    const body = Buffer.from(canonical(checked.entry), 'utf8');
    const leaf = leafHash(body);
    const uuid = `${options.treeId}${bytesToHex(leaf)}`;
    if (byUuid.get(uuid)) {
      return rekorError(response, 409, `an equivalent entry already exists in the transparency log with UUID ${uuid}`, {
        Location: `/api/v1/log/entries/${uuid}`,
      });
    }
    const row: Row = {
      log_index: leaves.length,
      uuid,
      body: body.toString('base64'),
      integrated_time: Math.floor(options.now().getTime() / 1000),
    };
    insert.run(row.log_index, row.uuid, row.body, row.integrated_time);
    leaves.push(leaf);
    sendJson(response, 201, entryView(row), { Location: `/api/v1/log/entries/${uuid}` });
  }

  function findEntry(id: string): Row | undefined {
    // Rekor accepts the full uuid (tree id + leaf hash) or the bare 64-hex leaf hash.
    const uuid = /^[0-9a-f]{64}$/.test(id) ? `${options.treeId}${id}` : id;
    return byUuid.get(uuid) as Row | undefined;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://log.devnet.localhost');
      const path = url.pathname;
      if (request.method === 'POST' && path === '/api/v1/log/entries') return createEntry(request, response);
      if (request.method !== 'GET') return rekorError(response, 405, 'method not allowed');
      if (path === '/api/v1/log/publicKey') {
        response.writeHead(200, { 'Content-Type': 'application/x-pem-file' }).end(options.publicKeyPem);
        return;
      }
      if (path === '/api/v1/log') {
        if (leaves.length === 0) return sendJson(response, 200, { treeSize: 0n, treeID: options.treeId });
        return sendJson(response, 200, {
          rootHash: bytesToHex(treeHash(leaves)),
          signedTreeHead: checkpoint(),
          treeID: options.treeId,
          treeSize: BigInt(leaves.length),
        });
      }
      if (path === '/api/v1/log/entries' && url.searchParams.has('logIndex')) {
        const index = Number(url.searchParams.get('logIndex'));
        const row = Number.isSafeInteger(index) ? (byIndex.get(index) as Row | undefined) : undefined;
        return row ? sendJson(response, 200, entryView(row)) : rekorError(response, 404, 'no entry at that logIndex');
      }
      const match = /^\/api\/v1\/log\/entries\/([0-9a-f]{64}|[0-9a-f]{80})$/.exec(path);
      if (match) {
        const row = findEntry(match[1] as string);
        return row ? sendJson(response, 200, entryView(row)) : rekorError(response, 404, 'entry not found');
      }
      rekorError(response, 404, `no route for ${path}`);
    })().catch((error: unknown) => rekorError(response, 500, `devnet log error: ${String(error)}`));
  });
  const url = await listen(server, options.host, options.port);
  return { url, logId, close: () => closeServer(server) };
}
