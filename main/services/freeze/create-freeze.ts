import { bytesToHex } from '@noble/hashes/utils.js';
import { checkCorpus } from '../../core/corpus/check-corpus.ts';
import { TRACKS } from '../../core/corpus/tracks.ts';
import { checkFreezeAnchor } from '../../core/freeze/check-anchor.ts';
import {
  freezeDocumentSha256,
  freezeRequestHash,
  freezeUrl,
  type FreezeDocument,
} from '../../core/freeze/freeze-document.ts';
import { frozenMaterialOf } from '../../core/freeze/frozen-material.ts';
import { answerKeyBytes, keyCommitment, SALT_BYTES } from '../../core/freeze/key-commitment.ts';
import { signFreezeDocument } from '../../core/freeze/operator-freeze.ts';
import type { PublishedFreeze } from '../../core/freeze/publication.ts';
import { checkOpeningLead } from '../../core/freeze/opening-lead.ts';
import { checkFreezeRequest } from '../../core/freeze/replacement-policy.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { freezeInForceOf, insertFreeze } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import { invalidationOf } from '../../db/season-invalidations.ts';
import type { Clock } from '../clock.ts';
import { readCorpusTree } from '../corpus/corpus-folder.ts';
import type { HttpClient } from '../http/http-client.ts';
import { publishedFreezeOf } from './publish-freeze.ts';
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
 * `proveit freeze create` (spec §8.1–8.3): hash the rules text and the manifest, commit to the sealed key with a
 * fresh 32-byte salt, anchor the document through the Trust Layer proxy, check the proof anchors exactly that
 * document, then record the freeze with its seal. Nothing is recorded when any step fails.
 */
