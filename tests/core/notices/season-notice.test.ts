import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicKeyOf } from '../../../main/core/index/signature.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { parseIntake } from '../../../main/core/json/intake.ts';
import type { PyObject } from '../../../main/core/json/value.ts';
import { noticeDraftOfIncident } from '../../../main/core/notices/incident-notice.ts';
import {
  NOTICE_FORMAT,
  NOTICE_TEXT_MAX,
  noticeSha256,
  signNotice,
  verifyNotice,
  type NoticeFields,
} from '../../../main/core/notices/season-notice.ts';
import type { StoredIncident } from '../../../main/core/incidents/incident-record.ts';

const KEY = new Uint8Array(randomBytes(32));
const OTHER = new Uint8Array(randomBytes(32));
const hex = (key: Uint8Array) => Buffer.from(publicKeyOf(key)).toString('hex');
const EXPECTED = { operatorPublicKey: hex(KEY), season: 1 };

const OUTAGE: NoticeFields = {
  season: 1,
  kind: 'outage',
  track: 'conformite',
  textFr:
    'Le service de saison a été indisponible de 14 h à 14 h 20 (UTC) ; les soumissions refusées peuvent être renvoyées.',
  textEn: 'The season service was unavailable from 14:00 to 14:20 UTC; refused submissions may be sent again.',
  tasks: null,
  window: { from: '2026-10-12T14:00:00.000Z', to: '2026-10-12T14:20:00.000Z' },
  reference: null,
  issuedAt: '2026-10-12T15:00:00.000Z',
};

/** The document as a participant reads it: the published bytes through the intake parser (ints stay ints). */
const asRead = (doc: PyObject): PyObject => {
  const parsed = parseIntake(new TextEncoder().encode(canonical(doc)));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value as PyObject;
};

const code = (doc: PyObject) => {
  const verified = verifyNotice(doc, EXPECTED);
  return verified.ok ? 'OK' : verified.error.code;
};

describe('the season notice document (proveit-season-notice/1)', () => {
  it('a signed notice read back from its canonical bytes verifies and gives back its fields, French accents included', () => {
    const doc = asRead(signNotice(OUTAGE, KEY));
    expect(doc['document']).toBe(NOTICE_FORMAT);
    const verified = verifyNotice(doc, EXPECTED);
    expect(verified.ok && verified.value).toEqual(OUTAGE);
    expect(noticeSha256(doc)).toBe(noticeSha256(signNotice(OUTAGE, KEY)));
  });

  it('an optional field that does not apply is absent, never null: one spelling per notice', () => {
    const doc = signNotice(OUTAGE, KEY);
    expect(Object.keys(doc).sort()).toEqual(
      [
        'document',
        'issued_at',
        'kind',
        'operator_public_key',
        'operator_signature',
        'season',
        'text',
        'track',
        'window',
      ].sort(),
    );
  });

  it('a notice signed by another key fails with NOTICE_NOT_OPERATOR naming both keys', () => {
    const verified = verifyNotice(signNotice(OUTAGE, OTHER), EXPECTED);
    expect(verified.ok).toBe(false);
    if (verified.ok) return;
    expect(verified.error.code).toBe('NOTICE_NOT_OPERATOR');
    expect(verified.error.details).toMatchObject({ expected: hex(KEY), actual: hex(OTHER) });
  });

  it('a text changed after signing fails with NOTICE_SIGNATURE_INVALID', () => {
    const doc = signNotice(OUTAGE, KEY);
    (doc['text'] as PyObject)['en'] = 'Nothing happened.';
    expect(code(doc)).toBe('NOTICE_SIGNATURE_INVALID');
  });

  it('a notice without its signature fails with NOTICE_UNSIGNED', () => {
    const doc = signNotice(OUTAGE, KEY);
    delete doc['operator_signature'];
    expect(code(doc)).toBe('NOTICE_UNSIGNED');
  });

  it('a notice of another season fails with NOTICE_OTHER_SEASON', () => {
    expect(code(signNotice({ ...OUTAGE, season: 2 }, KEY))).toBe('NOTICE_OTHER_SEASON');
  });

  it('a text one character over the limit fails with NOTICE_TEXT_TOO_LONG; a blank one with NOTICE_TEXT_INVALID', () => {
    expect(code(signNotice({ ...OUTAGE, textFr: 'é'.repeat(NOTICE_TEXT_MAX) }, KEY))).toBe('OK');
    expect(code(signNotice({ ...OUTAGE, textFr: 'é'.repeat(NOTICE_TEXT_MAX + 1) }, KEY))).toBe('NOTICE_TEXT_TOO_LONG');
    expect(code(signNotice({ ...OUTAGE, textEn: '  ' }, KEY))).toBe('NOTICE_TEXT_INVALID');
  });

  it('an outage without its window, or a window that ends before it starts, fails with NOTICE_WINDOW_INVALID', () => {
    expect(code(signNotice({ ...OUTAGE, window: null }, KEY))).toBe('NOTICE_WINDOW_INVALID');
    const backwards = { from: '2026-10-12T14:20:00.000Z', to: '2026-10-12T14:00:00.000Z' };
    expect(code(signNotice({ ...OUTAGE, window: backwards }, KEY))).toBe('NOTICE_WINDOW_INVALID');
  });

  it('affected tasks belong to an incident notice only (NOTICE_TASKS_INVALID otherwise, or named twice)', () => {
    expect(code(signNotice({ ...OUTAGE, tasks: ['conf-01'] }, KEY))).toBe('NOTICE_TASKS_INVALID');
    const incident = { ...OUTAGE, kind: 'incident' as const, tasks: ['conf-01', 'conf-01'] };
    expect(code(signNotice(incident, KEY))).toBe('NOTICE_TASKS_INVALID');
    expect(code(signNotice({ ...incident, tasks: ['conf-01', 'conf-02'] }, KEY))).toBe('OK');
  });

  it('an unknown kind fails with NOTICE_KIND_UNKNOWN, an extra key with NOTICE_DOCUMENT_INVALID naming it', () => {
    const doc = signNotice(OUTAGE, KEY);
    expect(code({ ...doc, kind: 'apology' } as PyObject)).toBe('NOTICE_KIND_UNKNOWN');
    const extra = verifyNotice({ ...doc, score: 'x' } as PyObject, EXPECTED);
    expect(!extra.ok && [extra.error.code, extra.error.details?.['field']]).toEqual([
      'NOTICE_DOCUMENT_INVALID',
      'score',
    ]);
  });
});

