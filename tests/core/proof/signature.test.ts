import { beforeAll, describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { PyJson } from '../../../main/core/json/value.ts';
import { chainHexOf } from '../../../main/core/proof/chain-hash.ts';
import { checkSignature, type SignatureInput } from '../../../main/core/proof/signature.ts';
import type { SigningKey, TrustBundle } from '../../../main/core/trust/bundle.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../../main/services/trust/production-bundle.ts';
import { artefactView } from './support/real-artefacts.ts';

let bundle: TrustBundle;
beforeAll(async () => {
  const loaded = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
  if (!loaded.ok) throw new Error(loaded.error.message);
  bundle = loaded.value;
});

const GEN_TIME = '2026-09-23T07:31:48Z';
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

function inputFor(overrides: Partial<SignatureInput> = {}): SignatureInput {
  const view = artefactView('proof_proveit_gel.json');
  return {
    chainHex: chainHexOf(view),
    specVersion: view.specVersion,
    signature: view.signature,
    pubkey: view.pubkey,
    kid: view.kid,
    time: { iso: GEN_TIME, source: 'tsa_gen_time' },
    keys: bundle.signingKeys,
    ...overrides,
  };
}

const withKey = (kid: string, change: Partial<SigningKey>): SigningKey[] =>
  bundle.signingKeys.map((k) => (k.kid === kid ? { ...k, ...change } : k));

describe('Ed25519 signature with the pinned key history', () => {
  it('the real 3.1, 1.2 and 2.0 proofs verify with key-1 (no kid: matched by the embedded key)', () => {
    for (const name of ['proof_proveit_gel.json', 'proof_2026_07.json', 'proof_rekor.json']) {
      const view = artefactView(name);
      const outcome = checkSignature({
        ...inputFor(),
        chainHex: chainHexOf(view),
        signature: view.signature,
        pubkey: view.pubkey,
      });
      expect(outcome, name).toMatchObject({ status: 'OK', details: { kid: 'key-1' } });
    }
  });

  it('arkforge_kid "key-1" selects key-1', () => {
    expect(checkSignature(inputFor({ kid: 'key-1' }))).toMatchObject({ status: 'OK', details: { kid: 'key-1' } });
  });

  it('an unknown kid fails with SIGNATURE_UNKNOWN_KID', () => {
    expect(checkSignature(inputFor({ kid: 'key-9' })).code).toBe('SIGNATURE_UNKNOWN_KID');
  });

  it('a kid naming another key than the embedded one fails with SIGNATURE_KID_KEY_MISMATCH', () => {
    const outcome = checkSignature(inputFor({ kid: 'key-2' }));
    expect(outcome).toMatchObject({ code: 'SIGNATURE_KID_KEY_MISMATCH', details: { kid: 'key-2' } });
  });

  it('an embedded key that differs from every published key fails with SIGNATURE_KEY_NOT_PUBLISHED', () => {
    const other = `ed25519:${b64url(ed25519.getPublicKey(new Uint8Array(32).fill(7)))}`;
    expect(checkSignature(inputFor({ pubkey: other })).code).toBe('SIGNATURE_KEY_NOT_PUBLISHED');
  });

  it('a published key that did not make the signature fails with SIGNATURE_INVALID', () => {
    const key2 = bundle.signingKeys.find((k) => k.kid === 'key-2') as SigningKey;
    const keys = withKey('key-2', { validFrom: '2026-01-01T00:00:00Z' });
    expect(checkSignature(inputFor({ pubkey: key2.publicText, keys })).code).toBe('SIGNATURE_INVALID');
  });

  it('key-1 retired before the TSA genTime fails with SIGNATURE_KEY_RETIRED', () => {
    const keys = withKey('key-1', { retiredAt: '2026-09-23T07:31:47Z' });
    expect(checkSignature(inputFor({ keys }))).toMatchObject({
      code: 'SIGNATURE_KEY_RETIRED',
      details: { retired_at: '2026-09-23T07:31:47Z', time: GEN_TIME, time_source: 'tsa_gen_time' },
    });
  });

  it('key-1 retired after the TSA genTime still verifies (valid for proofs anchored before retired_at)', () => {
    const keys = withKey('key-1', { retiredAt: '2026-09-23T07:31:49Z' });
    expect(checkSignature(inputFor({ keys })).status).toBe('OK');
  });

  it('a key whose valid_from is after the anchor time fails with SIGNATURE_KEY_NOT_YET_VALID', () => {
    const keys = withKey('key-1', { validFrom: '2026-10-03T10:00:00Z' });
    expect(checkSignature(inputFor({ keys })).code).toBe('SIGNATURE_KEY_NOT_YET_VALID');
  });

  it('a signature over another chain hash fails with SIGNATURE_INVALID', () => {
    expect(checkSignature(inputFor({ chainHex: 'ab'.repeat(32) })).code).toBe('SIGNATURE_INVALID');
  });

  it('a flipped signature byte fails with SIGNATURE_INVALID; a truncated one with SIGNATURE_MALFORMED', () => {
    const text = inputFor().signature as string;
    const bytes = Buffer.from(text.slice('ed25519:'.length), 'base64url');
    bytes[10]! ^= 0x01;
    expect(checkSignature(inputFor({ signature: `ed25519:${b64url(bytes)}` })).code).toBe('SIGNATURE_INVALID');
    expect(checkSignature(inputFor({ signature: text.slice(0, 40) })).code).toBe('SIGNATURE_MALFORMED');
  });

  it('no signature on a 2.0 proof fails with SIGNATURE_MISSING; on an unversioned legacy record it is SKIP', () => {
    expect(checkSignature(inputFor({ signature: undefined, specVersion: '2.0' })).code).toBe('SIGNATURE_MISSING');
    expect(checkSignature(inputFor({ signature: undefined, specVersion: null }))).toMatchObject({
      status: 'SKIP',
      code: 'SIGNATURE_NOT_APPLICABLE',
    });
  });

  it('odd values in the key fields fail with a code, never a crash', () => {
    const odd: PyJson[] = [42n, 'ed25519:', true, ['key-1']];
    for (const value of odd) {
      expect(checkSignature(inputFor({ pubkey: value, kid: undefined })).status).toBe('FAIL');
      expect(checkSignature(inputFor({ kid: value })).status).toBe('FAIL');
    }
  });
});
