import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ANCHOR_PROOF_FILE,
  ANCHOR_RECORD_FILE,
  ANCHOR_REKOR_ENTRY_FILE,
  checkAnchorRecord,
  type AnchorRecord,
} from '../../core/index/anchor.ts';
import { verifyIndexExport, type IndexKeyPin, type IrregularEntry } from '../../core/index/verify-export.ts';
import { compareCodePoints } from '../../core/json/code-point-order.ts';
import { loads } from '../../core/json/loads.ts';
import { pyObjectFrom, type PyJson } from '../../core/json/value.ts';
import { anchorIdentityMessage, anchorIdentityProblem, challengeDidOf } from '../../core/operator/challenge-did.ts';
import { parseProofView, type ProofView } from '../../core/proof/parse-view.ts';
import type { ProofReport } from '../../core/proof/report.ts';
import { verifyProof } from '../../core/proof/verify-proof.ts';
import { missingWitness, missingWitnessText, type MissingWitness } from '../../core/proof/witness-pair.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import { PRODUCTION_BUNDLE_DIR } from '../trust/production-bundle.ts';
import { loadTrustBundle } from '../trust/load-bundle.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';

/**
 * Every regular file under `dir` (path relative to it, '/'-separated), and every entry that is not one: links are not
 * followed (a link to a folder could leave the export, or loop), and an empty folder is named as added.
 */
function readAll(dir: string): { files: Map<string, Uint8Array>; irregular: IrregularEntry[] } {
  const files = new Map<string, Uint8Array>();
  const irregular: IrregularEntry[] = [];
  const walk = (prefix: string): number => {
    let entries = 0;
    const listed = readdirSync(join(dir, prefix), { withFileTypes: true });
    // In name order, so the problems come in the same order on every file system.
    for (const e of listed.sort((a, b) => compareCodePoints(a.name, b.name))) {
      const rel = prefix === '' ? e.name : `${prefix}/${e.name}`;
      entries += 1;
      if (e.isSymbolicLink()) irregular.push({ path: rel, kind: 'symbolic link' });
      else if (e.isDirectory()) {
        if (walk(rel) === 0) irregular.push({ path: rel, kind: 'empty folder' });
      } else if (e.isFile()) files.set(rel, new Uint8Array(readFileSync(join(dir, ...rel.split('/')))));
      else irregular.push({ path: rel, kind: 'special file' });
    }
    return entries;
  };
  walk('');
  return { files, irregular };
}

/** `proveit index verify DIR` without the anchor, against the key pinned (null: none, which fails closed). */
export function verifyIndexDir(dir: string, pin: IndexKeyPin | null) {
  const { files, irregular } = readAll(dir);
  return verifyIndexExport(files, pin, irregular);
}

/**
 * The key the reader pinned (docs/index-export.md "Pinned key"): `--public-key` first, else the challenge DID of the
 * trust bundle the reader verifies with. Null when neither names one.
 */
export function indexKeyPin(publicKey: string | undefined, bundle: TrustBundle | null): IndexKeyPin | null {
  if (publicKey !== undefined) return { publicKeyHex: publicKey, by: '--public-key' };
  if (bundle?.challenge)
    return {
      publicKeyHex: bundle.challenge.publicKeyHex,
      by: `the trust bundle '${bundle.name}' (challenge_did ${bundle.challenge.did})`,
    };
  return null;
}

export interface AnchorStatus {
  /**
   * absent: no anchor/ in the export; verified: the proof anchors this manifest and verifies with both witnesses;
   * pending: its batch is not anchored yet in the view kept, or its Rekor entry is not kept yet (`one_witness`).
   */
  status: 'absent' | 'verified' | 'pending';
  proof_id: string | null;
  /** The RFC 3161 time of the proof's batch: the version existed by then. */
  anchored_at: string | null;
  /** Pending on one witness (docs/index-export.md "Both witnesses"): which is missing and what to do; else null. */
  one_witness: {
    code: 'INDEX_ANCHOR_ONE_WITNESS';
    witness: 'tsa' | 'rekor';
    witness_code: string;
    message: string;
  } | null;
}

/** The Index anchor meets the participant's rule: what its missing witness means, and what to do. */
function indexOneWitnessText(proofId: string, missing: MissingWitness): string {
  return missingWitnessText(
    `the Index anchor proof ${proofId}`,
    missing,
    `fetch the entry its view names (transparency_log.log_url) into ${ANCHOR_REKOR_ENTRY_FILE}`,
    'anchor this export again (proveit index anchor DIR)',
  );
}

