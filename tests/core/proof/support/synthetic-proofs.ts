import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { sha256HexOfText } from '../../../../main/core/hash/sha256.ts';
import type { PyJson, PyObject } from '../../../../main/core/json/value.ts';
import { auditPath, leafHash, treeHash } from '../../../../main/core/merkle/rfc6962.ts';
import { commitmentHex, commitmentsRoot } from '../../../../main/core/proof/commitments.ts';
import type { SigningKey, TrustBundle } from '../../../../main/core/trust/bundle.ts';

/**
 * Spec 3.1 proofs built from the formulas (trust-layer-reference §3.2, §4.3–4.5) with a real Ed25519 key and a
 * real RFC 3161 token from a caller-supplied stamp (an openssl test TSA): the shape of production proofs, under a
 * test trust bundle. Nonces and values are derived from a seed, so a batch is reproducible.
 */

export const SYNTHETIC_PROVIDER = 'test-tsa';
export const SYNTHETIC_DID = 'did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq';

export interface SyntheticSigner {
  kid: string;
  secretKey: Uint8Array;
}

export interface SyntheticProof {
  view: PyObject;
  /** The owner's openings of the two hashes, shaped as a submission's `disclosures` entry (spec §4). */
  disclosures: { request_hash: { nonce: string; value: string }; response_hash: { nonce: string; value: string } };
}

export function syntheticSigner(seed: number): SyntheticSigner {
  return { kid: `test-key-${seed}`, secretKey: new Uint8Array(32).fill(seed) };
}

export function syntheticBundle(
  signer: SyntheticSigner,
  tsa: { rootDer: Uint8Array; tsaCertDer: Uint8Array },
): TrustBundle {
  const publicKey = ed25519.getPublicKey(signer.secretKey);
  const key: SigningKey = {
    kid: signer.kid,
    publicText: `ed25519:${Buffer.from(publicKey).toString('base64url')}`,
    publicKey,
    validFrom: '2026-01-01T00:00:00Z',
    retiredAt: null,
  };
  return {
    name: 'synthetic',
    // Built in memory, not read from a folder: no file to digest.
    digest: sha256HexOfText('{}'),
    files: [],
    signingKeys: [key],
    rekor: { logKeys: [], arkforgeKeys: [] },
    tsa: { [SYNTHETIC_PROVIDER]: { roots: [tsa.rootDer], untrusted: [tsa.tsaCertDer] } },
    challenge: null,
  };
}

interface Committed {
  chainHex: string;
  commitments: PyObject;
  nonces: Record<string, string>;
  values: Record<string, PyJson>;
}

function commitProof(seed: string): Committed {
  const values: Record<string, PyJson> = {
    request_hash: sha256HexOfText(`${seed} request`),
    response_hash: sha256HexOfText(`${seed} response`),
    transaction_id: 'free_tier',
    timestamp: '2026-11-30T01:00:00Z',
    buyer_fingerprint: sha256HexOfText(`${seed} key`),
    seller: 'corpus.example',
    upstream_timestamp: 'Mon, 30 Nov 2026 01:00:00 GMT',
    agent_identity: SYNTHETIC_DID,
    agent_identity_verified: true,
    did_resolution_status: 'bound',
    identity_consistent: true,
  };
  const nonces: Record<string, string> = {};
  const commitments: PyObject = Object.create(null) as PyObject;
  const hexes = new Map<string, string>();
  for (const [field, value] of Object.entries(values)) {
    nonces[field] = sha256HexOfText(`${seed} nonce ${field}`);
    const hex = commitmentHex(field, nonces[field], value);
    hexes.set(field, hex);
    commitments[field] = `sha256:${hex}`;
  }
  return { chainHex: commitmentsRoot(hexes), commitments, nonces, values };
}

const opening = (c: Committed, field: string) => ({
  nonce: c.nonces[field] as string,
  value: c.values[field] as PyJson,
});

/**
 * One batch of `count` proofs: leaves in queue order, one RFC 6962 root, one token over its 32 raw bytes
 * (reference §4.5, §6.1). `stamp` returns a full TimeStampResp DER.
 */
export function syntheticBatch(options: {
  count: number;
  seed: string;
  signer: SyntheticSigner;
  stamp: (raw32: Uint8Array) => Uint8Array;
}): SyntheticProof[] {
  const committed = Array.from({ length: options.count }, (_, i) => commitProof(`${options.seed}/${i}`));
  const leaves = committed.map((c) => leafHash(hexToBytes(c.chainHex)));
  const root = bytesToHex(treeHash(leaves));
  const tsr = Buffer.from(options.stamp(hexToBytes(root))).toString('base64');
  const publicText = `ed25519:${Buffer.from(ed25519.getPublicKey(options.signer.secretKey)).toString('base64url')}`;
  return committed.map((c, index) => {
    const signature = ed25519.sign(utf8ToBytes(c.chainHex), options.signer.secretKey);
    const view = {
      proof_id: `prf_20261130_010000_${sha256HexOfText(`${options.seed}/${index}`).slice(0, 6)}`,
      is_demo: false,
      spec_version: '3.1',
      hashes: {
        request: `sha256:${c.values.request_hash as string}`,
        response: `sha256:${c.values.response_hash as string}`,
        chain: `sha256:${c.chainHex}`,
      },
      commitments: c.commitments,
      batch_anchor: {
        status: 'anchored',
        batch_id: `batch_${options.seed}`,
        leaf_index: BigInt(index),
        tree_size: BigInt(options.count),
        audit_path: auditPath(index, leaves).map(bytesToHex),
        root: `sha256:${root}`,
      },
      timestamp_authority: {
        status: 'verified',
        provider: SYNTHETIC_PROVIDER,
        tsr_base64: tsr,
        anchored: 'batch_root',
      },
      timestamp: c.values.timestamp as string,
      upstream_timestamp: c.values.upstream_timestamp as string,
      arkforge_signature: `ed25519:${Buffer.from(signature).toString('base64url')}`,
      arkforge_pubkey: publicText,
      arkforge_kid: options.signer.kid,
      identity_consistent: true,
      agent_identity: SYNTHETIC_DID,
      agent_identity_verified: true,
      did_resolution_status: 'bound',
      seller: 'corpus.example',
      disclosed: {
        agent_identity: opening(c, 'agent_identity'),
        agent_identity_verified: opening(c, 'agent_identity_verified'),
        did_resolution_status: opening(c, 'did_resolution_status'),
        identity_consistent: opening(c, 'identity_consistent'),
      },
    } as unknown as PyObject;
    return {
      view,
      disclosures: {
        request_hash: opening(c, 'request_hash') as { nonce: string; value: string },
        response_hash: opening(c, 'response_hash') as { nonce: string; value: string },
      },
    };
  });
}
