import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANCHOR_PROOF_FILE, ANCHOR_RECORD_FILE, checkAnchorRecord } from '../../core/index/anchor.ts';
import { verifyIndexExport } from '../../core/index/verify-export.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { anchorIdentityMessage, anchorIdentityProblem, challengeDidOf } from '../../core/operator/challenge-did.ts';
import { parseProofView } from '../../core/proof/parse-view.ts';
import { verifyProof } from '../../core/proof/verify-proof.ts';
import type { Failure } from '../../core/result.ts';
import { PRODUCTION_BUNDLE_DIR } from '../trust/production-bundle.ts';
import { loadTrustBundle } from '../trust/load-bundle.ts';

/** Every regular file under `dir`, path relative to it, '/'-separated. */
function readAll(dir: string, prefix = '', out = new Map<string, Uint8Array>()): Map<string, Uint8Array> {
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`;
    if (e.isDirectory()) readAll(dir, rel, out);
    else if (e.isFile()) out.set(rel, new Uint8Array(readFileSync(join(dir, ...rel.split('/')))));
  }
  return out;
}

/** `proveit index verify DIR` without the anchor: reads the folder and runs the pure check. */
export function verifyIndexDir(dir: string, expectedPublicKeyHex?: string) {
  return verifyIndexExport(readAll(dir), expectedPublicKeyHex);
}

export interface AnchorStatus {
  /** absent: no anchor/ in the export; verified: the proof anchors this manifest and verifies; pending: its batch is not anchored yet in the view kept. */
  status: 'absent' | 'verified' | 'pending';
  proof_id: string | null;
  /** The RFC 3161 time of the proof's batch: the version existed by then. */
  anchored_at: string | null;
}

/**
 * `proveit index verify DIR` in full: the signed files (verifyIndexExport), then, when anchor/anchor.json is there,
 * that it names this manifest, that the proof view kept in anchor/proof.json opens the request hash of this
 * manifest posted to the season host, and that the proof verifies offline with the trust bundle (default: the
 * production bundle; the devnet's for devnet exports).
 */
export async function verifyIndexFolder(
  dir: string,
  options: { publicKey?: string; trustDir?: string } = {},
): Promise<{ result: ReturnType<typeof verifyIndexExport>; anchor: AnchorStatus }> {
  const files = readAll(dir);
  const result = verifyIndexExport(files, options.publicKey);
  const anchor: AnchorStatus = { status: 'absent', proof_id: null, anchored_at: null };
  const recordBytes = files.get(ANCHOR_RECORD_FILE);
  if (!result.ok || recordBytes === undefined) return { result, anchor };
  const problem = (f: Failure) => {
    const problems = [...result.problems, f as Failure<never>];
    return {
      result: { ok: false as const, error: { ...f, details: { ...f.details, problems } } as never, problems },
      anchor,
    };
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(recordBytes));
  } catch {
    parsed = null;
  }
  const checked = checkAnchorRecord(parsed, {
    sha256: result.value.manifestSha256,
    season: result.value.season,
    indexVersion: result.value.indexVersion,
    publicKey: result.value.publicKey,
  });
  if ('code' in checked) return problem(checked);
  anchor.proof_id = checked.record.proof_id;
  const viewBytes = files.get(ANCHOR_PROOF_FILE);
  if (viewBytes === undefined)
    return problem({
      code: 'INDEX_ANCHOR_INVALID',
      message: `${ANCHOR_PROOF_FILE} is missing: fetch GET /v1/proof/${checked.record.proof_id} into it`,
    });
  const view = parseProofView(viewBytes);
  if (!view.ok || view.value.proofId !== checked.record.proof_id)
    return problem({
      code: 'INDEX_ANCHOR_INVALID',
      message: `${ANCHOR_PROOF_FILE} is not the view of ${checked.record.proof_id}`,
    });
  const bundle = await loadTrustBundle(options.trustDir ?? PRODUCTION_BUNDLE_DIR);
  if (!bundle.ok)
    return problem({
      code: 'INDEX_ANCHOR_NOT_VERIFIED',
      message: `the trust bundle cannot be read: ${bundle.error.message}`,
    });
  const d = checked.record.disclosure.request_hash;
  const report = await verifyProof(
    {
      view: view.value,
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
    },
    { bundle: bundle.value },
  );
  const openings = report.checks.find((c) => c.name === 'openings');
  if (openings?.status !== 'OK' || report.opened['request_hash'] !== checked.requestHash)
    return problem({
      code: 'INDEX_ANCHOR_MISMATCH',
      message: `proof ${checked.record.proof_id} does not open the request hash of this manifest posted to ${checked.record.url}`,
      details: { anchored: report.opened['request_hash'] ?? null, recomputed: checked.requestHash },
    });
  // Who anchored it (docs/freeze.md "The challenge's DID"): the challenge's DID, the did:key of the key that signed
  // this manifest (docs/index-export.md "Anchoring"), checked on the identity opened from `disclosed`, pending batch or
  // not.
  const expected = challengeDidOf(result.value.publicKey);
  const foreign = expected === null ? null : anchorIdentityProblem(report.identity, expected);
  if (foreign !== null)
    return problem({
      code: 'INDEX_ANCHOR_FOREIGN_DID',
      message: anchorIdentityMessage('the Index anchor proof', checked.record.proof_id, foreign),
      details: {
        field: 'agent_identity',
        anchored: foreign.anchored,
        recomputed: foreign.expected,
        agent_identity_verified: foreign.verified,
        did_resolution_status: foreign.status,
      },
    });
  if (report.verdict === 'PENDING') {
    anchor.status = 'pending';
    return { result, anchor };
  }
  if (report.verdict !== 'VERIFIED')
    return problem({
      code: 'INDEX_ANCHOR_NOT_VERIFIED',
      message: `proof ${checked.record.proof_id} does not verify (${report.verdict}${report.failure ? `, ${report.failure.check} ${report.failure.code}` : ''})`,
    });
  anchor.status = 'verified';
  anchor.anchored_at = report.anchorTime;
  return { result, anchor };
}
