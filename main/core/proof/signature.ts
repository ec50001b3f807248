import type { PyJson } from '../json/value.ts';
import type { SigningKey } from '../trust/bundle.ts';
import { checkFailed, checkOk, checkSkipped, type CheckOutcome } from './check-outcome.ts';
import { decodeEd25519Text } from '../encoding/encodings.ts';
import { verifyEd25519 } from './ed25519-verify.ts';

export type SignatureCode =
  | 'SIGNATURE_MISSING'
  | 'SIGNATURE_NOT_APPLICABLE'
  | 'SIGNATURE_MALFORMED'
  | 'SIGNATURE_KEY_MALFORMED'
  | 'SIGNATURE_UNKNOWN_KID'
  | 'SIGNATURE_KID_KEY_MISMATCH'
  | 'SIGNATURE_KEY_NOT_PUBLISHED'
  | 'SIGNATURE_KEY_NOT_YET_VALID'
  | 'SIGNATURE_KEY_RETIRED'
  | 'SIGNATURE_INVALID'
  | 'SIGNATURE_CHAIN_UNKNOWN';

export interface SignatureInput {
  chainHex: string | null;
  specVersion: string | null;
  signature: PyJson | undefined;
  pubkey: PyJson | undefined;
  kid: PyJson | undefined;
  /**
   * When the proof was anchored: the TSA genTime when a token verified (a third party's clock), else the proof's
   * own `timestamp` (the issuer's). Retirement and validity are judged against it (reference §9.10).
   */
  time: { iso: string; source: 'tsa_gen_time' | 'proof_timestamp' } | null;
  keys: readonly SigningKey[];
}

// Ed25519 signatures arrived with spec 1.1 (reference §2); a 1.0 or unversioned proof has none to check.
const UNSIGNED_VERSIONS = new Set<string | null>([null, '1.0']);

/** Picks the published key: by `arkforge_kid` when present (v1.12), else the one equal to the embedded key. */
function selectKey(input: SignatureInput): CheckOutcome<SignatureCode> | SigningKey {
  const embedded = input.pubkey === undefined || input.pubkey === null ? null : input.pubkey;
  if (embedded !== null && !decodeEd25519Text(embedded, 32)) {
    return checkFailed('SIGNATURE_KEY_MALFORMED', '"arkforge_pubkey" must be "ed25519:" + base64url of 32 bytes');
  }
  if (input.kid !== undefined && input.kid !== null) {
    const key = input.keys.find((k) => k.kid === input.kid);
    if (!key) {
      return checkFailed('SIGNATURE_UNKNOWN_KID', `"arkforge_kid" names no key of the trust bundle`, {
        kid: typeof input.kid === 'string' ? input.kid : String(input.kid),
        published: input.keys.map((k) => k.kid),
      });
    }
    if (embedded !== null && embedded !== key.publicText) {
      return checkFailed(
        'SIGNATURE_KID_KEY_MISMATCH',
        `"arkforge_kid" ${key.kid} names another key than "arkforge_pubkey"`,
        {
          kid: key.kid,
          expected: key.publicText,
          actual: embedded,
        },
      );
    }
    return key;
  }
  if (embedded === null) {
    return checkFailed(
      'SIGNATURE_KEY_NOT_PUBLISHED',
      'the proof names no key (neither "arkforge_kid" nor "arkforge_pubkey")',
    );
  }
  const key = input.keys.find((k) => k.publicText === embedded);
  if (!key) {
    return checkFailed(
      'SIGNATURE_KEY_NOT_PUBLISHED',
      'the embedded "arkforge_pubkey" is not a key of the trust bundle',
      {
        actual: embedded,
        published: input.keys.map((k) => k.publicText),
      },
    );
  }
  return key;
}

/** The key must be valid at the anchor time: valid_from ≤ time < retired_at (published_keys.json `_doc`). */
function checkWindow(key: SigningKey, time: SignatureInput['time']): CheckOutcome<SignatureCode> | null {
  if (!time) return null;
  const at = Date.parse(time.iso);
  if (at < Date.parse(key.validFrom)) {
    return checkFailed('SIGNATURE_KEY_NOT_YET_VALID', `key ${key.kid} was not valid yet when the proof was anchored`, {
      kid: key.kid,
      valid_from: key.validFrom,
      time: time.iso,
      time_source: time.source,
    });
  }
  if (key.retiredAt !== null && Date.parse(key.retiredAt) <= at) {
    return checkFailed('SIGNATURE_KEY_RETIRED', `key ${key.kid} was retired before the proof was anchored`, {
      kid: key.kid,
      retired_at: key.retiredAt,
      time: time.iso,
      time_source: time.source,
    });
  }
  return null;
}

/**
 * Ed25519 over the chain hash hex as ASCII (trust-layer-reference §5), with the pinned key history. The
 * signature proves origin only: the signer is the issuer, not a witness, so it never counts as independent.
 */
export function checkSignature(input: SignatureInput): CheckOutcome<SignatureCode> {
  if (input.signature === undefined || input.signature === null) {
    if (UNSIGNED_VERSIONS.has(input.specVersion)) {
      return checkSkipped('SIGNATURE_NOT_APPLICABLE', 'proofs before spec 1.1 carry no signature');
    }
    return checkFailed('SIGNATURE_MISSING', `a spec ${input.specVersion} proof must carry "arkforge_signature"`);
  }
  const signature = decodeEd25519Text(input.signature, 64);
  if (!signature) {
    return checkFailed('SIGNATURE_MALFORMED', '"arkforge_signature" must be "ed25519:" + base64url of 64 bytes');
  }
  if (!input.chainHex) {
    return checkFailed(
      'SIGNATURE_CHAIN_UNKNOWN',
      'the signed message is the chain hash, and "hashes.chain" is malformed',
    );
  }
  const key = selectKey(input);
  if ('status' in key) return key;
  const window = checkWindow(key, input.time);
  if (window) return window;
  // The message is the hex text's bytes: ASCII, so Latin-1 encodes it as UTF-8 does, natively.
  const valid = verifyEd25519(signature, Buffer.from(input.chainHex, 'latin1'), key.publicKey);
  if (!valid) {
    return checkFailed(
      'SIGNATURE_INVALID',
      `the Ed25519 signature does not verify over the chain hash with ${key.kid}`,
      {
        kid: key.kid,
        chain: input.chainHex,
      },
    );
  }
  return checkOk(`Ed25519 signature by ${key.kid} over the chain hash`, {
    kid: key.kid,
    time: input.time?.iso ?? null,
    time_source: input.time?.source ?? null,
  });
}
