import { BUNDLE_V03_MEDIA_TYPE, bundleFromJSON, ValidationError, type SerializedBundle } from '@sigstore/bundle';
import { PolicyError, toSignedEntity, toTrustMaterial, VerificationError, Verifier } from '@sigstore/verify';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { sha256 } from '../hash/sha256.ts';
import { fail, ok, type Result } from '../result.ts';
import { decodeBase64Strict, encodeBase64 } from '../x509/base64.ts';
import { pemToDer } from '../x509/pem.ts';
import { isRecord, readEntryShape } from './entry-shape.ts';
import { readInclusionProof } from './inclusion-proof.ts';
import type { RekorTrust } from './model.ts';

/**
 * The Rekor witness through @sigstore/verify's public API (`toTrustMaterial`, `toSignedEntity`, `Verifier`): the
 * `GET /api/v1/log/entries/{uuid}` answer is written as a Sigstore bundle v0.3 (a message signature over the anchored
 * hex, one hashedrekord tlog entry with its inclusion promise and inclusion proof, a public-key hint), the trust
 * bundle's logs and ArkForge Rekor keys as trust material, and `Verifier.verify` decides. It runs beside the in-house
 * verifier (verify-entry.ts), which must reach the same verdict; docs/witnesses.md says which check goes where.
 *
 * Pure: @sigstore/verify 3.1.1 reads no clock on this path (the key windows are compared with the entry's
 * integratedTime, the only timestamp of a bundle without RFC 3161 tokens), no disk, no network.
 */

/** Why the sigstore path refused an entry. Details carry @sigstore/verify's own code and message. */
export type SigstoreCode =
  /** The entry cannot be written as a bundle: no readable entry, body, signature or inclusion proof. */
  | 'SIGSTORE_ENTRY_NOT_CONVERTIBLE'
  /** `bundleFromJSON` refused the bundle (e.g. a tlog entry without inclusion proof, required since v0.2). */
  | 'SIGSTORE_BUNDLE_INVALID'
  /** `Verifier.verify` threw a VerificationError or PolicyError: details.sigstoreCode is its code. */
  | 'SIGSTORE_VERIFICATION_FAILED'
  /** Any other exception inside @sigstore/* (a parse error on hostile input): still a refusal, never a throw. */
  | 'SIGSTORE_ERROR';

export interface SigstoreFacts {
  /** The public-key hint the bundle names: SHA-256 hex of the submitter key's DER SubjectPublicKeyInfo. */
  keyHint: string;
}

/** The bundle in its JSON form, the hint of the key that must have signed, and that key as the body carries it. */
export interface SigstoreEntryBundle {
  bundle: SerializedBundle;
  keyHint: string;
  /** The DER SubjectPublicKeyInfo of the body's key, or null when it does not parse. */
  entrySpki: Uint8Array | null;
}

type SerializedInclusionProof = SerializedBundle['verificationMaterial']['tlogEntries'][number]['inclusionProof'];

/** `PublicKeyDetails.PKIX_ECDSA_P256_SHA_256` (@sigstore/protobuf-specs); any non-RSA value means a DER SPKI key. */
const PKIX_ECDSA_P256_SHA_256 = 5;
/** `HashAlgorithm.SHA2_256`, the Merkle tree hash of every Rekor log. */
const SHA2_256 = 1;

type TrustedRoot = Parameters<typeof toTrustMaterial>[0];
type TrustedKey = NonNullable<TrustedRoot['tlogs'][number]['publicKey']>;

/** A key's hint: SHA-256 of its DER SubjectPublicKeyInfo, hex (the key's own fingerprint, as a Rekor logID is). */
export function keyHintOf(spkiDer: Uint8Array): string {
  return bytesToHex(sha256(spkiDer));
}

/**
 * Base64 whose text is exactly the standard encoding of its bytes, or null. A bundle carries bytes, while the
 * SET signs the body's base64 text: an entry whose text is another spelling of the same bytes cannot be carried.
 */
function canonicalBase64(text: unknown): Uint8Array | null {
  if (typeof text !== 'string') return null;
  const bytes = decodeBase64Strict(text);
  return bytes !== null && encodeBase64(bytes) === text ? bytes : null;
}

function pick(value: unknown, ...path: string[]): unknown {
  let node = value;
  for (const key of path) node = isRecord(node) ? node[key] : undefined;
  return node;
}

