import type { PyObject } from '../../main/core/json/value.ts';

/** One Ed25519 key the devnet Trust Layer has signed with. */
export interface PublishedSigningKey {
  /** "ed25519:" + base64url of the 32 raw bytes. */
  publicKey: string;
  kid: string;
  validFrom: string;
}

export interface PublishedKeyInput {
  /** Every signing key of the history, oldest first; the last one signs new proofs (devnet/README.md "Key rotation"). */
  signingKeys: readonly PublishedSigningKey[];
  rekorPublicKeyPem: string;
  rekorKid: string;
  rekorValidFrom: string;
  /** did:web identifier of the devnet Trust Layer. */
  did: string;
}

/** The key that signs now: the newest of the history. */
export function currentKey(input: PublishedKeyInput): PublishedSigningKey {
  const key = input.signingKeys[input.signingKeys.length - 1];
  if (!key) throw new Error('the devnet key history holds no signing key');
  return key;
}

/**
 * The issuer's key history in the format of trust_layer/published_keys.json (reference §5). Append only: a rotation
 * adds a key and keeps the earlier ones listed, unretired, as production kept key-1 when key-2 and key-3 came.
 */
export function publishedKeys(input: PublishedKeyInput): PyObject {
  return {
    _doc: 'PROVE IT devnet key history: test keys generated on first start of this state folder. Never production.',
    keys: input.signingKeys.map((key) => ({
      kid: key.kid,
      type: 'Ed25519',
      public: key.publicKey,
      node: 'devnet',
      valid_from: key.validFrom,
      retired_at: null,
    })),
    rekor_keys: [
      {
        kid: input.rekorKid,
        type: 'ECDSA-P256-SHA256',
        public_pem: input.rekorPublicKeyPem,
        node: 'devnet',
        valid_from: input.rekorValidFrom,
        retired_at: null,
      },
    ],
  };
}

/** GET /v1/pubkey in its v1.12 shape: pubkey, algorithm, kid, rekor_kid, keys, rekor_keys, rekor_pubkey. */
export function pubkeyDocument(input: PublishedKeyInput): PyObject {
  const history = publishedKeys(input);
  const current = currentKey(input);
  return {
    pubkey: current.publicKey,
    algorithm: 'Ed25519',
    kid: current.kid,
    rekor_kid: input.rekorKid,
    keys: history['keys'] ?? [],
    rekor_keys: history['rekor_keys'] ?? [],
    rekor_pubkey: input.rekorPublicKeyPem,
  };
}

/** GET /.well-known/did.json: did:web with every key listed, the node key first (reference §5); none is retired. */
export function didDocument(input: PublishedKeyInput): PyObject {
  const current = currentKey(input);
  const ordered = [current, ...input.signingKeys.filter((key) => key !== current)];
  const methods = ordered.map((key) => `${input.did}#${key.kid}`);
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/ed25519-2020/v1'],
    id: input.did,
    verificationMethod: ordered.map((key, index) => ({
      id: methods[index] as string,
      type: 'Ed25519VerificationKey2020',
      controller: input.did,
      publicKeyJwk: { kty: 'OKP', crv: 'Ed25519', x: key.publicKey.replace(/^ed25519:/, '') },
    })),
    authentication: [...methods],
    assertionMethod: [...methods],
  };
}
