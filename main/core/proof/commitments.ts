import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { sha256, sha256Hex } from '../hash/sha256.ts';
import { canonical } from '../json/canonical.ts';
import type { PyJson } from '../json/value.ts';
import { leafHash, treeHash } from '../merkle/rfc6962.ts';
import { sortByCodePoint } from '../json/code-point-order.ts';

/**
 * commitment(field) = SHA256(field_name ‖ 0x00 ‖ nonce ‖ canonical_json(value)) (SPEC 3.1 §2,
 * trust-layer-reference §4.3): the name in UTF-8, one zero byte, the 32 raw nonce bytes, the canonical value.
 */
export function commitment(field: string, nonce: Uint8Array, value: PyJson): Uint8Array {
  return sha256(commitmentInput(field, nonce, value));
}

function commitmentInput(field: string, nonce: Uint8Array, value: PyJson): Uint8Array {
  const name = utf8ToBytes(field);
  const body = utf8ToBytes(canonical(value));
  const input = new Uint8Array(name.length + 1 + nonce.length + body.length);
  input.set(name, 0);
  input[name.length] = 0x00;
  input.set(nonce, name.length + 1);
  input.set(body, name.length + 1 + nonce.length);
  return input;
}

/**
 * commitment() with the nonce as the 64 hex characters the Trust Layer publishes; lowercase hex out. Every opening
 * of every cited proof goes through here at a close (about six per proof): the digest is asked for as hex directly.
 */
export function commitmentHex(field: string, nonceHex: string, value: PyJson): string {
  return sha256Hex(commitmentInput(field, hexToBytes(nonceHex), value));
}

/**
 * The spec 3.x chain hash: the RFC 6962 tree hash over leaf(commitment) of every committed field, sorted by
 * field name as Python's sorted() orders str (by code point), whatever order the proof lists them in.
 */
export function commitmentsRoot(commitments: ReadonlyMap<string, string>): string {
  const fields = sortByCodePoint([...commitments.keys()]);
  // The values are 64 lowercase hex (checked by the caller): Node's decoder is native, noble's a JavaScript loop.
  const leaves = fields.map((field) => leafHash(Buffer.from(commitments.get(field) as string, 'hex')));
  return bytesToHex(treeHash(leaves));
}
