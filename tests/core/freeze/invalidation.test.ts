import { describe, expect, it } from 'vitest';
import {
  checkInvalidationRequest,
  INVALIDATION_FORMAT,
  invalidationRequestHash,
  invalidationSha256,
  invalidationUrl,
  readInvalidation,
  signInvalidation,
} from '../../../main/core/freeze/invalidation.ts';
import { checkRevealRequest } from '../../../main/core/freeze/reveal-policy.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { newPyObject, type PyObject } from '../../../main/core/json/value.ts';
import { operatorSignatureProblem } from '../../../main/core/operator/operator-signature.ts';

const SEED = new Uint8Array(32).fill(11);
const OTHER_SEED = new Uint8Array(32).fill(12);
const FIELDS = {
  season: 1,
  track: 'conformite',
  freezeProofId: 'prf_20260923_072144_2ad720',
  freezeSha256: 'a'.repeat(64),
  reason: 'conf-04 answer key corrected during the season',
  invalidatedAt: '2026-10-10T12:00:00.000Z',
};

const copy = (doc: PyObject, changes: Record<string, unknown> = {}): PyObject => {
  const out = newPyObject();
  for (const [k, v] of Object.entries(doc)) out[k] = v;
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete out[k];
    else out[k] = v as PyObject[string];
  }
  return out;
};

const codeOf = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'OK' : r.error?.code);

describe('the invalidation document (docs/freeze.md "Invalidating a season")', () => {
  const doc = signInvalidation(FIELDS, SEED);

  it('is signed by the operator key it names, over the canonical document without the signature', () => {
    expect(doc['document']).toBe(INVALIDATION_FORMAT);
    expect(doc['season']).toBe(1n);
    expect(operatorSignatureProblem(doc)).toBeNull();
    // Deterministic: the same fields and key sign the same bytes.
    expect(canonical(signInvalidation(FIELDS, SEED))).toBe(canonical(doc));
  });

  it('a reason changed after signing no longer verifies', () => {
    expect(operatorSignatureProblem(copy(doc, { reason: 'another reason' }))).toBe('invalid');
  });

  it("another key's signature under the operator's public key does not verify", () => {
    const other = signInvalidation(FIELDS, OTHER_SEED);
    expect(operatorSignatureProblem(copy(doc, { operator_signature: other['operator_signature'] }))).toBe('invalid');
  });

  it('reads back its fields', () => {
    const read = readInvalidation(doc);
    expect(read.ok && read.value).toEqual(FIELDS);
  });

  it('a key more, a key less, a blank reason or a time without milliseconds is INVALIDATION_DOCUMENT_INVALID naming the field', () => {
    const fieldOf = (d: PyObject) => {
      const r = readInvalidation(d);
      return r.ok ? 'OK' : `${r.error.code} ${String(r.error.details?.['field'])}`;
    };
    expect(fieldOf(copy(doc, { scores: 'none' }))).toBe('INVALIDATION_DOCUMENT_INVALID scores');
    expect(fieldOf(copy(doc, { freeze_sha256: undefined }))).toBe('INVALIDATION_DOCUMENT_INVALID freeze_sha256');
    expect(fieldOf(copy(doc, { reason: '   ' }))).toBe('INVALIDATION_DOCUMENT_INVALID reason');
    expect(fieldOf(copy(doc, { reason: 'x'.repeat(2001) }))).toBe('INVALIDATION_DOCUMENT_INVALID reason');
    expect(fieldOf(copy(doc, { invalidated_at: '2026-10-10T12:00:00Z' }))).toBe(
      'INVALIDATION_DOCUMENT_INVALID invalidated_at',
    );
    expect(fieldOf(copy(doc, { season: 1 }))).toBe('INVALIDATION_DOCUMENT_INVALID season');
  });

  it('its request hash is the proxy call posting it to /v1/season/{n}/invalidate, and its name covers the signature', () => {
    const url = invalidationUrl('https://proveit.arkforge.tech/', 1);
    expect(url).toBe('https://proveit.arkforge.tech/v1/season/1/invalidate');
    expect(invalidationRequestHash(url, doc)).toMatch(/^[0-9a-f]{64}$/);
    expect(invalidationRequestHash(url, doc)).not.toBe(
      invalidationRequestHash(url, copy(doc, { reason: 'another reason' })),
    );
    expect(invalidationSha256(doc)).not.toBe(invalidationSha256(signInvalidation(FIELDS, OTHER_SEED)));
  });
});

describe('when a season can be invalidated (checkInvalidationRequest)', () => {
  const base = {
    season: 1,
    track: 'conformite',
    opensAt: '2026-10-01T08:00:00.000Z',
    now: '2026-10-10T12:00:00.000Z',
    documentVersion: 3,
    invalidatedAt: null,
    closed: false,
  };
  it('an open season with a signed freeze can be invalidated', () => {
    expect(codeOf(checkInvalidationRequest(base))).toBe('OK');
  });
  it('before the opening it is SEASON_INVALIDATE_NOT_OPENED (a replacement is the way)', () => {
    const early = checkInvalidationRequest({ ...base, now: '2026-09-30T08:00:00.000Z' });
    expect(codeOf(early)).toBe('SEASON_INVALIDATE_NOT_OPENED');
    expect(early.ok ? '' : early.error.message).toContain('--replace');
  });
  it('twice is SEASON_ALREADY_INVALIDATED, after a recorded close SEASON_INVALIDATE_CLOSED', () => {
    expect(codeOf(checkInvalidationRequest({ ...base, invalidatedAt: base.now }))).toBe('SEASON_ALREADY_INVALIDATED');
    expect(codeOf(checkInvalidationRequest({ ...base, closed: true }))).toBe('SEASON_INVALIDATE_CLOSED');
  });
  it('a version-2 freeze, which no season service holds, is SEASON_INVALIDATE_FREEZE_UNSIGNED', () => {
    expect(codeOf(checkInvalidationRequest({ ...base, documentVersion: 2 }))).toBe('SEASON_INVALIDATE_FREEZE_UNSIGNED');
  });
});

describe('the reveal of an invalidated freeze (checkRevealRequest)', () => {
  const closesAt = '2026-11-01T08:00:00.000Z';
  it('is allowed from the invalidation on, before the anchored close', () => {
    expect(codeOf(checkRevealRequest(closesAt, '2026-10-10T12:00:00.000Z', '2026-10-10T11:00:00.000Z'))).toBe('OK');
  });
  it('is still FREEZE_NOT_CLOSED before the close when the season was not invalidated', () => {
    expect(codeOf(checkRevealRequest(closesAt, '2026-10-10T12:00:00.000Z'))).toBe('FREEZE_NOT_CLOSED');
  });
});
