import { sha256Hex } from '../hash/sha256.ts';
import { canonical } from '../json/canonical.ts';
import type { PyJson } from '../json/value.ts';
import { binaryToHex, leafHashOfHex, treeHashBinary } from '../merkle/binary-digests.ts';
import { sortByCodePoint } from '../json/code-point-order.ts';

/**
 * commitment(field) = SHA256(field_name ‖ 0x00 ‖ nonce ‖ canonical_json(value)) (SPEC 3.1 §2,
 * trust-layer-reference §4.3): the name in UTF-8, one zero byte, the 32 raw nonce bytes, the canonical value.
 */
export function commitment(field: string, nonce: Uint8Array, value: PyJson): Uint8Array {
  if (nonce.length !== 32) throw new RangeError('a commitment nonce is 32 bytes (SPEC 3.1 §2)');
  return new Uint8Array(Buffer.from(commitmentHex(field, Buffer.from(nonce).toString('hex'), value), 'hex'));
}

/** One input buffer per thread, grown when a value needs more: the hash reads it before returning. */
let scratch = Buffer.alloc(1024);

/**
 * commitment() with the nonce as the 64 lowercase hex characters the Trust Layer publishes (checked by the caller);
 * lowercase hex out. Every opening of every cited proof goes through here at a close (about six per proof), so the
 * input is written into one reused buffer: the name as UTF-8, the nonce decoded in place, the canonical value,
 * which is ASCII (ensure_ascii).
 */
export function commitmentHex(field: string, nonceHex: string, value: PyJson): string {
  const body = canonical(value);
  const nameLength = Buffer.byteLength(field, 'utf8');
  const length = nameLength + 33 + body.length;
  if (length > scratch.length) scratch = Buffer.alloc(Math.max(length, scratch.length * 2));
  scratch.write(field, 0, nameLength, 'utf8');
  scratch[nameLength] = 0x00;
  scratch.write(nonceHex, nameLength + 1, 32, 'hex');
  scratch.write(body, nameLength + 33, body.length, 'latin1');
  return sha256Hex(scratch.subarray(0, length));
}

/**
 * The spec 3.x chain hash: the RFC 6962 tree hash over leaf(commitment) of every committed field, sorted by
 * field name as Python's sorted() orders str (by code point), whatever order the proof lists them in. The values
 * are 64 lowercase hex (checked by the caller).
 */
export function commitmentsRoot(commitments: ReadonlyMap<string, string>): string {
  const fields = sortByCodePoint([...commitments.keys()]);
  const leaves = new Array<string>(fields.length);
  for (let i = 0; i < fields.length; i++) leaves[i] = leafHashOfHex(commitments.get(fields[i] as string) as string);
  return binaryToHex(treeHashBinary(leaves));
}
