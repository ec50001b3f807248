import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonical } from '../../../main/core/json/canonical.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';
import { auditPath, leafHash, treeHash } from '../../../main/core/merkle/rfc6962.ts';

/**
 * A tiny Rekor-compatible log for tests, built from the formulas of trust-layer-reference §6.2 with keys
 * derived from labels (deterministic): it shows the verifier is generic (log key from trust, origin from the
 * checkpoint) and lets a test sign what a real log key cannot be made to sign (e.g. a checkpoint over another root).
 */

const SPKI_P256_PREFIX = hexToBytes('3059301306072a8648ce3d020106082a8648ce3d030107034200');

export interface TestKey {
  secret: Uint8Array;
  spkiDer: Uint8Array;
  pem: string;
}

export function testKey(label: string): TestKey {
  const secret = sha256(utf8ToBytes(`proveit test key: ${label}`));
  const spkiDer = concatBytes(SPKI_P256_PREFIX, p256.getPublicKey(secret, false));
  const body = Buffer.from(spkiDer)
    .toString('base64')
    .replace(/(.{64})(?!$)/g, '$1\n');
  return { secret, spkiDer, pem: `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n` };
}

export function signDer(key: TestKey, message: Uint8Array): Uint8Array {
  return p256.sign(message, key.secret, { prehash: true, format: 'der' });
}

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A hashedrekord v0.0.1 body as the Trust Layer submits it, base64 (trust-layer-reference §6.2). */
export function hashedRekordBody(anchoredHex: string, submitter: TestKey, options: { hashOf?: string } = {}): string {
  const artifact = utf8ToBytes(anchoredHex);
  const document = {
    apiVersion: '0.0.1',
    kind: 'hashedrekord',
    spec: {
      data: { hash: { algorithm: 'sha256', value: bytesToHex(sha256(utf8ToBytes(options.hashOf ?? anchoredHex))) } },
      signature: {
        content: b64(signDer(submitter, artifact)),
        publicKey: { content: b64(utf8ToBytes(submitter.pem)) },
      },
    },
  };
  return b64(utf8ToBytes(JSON.stringify(document)));
}

export function checkpointText(origin: string, signerName: string, logKey: TestKey, size: number, root: Uint8Array) {
  const body = `${origin}\n${size}\n${b64(root)}\n`;
  const hint = sha256(logKey.spkiDer).slice(0, 4);
  return `${body}\n\u2014 ${signerName} ${b64(concatBytes(hint, signDer(logKey, utf8ToBytes(body))))}\n`;
}

/**
 * A log of `size` entries where entry `index` is the given body and the others are filler; returns the
 * `GET /api/v1/log/entries/{uuid}` answer for that entry, SET and checkpoint signed with `logKey`.
 */
export function logEntry(options: {
  body: string;
  logKey: TestKey;
  index: number;
  size: number;
  integratedTime: number;
  origin?: string;
  treeId?: string;
}): Record<string, unknown> {
  const { body, logKey, index, size, integratedTime } = options;
  const leaves = Array.from({ length: size }, (_, i) =>
    i === index ? leafHash(Buffer.from(body, 'base64')) : leafHash(utf8ToBytes(`filler ${i}`)),
  );
  const root = treeHash(leaves);
  const logID = bytesToHex(sha256(logKey.spkiDer));
  const set = canonical(
    pyObjectFrom([
      ['body', body],
      ['integratedTime', BigInt(integratedTime)],
      ['logID', logID],
      ['logIndex', BigInt(index)],
    ]),
  );
  const uuid = `${options.treeId ?? ''}${bytesToHex(leaves[index]!)}`;
  return {
    [uuid]: {
      body,
      integratedTime,
      logID,
      logIndex: index,
      verification: {
        inclusionProof: {
          checkpoint: checkpointText(options.origin ?? 'devnet.local - 1', 'devnet.local', logKey, size, root),
          hashes: auditPath(index, leaves).map(bytesToHex),
          logIndex: index,
          rootHash: bytesToHex(root),
          treeSize: size,
        },
        signedEntryTimestamp: b64(signDer(logKey, utf8ToBytes(set))),
      },
    },
  };
}
