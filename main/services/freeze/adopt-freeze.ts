import { adoptionChain } from '../../core/freeze/adopt-chain.ts';
import { adoptionFailures, type AdoptionEvidence } from '../../core/freeze/adopt-checks.ts';
import { frozenMaterialOf } from '../../core/freeze/frozen-material.ts';
import { answerKeyBytes } from '../../core/freeze/key-commitment.ts';
import type { FreezePublication, PublishedFreeze } from '../../core/freeze/publication.ts';
import { revealedMaterialFor } from '../../core/freeze/reveal.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, pyObjectFrom, type PyJson } from '../../core/json/value.ts';
import { parseProofView } from '../../core/proof/parse-view.ts';
import { verifyProof } from '../../core/proof/verify-proof.ts';
import { WitnessMemo } from '../../core/proof/witness-memo.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { recordFreezeAnchor } from '../../db/freeze-anchors.ts';
import { freezesOf, insertFreeze, type FreezeRow } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import type { Clock } from '../clock.ts';
import { readCorpusTree } from '../corpus/corpus-folder.ts';
import type { HttpClient } from '../http/http-client.ts';
import { namedEntryUrl } from '../proofs/rekor-cache.ts';
import { inTransaction, Refused } from '../refused.ts';
import { anchorRowOf } from './freeze-anchoring.ts';
import { freezePublication } from './publish-freeze.ts';
import { publicView } from './trust-layer-calls.ts';

export interface AdoptFreezeInput {
  /** The track folder the freeze in force froze (season.json, rules text, served files; sealed/ may be absent). */
  corpusDir: string;
  /** The published freeze documents (`freeze publish` files, or single published freezes), parsed JSON. */
  publications: readonly PyJson[];
  /**
   * The sealed salt and key of every freeze of the chain, in the reveal document's shape (`{"freezes": [{"proof_id",
   * "salt", "key"}, ...]}`, or one `{"salt", "key"}` for a chain of one). Kept as the console keeps its own seals.
   */
  seals: PyJson;
  /** The Trust Layer the freezes were anchored through: their views are read there, and it is recorded with them. */
  trustLayer: string;
  /** Views given as files (bytes as served, by the proof id they name), read instead of `GET /v1/proof/{id}`. */
  views?: readonly Uint8Array[];
  /** Rekor entries given as files (Rekor's `{uuid: entry}` answers). */
  rekorEntries?: readonly PyJson[];
  /** The log to read a Rekor entry from; default: the log the proof's view names. */
  rekorUrl?: string;
  /** No network call: views and Rekor entries only from the files given. */
  offline: boolean;
  /** The reader's trust bundle (its challenge_did pin included). */
  bundle: TrustBundle;
  actor: string;
}

export interface AdoptFreezePorts {
  db: Db;
  http: HttpClient;
  clock: Clock;
}

/** A refusal from the checks: the first difference, with the codes of the others found with it. */
function refusal(failures: readonly Failure[]): { ok: false; error: Failure } {
  const [first, ...rest] = failures as [Failure, ...Failure[]];
  return fail(first.code, first.message, {
    ...first.details,
    also: rest.map((f) => ({ code: f.code, proof_id: f.details?.['proof_id'] ?? null })),
  });
}

const frozenAlready = (season: number, track: string, ids: readonly string[]): Failure => ({
  code: 'FREEZE_ADOPT_TRACK_FROZEN',
  message: `season ${season}, track ${track} already has a freeze in this database (${ids.join(', ')}): a track has one chain; adopt into the database that holds none, or publish the one it has ('proveit freeze publish')`,
  details: { season, track, proof_ids: [...ids] },
});

/** The view of a proof: the file given that names it, else `GET /v1/proof/{id}` (refused offline). */
async function viewOf(input: AdoptFreezeInput, ports: AdoptFreezePorts, proofId: string) {
  for (const bytes of input.views ?? []) {
    const parsed = loads(bytes);
    if (parsed.ok && isPyObject(parsed.value) && parsed.value['proof_id'] === proofId) return ok(bytes);
  }
  if (input.offline) {
    return fail(
      'FREEZE_ADOPT_PROOF_MISSING',
      `no view of the freeze proof ${proofId} was given, and --offline reads none: give it with --proof FILE`,
      { proof_id: proofId },
    );
  }
  return publicView(ports.http, input.trustLayer, proofId);
}

const REKOR_UUID = /^([0-9a-f]{16})?[0-9a-f]{64}$/;