/**
 * The entry as a Sigstore bundle v0.3 for the anchored hex. The message digest is SHA-256 of the anchored hex
 * (computed here, not read from the body), so @sigstore/verify's body check compares the logged hash with the
 * artefact; the signature is the body's; the hint names the body's key, whose trusted copy must then verify it.
 * The tlog entry's kind is the one the Trust Layer logs (hashedrekord 0.0.1): a body of another kind is refused
 * by the verifier's own kind check. Conversion refuses only what has no bundle form.
 */
export function toSigstoreBundle(entry: unknown, anchoredHex: string): Result<SigstoreEntryBundle, SigstoreCode> {
  const unconvertible = (message: string) =>
    fail<SigstoreCode>('SIGSTORE_ENTRY_NOT_CONVERTIBLE', `no Sigstore bundle for this entry: ${message}`);
  const shape = readEntryShape(entry, undefined);
  if (!shape.ok) return unconvertible(shape.error.message);
  const fields = shape.value;

  const bodyBytes = canonicalBase64(fields.body);
  if (bodyBytes === null) return unconvertible('the body is not canonical standard base64');
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bodyBytes));
  } catch {
    return unconvertible('the body is not UTF-8 JSON');
  }
  const signature = canonicalBase64(pick(document, 'spec', 'signature', 'content'));
  if (signature === null || signature.length === 0) return unconvertible('the body carries no base64 signature');
  const pemBytes = canonicalBase64(pick(document, 'spec', 'signature', 'publicKey', 'content'));
  const spki = pemBytes === null ? null : pemToDer(new TextDecoder().decode(pemBytes), 'PUBLIC KEY');
  // A key that does not parse gets a hint no trusted key has: the verifier then refuses with PUBLIC_KEY_ERROR.
  const keyHint = spki === null ? 'unreadable-public-key' : keyHintOf(spki);

  const set = fields.verification?.signedEntryTimestamp;
  let inclusionPromise: { signedEntryTimestamp: string } | undefined;
  if (set !== undefined) {
    if (canonicalBase64(set) === null) return unconvertible('the signed entry timestamp is not canonical base64');
    inclusionPromise = { signedEntryTimestamp: set as string };
  }
  let inclusionProof: SerializedInclusionProof;
  if (fields.verification?.inclusionProof !== undefined) {
    const proof = readInclusionProof(fields);
    if (!proof.ok) return unconvertible(proof.error.message);
    inclusionProof = {
      logIndex: String(proof.value.logIndex),
      rootHash: encodeBase64(proof.value.rootHash),
      treeSize: String(proof.value.treeSize),
      hashes: proof.value.hashes.map(encodeBase64),
      checkpoint: { envelope: proof.value.checkpoint },
    };
  }

  const bundle: SerializedBundle = {
    mediaType: BUNDLE_V03_MEDIA_TYPE,
    verificationMaterial: {
      publicKey: { hint: keyHint },
      certificate: undefined,
      x509CertificateChain: undefined,
      tlogEntries: [
        {
          logIndex: String(fields.logIndex),
          logId: { keyId: encodeBase64(hexToBytes(fields.logID)) },
          kindVersion: { kind: 'hashedrekord', version: '0.0.1' },
          integratedTime: String(fields.integratedTime),
          inclusionPromise,
          inclusionProof,
          canonicalizedBody: fields.body,
        },
      ],
      timestampVerificationData: undefined,
    },
    dsseEnvelope: undefined,
    messageSignature: {
      messageDigest: { algorithm: 'SHA2_256', digest: encodeBase64(sha256(utf8ToBytes(anchoredHex))) },
      signature: encodeBase64(signature),
    },
  };
  return ok({ bundle, keyHint, entrySpki: spki });
}

/**
 * The trust bundle as @sigstore/verify trust material. Logs: each key with its logId recomputed as SHA-256 of its
 * DER (as the in-house check does) and the log's name as base URL (what a checkpoint signature line must name).
 * Keys: the published ArkForge Rekor keys under their hints, each valid from `valid_from` to just before
 * `retired_at` (a key signs for times t with valid_from ≤ t < retired_at; the window's end is inclusive in
 * @sigstore/verify, so it ends one millisecond earlier, and integratedTime is in whole seconds). With no published
 * key at all, the entry's own key is trusted, without a window: the in-house verdict is "attribution unverifiable".
 */
