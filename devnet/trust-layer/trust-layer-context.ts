import type { IncomingMessage } from 'node:http';
import type { PyObject } from '../../main/core/json/value.ts';
import type { Accounts } from './accounts.ts';
import type { BatchAnchor } from './batch-anchor.ts';
import type { PublishedSigningKey } from './key-publication.ts';
import type { ProofSigner } from './proof-record.ts';
import type { ProofStore } from './proof-store.ts';
import type { ReadLimiter } from './read-limiter.ts';
import type { TrustLayerFaults } from './trust-layer-faults.ts';
import type { Upstream } from './upstream.ts';

/** What the Trust Layer's routes share. */
export interface TrustLayerContext {
  accounts: Accounts;
  store: ProofStore;
  limiter: ReadLimiter;
  anchor: BatchAnchor;
  upstream: Upstream;
  signer: ProofSigner;
  /** GET /v1/pubkey and /.well-known/did.json bodies (read at each call: a key rotation changes them). */
  pubkeyDocument: PyObject;
  didDocument: PyObject;
  /** POST /_devnet/rotate-key: a new signing key signs from now on, the earlier ones stay published. */
  rotateSigningKey(): PublishedSigningKey;
  /** The Trust Layer's own base URL (verification_url, X-ArkForge-Proof). */
  baseUrl(): string;
  internalSecret: string;
  /** The X-Challenge-Secret forwarded to the devnet's PROVE IT hosts only. */
  challengeSecret: string;
  /** Sellers whose proofs POST /v1/proofs serves (the PROVE IT hosts). */
  proveItSellers: ReadonlySet<string>;
  proxyTimeoutMs: number;
  /**
   * The corpus hosts (one per track served, each the host of its track's base) and the corpus server's 503 switch
   * of the track a host serves (POST /_devnet/faults).
   */
  corpus: { hosts: ReadonlySet<string>; setUnavailable(host: string, on: boolean): void };
  /** Faults on ArkForge's side (POST /_devnet/faults): null answers, failed witness steps. */
  faults: TrustLayerFaults;
  now: () => Date;
  randomBytes: (n: number) => Uint8Array;
  /** Calls per endpoint since start (GET /_devnet/stats). */
  endpointCalls: Map<string, number>;
}

/** The API key from `X-Api-Key` or `Authorization: Bearer` (reference §7). */
export function apiKeyOf(request: IncomingMessage): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const authorization = request.headers.authorization;
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1];
}

export const PROOF_ID_PATTERN = /^prf_\d{8}_\d{6}_[0-9a-f]{6}$/;

/** "%Y-%m-%dT%H:%M:%SZ", the proxy's timestamp format. */
export function proxyTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
