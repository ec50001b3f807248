import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicKeyOf } from '../../../main/core/index/signature.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { parseIntake } from '../../../main/core/json/intake.ts';
import type { PyJson, PyObject } from '../../../main/core/json/value.ts';
import { noticeSha256, signNotice, type NoticeFields } from '../../../main/core/notices/season-notice.ts';
import { unrecordedNotice } from '../../../main/core/notices/unrecorded-notice.ts';

const KEY = new Uint8Array(randomBytes(32));
const OTHER = new Uint8Array(randomBytes(32));
const OPERATOR = { operatorPublicKey: Buffer.from(publicKeyOf(KEY)).toString('hex') };

const INCIDENT: NoticeFields = {
  season: 1,
  kind: 'incident',
  track: 'conformite',
  textFr: 'Le corpus de conformité a répondu 503 de 14 h à 14 h 20 (UTC).',
  textEn: 'The compliance corpus answered 503 from 14:00 to 14:20 UTC.',
  tasks: ['conf-01', 'conf-03'],
  window: { from: '2026-10-12T14:00:00.000Z', to: '2026-10-12T14:20:00.000Z' },
  reference: 'incident 4',
  issuedAt: '2026-10-12T15:00:00.000Z',
};
const { issuedAt: _issuedAt, ...SAYING } = INCIDENT;

/** A notice as GET /v1/season/{n} serves it, read back by the intake parser (ints stay ints). */
const served = (fields: NoticeFields, key = KEY): PyObject => {
  const parsed = parseIntake(new TextEncoder().encode(canonical(signNotice(fields, key))));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value as PyObject;
};
const LOST = served({ ...INCIDENT, issuedAt: '2026-10-12T15:00:00.000Z' });

describe('unrecordedNotice: a notice the service published from a post whose answer was lost', () => {
  it('a served notice saying the same, signed an instant earlier and not recorded here, is the one to record', () => {
    const found = unrecordedNotice([LOST], SAYING, OPERATOR, new Set());
    expect(found?.document).toBe(LOST);
    expect(found?.fields.issuedAt).toBe('2026-10-12T15:00:00.000Z');
  });

  it('a notice this database recorded is never taken: repeating a notice on purpose posts it again', () => {
    expect(unrecordedNotice([LOST], SAYING, OPERATOR, new Set([noticeSha256(LOST)]))).toBeNull();
  });

  it.each([
    ['another text', { textEn: 'The compliance corpus answered 503 from 14:00 to 14:25 UTC.' }],
    ['another track', { track: 'achats' }],
    ['other tasks', { tasks: ['conf-01'] }],
    ['another window', { window: { from: '2026-10-12T14:00:00.000Z', to: '2026-10-12T14:25:00.000Z' } }],
    ['no window', { window: null }],
    ['another reference', { reference: 'incident 5' }],
    ['another kind', { kind: 'outage', tasks: null }],
  ] as [string, Partial<NoticeFields>][])('a served notice with %s is not the one to record', (_what, change) => {
    expect(unrecordedNotice([served({ ...INCIDENT, ...change })], SAYING, OPERATOR, new Set())).toBeNull();
  });

  it('a notice signed by another key, or edited after signing, is never taken for the operator’s', () => {
    const edited = { ...LOST, issued_at: '2026-10-12T15:00:01.000Z' };
    expect(unrecordedNotice([served(INCIDENT, OTHER), edited], SAYING, OPERATOR, new Set())).toBeNull();
  });

  it('entries that are not notice documents are passed over, and the first matching one is taken', () => {
    const later = served({ ...INCIDENT, issuedAt: '2026-10-12T15:00:30.000Z' });
    const entries: PyJson[] = [null, 'notice', [], { document: 'proveit-season-notice/1' }, LOST, later];
    expect(unrecordedNotice(entries, SAYING, OPERATOR, new Set())?.document).toBe(LOST);
  });
});
