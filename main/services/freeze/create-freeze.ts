import { bytesToHex } from '@noble/hashes/utils.js';
import { checkFreezeAnchor } from '../../core/freeze/check-anchor.ts';
import {
  freezeDocumentSha256,
  freezeRequestHash,
  freezeUrl,
  type FreezeDocument,
} from '../../core/freeze/freeze-document.ts';
import { checkFreezeCreation, type FreezeCreation } from '../../core/freeze/freeze-creation.ts';
import { frozenMaterialOf } from '../../core/freeze/frozen-material.ts';
import { answerKeyBytes, keyCommitment, SALT_BYTES } from '../../core/freeze/key-commitment.ts';
import { signFreezeDocument } from '../../core/freeze/operator-freeze.ts';
import type { PublishedFreeze } from '../../core/freeze/publication.ts';
import { ok, type Result } from '../../core/result.ts';
import { freezeInForceOf, type FreezeRow } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import { invalidationOf } from '../../db/season-invalidations.ts';
import type { Clock } from '../clock.ts';
import { readCorpusTree } from '../corpus/corpus-folder.ts';
import type { HttpClient } from '../http/http-client.ts';
import { publishedFreezeOf } from './publish-freeze.ts';
import { recordFreeze } from './record-freeze.ts';
import { ownerFullView, proxyFreeze } from './trust-layer-calls.ts';

export interface CreateFreezeInput {
  corpusDir: string;
  trustLayer: string;
  /** Read from a file by the caller; sent in X-Api-Key only, never stored, printed or logged. */
  apiKey: string;
  /**
   * The operator's Ed25519 key (index-signing-key.pem beside the database, or --operator-key-file): it signs the
   * version-3 document, which the season service accepts from this key only (docs/freeze.md "The freeze document").
   * Never stored, printed or logged; its public half is published in the document.
   */
  operatorKey: { privateKey: Uint8Array; publicKeyHex: string };
  /** The season service, e.g. https://proveit.arkforge.tech: the freeze is posted to {base}/v1/season/{n}/freeze. */
  seasonBase: string;
  /** ISO UTC instants (parseInstant). */
  opensAt: string;
  closesAt: string;
  /** How the caller's user names the opening in advice (FREEZE_OPENING_TOO_SOON): default `--opens-at`. */
  opensAtField?: string;
  replace: boolean;
  reason: string | null;
  /** Who runs it (--actor): recorded in the audit log with the freeze. */
  actor: string;
}

export interface CreateFreezePorts {
  db: Db;
  http: HttpClient;
  clock: Clock;
  /** Fresh random bytes (node:crypto randomBytes in production): the salt. */
  randomBytes: (n: number) => Uint8Array;
}

/**
 * `proveit freeze create` (spec §8.1–8.3): read the track folder and the season's records, check them in one pure
 * step (core/freeze/freeze-creation.ts), then commit to the sealed key with a fresh 32-byte salt, anchor the document
 * through the Trust Layer proxy, check the proof anchors exactly that document, and record the freeze with its seal.
 * Nothing is recorded when any step fails.
 */
export async function createFreeze(
  input: CreateFreezeInput,
  ports: CreateFreezePorts,
): Promise<Result<PublishedFreeze>> {
  const tree = await readCorpusTree(input.corpusDir).catch((error: unknown) => error as Error);
  const material = tree instanceof Error ? undefined : frozenMaterialOf(tree);
  const named = material?.ok ? material.value : undefined;
  const current = named ? freezeInForceOf(ports.db, named.season, named.track) : null;
  const nowMs = ports.clock.now();
  const checked = checkFreezeCreation(
    { ...input, opensAtField: input.opensAtField ?? '--opens-at' },
    {
      corpus: tree instanceof Error ? { unreadable: tree.message } : { tree, material: material! },
      invalidation: named ? invalidationOf(ports.db, named.season, named.track) : null,
      current,
      nowMs,
    },
  );
  if (!checked.ok) return checked;

  const salt = ports.randomBytes(SALT_BYTES);
  const document = signFreezeDocument(
    freezeDocumentOf(input, checked.value, current, keyCommitment(checked.value.material.key, salt), nowMs),
    input.operatorKey.privateKey,
  );
  const row = await anchorFreeze(input, ports, document);
  if (!row.ok) return row;
  const seal = {
    saltHex: bytesToHex(salt),
    answerKey: new TextDecoder().decode(answerKeyBytes(checked.value.material.key)),
  };
  const recorded = recordFreeze(ports.db, row.value, seal, input.actor);
  return recorded.ok ? ok(publishedFreezeOf(row.value)) : recorded;
}

/** The version-3 document, unsigned (docs/freeze.md "The freeze document"). */
function freezeDocumentOf(
  input: CreateFreezeInput,
  creation: FreezeCreation,
  current: FreezeRow | null,
  commitment: string,
  nowMs: number,
): FreezeDocument {
  const { material, replaces } = creation;
  return {
    document_version: 3,
    season: material.season,
    track: material.track,
    rules_version: material.rulesVersion,
    rules_hash: material.rulesHash,
    manifest_hash: material.manifestHash,
    key_commitment: commitment,
    replaces,
    reason: replaces === null ? null : input.reason,
    opens_at: input.opensAt,
    closes_at: input.closesAt,
    // The season service knows only signed documents: a version-1 or version-2 freeze replaced here is not one, so
    // its replacement starts the signed chain (docs/freeze.md "The freeze document").
    replaces_sha256:
      current !== null && replaces !== null && current.documentVersion === 3
        ? freezeDocumentSha256(publishedFreezeOf(current))
        : null,
    signed_at: new Date(nowMs).toISOString(),
  };
}

/**
 * Anchors the signed document through the Trust Layer proxy, reads the owner full view and checks the proof
 * anchors exactly that document (core/freeze/check-anchor.ts): the row to record.
 */
async function anchorFreeze(
  input: CreateFreezeInput,
  ports: CreateFreezePorts,
  document: FreezeDocument,
): Promise<Result<FreezeRow>> {
  const url = freezeUrl(input.seasonBase.replace(/\/+$/, ''), document.season);
  const anchored = await proxyFreeze(ports.http, input.trustLayer, input.apiKey, url, document);
  if (!anchored.ok) return anchored;
  const full = await ownerFullView(ports.http, input.trustLayer, input.apiKey, anchored.value.proofId);
  if (!full.ok) return full;
  const opening = checkFreezeAnchor({
    proofId: anchored.value.proofId,
    proxyProof: anchored.value.proof,
    fullView: full.value.value,
    expectedRequestHash: freezeRequestHash(url, document),
  });
  if (!opening.ok) return opening;
  return ok({
    proofId: anchored.value.proofId,
    documentVersion: document.document_version,
    season: document.season,
    track: document.track,
    rulesVersion: document.rules_version,
    rulesHash: document.rules_hash,
    manifestHash: document.manifest_hash,
    keyCommitment: document.key_commitment,
    url,
    replaces: document.replaces,
    reason: document.reason,
    opensAt: input.opensAt,
    closesAt: input.closesAt,
    requestHash: opening.value.value,
    requestHashNonce: opening.value.nonce,
    trustLayer: input.trustLayer,
    createdAtMs: ports.clock.now(),
    // The whole proxy answer as served: its `proof` member is the proof, byte for byte as the Trust Layer wrote it.
    proxyProof: anchored.value.bytes,
    fullView: full.value.bytes,
    operator: {
      replacesSha256: document.replaces_sha256 ?? null,
      signedAt: document.signed_at as string,
      operatorPublicKey: document.operator_public_key as string,
      operatorSignature: document.operator_signature as string,
    },
  });
}
