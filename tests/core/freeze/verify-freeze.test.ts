import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { freezeRequestHash, freezeUrl, type FreezeDocument } from '../../../main/core/freeze/freeze-document.ts';
import { keyCommitment } from '../../../main/core/freeze/key-commitment.ts';
import { signFreezeDocument } from '../../../main/core/freeze/operator-freeze.ts';
import { verifyFreeze, type FreezeVerificationInput } from '../../../main/core/freeze/verify-freeze.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';

const salt = new Uint8Array(32).map((_, i) => (i * 37 + 11) & 0xff);
const key = pyObjectFrom([
  ['conf-01', pyObjectFrom([['verdict', 'conforme']])],
  ['conf-02', pyObjectFrom([['verdict', 'indéterminable']])],
]);
const rulesText = new TextEncoder().encode('## 5. COMPLIANCE TRACK: scoring rules\n');
const url = freezeUrl('http://proveit.devnet.localhost', 1);
const document: FreezeDocument = {
  document_version: 2,
  season: 1,
  track: 'conformite',
  rules_version: 'conformite-bareme-v3',
  rules_hash: sha256Hex(rulesText),
  manifest_hash: 'a'.repeat(64),
  key_commitment: keyCommitment(key, salt),
  replaces: null,
  reason: null,
  opens_at: '2026-10-01T08:00:00.000Z',
  closes_at: '2026-11-01T08:00:00.000Z',
};

function honest(): FreezeVerificationInput {
  return {
    document,
    url,
    revealedKey: key,
    revealedSaltHex: bytesToHex(salt),
    rulesText,
    recomputedManifestHash: 'a'.repeat(64),
    proofVerdict: 'VERIFIED',
    missingWitness: null,
    openedRequestHash: freezeRequestHash(url, document),
  };
}

const codes = (input: FreezeVerificationInput) => verifyFreeze(input).map((f) => f.code);