/** The Rekor entry a view names: a file given for its uuid, else one GET of its log (never stored). */
async function rekorEntryOf(
  input: AdoptFreezeInput,
  ports: AdoptFreezePorts,
  proofId: string,
  raw: Uint8Array,
  log: PyJson | undefined,
): Promise<{ entry: PyJson | undefined; problem: string | null }> {
  const uuid = isPyObject(log) && typeof log['uuid'] === 'string' ? log['uuid'] : null;
  if (uuid === null) return { entry: undefined, problem: 'the proof names no Rekor entry' };
  const leaf = uuid.slice(-64);
  const given = (input.rekorEntries ?? []).find(
    (e) => isPyObject(e) && Object.keys(e).some((k) => k === uuid || k.slice(-64) === leaf),
  );
  if (given !== undefined) return { entry: given, problem: null };
  if (input.offline) return { entry: undefined, problem: `--offline, and no --rekor-entry FILE holds entry ${uuid}` };
  if (!REKOR_UUID.test(uuid)) return { entry: undefined, problem: `'${uuid}' is not a Rekor entry uuid` };
  let url: string;
  if (input.rekorUrl !== undefined) {
    url = new URL(`api/v1/log/entries/${uuid}`, input.rekorUrl.endsWith('/') ? input.rekorUrl : `${input.rekorUrl}/`)
      .href;
  } else {
    const named = namedEntryUrl({ uuid, batchId: null, proofId, view: raw });
    if (!named.ok) return { entry: undefined, problem: named.error.message };
    url = named.value.url;
  }
  const answer = await ports.http.request({ method: 'GET', url });
  if (!answer.ok) return { entry: undefined, problem: `GET ${url}: ${answer.error.message}` };
  if (answer.value.status !== 200) return { entry: undefined, problem: `GET ${url} answered ${answer.value.status}` };
  const parsed = loads(answer.value.body);
  if (!parsed.ok || !isPyObject(parsed.value)) return { entry: undefined, problem: `GET ${url}: not a JSON object` };
  return { entry: parsed.value, problem: null };
}

interface Gathered {
  evidence: AdoptionEvidence;
  viewSha256: string;
}

/** One freeze's view, Rekor entry and seal, and its proof verified with the published disclosure. */
async function gather(
  input: AdoptFreezeInput,
  ports: AdoptFreezePorts,
  freeze: PublishedFreeze,
  memo: WitnessMemo,
): Promise<Result<Gathered>> {
  const sealed = revealedMaterialFor(input.seals, freeze.proof_id);
  if (!sealed.ok) {
    return fail(
      'FREEZE_ADOPT_SEAL_MISSING',
      `the sealed material holds no salt and key for ${freeze.proof_id} (${sealed.error.message}); give every freeze of the chain its salt and key`,
      { proof_id: freeze.proof_id, check: sealed.error.code },
    );
  }
  const raw = await viewOf(input, ports, freeze.proof_id);
  if (!raw.ok) return raw;
  const view = parseProofView(raw.value);
  if (!view.ok) {
    return fail(
      'FREEZE_ADOPT_PROOF_UNREADABLE',
      `the view of the freeze proof ${freeze.proof_id} cannot be read: ${view.error.code} ${view.error.message}`,
      { proof_id: freeze.proof_id },
    );
  }
  const rekor = await rekorEntryOf(input, ports, freeze.proof_id, raw.value, view.value.transparencyLog);
  const disclosure = pyObjectFrom([
    [
      'request_hash',
      pyObjectFrom([
        ['nonce', freeze.disclosure.request_hash.nonce],
        ['value', freeze.disclosure.request_hash.value],
      ]),
    ],
  ]);
  const report = await verifyProof(
    { view: view.value, disclosure, ...(rekor.entry === undefined ? {} : { rekorEntry: rekor.entry }) },
    { bundle: input.bundle, memo },
  );
  return ok({
    evidence: {
      freeze,
      viewProofId: view.value.proofId ?? undefined,
      report,
      rekorProblem: rekor.problem,
      seal: sealed.value,
    },
    viewSha256: sha256Hex(raw.value),
  });
}

/** The row a freeze made elsewhere is recorded as: the console's own, without the proxy answer and owner view. */
function rowOf(freeze: PublishedFreeze, trustLayer: string, atMs: number): FreezeRow {
  return {
    proofId: freeze.proof_id,
    documentVersion: freeze.document_version,
    ...(freeze.document_version === 3
      ? {
          operator: {
            replacesSha256: freeze.replaces_sha256 ?? null,
            signedAt: freeze.signed_at as string,
            operatorPublicKey: freeze.operator_public_key as string,
            operatorSignature: freeze.operator_signature as string,
          },
        }
      : {}),
    season: freeze.season,
    track: freeze.track,
    rulesVersion: freeze.rules_version,
    rulesHash: freeze.rules_hash,
    manifestHash: freeze.manifest_hash,
    keyCommitment: freeze.key_commitment,
    url: freeze.url,
    replaces: freeze.replaces,
    reason: freeze.reason,
    opensAt: freeze.opens_at,
    closesAt: freeze.closes_at,
    requestHash: freeze.disclosure.request_hash.value,
    requestHashNonce: freeze.disclosure.request_hash.nonce,
    trustLayer,
    createdAtMs: atMs,
    // The proxy call was made elsewhere, with another API key: this database holds neither its answer nor the
    // owner's view (docs/freeze.md "Database"). The public view it was verified with is named in the audit entry.
    proxyProof: new Uint8Array(0),
    fullView: new Uint8Array(0),
  };
}

