import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freezeOperatorPinFailure } from '../../../main/core/freeze/anchor-did.ts';
import { didKeyOfEd25519 } from '../../../main/core/encoding/did-key.ts';

// The operator-signed vector's key (tests/vectors/freeze/operator-signed-v3.json) stands for the challenge's.
const vector = JSON.parse(
  readFileSync(new URL('../../vectors/freeze/operator-signed-v3.json', import.meta.url), 'utf8'),
) as { operator_public_key: string };
const pinned = {
  did: didKeyOfEd25519(new Uint8Array(Buffer.from(vector.operator_public_key, 'hex'))),
  publicKeyHex: vector.operator_public_key,
};
const forgerKey = '3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29';

describe('a freeze document against the challenge DID the trust bundle pins', () => {
  it('a version-3 freeze signed by a fresh key of its own is FREEZE_OPERATOR_KEY_MISMATCH naming both keys and the DID', () => {
    expect(freezeOperatorPinFailure({ document_version: 3, operator_public_key: forgerKey }, pinned)).toMatchObject({
      code: 'FREEZE_OPERATOR_KEY_MISMATCH',
      details: {
        field: 'operator_public_key',
        anchored: forgerKey,
        recomputed: vector.operator_public_key,
        challenge_did: pinned.did,
      },
    });
  });

  it('the challenge key itself, a bundle pinning nothing, and a version-2 document (no operator key) pass', () => {
    expect(
      freezeOperatorPinFailure({ document_version: 3, operator_public_key: vector.operator_public_key }, pinned),
    ).toBeNull();
    expect(freezeOperatorPinFailure({ document_version: 3, operator_public_key: forgerKey }, null)).toBeNull();
    expect(freezeOperatorPinFailure({ document_version: 2 }, pinned)).toBeNull();
  });
});
