import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { sha256 } from '../hash/sha256.ts';
import { fail, ok, type Result } from '../result.ts';
import { decodeBase64Strict } from '../x509/base64.ts';
import { pemToDer } from '../x509/pem.ts';
import { isRecord } from './entry-shape.ts';
import { p256PointFromSpki, verifyP256Der } from './p256-public-key.ts';
import type { RekorCode } from './model.ts';

/** What a verified hashedrekord body gives the later checks. */
export interface HashedRekord {
  /** The decoded body bytes: the Merkle leaf is SHA-256(0x00 ‖ these bytes). */
  bodyBytes: Uint8Array;
  /** The submitter's PEM as the body carries it (attribution compares it with ArkForge's published keys). */
  publicKeyPem: string;
}

function pick(value: unknown, ...path: string[]): unknown {
  let node = value;
  for (const key of path) node = isRecord(node) ? node[key] : undefined;
  return node;
}

/** Decodes the base64 body into its bytes and JSON document. */
export function decodeBody(body: string): Result<{ bytes: Uint8Array; document: Record<string, unknown> }, RekorCode> {
  const bytes = decodeBase64Strict(body);
  if (bytes === null) return fail('REKOR_BODY_MALFORMED', 'the entry body is not standard padded base64');
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    return fail('REKOR_BODY_MALFORMED', 'the entry body is not a UTF-8 JSON document', {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
  if (!isRecord(document)) return fail('REKOR_BODY_MALFORMED', 'the entry body is not a JSON object');
  return ok({ bytes, document });
}

/**
 * trust-layer-reference §6.2 steps 2-4. The Trust Layer logs a hashedrekord v0.0.1 whose artifact is the
 * anchored hash as 64 ASCII hex characters: data.hash = SHA-256 of that text, and the signature is ECDSA
 * P-256/SHA-256 over the same text with the key embedded as a base64 PEM. Any other kind (a dsse entry, an
 * intoto attestation) belongs to someone else's artefact and is refused, never interpreted.
 */
export function verifyHashedRekord(body: string, anchoredHex: string): Result<HashedRekord, RekorCode> {
  const decoded = decodeBody(body);
  if (!decoded.ok) return decoded;
  const { bytes, document } = decoded.value;
  if (document.kind !== 'hashedrekord' || document.apiVersion !== '0.0.1') {
    return fail(
      'REKOR_KIND_UNSUPPORTED',
      'the entry is not a hashedrekord v0.0.1, the only kind the Trust Layer logs',
      {
        expected: { kind: 'hashedrekord', apiVersion: '0.0.1' },
        actual: { kind: document.kind ?? null, apiVersion: document.apiVersion ?? null },
      },
    );
  }
  const algorithm = pick(document, 'spec', 'data', 'hash', 'algorithm');
  const value = pick(document, 'spec', 'data', 'hash', 'value');
  const signature = pick(document, 'spec', 'signature', 'content');
  const publicKey = pick(document, 'spec', 'signature', 'publicKey', 'content');
  if (![algorithm, value, signature, publicKey].every((field) => typeof field === 'string')) {
    return fail(
      'REKOR_HASHEDREKORD_MALFORMED',
      'the hashedrekord body lacks spec.data.hash.{algorithm,value} or spec.signature.{content,publicKey.content}',
    );
  }
  if (algorithm !== 'sha256') {
    return fail('REKOR_HASH_ALGORITHM', 'the hashedrekord data hash is not sha256', {
      expected: 'sha256',
      actual: algorithm,
    });
  }
  const artifact = utf8ToBytes(anchoredHex);
  const expected = bytesToHex(sha256(artifact));
  if (value !== expected) {
    return fail(
      'REKOR_HASH_MISMATCH',
      'the entry logs another artefact: data.hash is not SHA-256 of the anchored hex',
      {
        expected,
        actual: value,
        anchoredHex,
      },
    );
  }
  const pemBytes = decodeBase64Strict(publicKey as string);
  const pem = pemBytes === null ? null : new TextDecoder().decode(pemBytes);
  const spki = pem === null ? null : pemToDer(pem, 'PUBLIC KEY');
  const point = spki === null ? null : p256PointFromSpki(spki);
  if (pem === null || point === null) {
    return fail('REKOR_ENTRY_KEY_MALFORMED', 'the entry public key is not base64 of a P-256 PUBLIC KEY PEM');
  }
  const signatureDer = decodeBase64Strict(signature as string);
  if (signatureDer === null || !verifyP256Der(signatureDer, artifact, point)) {
    return fail(
      'REKOR_ENTRY_SIGNATURE_INVALID',
      "the entry signature does not verify over the anchored hex with the entry's own key",
      { anchoredHex },
    );
  }
  return ok({ bodyBytes: bytes, publicKeyPem: pem });
}