/**
 * `proveit freeze adopt` (docs/freeze.md "Adopting a freeze made elsewhere"; the console's Freeze screen can call it
 * as it is): takes in force a freeze chain made outside this console (spec §8: season 1's freezes) once every check
 * passes: each anchoring proof verified with both witnesses under the challenge's DID (and the trust bundle's pin),
 * anchoring exactly the published document before the opening; the freeze in force against the track folder's
 * season.json, rules text and manifest; each `sha256(salt ‖ key)` against its commitment. The first difference is
 * the refusal (FREEZE_ADOPT_*, the others listed in `details.also`), and nothing is recorded. Then the freezes, their
 * seals, their anchoring and one `freeze.adopt` audit entry are recorded in one transaction, as `freeze create`
 * records its own: they close, reveal, publish and replay as the console's own do.
 */
export async function adoptFreeze(
  input: AdoptFreezeInput,
  ports: AdoptFreezePorts,
): Promise<Result<FreezePublication>> {
  const chain = adoptionChain(input.publications);
  if (!chain.ok) return chain;
  const freezes = chain.value;
  const inForce = freezes.at(-1) as PublishedFreeze;
  const { season, track } = inForce;
  const present = freezesOf(ports.db, season, track);
  if (present.length > 0) {
    const f = frozenAlready(
      season,
      track,
      present.map((r) => r.proofId),
    );
    return fail(f.code, f.message, f.details);
  }

  const tree = await readCorpusTree(input.corpusDir).catch((error: unknown) => error as Error);
  if (tree instanceof Error) {
    return fail('FREEZE_CORPUS_UNREADABLE', `cannot read the corpus folder ${input.corpusDir}: ${tree.message}`);
  }
  const material = frozenMaterialOf(tree);
  if (!material.ok) return material;

  const memo = new WitnessMemo();
  const gathered: Gathered[] = [];
  for (const freeze of freezes) {
    const one = await gather(input, ports, freeze, memo);
    if (!one.ok) return one;
    gathered.push(one.value);
  }
  const failures = adoptionFailures({
    chain: gathered.map((g) => g.evidence),
    corpus: material.value,
    challenge: input.bundle.challenge,
  });
  if (failures.length > 0) return refusal(failures);

  const atMs = ports.clock.now();
  const written = inTransaction(ports.db, () => {
    // Under the write lock: another process may have frozen or adopted the track since the first look.
    const now = freezesOf(ports.db, season, track);
    if (now.length > 0)
      throw new Refused(
        frozenAlready(
          season,
          track,
          now.map((r) => r.proofId),
        ),
      );
    for (const g of gathered) {
      const { freeze, seal, report } = g.evidence;
      const row = rowOf(freeze, input.trustLayer, atMs);
      const sealed = {
        saltHex: (seal.salt as string).toLowerCase(),
        answerKey: new TextDecoder().decode(answerKeyBytes(seal.key)),
      };
      if (!insertFreeze(ports.db, row, sealed).inserted) throw new Refused(frozenAlready(season, track, [row.proofId]));
      const anchor = anchorRowOf(freeze.proof_id, report, atMs);
      if (anchor !== null) recordFreezeAnchor(ports.db, anchor);
    }
    appendAudit(ports.db, {
      atMs,
      actor: input.actor,
      action: 'freeze.adopt',
      summary: `season ${season} ${track}: ${freezes.length} freeze(s) made elsewhere adopted, ${inForce.proof_id} in force`,
      // The anchored, public fields and what they were verified with: never the salt, the key or an API key.
      details: pyObjectFrom([
        ['season', BigInt(season)],
        ['track', track],
        ['in_force', inForce.proof_id],
        ['trust_layer', input.trustLayer],
        ['trust_bundle_digest', gathered[0]!.evidence.report.trustBundleDigest],
        [
          'freezes',
          gathered.map((g) =>
            pyObjectFrom([
              ['proof_id', g.evidence.freeze.proof_id],
              ['replaces', g.evidence.freeze.replaces],
              ['reason', g.evidence.freeze.reason],
              ['rules_hash', g.evidence.freeze.rules_hash],
              ['manifest_hash', g.evidence.freeze.manifest_hash],
              ['key_commitment', g.evidence.freeze.key_commitment],
              ['anchor_time', g.evidence.report.anchorTime],
              ['view_sha256', g.viewSha256],
            ]),
          ),
        ],
      ]),
    });
  });
  if (!written.ok) return written;
  return freezePublication(ports.db, season, track);
}
