import { createHash, sign, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { bytesToHex } from '@noble/hashes/utils.js';
import { isPyObject, type PyJson, type PyObject } from '../../main/core/json/value.ts';
import { auditPath, leafHash, treeHash } from '../../main/core/merkle/rfc6962.ts';
import { jsonDumps, loadsOrUndefined } from '../wire/json-dumps.ts';
import type { ProofStore } from './proof-store.ts';
import type { TrustLayerFaults } from './trust-layer-faults.ts';

export interface AnchorOptions {
  store: ProofStore;
  tsaUrl: string;
  /** The provider name written into timestamp_authority.provider and listed in the devnet trust bundle. */
  tsaProvider: string;
  logUrl: string;
  /** ArkForge's separate Rekor key (ECDSA P-256), reference §6.2 "Key separation". */
  rekorKey: KeyObject;
  rekorPublicKeyPem: string;
  batchSize: number;
  batchAgeSeconds: number;
  now: () => Date;
  /** Witness steps a test makes fail (POST /_devnet/faults); absent, every step is attempted. */
  faults?: TrustLayerFaults;
}

export interface BatchSummary {
  batch_id: string;
  reason: string;
  tree_size: number;
  root: string;
  timestamp_authority: PyObject;
  transparency_log: PyObject;
}

/** batch_id = "batch_" + UTC strftime("%Y%m%d_%H%M%S_%f")[:-3] (reference §4.5). */
export function batchIdAt(date: Date): string {
  const iso = date.toISOString();
  return `batch_${iso.slice(0, 10).replaceAll('-', '')}_${iso.slice(11, 19).replaceAll(':', '')}_${iso.slice(20, 23)}`;
}

function timestampQuery(rootBytes: Uint8Array): Uint8Array {
  // As `openssl ts -query -data root.bin -no_nonce -sha256`: imprint SHA-256(raw32), no nonce, certReq false.
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({
        algorithmId: '2.16.840.1.101.3.4.2.1',
        algorithmParams: new asn1js.Null(),
      }),
      hashedMessage: new asn1js.OctetString({ valueHex: createHash('sha256').update(rootBytes).digest() }),
    }),
    certReq: false,
  });
  return new Uint8Array(request.toSchema().toBER(false));
}

/**
 * Batch anchoring (reference §4.5, §6): proofs join the open batch in queue order; the batch closes at
 * batchSize proofs, after batchAgeSeconds, or on the admin call. Closing builds the RFC 6962 tree over the
 * chain hashes, gets ONE RFC 3161 token over the 32 raw root bytes from the TSA over HTTP, logs ONE
 * hashedrekord entry over the root hex, then writes batch_anchor / timestamp_authority / transparency_log
 * into every proof of the batch. Closes run one at a time.
 */
