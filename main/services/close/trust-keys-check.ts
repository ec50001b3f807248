import { readFile } from 'node:fs/promises';
import { loads } from '../../core/json/loads.ts';
import { isPyObject } from '../../core/json/value.ts';
import type { ProofReport } from '../../core/proof/report.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { decodeEd25519Text } from '../../core/encoding/encodings.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { BUNDLE, inBundle, proofFile } from './bundle-layout.ts';

/** A proof the close verified: the freeze proof (freeze/proof.json) or a cited one (proofs/<id>.json). */
export interface VerifiedProof {
  role: 'freeze' | 'cited';
  report: ProofReport | 'absent' | null;
}

/**
 * A proof signed under a key the trust bundle does not list: by its `arkforge_kid` when the view carries one (v1.12;
 * optional in public views, reference §9.3), else by its embedded `arkforge_pubkey`.
 */
interface UnknownKey {
  proof_id: string;
  role: 'freeze' | 'cited';
  kid: string | null;
  public: string | null;
}

/** The signature checks that say "no key of the bundle": by kid, or by the embedded key when there is no kid. */
const NOT_IN_BUNDLE = new Set(['SIGNATURE_UNKNOWN_KID', 'SIGNATURE_KEY_NOT_PUBLISHED']);

const signatureCode = (report: ProofReport) => report.checks.find((c) => c.name === 'signature')?.code ?? null;

/**
 * The key the view the report was made from names (the close keeps no check details, verify-cited.ts). Null when it
 * names none: a proof without `arkforge_kid` nor `arkforge_pubkey` is wrong, not signed under a newer key.
 */
async function keyOf(bundleDir: string, proof: VerifiedProof, proofId: string): Promise<UnknownKey | null> {
  const file = inBundle(bundleDir, proof.role === 'freeze' ? BUNDLE.freezeProof : proofFile(proofId));
  const parsed = loads(await readFile(file).catch(() => new Uint8Array()));
  const view = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  const kid = view?.['arkforge_kid'];
  const embedded = view?.['arkforge_pubkey'];
  const publicText = decodeEd25519Text(embedded, 32) === null ? null : (embedded as string);
  if (typeof kid !== 'string' && publicText === null) return null;
  return { proof_id: proofId, role: proof.role, kid: typeof kid === 'string' ? kid : null, public: publicText };
}

const keyName = (u: UnknownKey) => (u.kid === null ? `${String(u.public)} (the view names no kid)` : `"${u.kid}"`);

/**
 * A proof signed under a Trust Layer key the trust bundle does not list (SIGNATURE_UNKNOWN_KID) says the bundle's
 * key history is older than the issuer's (trust-layer-reference §5: the history is append-only and `/v1/pubkey`
 * publishes it), not that the participant's proof is wrong: the close refuses (CLOSE_TRUST_KEY_UNKNOWN) rather than
 * score it as an invalid proof (spec §4.1 condition 1 is then undecidable with this bundle). The replay of a bundle
 * runs the same check with the bundle's archived trust material, so it refuses with the same code.
 */
export async function checkTrustKeys(
  bundleDir: string,
  bundle: Pick<TrustBundle, 'name' | 'digest' | 'signingKeys'>,
  proofs: Iterable<VerifiedProof>,
): Promise<Result<void>> {
  const found = new Map<string, UnknownKey>();
  for (const proof of proofs) {
    const report = proof.report;
    if (report === null || report === 'absent' || !NOT_IN_BUNDLE.has(signatureCode(report) ?? '')) continue;
    const proofId = report.proofId ?? '(no proof_id)';
    if (found.has(proofId)) continue;
    const key = await keyOf(bundleDir, proof, proofId);
    if (key) found.set(proofId, key);
  }
  if (found.size === 0) return ok(undefined);
  const unknown = [...found.values()].sort((a, b) => (a.proof_id < b.proof_id ? -1 : a.proof_id > b.proof_id ? 1 : 0));
  const kids = [...new Set(unknown.flatMap((u) => (u.kid === null ? [] : [u.kid])))].sort();
  const names = [...new Set(unknown.map(keyName))].sort();
  const [first] = unknown as [UnknownKey];
  const more = unknown.length > 1 ? ` and ${unknown.length - 1} more proof(s)` : '';
  return fail(
    'CLOSE_TRUST_KEY_UNKNOWN',
    `the trust bundle "${bundle.name}" (digest ${bundle.digest}) lists no Trust Layer key ${names.join(', ')}, ` +
      `which signed the ${first.role} proof ${first.proof_id}${more}: the bundle's key history is older than the ` +
      `Trust Layer's, so nothing was scored and no proof was judged invalid. Fetch the published key history with ` +
      `\`proveit trust update --trust-layer URL --trust DIR\`, then close again with the bundle it writes (--trust NEW_DIR)`,
    {
      kids,
      keys: names,
      proofs: unknown,
      trust_bundle: bundle.name,
      trust_bundle_digest: bundle.digest,
      published: bundle.signingKeys.map((k) => k.kid),
    },
  );
}
