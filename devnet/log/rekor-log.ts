import { createHash, sign, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bytesToHex } from '@noble/hashes/utils.js';
import { canonical } from '../../main/core/json/canonical.ts';
import type { PyObject } from '../../main/core/json/value.ts';
import { auditPath, leafHash, treeHash } from '../../main/core/merkle/rfc6962.ts';
import { BodyTooLarge, readBody, sendJson } from '../http/http-helpers.ts';
import { loadsOrUndefined } from '../wire/json-dumps.ts';
import { signedCheckpoint } from './checkpoint.ts';
import { checkHashedRekord } from './hashedrekord.ts';
import type { DevnetDatabase } from '../state/devnet-database.ts';

/** What the log is made of: its store, its key and names, its clock. */
export interface RekorLogOptions {
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
}

interface Row {
  log_index: number;
  uuid: string;
  body: string;
  integrated_time: number;
}

/** Rekor's error shape: {"code", "message"}. */
export function rekorError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  sendJson(response, status, { code: BigInt(status), message }, headers);
}

/**
 * The log's tree and entries (trust-layer-reference §6.2): one RFC 6962 tree over SHA-256(0x00 ‖ body), entries in
 * SQLite, signed entry timestamps and signed-note checkpoints from the log key. logID = SHA-256 of the key's DER
 * SubjectPublicKeyInfo, as Rekor computes it.
 */
export class RekorLog {
  readonly logIdBytes: Buffer;
  readonly logId: string;
  readonly leaves: Uint8Array[];
  private readonly origin: string;
  private readonly insert;
  private readonly byUuid;
  private readonly byIndex;

  constructor(private readonly options: RekorLogOptions) {
    const { database } = options;
    database.exec(`CREATE TABLE IF NOT EXISTS log_entries (
      log_index INTEGER PRIMARY KEY,
      uuid TEXT NOT NULL UNIQUE,
      body TEXT NOT NULL,
      integrated_time INTEGER NOT NULL
    ) STRICT`);
    this.logIdBytes = createHash('sha256').update(options.publicKeyDer).digest();
    this.logId = this.logIdBytes.toString('hex');
    this.origin = `${options.name} - ${BigInt(`0x${options.treeId}`).toString(10)}`;
    this.leaves = (database.prepare('SELECT body FROM log_entries ORDER BY log_index').all() as { body: string }[]).map(
      (row) => leafHash(Buffer.from(row.body, 'base64')),
    );
    this.insert = database.prepare(
      'INSERT INTO log_entries (log_index, uuid, body, integrated_time) VALUES (?, ?, ?, ?)',
    );
    this.byUuid = database.prepare('SELECT * FROM log_entries WHERE uuid = ?');
    this.byIndex = database.prepare('SELECT * FROM log_entries WHERE log_index = ?');
  }

  get treeId(): string {
    return this.options.treeId;
  }

  get publicKeyPem(): string {
    return this.options.publicKeyPem;
  }

  entryAt(index: number): Row | undefined {
    return this.byIndex.get(index) as Row | undefined;
  }

  checkpoint(): string {
    return signedCheckpoint({
      origin: this.origin,
      signerName: this.options.name,
      treeSize: this.leaves.length,
      rootHash: treeHash(this.leaves),
      keyHint: this.logIdBytes.subarray(0, 4),
      key: this.options.key,
    });
  }

  /** The entry as GET /api/v1/log/entries/{uuid} serves it, with an inclusion proof against the current tree. */
  entryView(row: Row): PyObject {
    const setPayload = {
      body: row.body,
      integratedTime: BigInt(row.integrated_time),
      logID: this.logId,
      logIndex: BigInt(row.log_index),
    };
    // The SET signs canonical {body, integratedTime, logID, logIndex} (trust-layer-reference §6.2 step 6).
    const signedEntryTimestamp = sign('sha256', Buffer.from(canonical(setPayload), 'utf8'), this.options.key).toString(
      'base64',
    );
    return {
      [row.uuid]: {
        ...setPayload,
        verification: {
          inclusionProof: {
            checkpoint: this.checkpoint(),
            hashes: auditPath(row.log_index, this.leaves).map(bytesToHex),
            logIndex: BigInt(row.log_index),
            rootHash: bytesToHex(treeHash(this.leaves)),
            treeSize: BigInt(this.leaves.length),
          },
          signedEntryTimestamp,
        },
      },
    };
  }

  async createEntry(request: IncomingMessage, response: ServerResponse): Promise<void> {
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
    const uuid = `${this.options.treeId}${bytesToHex(leaf)}`;
    if (this.byUuid.get(uuid)) {
      return rekorError(response, 409, `an equivalent entry already exists in the transparency log with UUID ${uuid}`, {
        Location: `/api/v1/log/entries/${uuid}`,
      });
    }
    const row: Row = {
      log_index: this.leaves.length,
      uuid,
      body: body.toString('base64'),
      integrated_time: Math.floor(this.options.now().getTime() / 1000),
    };
    this.insert.run(row.log_index, row.uuid, row.body, row.integrated_time);
    this.leaves.push(leaf);
    sendJson(response, 201, this.entryView(row), { Location: `/api/v1/log/entries/${uuid}` });
  }

  /** The entry of a uuid, or undefined. */
  findEntry(id: string): Row | undefined {
    // Rekor accepts the full uuid (tree id + leaf hash) or the bare 64-hex leaf hash.
    const uuid = /^[0-9a-f]{64}$/.test(id) ? `${this.options.treeId}${id}` : id;
    return this.byUuid.get(uuid) as Row | undefined;
  }
}
