import { sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256, sha384, sha512 } from '@noble/hashes/sha2.js';

/** The digest algorithms a CMS signer or an ESS certificate identifier may name (RFC 5754, RFC 3370). */
const DIGESTS: Record<string, (data: Uint8Array) => Uint8Array> = {
  '1.3.14.3.2.26': sha1,
  '2.16.840.1.101.3.4.2.4': sha224,
  '2.16.840.1.101.3.4.2.1': sha256,
  '2.16.840.1.101.3.4.2.2': sha384,
  '2.16.840.1.101.3.4.2.3': sha512,
};

/** The digest function for an algorithm OID, or null when it is not one of the supported ones. */
export function digestFor(oid: string): ((data: Uint8Array) => Uint8Array) | null {
  return DIGESTS[oid] ?? null;
}
