// Strict decoders for the encodings proofs use (trust-layer-reference §5, §6.1), read by the proof checks, the trust
// bundle and intake alike. Lenient decoders would accept altered text that still decodes to something, so each one
// checks the alphabet and the length first.

const HEX_64 = /^[0-9a-f]{64}$/;
const HEX_64_ANY_CASE = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL_NOPAD = /^[A-Za-z0-9_-]*$/;

/** 64 lowercase hex characters: how the Trust Layer writes every SHA-256 value. */
export function isHex64(text: unknown): text is string {
  return typeof text === 'string' && HEX_64.test(text);
}

/**
 * 64 hex characters in either case: what a participant may send as a disclosed nonce or value (spec §4 "pairs
 * {nonce, value} as strings"; the commitment is over the 32 raw bytes, trust-layer-reference §4.3). Lower-case it
 * before hashing or comparing.
 */
export function isHex64AnyCase(text: unknown): text is string {
  return typeof text === 'string' && HEX_64_ANY_CASE.test(text);
}

/** "sha256:<64 hex>" → the hex; the bare hex is accepted too (commitments in spec vectors carry no prefix). */
export function stripSha256Prefix(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const hex = text.startsWith('sha256:') ? text.slice('sha256:'.length) : text;
  return isHex64(hex) ? hex : null;
}

function binaryToBytes(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Standard padded base64 (RFC 4648 §4), as `tsr_base64` and Rekor bodies use. Whitespace is not allowed. */
export function decodeBase64(text: string): Uint8Array | null {
  if (!BASE64.test(text)) return null;
  return binaryToBytes(atob(text));
}

/**
 * Unpadded base64url (RFC 4648 §5), as the "ed25519:" signatures and keys use. Once the alphabet and length are
 * checked, Node's native decoder gives the bytes atob would (both drop the unused low bits of the last character).
 */
export function decodeBase64UrlNoPad(text: string): Uint8Array | null {
  if (!BASE64URL_NOPAD.test(text) || text.length % 4 === 1) return null;
  return Buffer.from(text, 'base64url');
}

/** "ed25519:<base64url>" with exactly `length` decoded bytes (32 for a key, 64 for a signature), else null. */
export function decodeEd25519Text(text: unknown, length: 32 | 64): Uint8Array | null {
  if (typeof text !== 'string' || !text.startsWith('ed25519:')) return null;
  const bytes = decodeBase64UrlNoPad(text.slice('ed25519:'.length));
  return bytes && bytes.length === length ? bytes : null;
}
