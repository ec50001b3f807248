import { bytesToHex } from '@noble/hashes/utils.js';
import type { PyJson, PyObject } from '../../main/core/json/value.ts';
import { commitment, commitmentsRoot } from '../../main/core/proof/commitments.ts';

export interface CommittedFields {
  commitments: PyObject;
  nonces: PyObject;
  chainHash: string;
}

/**
 * The issuer side of SPEC 3.1 §2: every field of chain_data is committed with its own fresh 32-byte nonce,
 * the commitments are listed in chain_data's insertion order (as the server publishes them), and the chain
 * hash is the RFC 6962 root over the sorted leaves, computed by the same core code the verifier uses.
 */
export function commitFields(chainData: PyObject, randomBytes: (n: number) => Uint8Array): CommittedFields {
  const commitments: PyObject = {};
  const nonces: PyObject = {};
  const bare = new Map<string, string>();
  for (const field of Object.keys(chainData)) {
    const nonce = randomBytes(32);
    const digest = bytesToHex(commitment(field, nonce, chainData[field] as PyJson));
    bare.set(field, digest);
    commitments[field] = `sha256:${digest}`;
    nonces[field] = bytesToHex(nonce);
  }
  return { commitments, nonces, chainHash: commitmentsRoot(bare) };
}