/**
 * `proveit index verify DIR` in full: the signed files (verifyIndexExport), then, when anchor/anchor.json is there,
 * that it names this manifest, that the proof view kept in anchor/proof.json opens the request hash of this
 * manifest posted to the season host, and that the proof verifies offline with the trust bundle (default: the
 * production bundle; the devnet's for devnet exports).
 */
export async function verifyIndexFolder(
  dir: string,
  options: { publicKey?: string; trustDir?: string; pin?: IndexKeyPin } = {},
): Promise<{ result: ReturnType<typeof verifyIndexExport>; anchor: AnchorStatus; pinnedBy: string | null }> {
  const { files, irregular } = readAll(dir);
  const anchor: AnchorStatus = { status: 'absent', proof_id: null, anchored_at: null, one_witness: null };
  const bundle = await loadTrustBundle(options.trustDir ?? PRODUCTION_BUNDLE_DIR);
  if (!bundle.ok && options.trustDir !== undefined) {
    const unreadable: Failure<'INDEX_TRUST_UNREADABLE'> = {
      code: 'INDEX_TRUST_UNREADABLE',
      message: `the trust bundle ${options.trustDir} (--trust) does not load: ${bundle.error.code} ${bundle.error.message}`,
      details: { trust: options.trustDir, bundle_code: bundle.error.code },
    };
    return {
      result: { ...fail(unreadable.code, unreadable.message, unreadable.details), problems: [unreadable] },
      anchor,
      pinnedBy: null,
    };
  }
  // `pin`: a key the caller pinned itself, named as it knows it (the console: the operator key beside its database).
  const pin = options.pin ?? indexKeyPin(options.publicKey, bundle.ok ? bundle.value : null);
  const checked = await checkFolder(files, irregular, pin, bundle, anchor);
  return { ...checked, pinnedBy: pin?.by ?? null };
}

async function checkFolder(
  files: ReadonlyMap<string, Uint8Array>,
  irregular: readonly IrregularEntry[],
  pin: IndexKeyPin | null,
  bundle: LoadedBundle,
  anchor: AnchorStatus,
): Promise<{ result: ReturnType<typeof verifyIndexExport>; anchor: AnchorStatus }> {
  const result = verifyIndexExport(files, pin, irregular);
  const recordBytes = files.get(ANCHOR_RECORD_FILE);
  if (!result.ok || recordBytes === undefined) return { result, anchor };
  const problem = (f: Failure) => {
    const problems = [...result.problems, f as Failure<never>];
    return {
      result: { ok: false as const, error: { ...f, details: { ...f.details, problems } } as never, problems },
      anchor,
    };
  };
  const anchorRecord = checkAnchorRecord(jsonOrNull(recordBytes), {
    sha256: result.value.manifestSha256,
    season: result.value.season,
    indexVersion: result.value.indexVersion,
    publicKey: result.value.publicKey,
  });
  if (!anchorRecord.ok) return problem(anchorRecord.error);
  const checked = anchorRecord.value;
  anchor.proof_id = checked.record.proof_id;
  const kept = keptAnchorFiles(files, checked.record.proof_id, bundle);
  if (!kept.ok) return problem(kept.error);
  const report = await verifyAnchorProof(kept.value, checked);
  const refused =
    anchorProblem(report, checked, result.value.publicKey) ?? witnessProblem(report, checked.record.proof_id, anchor);
  return refused === null ? { result, anchor } : problem(refused);
}

type LoadedBundle = Awaited<ReturnType<typeof loadTrustBundle>>;
type CheckedAnchor = { record: AnchorRecord; requestHash: string };