export class BatchAnchor {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: AnchorOptions) {}

  /** The open batch a new proof joins (a new one is opened when none is). */
  currentBatchId(): string {
    const open = this.options.store.openBatch();
    if (open) return open.batchId;
    const now = this.options.now().getTime();
    // Two batches opened within one millisecond would share a name: the later one takes the next millisecond.
    let at = now;
    while (this.options.store.batchExists(batchIdAt(new Date(at)))) at += 1;
    const batchId = batchIdAt(new Date(at));
    this.options.store.createBatch(batchId, now);
    return batchId;
  }

  /** Called after a proof was stored: a full batch closes right away (BATCH_MAX_SIZE). */
  proofAdded(): void {
    const open = this.options.store.openBatch();
    if (open && open.size >= this.options.batchSize) void this.close('size');
  }

  /** The background tick: a batch older than the age limit closes (BATCH_MAX_AGE_SECONDS). */
  tick(): void {
    const open = this.options.store.openBatch();
    if (open && this.options.now().getTime() - open.openedAt >= this.options.batchAgeSeconds * 1000) {
      void this.close('age');
    }
  }

  /** Closes the open batch (and finishes any interrupted close). Null when nothing was pending. */
  close(reason: string): Promise<BatchSummary | null> {
    const next = this.chain.then(() => this.closeNow(reason));
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Waits for closes already started (used on shutdown). */
  async settle(): Promise<void> {
    await this.chain;
  }

  private async closeNow(reason: string): Promise<BatchSummary | null> {
    const { store } = this.options;
    const open = store.openBatch();
    if (open) store.markClosing(open.batchId, reason);
    let last: BatchSummary | null = null;
    for (const batchId of store.closingBatches()) {
      // An empty tree is never anchored (reference §4.4): a batch left without proofs just closes.
      if (store.batchProofIds(batchId).length === 0) store.markClosed(batchId, this.options.now().getTime(), {});
      else last = await this.anchor(batchId, reason);
    }
    return last;
  }

  private async anchor(batchId: string, reason: string): Promise<BatchSummary> {
    const { store } = this.options;
    const proofIds = store.batchProofIds(batchId);
    const records = proofIds.map((id) => store.getProof(id)?.record as PyObject);
    const leaves = records.map((record) => {
      const chain = String((record['hashes'] as PyObject)['chain']).replace(/^sha256:/, '');
      return leafHash(Buffer.from(chain, 'hex'));
    });
    const rootBytes = treeHash(leaves);
    const rootHex = bytesToHex(rootBytes);
    const faults = this.options.faults;
    // A step under a devnet fault is recorded as the Trust Layer records a step that failed (reference §9.7).
    const tsa = faults?.stepFails('timestamp_authority')
      ? this.failedTimestamp('devnet fault: the timestamp authority step failed')
      : await this.timestamp(rootBytes);
    const log = faults?.stepFails('transparency_log')
      ? failedLogEntry('devnet fault: the transparency log step failed')
      : await this.logRoot(rootHex);
    store.transaction(() => {
      records.forEach((record, index) => {
        record['batch_anchor'] = {
          status: 'anchored',
          batch_id: batchId,
          leaf_index: BigInt(index),
          tree_size: BigInt(leaves.length),
          audit_path: auditPath(index, leaves).map(bytesToHex),
          root: `sha256:${rootHex}`,
        };
        record['timestamp_authority'] = tsa.field;
        record['transparency_log'] = log;
        store.updateProof(proofIds[index] as string, record, tsa.token);
      });
      const summary = { batch_id: batchId, reason, tree_size: BigInt(leaves.length), root: `sha256:${rootHex}` };
      store.markClosed(batchId, this.options.now().getTime(), {
        ...summary,
        entries: proofIds,
        timestamp_authority: tsa.field,
        transparency_log: log,
      });
    });
    return {
      batch_id: batchId,
      reason,
      tree_size: leaves.length,
      root: `sha256:${rootHex}`,
      timestamp_authority: tsa.field,
      transparency_log: log,
    };
  }

  private async timestamp(rootBytes: Uint8Array): Promise<{ field: PyObject; token: Uint8Array | null }> {
    const provider = this.options.tsaProvider;
    try {
      const response = await fetch(this.options.tsaUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/timestamp-query' },
        body: Buffer.from(timestampQuery(rootBytes)),
      });
      const token = new Uint8Array(await response.arrayBuffer());
      if (!response.ok) throw new Error(`TSA answered HTTP ${response.status}`);
      const status = pkijs.TimeStampResp.fromBER(token).status.status;
      if (status !== 0 && status !== 1) throw new Error(`TSA refused the query (PKIStatus ${status})`);
      const field = {
        status: 'verified',
        provider,
        tsr_base64: Buffer.from(token).toString('base64'),
        anchored: 'batch_root',
      };
      return { field, token };
    } catch (error) {
      return this.failedTimestamp(String(error));
    }
  }

  /** timestamp_authority of a failed RFC 3161 step: status "failed", no tsr_base64 (reference §6.1). */
  private failedTimestamp(error: string): { field: PyObject; token: null } {
    return {
      field: {
        status: 'failed',
        provider: this.options.tsaProvider,
        error: error.slice(0, 200),
        anchored: 'batch_root',
      },
      token: null,
    };
  }

  private async logRoot(rootHex: string): Promise<PyObject> {
    const base = this.options.logUrl;
    try {
      // The artifact is the root hex as ASCII; the entry carries its SHA-256 and an ECDSA signature over it.
      const artifact = Buffer.from(rootHex, 'ascii');
      const entry = {
        apiVersion: '0.0.1',
        kind: 'hashedrekord',
        spec: {
          data: { hash: { algorithm: 'sha256', value: createHash('sha256').update(artifact).digest('hex') } },
          signature: {
            content: sign('sha256', artifact, this.options.rekorKey).toString('base64'),
            publicKey: { content: Buffer.from(this.options.rekorPublicKeyPem, 'utf8').toString('base64') },
          },
        },
      };
      let response = await fetch(`${base}/api/v1/log/entries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: jsonDumps(entry),
      });
      // HTTP 409 (already logged) counts as success, as in the reference server.
      if (response.status === 409) response = await fetch(new URL(response.headers.get('location') ?? '', base));
      if (!response.ok) throw new Error(`log answered HTTP ${response.status}: ${await response.text()}`);
      const answer = loadsOrUndefined(new Uint8Array(await response.arrayBuffer())) ?? null;
      if (!isPyObject(answer)) throw new Error('log answer is not an object');
      const uuid = Object.keys(answer)[0] as string;
      const logged = answer[uuid] as PyObject;
      const logIndex = logged['logIndex'] as PyJson;
      return {
        provider: 'sigstore-rekor',
        status: 'verified',
        uuid,
        log_index: logIndex,
        integrated_time: logged['integratedTime'] as PyJson,
        log_url: `${base}/api/v1/log/entries/${uuid}`,
        verify_url: `${base}/api/v1/log/entries?logIndex=${String(logIndex)}`,
        anchored: 'batch_root',
      };
    } catch (error) {
      return failedLogEntry(String(error));
    }
  }
}

/** transparency_log of a failed Rekor step: status "failed", no uuid nor log_url (reference §6.2). */
function failedLogEntry(error: string): PyObject {
  return { provider: 'sigstore-rekor', status: 'failed', error: error.slice(0, 200), anchored: 'batch_root' };
}