export function toSigstoreTrust(trust: RekorTrust, entryKeyHint: string, entrySpki: Uint8Array | null) {
  const root: TrustedRoot = {
    mediaType: 'application/vnd.dev.sigstore.trustedroot.v0.2+json',
    tlogs: trust.logKeys.map((log) => ({
      baseUrl: log.name,
      hashAlgorithm: SHA2_256,
      publicKey: { rawBytes: Buffer.from(log.spkiDer), keyDetails: PKIX_ECDSA_P256_SHA_256 },
      logId: { keyId: Buffer.from(sha256(log.spkiDer)) },
      checkpointKeyId: undefined,
      operator: '',
    })),
    certificateAuthorities: [],
    ctlogs: [],
    timestampAuthorities: [],
  };
  const keys: Record<string, TrustedKey> = {};
  for (const key of trust.arkforgeKeys) {
    const der = pemToDer(key.publicPem, 'PUBLIC KEY');
    if (der === null) continue;
    const end = key.retiredAt === null ? undefined : new Date(new Date(key.retiredAt).getTime() - 1);
    keys[keyHintOf(der)] = {
      rawBytes: Buffer.from(der),
      keyDetails: PKIX_ECDSA_P256_SHA_256,
      validFor: { start: new Date(key.validFrom), end },
    };
  }
  if (trust.arkforgeKeys.length === 0 && entrySpki !== null) {
    keys[entryKeyHint] = { rawBytes: Buffer.from(entrySpki), keyDetails: PKIX_ECDSA_P256_SHA_256 };
  }
  const material = toTrustMaterial(root, keys);
  // @sigstore/verify's key finder builds a KeyObject from the DER on every lookup (half a millisecond, once per
  // entry verified); the keys of one trust material never change, so each hint's answer is kept.
  const found = new Map<string, ReturnType<typeof material.publicKey>>();
  const finder = material.publicKey;
  return {
    ...material,
    publicKey: (hint: string) => {
      let key = found.get(hint);
      if (key === undefined) {
        key = finder(hint);
        found.set(hint, key);
      }
      return key;
    },
  };
}

/**
 * The trust material of a trust bundle is built once per RekorTrust object (a trust bundle is read once and never
 * changed; its keys parse in about a millisecond). Without published keys it depends on the entry: built per call.
 */
const trustMaterials = new WeakMap<RekorTrust, ReturnType<typeof toTrustMaterial>>();

function trustMaterialFor(trust: RekorTrust, entryKeyHint: string, entrySpki: Uint8Array | null) {
  if (trust.arkforgeKeys.length === 0) return toSigstoreTrust(trust, entryKeyHint, entrySpki);
  let material = trustMaterials.get(trust);
  if (!material) {
    material = toSigstoreTrust(trust, entryKeyHint, entrySpki);
    trustMaterials.set(trust, material);
  }
  return material;
}

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof VerificationError || error instanceof PolicyError) {
    return { sigstoreCode: error.code, sigstoreMessage: error.message };
  }
  if (error instanceof ValidationError) return { sigstoreMessage: error.message, fields: error.fields };
  return { sigstoreMessage: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

/**
 * Verifies the entry with @sigstore/verify alone: bundle, trust material, `Verifier.verify` with its default
 * thresholds (one tlog entry, one timestamp: the SET's integratedTime). Never throws.
 */
export function verifyEntryWithSigstore(input: {
  entry: unknown;
  anchoredHex: string;
  trust: RekorTrust;
}): Result<SigstoreFacts, SigstoreCode> {
  const converted = toSigstoreBundle(input.entry, input.anchoredHex);
  if (!converted.ok) return converted;
  const { bundle: json, keyHint, entrySpki } = converted.value;
  let bundle: ReturnType<typeof bundleFromJSON>;
  try {
    bundle = bundleFromJSON(json);
  } catch (error) {
    return fail('SIGSTORE_BUNDLE_INVALID', 'bundleFromJSON refused the bundle', describe(error));
  }
  try {
    const verifier = new Verifier(trustMaterialFor(input.trust, keyHint, entrySpki));
    verifier.verify(toSignedEntity(bundle, Buffer.from(input.anchoredHex, 'utf8')));
  } catch (error) {
    const failed = error instanceof VerificationError || error instanceof PolicyError;
    return fail(
      failed ? 'SIGSTORE_VERIFICATION_FAILED' : 'SIGSTORE_ERROR',
      failed ? `@sigstore/verify refused the entry: ${(error as Error).message}` : '@sigstore/verify threw',
      describe(error),
    );
  }
  return ok({ keyHint });
}