describe('a notice drafted from an incident', () => {
  const incident: StoredIncident = {
    id: 7,
    season: 1,
    track: 'conformite',
    kind: 'corpus_outage',
    cause: '503',
    groupKey: 'operator/corpus_outage/1',
    windowStartMs: Date.parse('2026-10-12T14:00:00Z'),
    windowEndMs: Date.parse('2026-10-12T14:20:00Z'),
    owner: 'alice',
    openedAtMs: Date.parse('2026-10-12T15:00:00Z'),
    openedBy: 'operator',
    openedByActor: 'alice',
    closeId: null,
    summary: 'the compliance corpus answered 503',
    state: 'open',
    currentOwner: 'alice',
    resolution: null,
    events: [],
    links: [
      { participant: 'p_01', task: 'conf-03', assertion: 'a3', proof: null },
      { participant: 'p_02', task: 'conf-01', assertion: null, proof: null },
      { participant: 'p_02', task: 'conf-03', assertion: null, proof: null },
    ],
  };

  it('names the incident, its track, its window and its affected tasks once each, in both languages, and signs as drafted', () => {
    const draft = noticeDraftOfIncident(incident);
    expect(draft).toMatchObject({
      season: 1,
      kind: 'incident',
      track: 'conformite',
      tasks: ['conf-01', 'conf-03'],
      window: { from: '2026-10-12T14:00:00.000Z', to: '2026-10-12T14:20:00.000Z' },
      reference: 'incident 7',
    });
    expect(draft.textFr).toContain('Indisponibilité du corpus, piste conformite');
    expect(draft.textFr).toContain('Tâches concernées : conf-01, conf-03.');
    expect(draft.textEn).toContain('Corpus outage, track conformite');
    expect(draft.textEn).toContain('the compliance corpus answered 503');
    expect(code(signNotice({ ...draft, issuedAt: OUTAGE.issuedAt }, KEY))).toBe('OK');
  });

  it('a summary too long for a notice is cut to the limit, never refused', () => {
    const draft = noticeDraftOfIncident({ ...incident, summary: 'x'.repeat(3000) });
    expect([...draft.textEn].length).toBe(NOTICE_TEXT_MAX);
    expect(code(signNotice({ ...draft, issuedAt: OUTAGE.issuedAt }, KEY))).toBe('OK');
  });
});
