import type { Certificate } from 'pkijs';
import { isCertificateAuthority, issuedBy, sameDer, validAt, type ParsedCertificate } from './certificate.ts';

/** Longer paths than this are not built (RFC 5280 leaves the bound to the relying party). */
const MAX_PATH_LENGTH = 8;

export type ChainOutcome =
  | { status: 'trusted'; path: ParsedCertificate[] }
  | { status: 'no-path' }
  | { status: 'not-valid-at'; path: ParsedCertificate[]; cert: Certificate };

/**
 * Builds a certification path from `leaf` to one of `roots` (RFC 5280 §6.1, reduced to what a timestamp
 * signer needs): each link has chaining names and a verifying signature, every issuer is a CA, and every
 * certificate of the path, the root included, is valid at `at`. The time is an argument, never the clock:
 * a timestamp is checked at its own genTime.
 *
 * Each certificate is extended at most once: certificates that share a name and a key all verify as issuers
 * of one another, and trying every ordering of them would take exponential time (a token chooses its own
 * certificates). With the bound, a search costs at most one signature check per pair of certificates.
 *
 * Not covered: revocation (no CRL or OCSP offline), name constraints, policy processing, pathLenConstraint.
 */
export async function buildPath(
  leaf: ParsedCertificate,
  intermediates: readonly ParsedCertificate[],
  roots: readonly ParsedCertificate[],
  at: Date,
): Promise<ChainOutcome> {
  let firstExpired: { path: ParsedCertificate[]; cert: Certificate } | null = null;
  const extended: Uint8Array[] = [];

  const extend = async (path: ParsedCertificate[]): Promise<ParsedCertificate[] | null> => {
    const tip = path[path.length - 1] as ParsedCertificate;
    // A path ends at a trusted CA. A pinned end-entity certificate is not an anchor: the signer must be
    // certified by a root, as OpenSSL requires without partial-chain mode.
    if (isCertificateAuthority(tip.cert) && roots.some((root) => sameDer(root.der, tip.der))) {
      const expired = path.find((link) => !validAt(link.cert, at));
      if (!expired) return path;
      firstExpired ??= { path, cert: expired.cert };
      return null;
    }
    if (path.length >= MAX_PATH_LENGTH || extended.some((der) => sameDer(der, tip.der))) return null;
    extended.push(tip.der);
    for (const candidate of [...roots, ...intermediates]) {
      if (path.some((link) => sameDer(link.der, candidate.der))) continue;
      if (!isCertificateAuthority(candidate.cert)) continue;
      if (!(await issuedBy(tip.cert, candidate.cert))) continue;
      const found = await extend([...path, candidate]);
      if (found) return found;
    }
    return null;
  };

  const path = await extend([leaf]);
  if (path) return { status: 'trusted', path };
  const expired = firstExpired as { path: ParsedCertificate[]; cert: Certificate } | null;
  return expired ? { status: 'not-valid-at', ...expired } : { status: 'no-path' };
}
