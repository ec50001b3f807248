import type { PyObject } from '../../main/core/json/value.ts';

export interface PublishedKeyInput {
  /** "ed25519:" + base64url of the 32 raw bytes. */
  publicKey: string;
  kid: string;
  rekorPublicKeyPem: string;
  rekorKid: string;
  validFrom: string;
  /** did:web identifier of the devnet Trust Layer. */
  did: string;
}

/** The issuer's key history in the format of trust_layer/published_keys.json (reference §5). */
export function publishedKeys(input: PublishedKeyInput): PyObject {
  return {
    _doc: 'PROVE IT devnet key history: test keys generated on first start of this state folder. Never production.',
    keys: [
      {
        kid: input.kid,
        type: 'Ed25519',
        public: input.publicKey,
        node: 'devnet',
        valid_from: input.validFrom,
        retired_at: null,
      },
    ],
    rekor_keys: [
      {
        kid: input.rekorKid,
        type: 'ECDSA-P256-SHA256',
        public_pem: input.rekorPublicKeyPem,
        node: 'devnet',
        valid_from: input.validFrom,
        retired_at: null,
      },
    ],
  };
}

/** GET /v1/pubkey in its v1.12 shape: pubkey, algorithm, kid, rekor_kid, keys, rekor_keys, rekor_pubkey. */
export function pubkeyDocument(input: PublishedKeyInput): PyObject {
  const history = publishedKeys(input);
  return {
    pubkey: input.publicKey,
    algorithm: 'Ed25519',
    kid: input.kid,
    rekor_kid: input.rekorKid,
    keys: history['keys'] ?? [],
    rekor_keys: history['rekor_keys'] ?? [],
    rekor_pubkey: input.rekorPublicKeyPem,
  };
}

/** GET /.well-known/did.json: did:web with every key listed, the node key first (reference §5). */
export function didDocument(input: PublishedKeyInput): PyObject {
  const method = `${input.did}#${input.kid}`;
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/ed25519-2020/v1'],
    id: input.did,
    verificationMethod: [
      {
        id: method,
        type: 'Ed25519VerificationKey2020',
        controller: input.did,
        publicKeyJwk: { kty: 'OKP', crv: 'Ed25519', x: input.publicKey.replace(/^ed25519:/, '') },
      },
    ],
    authentication: [method],
    assertionMethod: [method],
  };
}