describe('freeze verification before scoring (spec §8.5)', () => {
  it('the revealed material of an honest freeze passes every check', () => {
    expect(verifyFreeze(honest())).toEqual([]);
  });

  it('the key commitment equals CPython sha256(salt + json.dumps(key, sort_keys, compact))', () => {
    const python = execFileSync('python3', [
      '-c',
      'import hashlib,json,sys;k={"conf-01":{"verdict":"conforme"},"conf-02":{"verdict":"indéterminable"}};' +
        's=bytes.fromhex(sys.argv[1]);print(hashlib.sha256(s+json.dumps(k,sort_keys=True,separators=(",",":")).encode()).hexdigest())',
      bytesToHex(salt),
    ])
      .toString()
      .trim();
    expect(document.key_commitment).toBe(python);
  });

  it('a key changed after the freeze is refused with FREEZE_KEY_COMMITMENT_MISMATCH', () => {
    const tampered = pyObjectFrom([
      ['conf-01', pyObjectFrom([['verdict', 'non_conforme']])],
      ['conf-02', pyObjectFrom([['verdict', 'indéterminable']])],
    ]);
    expect(codes({ ...honest(), revealedKey: tampered })).toEqual(['FREEZE_KEY_COMMITMENT_MISMATCH']);
  });

  it('another salt is refused with FREEZE_KEY_COMMITMENT_MISMATCH and a malformed one with FREEZE_SALT_FORMAT', () => {
    expect(codes({ ...honest(), revealedSaltHex: 'ff'.repeat(32) })).toEqual(['FREEZE_KEY_COMMITMENT_MISMATCH']);
    expect(codes({ ...honest(), revealedSaltHex: 'ff'.repeat(31) })).toEqual(['FREEZE_SALT_FORMAT']);
  });

  it('an edited rules text is refused with FREEZE_RULES_HASH_MISMATCH naming both hashes', () => {
    const failures = verifyFreeze({ ...honest(), rulesText: new TextEncoder().encode('## 5. edited\n') });
    expect(failures.map((f) => f.code)).toEqual(['FREEZE_RULES_HASH_MISMATCH']);
    expect(failures[0]?.details).toMatchObject({ anchored: document.rules_hash });
  });

  it('a corpus whose manifest changed is refused with FREEZE_MANIFEST_HASH_MISMATCH', () => {
    expect(codes({ ...honest(), recomputedManifestHash: 'b'.repeat(64) })).toEqual(['FREEZE_MANIFEST_HASH_MISMATCH']);
  });

  it('a proof whose opened request hash is of another document is refused with FREEZE_REQUEST_HASH_MISMATCH', () => {
    const other = freezeRequestHash(url, { ...document, manifest_hash: 'c'.repeat(64) });
    expect(codes({ ...honest(), openedRequestHash: other })).toEqual(['FREEZE_REQUEST_HASH_MISMATCH']);
    expect(codes({ ...honest(), openedRequestHash: null })).toEqual(['FREEZE_REQUEST_NOT_OPENED']);
  });

  it('version 2: a close moved after the freeze no longer opens the anchored request hash (FREEZE_REQUEST_HASH_MISMATCH)', () => {
    const moved = { ...document, closes_at: '2026-11-08T08:00:00.000Z' };
    expect(codes({ ...honest(), document: moved })).toEqual(['FREEZE_REQUEST_HASH_MISMATCH']);
    const earlier = { ...document, opens_at: '2026-09-30T08:00:00.000Z' };
    expect(codes({ ...honest(), document: earlier })).toEqual(['FREEZE_REQUEST_HASH_MISMATCH']);
  });

  it('version 1: a document of the eight historical keys still verifies, and its window is not part of the hash', () => {
    const v1 = { ...document, document_version: 1 as const };
    const opened = freezeRequestHash(url, v1);
    expect(codes({ ...honest(), document: v1, openedRequestHash: opened })).toEqual([]);
    expect(freezeRequestHash(url, { ...v1, closes_at: '2027-01-01T00:00:00.000Z' })).toBe(opened);
  });

  it('the version-2 request hash equals CPython over the document with document_version, opens_at and closes_at', () => {
    const python = execFileSync('python3', [
      '-c',
      'import hashlib,json,sys;d=json.loads(sys.argv[1]);' +
        'r={"target":sys.argv[2],"method":"POST","payload":d,"amount":0.0,"currency":"eur"};' +
        'print(hashlib.sha256(json.dumps(r,sort_keys=True,separators=(",",":")).encode()).hexdigest())',
      JSON.stringify({
        document_version: 2,
        season: 1,
        track: document.track,
        rules_version: document.rules_version,
        rules_hash: document.rules_hash,
        manifest_hash: document.manifest_hash,
        key_commitment: document.key_commitment,
        replaces: null,
        reason: null,
        opens_at: document.opens_at,
        closes_at: document.closes_at,
      }),
      url,
    ])
      .toString()
      .trim();
    expect(freezeRequestHash(url, document)).toBe(python);
  });

  it('a pending freeze proof refuses scoring with FREEZE_PROOF_PENDING, a failed one with FREEZE_PROOF_NOT_VERIFIED', () => {
    expect(codes({ ...honest(), proofVerdict: 'PENDING' })).toEqual(['FREEZE_PROOF_PENDING']);
    expect(codes({ ...honest(), proofVerdict: 'FAILED' })).toEqual(['FREEZE_PROOF_NOT_VERIFIED']);
  });

  it('a freeze anchored with one witness keeps the close pending: FREEZE_PROOF_ONE_WITNESS names the Rekor entry not fetched and how to get it', () => {
    const failures = verifyFreeze({
      ...honest(),
      missingWitness: { witness: 'rekor', code: 'WITNESS_ENTRY_NOT_SUPPLIED', awaitable: true },
    });
    expect(failures.map((f) => f.code)).toEqual(['FREEZE_PROOF_ONE_WITNESS']);
    expect(failures[0]!.details).toEqual({
      witness: 'rekor',
      witness_code: 'WITNESS_ENTRY_NOT_SUPPLIED',
      awaitable: true,
    });
    expect(failures[0]!.message).toMatch(/RFC 3161 token alone.*both witnesses are required.*--rekor-entry FILE/);
  });

  it('a freeze whose RFC 3161 token the Trust Layer failed to produce is refused FREEZE_PROOF_ONE_WITNESS, final: replace it before the opening', () => {
    const failures = verifyFreeze({
      ...honest(),
      missingWitness: { witness: 'tsa', code: 'WITNESS_TOKEN_FAILED', awaitable: false },
    });
    expect(failures.map((f) => f.code)).toEqual(['FREEZE_PROOF_ONE_WITNESS']);
    expect(failures[0]!.details).toMatchObject({ witness: 'tsa', awaitable: false });
    expect(failures[0]!.message).toMatch(/RFC 3161 token is missing.*never have both witnesses.*--replace/);
  });

  it('several differences are all listed, not only the first', () => {
    const failures = codes({ ...honest(), recomputedManifestHash: 'b'.repeat(64), revealedSaltHex: 'ee'.repeat(32) });
    expect(failures).toEqual(['FREEZE_KEY_COMMITMENT_MISMATCH', 'FREEZE_MANIFEST_HASH_MISMATCH']);
  });
});

describe("version 3: the freeze document is the operator's", () => {
  const seed = new Uint8Array(32).fill(5);
  const signed = signFreezeDocument(
    { ...document, document_version: 3, replaces_sha256: null, signed_at: '2026-09-20T12:00:00.000Z' },
    seed,
  );
  const v3 = (doc: FreezeDocument): FreezeVerificationInput => ({
    ...honest(),
    document: doc,
    openedRequestHash: freezeRequestHash(url, doc),
  });

  it('a signed document and its anchored request hash pass every check', () => {
    expect(codes(v3(signed))).toEqual([]);
  });

  it('a signature that does not cover the published document fails FREEZE_OPERATOR_SIGNATURE_INVALID, even with its own request hash', () => {
    const edited = { ...signed, reason: 'edited after signing' };
    expect(codes(v3(edited))).toEqual(['FREEZE_OPERATOR_SIGNATURE_INVALID']);
    expect(codes(v3({ ...signed, operator_signature: undefined }))).toEqual(['FREEZE_OPERATOR_SIGNATURE_INVALID']);
  });

  it('the signature is inside the anchored payload: another signature no longer opens the request hash', () => {
    const other = signFreezeDocument({ ...signed, operator_signature: undefined }, new Uint8Array(32).fill(6));
    expect(codes({ ...v3(other), openedRequestHash: freezeRequestHash(url, signed) })).toEqual([
      'FREEZE_REQUEST_HASH_MISMATCH',
    ]);
  });
});
