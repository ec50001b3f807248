import { freezeAnchorDidFailure } from '../../core/freeze/anchor-did.ts';
import { freezeOneWitness } from '../../core/freeze/verify-freeze.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, pyObjectFrom, type PyJson } from '../../core/json/value.ts';
import { parseProofView } from '../../core/proof/parse-view.ts';
import type { ProofReport } from '../../core/proof/report.ts';
import { verifyProof } from '../../core/proof/verify-proof.ts';
import { missingWitness } from '../../core/proof/witness-pair.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { recordFreezeAnchor, type FreezeAnchorRow } from '../../db/freeze-anchors.ts';
import type { FreezeRow } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import { storedViews } from '../../db/proof-views.ts';
import { rekorEntry, storeRekorEntry } from '../../db/rekor-entries.ts';
import type { Clock } from '../clock.ts';
import type { HttpClient } from '../http/http-client.ts';
import { namedEntryUrl } from '../proofs/rekor-cache.ts';
import { publicView } from './trust-layer-calls.ts';

export interface FreezeAnchoringPorts {
  db: Db;
  http: HttpClient;
  clock: Clock;
  /**
   * How a view not held anchored is read: the console reads it through the read quota into the read cache
   * (readFreezeViewThroughQuota), so every screen and the close see one state; absent, one GET of the public view.
   */
  readView?: (freeze: FreezeRow) => Promise<Result<Uint8Array>>;
}

/**
 * The anchor row a verified (or pending) report of the freeze proof gives; null when it neither verified with both
 * witnesses nor waits (docs/freeze.md "Both witnesses": one witness is never recorded as anchored).
 */
export function anchorRowOf(proofId: string, report: ProofReport, checkedAtMs: number): FreezeAnchorRow | null {
  if (report.verdict !== 'VERIFIED' && report.verdict !== 'PENDING') return null;
  if (missingWitness(report) !== null) return null;
  const rekor = report.checks.find((c) => c.name === 'rekor');
  const log = report.verdict === 'VERIFIED' ? rekorUuidOf(report) : null;
  return {
    proofId,
    state: report.verdict === 'VERIFIED' ? 'anchored' : 'pending',
    anchorTime: report.verdict === 'VERIFIED' ? report.anchorTime : null,
    rekorUuid: log,
    rekorVerified: rekor?.status === 'OK',
    independentWitnesses: report.independentWitnesses,
    trustBundleDigest: report.trustBundleDigest,
    checkedAtMs,
  };
}

function rekorUuidOfView(view: PyJson | undefined): string | null {
  return isPyObject(view) && typeof view['uuid'] === 'string' ? view['uuid'] : null;
}

/** The report keeps no view: the uuid is read from the Rekor check's details when it names one. */
function rekorUuidOf(report: ProofReport): string | null {
  const details = report.checks.find((c) => c.name === 'rekor')?.details;
  const uuid = details && typeof details === 'object' ? (details as Record<string, unknown>)['uuid'] : undefined;
  return typeof uuid === 'string' ? uuid : null;
}

/**
 * The log entry the view names: the stored copy, else one GET of `transparency_log.log_url` (only an entry URL for
 * that very uuid, as `proofs fetch` does), kept for good. Not a Trust Layer read: no quota. A log that cannot be
 * reached leaves the Rekor witness unchecked: the check is then refused FREEZE_PROOF_ONE_WITNESS, nothing stored.
 */
async function rekorEntryFor(ports: FreezeAnchoringPorts, proofId: string, view: Uint8Array, uuid: string) {
  const stored = rekorEntry(ports.db, uuid);
  if (stored !== null) return stored;
  const fetched = await fetchNamedRekorEntry(ports.http, proofId, view, uuid);
  if (fetched === null) return null;
  storeRekorEntry(ports.db, { uuid, url: fetched.url, fetchedAt: ports.clock.now(), raw: fetched.raw });
  return fetched.raw;
}

/**
 * One GET of the entry a view's `transparency_log.log_url` names (only an entry URL for that very uuid, as `proofs
 * fetch` does): its bytes when the log serves a JSON object, else null (the Rekor witness then stays unchecked).
 */