export async function createFreeze(
  input: CreateFreezeInput,
  ports: CreateFreezePorts,
): Promise<Result<PublishedFreeze>> {
  if (Date.parse(input.closesAt) <= Date.parse(input.opensAt)) {
    return fail('FREEZE_WINDOW_INVALID', `--closes-at ${input.closesAt} must come after --opens-at ${input.opensAt}`, {
      opens_at: input.opensAt,
      closes_at: input.closesAt,
    });
  }
  const tree = await readCorpusTree(input.corpusDir).catch((error: unknown) => error as Error);
  if (tree instanceof Error) {
    return fail('FREEZE_CORPUS_UNREADABLE', `cannot read the corpus folder ${input.corpusDir}: ${tree.message}`);
  }
  const material = frozenMaterialOf(tree);
  if (!material.ok) return material;
  const { season, track } = material.value;
  if (material.value.key === undefined) {
    return fail(
      'FREEZE_KEY_MISSING',
      `${input.corpusDir} has no readable sealed/answer-key.json: a freeze commits to the key`,
    );
  }
  const nowIso = new Date(ports.clock.now()).toISOString();
  // An invalidated season is over (spec §8, docs/freeze.md "Invalidating a season"): it starts over under a new number.
  const invalidated = invalidationOf(ports.db, season, track);
  if (invalidated !== null) {
    return fail(
      'FREEZE_TRACK_INVALIDATED',
      `season ${season}, track ${track} was invalidated at ${invalidated.invalidatedAt} (${invalidated.proofId}; reason: ${invalidated.reason}): it is not frozen again. Start over as a new season: a track folder whose season.json names season ${season + 1}, with a new sealed key (this one is revealed)`,
      { season, track, invalidation_proof_id: invalidated.proofId, next_season: season + 1 },
    );
  }
  const current = freezeInForceOf(ports.db, season, track);
  // A replacement cannot move the opening later to escape the rule: the earlier of the recorded and given opening
  // decides whether the season has opened.
  const opensAt = current && Date.parse(current.opensAt) < Date.parse(input.opensAt) ? current.opensAt : input.opensAt;
  const policy = checkFreezeRequest({
    opensAt,
    now: nowIso,
    current: current?.proofId ?? null,
    replace: input.replace,
    reason: input.reason,
  });
  if (!policy.ok) return policy;
  // Spec §8: a freeze whose batch may close after the opening cannot score; refused before anything is anchored.
  const lead = checkOpeningLead({ opensAt, nowMs: Date.parse(nowIso), field: input.opensAtField ?? '--opens-at' });
  if (!lead.ok) return lead;

  // A key that disagrees with its corpus must never be frozen: the reference solver replays it first. Only the
  // codes are reported: a problem's message may quote the sealed key, which is never printed before the reveal.
  const check = checkCorpus(tree, TRACKS);
  if (check.problems.length > 0) {
    return fail(
      'FREEZE_CORPUS_CHECK_FAILED',
      `the corpus fails 'proveit corpus check' (${check.problems.length} problem(s): ${[...new Set(check.problems.map((p) => p.code))].join(', ')}); run it for the details and fix the corpus before freezing`,
      { problems: check.problems.slice(0, 20).map((p) => p.code) },
    );
  }

  const salt = ports.randomBytes(SALT_BYTES);
  const unsigned: FreezeDocument = {
    document_version: 3,
    season,
    track,
    rules_version: material.value.rulesVersion,
    rules_hash: material.value.rulesHash,
    manifest_hash: material.value.manifestHash,
    key_commitment: keyCommitment(material.value.key, salt),
    replaces: policy.value,
    reason: policy.value === null ? null : input.reason,
    opens_at: input.opensAt,
    closes_at: input.closesAt,
    // The season service knows only signed documents: a version-1 or version-2 freeze replaced here is not one, so
    // its replacement starts the signed chain (docs/freeze.md "The freeze document").
    replaces_sha256:
      current !== null && policy.value !== null && current.documentVersion === 3
        ? freezeDocumentSha256(publishedFreezeOf(current))
        : null,
    signed_at: nowIso,
  };
  const document = signFreezeDocument(unsigned, input.operatorKey.privateKey);
  const url = freezeUrl(input.seasonBase.replace(/\/+$/, ''), season);
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

  const row = {
    proofId: anchored.value.proofId,
    documentVersion: document.document_version,
    season,
    track,
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
  };
  const seal = { saltHex: bytesToHex(salt), answerKey: new TextDecoder().decode(answerKeyBytes(material.value.key)) };
  // The freeze and its audit entry commit together. The entry holds the anchored, public fields only: never the
  // salt, the key or the API key.
  const inserted = ports.db
    .transaction(() => {
      const outcome = insertFreeze(ports.db, row, seal);
      if (outcome.inserted) {
        const replacing = row.replaces !== null;
        appendAudit(ports.db, {
          atMs: row.createdAtMs,
          actor: input.actor,
          action: replacing ? 'freeze.replace' : 'freeze.create',
          summary: replacing
            ? `season ${season} ${track}: freeze ${row.proofId} replaces ${row.replaces} (reason: ${row.reason})`
            : `season ${season} ${track}: freeze ${row.proofId} recorded`,
          details: pyObjectFrom([
            ['proof_id', row.proofId],
            ['season', BigInt(season)],
            ['track', track],
            ['rules_version', row.rulesVersion],
            ['rules_hash', row.rulesHash],
            ['manifest_hash', row.manifestHash],
            ['key_commitment', row.keyCommitment],
            ['replaces', row.replaces],
            ['reason', row.reason],
            ['opens_at', row.opensAt],
            ['closes_at', row.closesAt],
            ['trust_layer', row.trustLayer],
            ['operator_public_key', row.operator.operatorPublicKey],
            // --opens-at and --closes-at are typed by the operator, not read from the clock.
            ['hand_entered_times', ['opens_at', 'closes_at']],
          ]),
        });
      }
      return outcome;
    })
    .immediate();
  if (!inserted.inserted) {
    return fail(
      'FREEZE_ALREADY_EXISTS',
      `another freeze of season ${season}, track ${track} was recorded while this one was anchored (proof ${row.proofId} is not recorded); run 'proveit freeze publish' to see the chain`,
      { proof_id: row.proofId },
    );
  }
  return ok(publishedFreezeOf(row));
}
