import { ed25519 } from '@noble/curves/ed25519.js';
import { canonical } from '../json/canonical.ts';
import { newPyObject, type PyObject } from '../json/value.ts';
import { verifyEd25519 } from '../proof/ed25519-verify.ts';

/**
 * A document only the operator may post through the proxy (a freeze from version 3, an Index anchor from
 * `proveit-index-anchor/2`; docs/season-service.md "Only the operator changes the season") carries
 * `operator_public_key` (the operator's Ed25519 key, 64 lowercase hex) and `operator_signature`: Ed25519 (RFC 8032),
 * base64, over the Python-canonical JSON of the document without `operator_signature`. The signature travels inside the
 * proxied payload, so the proof's request_hash anchors it with the rest of the document (docs/freeze.md "The freeze
 * document").
 */
export const OPERATOR_PUBLIC_KEY = 'operator_public_key';
export const OPERATOR_SIGNATURE = 'operator_signature';

const HEX64 = /^[0-9a-f]{64}$/;
/** 64 signature bytes in standard base64: 86 characters and two padding signs. */
const BASE64_SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;

/** The bytes the operator signs: canonical(document) with `operator_signature` left out, every other key kept. */
export function operatorSignedBytes(document: PyObject): Uint8Array {
  const unsigned = newPyObject();
  for (const [key, value] of Object.entries(document)) if (key !== OPERATOR_SIGNATURE) unsigned[key] = value;
  return new TextEncoder().encode(canonical(unsigned));
}

/**
 * The operator's signature of a document that already names `operator_public_key` (deterministic Ed25519: no
 * randomness here). The private key is an argument: the core never reads it from disk.
 */
export function operatorSignatureOf(document: PyObject, privateKey: Uint8Array): string {
  return Buffer.from(ed25519.sign(operatorSignedBytes(document), privateKey)).toString('base64');
}

export type OperatorSignatureProblem = 'unsigned' | 'malformed' | 'invalid';

/**
 * Whether the document is signed by the key it names: `unsigned` when either field is missing, `malformed` when the
 * key is not 64 lowercase hex or the signature not 64 bytes in canonical base64, `invalid` when the signature does not verify
 * over the document as it is (an edit after signing, or another key's signature). Null when the signature holds.
 * Whether the key it names is the operator's is the caller's check.
 */
export function operatorSignatureProblem(document: PyObject): OperatorSignatureProblem | null {
  const key = document[OPERATOR_PUBLIC_KEY];
  const signature = document[OPERATOR_SIGNATURE];
  if (key === undefined || signature === undefined) return 'unsigned';
  if (typeof key !== 'string' || !HEX64.test(key)) return 'malformed';
  if (typeof signature !== 'string' || !BASE64_SIGNATURE.test(signature)) return 'malformed';
  const bytes = Buffer.from(signature, 'base64');
  // Only the canonical spelling: "AB==" and "AA==" decode alike, and a second spelling of one valid signature would
  // be a second document (another document_sha256) that still verifies: a replay the freeze chain must not see.
  if (bytes.toString('base64') !== signature) return 'malformed';
  const valid = verifyEd25519(
    new Uint8Array(bytes),
    operatorSignedBytes(document),
    new Uint8Array(Buffer.from(key, 'hex')),
  );
  return valid ? null : 'invalid';
}
