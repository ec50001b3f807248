import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadsText } from '../../main/core/json/loads.ts';
import { sha256Canonical } from '../../main/core/json/sha256-canonical.ts';
import { isPyObject } from '../../main/core/json/value.ts';
import { operatorSignatureOf } from '../../main/core/operator/operator-signature.ts';
import { freezesInForce } from '../../main/db/season-service/freezes-received.ts';
import {
  CLOSES_AT,
  freezeDocument,
  OPENS_AT,
  operatorOf,
  postFreeze,
  startTestService,
  TestClock,
  TEST_OPERATOR,
  type RunningService,
} from './support/season-fixture.ts';

// POST /v1/season/{n}/freeze against a real season service over HTTP (docs/season-service.md "Only the operator changes
// the season"): the challenge secret proves only that a document came through the proxy, which adds it for every
// caller, so only a document the operator signed changes the season, and the freeze in force is the end of the chain
// the documents write, never the last one received. The identity lookup is never called by this route: the Trust Layer
// URL is a closed port.
const NO_TRUST_LAYER = 'http://127.0.0.1:9';
const BEFORE_OPENING = new Date(Date.parse(OPENS_AT) - 86_400_000);
let service: RunningService;

const sha = (document: object) => {
  const parsed = loadsText(JSON.stringify(document));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return sha256Canonical(parsed.value);
};
const refusal = (answer: { text: string }) =>
  (JSON.parse(answer.text) as { error: { code: string; message: string; pointer?: string; in_force_sha256?: string } })
    .error;
/** A document the operator did sign, edited then signed again (its signature holds). */
function resign(document: Record<string, unknown>) {
  const { operator_signature: _s, ...unsigned } = document;
  const parsed = loadsText(JSON.stringify(unsigned));
  if (!parsed.ok || !isPyObject(parsed.value)) throw new Error('not an object');
  return { ...unsigned, operator_signature: operatorSignatureOf(parsed.value, TEST_OPERATOR.privateKey) };
}
const inForce = (s: RunningService) =>
  Object.fromEntries(freezesInForce(s.db, 1).map((f) => [f.track, [f.documentSha256, f.opensAt, f.closesAt]]));
const receivedRows = (s: RunningService) =>
  s.db.prepare('SELECT count(*) FROM freezes_received').pluck().get() as number;

beforeAll(async () => {
  service = await startTestService(NO_TRUST_LAYER, { clock: new TestClock(BEFORE_OPENING) });
});
afterAll(async () => {
  await service?.stop();
});

describe('only the operator freezes: every other document is 403 FREEZE_NOT_OPERATOR and nothing is recorded', () => {
  it('the hijack document of the issue (no version, no signature) is refused', async () => {
    const hijack = {
      season: 1,
      track: 'conformite',
      opens_at: '2000-01-01T00:00:00Z',
      closes_at: '2000-01-02T00:00:00Z',
    };
    const answer = await postFreeze(service, hijack);
    expect([answer.status, refusal(answer).code]).toEqual([403, 'FREEZE_NOT_OPERATOR']);
    expect(receivedRows(service)).toBe(0);
  });

  it('a version-2 document, as freeze create wrote before version 3, is refused: it carries no signature', async () => {
    const {
      replaces_sha256: _r,
      signed_at: _s,
      operator_public_key: _k,
      operator_signature: _g,
      ...v2
    } = freezeDocument('conformite');
    const answer = await postFreeze(service, { ...v2, document_version: 2 });
    expect([answer.status, refusal(answer).code]).toEqual([403, 'FREEZE_NOT_OPERATOR']);
    expect(refusal(answer).message).toMatch(/version 3/);
  });

  it('a document signed by another key is refused, naming the key it is signed by and pointing at it', async () => {
    const other = operatorOf(new Uint8Array(32).fill(3));
    const answer = await postFreeze(service, freezeDocument('conformite', OPENS_AT, CLOSES_AT, other));
    expect([answer.status, refusal(answer).code, refusal(answer).pointer]).toEqual([
      403,
      'FREEZE_NOT_OPERATOR',
      '/operator_public_key',
    ]);
    expect(refusal(answer).message).toContain(other.publicKeyHex);
  });

  it('an operator document edited after signing (the close moved) is refused at its signature', async () => {
    const edited = { ...freezeDocument('conformite'), closes_at: '2027-06-01T00:00:00.000Z' };
    const answer = await postFreeze(service, edited);
    expect([answer.status, refusal(answer).code, refusal(answer).pointer]).toEqual([
      403,
      'FREEZE_NOT_OPERATOR',
      '/operator_signature',
    ]);
    expect(receivedRows(service)).toBe(0);
  });

  it('a service started without --operator-public-key refuses even the operator, saying how to start it', async () => {
    const keyless = await startTestService(NO_TRUST_LAYER, {
      operatorPublicKey: null,
      clock: new TestClock(BEFORE_OPENING),
    });
    try {
      const answer = await postFreeze(keyless, freezeDocument('conformite'));
      expect([answer.status, refusal(answer).code]).toEqual([403, 'FREEZE_NOT_OPERATOR']);
      expect(refusal(answer).message).toContain('--operator-public-key');
    } finally {
      await keyless.stop();
    }
  });

  it('a signed document whose shape is wrong is 422 FREEZE_DOCUMENT_INVALID naming the field', async () => {
    // Signed with the extra key in it, so the signature holds and the shape is what fails.
    const answer = await postFreeze(service, resign({ ...freezeDocument('conformite'), extra: 'x' }));
    expect([answer.status, refusal(answer).code, refusal(answer).pointer]).toEqual([
      422,
      'FREEZE_DOCUMENT_INVALID',
      '/extra',
    ]);
  });
});

