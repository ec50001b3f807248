import * as nodeCrypto from 'node:crypto';

/**
 * The one-shot `crypto.hash` (Node ≥ 20.12) skips the Hash object a `createHash` call allocates, which is most of
 * the cost of the ~500,000 small hashes a close computes (commitments, chain hashes, Merkle nodes); `createHash`
 * stays the fallback for a runtime without it. Both are OpenSSL's SHA-256.
 */
const oneShot = (nodeCrypto as { hash?: (algorithm: string, data: Uint8Array | string, encoding: string) => unknown })
  .hash;

/**
 * SHA-256 through node:crypto (OpenSSL): a pure function of its input, and several times faster than a JavaScript
 * implementation on the chain hashes, commitments and Merkle nodes a close computes for every proof (design brief §6).
 */
export function sha256(data: Uint8Array): Uint8Array {
  // The digest comes back as base64 and is decoded into Buffer's shared pool: for the 33- and 65-byte inputs of
  // Merkle trees this costs half of asking for a 'buffer', which allocates a fresh backing store per call.
  const digest = oneShot
    ? Buffer.from(oneShot('sha256', data, 'base64') as string, 'base64')
    : nodeCrypto.createHash('sha256').update(data).digest();
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.length);
}

/** SHA-256 of bytes, as lowercase hex. */
export function sha256Hex(data: Uint8Array): string {
  return oneShot
    ? (oneShot('sha256', data, 'hex') as string)
    : nodeCrypto.createHash('sha256').update(data).digest('hex');
}

/**
 * SHA-256 as a binary string: one character per byte (Latin-1), 32 characters. Merkle trees hash digests into
 * digests; a one-byte string is what the one-shot hash returns cheapest and what Buffer#latin1Write puts into the
 * next input without an allocation (merkle/binary-digests.ts).
 */
export function sha256Binary(data: Uint8Array): string {
  return oneShot
    ? (oneShot('sha256', data, 'latin1') as string)
    : nodeCrypto.createHash('sha256').update(data).digest().toString('latin1');
}

/** SHA-256 of a string's UTF-8 bytes, as lowercase hex. */
export function sha256HexOfText(text: string): string {
  return oneShot
    ? (oneShot('sha256', text, 'hex') as string)
    : nodeCrypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * SHA-256 of large bytes as lowercase hex, `chunkBytes` at a time: a generator that yields between chunks, so a
 * service hashing a backup lets its event loop turn (main/core stays pure: the caller decides when to go on).
 */
export function* sha256HexSteps(data: Uint8Array, chunkBytes: number): Generator<void, string, void> {
  const hash = nodeCrypto.createHash('sha256');
  for (let at = 0; at < data.length; at += chunkBytes) {
    hash.update(data.subarray(at, at + chunkBytes));
    if (at + chunkBytes < data.length) yield;
  }
  return hash.digest('hex');
}

/** Runs a stepped computation to its end at once. */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