function jsonOrNull(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

/** What the anchor's proof is verified with: the view and Rekor entry kept beside the record, and the trust bundle. */
interface AnchorFiles {
  view: ProofView;
  /** The Rekor entry kept, when there is one. */
  rekorEntry: PyJson | undefined;
  bundle: TrustBundle;
}

function keptAnchorFiles(
  files: ReadonlyMap<string, Uint8Array>,
  proofId: string,
  bundle: LoadedBundle,
): Result<AnchorFiles> {
  const viewBytes = files.get(ANCHOR_PROOF_FILE);
  if (viewBytes === undefined)
    return fail('INDEX_ANCHOR_INVALID', `${ANCHOR_PROOF_FILE} is missing: fetch GET /v1/proof/${proofId} into it`);
  const view = parseProofView(viewBytes);
  if (!view.ok || view.value.proofId !== proofId)
    return fail('INDEX_ANCHOR_INVALID', `${ANCHOR_PROOF_FILE} is not the view of ${proofId}`);
  if (!bundle.ok) return fail('INDEX_ANCHOR_NOT_VERIFIED', `the trust bundle cannot be read: ${bundle.error.message}`);
  const entryBytes = files.get(ANCHOR_REKOR_ENTRY_FILE);
  const entry = entryBytes === undefined ? undefined : loads(entryBytes);
  if (entry !== undefined && !entry.ok)
    return fail(
      'INDEX_ANCHOR_INVALID',
      `${ANCHOR_REKOR_ENTRY_FILE} is not JSON: fetch the entry the view's transparency_log.log_url names into it`,
    );
  return ok({ view: view.value, rekorEntry: entry?.ok ? entry.value : undefined, bundle: bundle.value });
}

/** The anchor's proof verified offline, opened with the request hash the record discloses. */
function verifyAnchorProof({ view, rekorEntry, bundle }: AnchorFiles, checked: CheckedAnchor): Promise<ProofReport> {
  const d = checked.record.disclosure.request_hash;
  return verifyProof(
    {
      view,
      disclosure: pyObjectFrom([
        [
          'request_hash',
          pyObjectFrom([
            ['nonce', d.nonce],
            ['value', d.value],
          ]),
        ],
      ]),
      offline: true,
      ...(rekorEntry === undefined ? {} : { rekorEntry }),
    },
    { bundle },
  );
}

/** The proof does not anchor this manifest, or was anchored by another identity than the challenge's. */
function anchorProblem(report: ProofReport, checked: CheckedAnchor, publicKey: string): Failure | null {
  const openings = report.checks.find((c) => c.name === 'openings');
  if (openings?.status !== 'OK' || report.opened['request_hash'] !== checked.requestHash)
    return {
      code: 'INDEX_ANCHOR_MISMATCH',
      message: `proof ${checked.record.proof_id} does not open the request hash of this manifest posted to ${checked.record.url}`,
      details: { anchored: report.opened['request_hash'] ?? null, recomputed: checked.requestHash },
    };
  // Who anchored it (docs/freeze.md "The challenge's DID"): the challenge's DID, the did:key of the key that signed
  // this manifest (docs/index-export.md "Anchoring"), checked on the identity opened from `disclosed`, pending batch or
  // not.
  const expected = challengeDidOf(publicKey);
  const foreign = expected === null ? null : anchorIdentityProblem(report.identity, expected);
  if (foreign !== null)
    return {
      code: 'INDEX_ANCHOR_FOREIGN_DID',
      message: anchorIdentityMessage('the Index anchor proof', checked.record.proof_id, foreign),
      details: {
        field: 'agent_identity',
        anchored: foreign.anchored,
        recomputed: foreign.expected,
        agent_identity_verified: foreign.verified,
        did_resolution_status: foreign.status,
      },
    };
  return null;
}

/** The verdict and both witnesses: sets the anchor's status, or returns why it fails. */
function witnessProblem(report: ProofReport, proofId: string, anchor: AnchorStatus): Failure | null {
  if (report.verdict === 'PENDING') {
    anchor.status = 'pending';
    return null;
  }
  if (report.verdict !== 'VERIFIED')
    return {
      code: 'INDEX_ANCHOR_NOT_VERIFIED',
      message: `proof ${proofId} does not verify (${report.verdict}${report.failure ? `, ${report.failure.check} ${report.failure.code}` : ''})`,
    };
  // Both witnesses, as a participant's proof (docs/index-export.md "Both witnesses"): an entry not kept yet is pending;
  // a witness the Trust Layer failed to produce never comes, and the export must be anchored again.
  const missing = missingWitness(report);
  if (missing !== null && !missing.awaitable)
    return {
      code: 'INDEX_ANCHOR_ONE_WITNESS',
      message: indexOneWitnessText(proofId, missing),
      details: { witness: missing.witness, witness_code: missing.code, awaitable: false },
    };
  if (missing !== null) {
    anchor.status = 'pending';
    anchor.one_witness = {
      code: 'INDEX_ANCHOR_ONE_WITNESS',
      witness: missing.witness,
      witness_code: missing.code,
      message: indexOneWitnessText(proofId, missing),
    };
    return null;
  }
  anchor.status = 'verified';
  anchor.anchored_at = report.anchorTime;
  return null;
}