describe('a freeze body naming a key twice', () => {
  it('is 422 FREEZE_DOCUMENT_INVALID with INTAKE_DUPLICATE_KEY, not signature-checked on its last key and served with both', async () => {
    // Signed as is; a reader keeping the first closes_at would read another window from the bytes the service serves.
    const signed = JSON.stringify(freezeDocument('generique'));
    const doubled = signed.replace('"closes_at":', '"closes_at":"2099-01-01T00:00:00.000Z","closes_at":');
    const before = receivedRows(service);
    const answer = await fetch(`${service.url}/v1/season/1/freeze`, {
      method: 'POST',
      headers: { 'X-Challenge-Secret': service.challengeSecret, 'Content-Type': 'application/json' },
      body: doubled,
    });
    const error = refusal({ text: await answer.text() });
    expect([answer.status, error.code]).toEqual([422, 'FREEZE_DOCUMENT_INVALID']);
    expect(error.message).toContain('INTAKE_DUPLICATE_KEY: duplicate key "closes_at"');
    expect(receivedRows(service)).toBe(before);
  });
});

describe('the freeze in force is decided by the documents, never by arrival order', () => {
  const first = freezeDocument('conformite');
  const replacement = freezeDocument('conformite', OPENS_AT, '2026-10-30T08:00:00.000Z', TEST_OPERATOR, sha(first));

  it("the operator's first freeze is accepted and answered back byte for byte", async () => {
    const answer = await postFreeze(service, first);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(JSON.stringify(first));
    expect(inForce(service)).toEqual({ conformite: [sha(first), OPENS_AT, CLOSES_AT] });
  });

  it('its replacement, naming it in replaces_sha256, becomes the freeze in force', async () => {
    expect((await postFreeze(service, replacement)).status).toBe(200);
    expect(inForce(service)).toEqual({ conformite: [sha(replacement), OPENS_AT, '2026-10-30T08:00:00.000Z'] });
  });

  it('the replaced document posted again is 409 FREEZE_SUPERSEDED naming the one in force; the window stays', async () => {
    const rows = receivedRows(service);
    const answer = await postFreeze(service, first);
    expect([answer.status, refusal(answer).code, refusal(answer).in_force_sha256]).toEqual([
      409,
      'FREEZE_SUPERSEDED',
      sha(replacement),
    ]);
    expect(inForce(service)).toEqual({ conformite: [sha(replacement), OPENS_AT, '2026-10-30T08:00:00.000Z'] });
    expect(receivedRows(service)).toBe(rows);
  });

  it('the document in force posted again changes nothing and answers it (200)', async () => {
    const rows = receivedRows(service);
    const answer = await postFreeze(service, replacement);
    expect([answer.status, answer.text]).toEqual([200, JSON.stringify(replacement)]);
    expect(receivedRows(service)).toBe(rows);
  });

  it('a new document replacing the replaced one, signed before the replacement, is FREEZE_SUPERSEDED', async () => {
    // Signed "earlier" than the replacement: a document made, then kept back and posted late.
    const kept = { ...freezeDocument('conformite', OPENS_AT, '2026-10-31T08:00:00.000Z', TEST_OPERATOR, sha(first)) };
    const resigned = resign({ ...kept, signed_at: '2026-09-01T00:00:00.000Z' });
    const answer = await postFreeze(service, resigned);
    expect([answer.status, refusal(answer).code]).toEqual([409, 'FREEZE_SUPERSEDED']);
    expect(inForce(service).conformite?.[0]).toBe(sha(replacement));
  });

  it('a document naming a document this service never received is 409 FREEZE_REPLACES_UNKNOWN', async () => {
    const answer = await postFreeze(
      service,
      freezeDocument('conformite', OPENS_AT, CLOSES_AT, TEST_OPERATOR, 'f'.repeat(64)),
    );
    expect([answer.status, refusal(answer).code, refusal(answer).pointer]).toEqual([
      409,
      'FREEZE_REPLACES_UNKNOWN',
      '/replaces_sha256',
    ]);
  });

  it('after the opening a replacement is 409 FREEZE_SEASON_OPENED, judged on the document in force', async () => {
    service.clock.current = new Date(OPENS_AT);
    try {
      const late = freezeDocument('conformite', OPENS_AT, '2027-01-01T00:00:00.000Z', TEST_OPERATOR, sha(replacement));
      const answer = await postFreeze(service, late);
      expect([answer.status, refusal(answer).code, refusal(answer).in_force_sha256]).toEqual([
        409,
        'FREEZE_SEASON_OPENED',
        sha(replacement),
      ]);
      // The document in force posted again is still answered: it changes nothing.
      expect((await postFreeze(service, replacement)).status).toBe(200);
    } finally {
      service.clock.current = BEFORE_OPENING;
    }
  });
});
