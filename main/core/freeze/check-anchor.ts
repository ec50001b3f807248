import { commitmentHex } from '../proof/commitments.ts';
import { isHex64, stripSha256Prefix } from '../encoding/encodings.ts';
import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import type { RequestHashDisclosure } from './publication.ts';

export type AnchorCode = 'FREEZE_ANCHOR_MISMATCH';

function field(o: PyJson | undefined, key: string): PyJson | undefined {
  return isPyObject(o ?? null) ? (o as PyObject)[key] : undefined;
}

function mismatch(where: string, expected: unknown, actual: unknown): Result<never, AnchorCode> {
  return fail(
    'FREEZE_ANCHOR_MISMATCH',
    `${where} is not the freeze document this console posted (expected ${String(expected)}, got ${String(actual)}); nothing was recorded: check the Trust Layer URL and try again`,
    { field: where, expected, actual },
  );
}

/**
 * Before recording a freeze, checks that the proof really anchors the document posted: the proxy answer's
 * hashes.request, the owner view's chain_data.request_hash and its opening (trust-layer-reference §3.3, §4.3).
 * Returns the opening that is published with the freeze, so anyone can open the anchored request hash.
 */
export function checkFreezeAnchor(input: {
  proofId: string;
  proxyProof: PyObject;
  fullView: PyObject;
  expectedRequestHash: string;
}): Result<RequestHashDisclosure, AnchorCode> {
  const { proxyProof, fullView, expectedRequestHash } = input;
  const flat = stripSha256Prefix(field(proxyProof['hashes'], 'request'));
  if (flat !== expectedRequestHash) return mismatch('proof.hashes.request', expectedRequestHash, flat);
  if (fullView['proof_id'] !== input.proofId)
    return mismatch('full view proof_id', input.proofId, fullView['proof_id']);
  const nonce = field(fullView['commitment_nonces'], 'request_hash');
  const value = field(fullView['chain_data'], 'request_hash');
  if (value !== expectedRequestHash) return mismatch('chain_data.request_hash', expectedRequestHash, value);
  if (!isHex64(nonce)) return mismatch('commitment_nonces.request_hash', '64 hex characters', nonce);
  const committed = stripSha256Prefix(field(fullView['commitments'], 'request_hash'));
  const computed = commitmentHex('request_hash', nonce, value);
  if (committed !== computed) return mismatch('commitments.request_hash', computed, committed);
  const proxyCommitted = stripSha256Prefix(field(proxyProof['commitments'], 'request_hash'));
  if (proxyCommitted !== committed) return mismatch('proof.commitments.request_hash', committed, proxyCommitted);
  return ok({ nonce, value });
}