export async function fetchNamedRekorEntry(
  http: HttpClient,
  proofId: string,
  view: Uint8Array,
  uuid: string,
): Promise<{ url: string; raw: Uint8Array } | null> {
  const named = namedEntryUrl({ uuid, batchId: null, proofId, view });
  if (!named.ok) return null;
  const where = named.value;
  const answer = await http.request({ method: 'GET', url: where.url });
  if (!answer.ok || answer.value.status !== 200) return null;
  const parsed = loads(answer.value.body);
  if (!parsed.ok || !isPyObject(parsed.value)) return null;
  return { url: where.url, raw: answer.value.body };
}

/**
 * The freeze proof's anchoring as a third party verifies it (spec §8.5 step 5, trust-layer-reference §8): its view
 * (the anchored one the read cache holds, else `GET /v1/proof/{id}` from the Trust Layer it was made through, as the
 * close asks for a freeze proof no batch read served), its Rekor entry, the request_hash opening the freeze recorded,
 * verified with the trust bundle, issued under the challenge's DID (FREEZE_ANCHOR_FOREIGN_DID otherwise). VERIFIED
 * with both witnesses stores its RFC 3161 time for good; a batch not anchored yet is stored as pending (checked again
 * later); VERIFIED on one witness is refused FREEZE_PROOF_ONE_WITNESS naming the missing one, nothing stored; any
 * other verdict is refused FREEZE_PROOF_NOT_VERIFIED with the failed check.
 */
export async function checkFreezeAnchoring(
  freeze: FreezeRow,
  bundle: TrustBundle,
  ports: FreezeAnchoringPorts,
): Promise<Result<FreezeAnchorRow>> {
  const cached = storedViews(ports.db, [freeze.proofId])[0];
  let raw = cached?.status === 'anchored' ? cached.raw : null;
  if (raw === null) {
    const served = ports.readView
      ? await ports.readView(freeze)
      : await publicView(ports.http, freeze.trustLayer, freeze.proofId);
    if (!served.ok) return served;
    raw = served.value;
  }
  const view = parseProofView(raw);
  if (!view.ok)
    return fail(
      'FREEZE_PROOF_UNREADABLE',
      `the freeze proof's view cannot be read: ${view.error.code} ${view.error.message}`,
    );
  const uuid = rekorUuidOfView(view.value.transparencyLog);
  const entryBytes = uuid === null ? null : await rekorEntryFor(ports, freeze.proofId, raw, uuid);
  const entry = entryBytes === null ? null : loads(entryBytes);
  const disclosure = pyObjectFrom([
    [
      'request_hash',
      pyObjectFrom([
        ['nonce', freeze.requestHashNonce],
        ['value', freeze.requestHash],
      ]),
    ],
  ]);
  const report = await verifyProof(
    { view: view.value, disclosure, ...(entry?.ok ? { rekorEntry: entry.value } : {}) },
    { bundle },
  );
  // Who anchored it (docs/freeze.md "The challenge's DID"): refused before anything is stored as anchored, as the close
  // would refuse it.
  const foreign = freezeAnchorDidFailure(
    {
      proof_id: freeze.proofId,
      document_version: freeze.documentVersion,
      ...(freeze.operator ? { operator_public_key: freeze.operator.operatorPublicKey } : {}),
    },
    report.identity,
  );
  if (foreign !== null) return fail(foreign.code, foreign.message, foreign.details);
  const oneWitness = missingWitness(report);
  if (oneWitness !== null) {
    const refusal = freezeOneWitness(oneWitness);
    return fail(refusal.code, refusal.message, refusal.details);
  }
  const row = anchorRowOf(freeze.proofId, report, ports.clock.now());
  if (row === null)
    return fail(
      'FREEZE_PROOF_NOT_VERIFIED',
      `the freeze proof ${freeze.proofId} did not verify (${report.verdict}${report.failure ? `: ${report.failure.check} ${report.failure.code}` : ''}); check the trust bundle the console was given (--trust DIR)`,
      { verdict: report.verdict, failure: report.failure },
    );
  const kept = { ...row, rekorUuid: row.state === 'anchored' ? (row.rekorUuid ?? uuid) : null };
  recordFreezeAnchor(ports.db, kept);
  return ok(kept);
}
