import { publicKeyOf } from '../index/signature.ts';
import { sha256Canonical } from '../json/sha256-canonical.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';
import {
  OPERATOR_PUBLIC_KEY,
  OPERATOR_SIGNATURE,
  operatorSignatureOf,
  operatorSignatureProblem,
} from '../operator/operator-signature.ts';
import { fail, ok, type Result } from '../result.ts';

/**
 * Issue 39 item 5, docs/season-service.md "Notices": what the operator tells participants during the season (an incident
 * that affects them, a freeze replacement, an invalidation, an outage), published to the season state
 * (`GET /v1/season/{n}`, its `notices`) in both languages and signed by the operator key as the season invalidation is
 * (main/core/freeze/invalidation.ts: Ed25519 over the canonical document without `operator_signature`). A notice changes
 * nothing in the season: it is posted with the operator token, not anchored through the proxy. Its keys:
 *
 * - `document`: this format; `season` (int); `kind`: one of NOTICE_KINDS;
 * - `track` (optional): the track it concerns, absent for the whole season;
 * - `text`: `{"fr": ..., "en": ...}`, each 1 to NOTICE_TEXT_MAX characters, not blank;
 * - `tasks` (incident only, optional): the affected task ids, at most NOTICE_TASKS_MAX, each once;
 * - `window` (outage: required; incident: optional): `{"from", "to"}`, UTC instants with milliseconds, from ≤ to;
 * - `reference` (optional): what the notice is about, e.g. `incident 12` or a proof id (1 to 200 printable characters);
 * - `issued_at`: the operator's time of signing, UTC with milliseconds;
 * - `operator_public_key`, `operator_signature`.
 *
 * An optional key is absent when it does not apply, never null: the document has one spelling.
 */
export const NOTICE_FORMAT = 'proveit-season-notice/1';
export const NOTICE_KINDS = ['incident', 'freeze_replacement', 'invalidation', 'outage'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_TEXT_MAX = 2000;
export const NOTICE_TASKS_MAX = 200;
export const NOTICE_REFERENCE_MAX = 200;

export interface NoticeWindow {
  from: string;
  to: string;
}

export interface NoticeFields {
  season: number;
  kind: NoticeKind;
  track: string | null;
  textFr: string;
  textEn: string;
  /** Incident only; null when not given. */
  tasks: string[] | null;
  window: NoticeWindow | null;
  reference: string | null;
  issuedAt: string;
}

export type NoticeCode =
  | 'NOTICE_DOCUMENT_INVALID'
  | 'NOTICE_KIND_UNKNOWN'
  | 'NOTICE_TEXT_INVALID'
  | 'NOTICE_TEXT_TOO_LONG'
  | 'NOTICE_TASKS_INVALID'
  | 'NOTICE_WINDOW_INVALID'
  | 'NOTICE_UNSIGNED'
  | 'NOTICE_SIGNATURE_INVALID'
  | 'NOTICE_NOT_OPERATOR'
  | 'NOTICE_OTHER_SEASON';

/** The codes of the fields' own rules (the rest are the signature's and the season's). */
export type NoticeFieldsCode = Exclude<
  NoticeCode,
  'NOTICE_UNSIGNED' | 'NOTICE_SIGNATURE_INVALID' | 'NOTICE_NOT_OPERATOR' | 'NOTICE_OTHER_SEASON'
>;

const REQUIRED = ['document', 'season', 'kind', 'text', 'issued_at', OPERATOR_PUBLIC_KEY, OPERATOR_SIGNATURE] as const;
const OPTIONAL = ['track', 'tasks', 'window', 'reference'] as const;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// A track or task name is a short word of URI-unreserved characters (main/core/corpus/model.ts, the service's routes).
const NAME = /^[A-Za-z0-9._~-]{1,64}$/;
// Printable, no line break: a reference is shown on one line in the console, the Index and the season state.
const REFERENCE = /^[\x20-\x7e]+$/;

const isInstant = (v: unknown): v is string => typeof v === 'string' && ISO_MS.test(v) && !Number.isNaN(Date.parse(v));
const length = (text: string) => [...text].length;

/**
 * Why the fields cannot be published, or null (the same rules readNotice applies to a posted document, so the CLI and
 * the console refuse before signing what the season service would refuse).
 */
export function noticeFieldsProblem(fields: Omit<NoticeFields, 'issuedAt' | 'season'>): {
  code: NoticeFieldsCode;
  field: string;
  message: string;
} | null {
  if (!(NOTICE_KINDS as readonly string[]).includes(fields.kind))
    return { code: 'NOTICE_KIND_UNKNOWN', field: 'kind', message: `kind must be one of ${NOTICE_KINDS.join(', ')}` };
  if (fields.track !== null && !NAME.test(fields.track))
    return { code: 'NOTICE_DOCUMENT_INVALID', field: 'track', message: 'track must be a track name' };
  for (const [lang, text] of [
    ['fr', fields.textFr],
    ['en', fields.textEn],
  ] as const) {
    if (text.trim() === '')
      return { code: 'NOTICE_TEXT_INVALID', field: `text.${lang}`, message: `the ${lang} text cannot be blank` };
    if (length(text) > NOTICE_TEXT_MAX)
      return {
        code: 'NOTICE_TEXT_TOO_LONG',
        field: `text.${lang}`,
        message: `the ${lang} text is at most ${NOTICE_TEXT_MAX} characters (${length(text)} given)`,
      };
  }
  if (fields.tasks !== null) {
    if (fields.kind !== 'incident')
      return { code: 'NOTICE_TASKS_INVALID', field: 'tasks', message: 'only an incident notice names affected tasks' };
    if (fields.tasks.length > NOTICE_TASKS_MAX)
      return { code: 'NOTICE_TASKS_INVALID', field: 'tasks', message: `at most ${NOTICE_TASKS_MAX} tasks` };
    const bad = fields.tasks.find((t) => !NAME.test(t));
    if (bad !== undefined)
      return { code: 'NOTICE_TASKS_INVALID', field: 'tasks', message: `'${bad.slice(0, 70)}' is not a task id` };
    if (new Set(fields.tasks).size !== fields.tasks.length)
      return { code: 'NOTICE_TASKS_INVALID', field: 'tasks', message: 'a task is named twice' };
  }
  if (fields.window === null) {
    if (fields.kind === 'outage')
      return {
        code: 'NOTICE_WINDOW_INVALID',
        field: 'window',
        message: 'an outage notice gives its window (from, to)',
      };
  } else {
    if (fields.kind !== 'incident' && fields.kind !== 'outage')
      return { code: 'NOTICE_WINDOW_INVALID', field: 'window', message: 'only an incident or an outage has a window' };
    if (!isInstant(fields.window.from) || !isInstant(fields.window.to))
      return {
        code: 'NOTICE_WINDOW_INVALID',
        field: 'window',
        message: 'from and to are UTC instants YYYY-MM-DDTHH:MM:SS.mmmZ',
      };
    if (Date.parse(fields.window.from) > Date.parse(fields.window.to))
      return { code: 'NOTICE_WINDOW_INVALID', field: 'window', message: 'the window ends before it starts' };
  }
  if (
    fields.reference !== null &&
    (!REFERENCE.test(fields.reference) || length(fields.reference) > NOTICE_REFERENCE_MAX)
  )
    return {
      code: 'NOTICE_DOCUMENT_INVALID',
      field: 'reference',
      message: `the reference is 1 to ${NOTICE_REFERENCE_MAX} printable characters on one line`,
    };
  return null;
}

/** The unsigned document of the fields, its optional keys present only when given. */
function unsignedNotice(fields: NoticeFields, publicKeyHex: string): PyObject {
  const entries: [string, PyJson][] = [
    ['document', NOTICE_FORMAT],
    ['season', BigInt(fields.season)],
    ['kind', fields.kind],
    [
      'text',
      pyObjectFrom([
        ['fr', fields.textFr],
        ['en', fields.textEn],
      ]),
    ],
    ['issued_at', fields.issuedAt],
    [OPERATOR_PUBLIC_KEY, publicKeyHex],
  ];
  if (fields.track !== null) entries.push(['track', fields.track]);
  if (fields.tasks !== null) entries.push(['tasks', [...fields.tasks]]);
  if (fields.window !== null)
    entries.push([
      'window',
      pyObjectFrom([
        ['from', fields.window.from],
        ['to', fields.window.to],
      ]),
    ]);
  if (fields.reference !== null) entries.push(['reference', fields.reference]);
  return pyObjectFrom(entries);
}

/** The signed notice: deterministic (the time is a field, the key an argument). */
export function signNotice(fields: NoticeFields, privateKey: Uint8Array): PyObject {
  const unsigned = unsignedNotice(fields, Buffer.from(publicKeyOf(privateKey)).toString('hex'));
  unsigned[OPERATOR_SIGNATURE] = operatorSignatureOf(unsigned, privateKey);
  return unsigned;
}

/** The name of a notice: SHA-256 of its canonical JSON, signature included (two posts of one notice share it). */
export function noticeSha256(document: PyObject): string {
  return sha256Canonical(document);
}

const bad = (code: NoticeCode, field: string, message: string) => fail(code, `${field}: ${message}`, { field });

/** The fields of a notice document, checked for shape (not for its signature: verifyNotice). */
export function readNotice(doc: PyObject): Result<NoticeFields, NoticeCode> {
  const keys = Object.keys(doc);
  const extra = keys.find(
    (k) => !(REQUIRED as readonly string[]).includes(k) && !(OPTIONAL as readonly string[]).includes(k),
  );
  if (extra !== undefined) return bad('NOTICE_DOCUMENT_INVALID', extra, `a notice has no key '${extra}'`);
  const missing = REQUIRED.find((k) => !keys.includes(k));
  if (missing === OPERATOR_PUBLIC_KEY || missing === OPERATOR_SIGNATURE)
    return bad('NOTICE_UNSIGNED', missing, 'a notice is signed by the operator key');
  if (missing !== undefined) return bad('NOTICE_DOCUMENT_INVALID', missing, 'missing');
  if (doc['document'] !== NOTICE_FORMAT)
    return bad('NOTICE_DOCUMENT_INVALID', 'document', `must be "${NOTICE_FORMAT}"`);
  const season = doc['season'];
  if (typeof season !== 'bigint' || season < 0n || season > 999_999n)
    return bad('NOTICE_DOCUMENT_INVALID', 'season', 'must be an int');
  const kind = doc['kind'];
  if (typeof kind !== 'string') return bad('NOTICE_KIND_UNKNOWN', 'kind', `must be one of ${NOTICE_KINDS.join(', ')}`);
  const track = doc['track'];
  if (track !== undefined && typeof track !== 'string')
    return bad('NOTICE_DOCUMENT_INVALID', 'track', 'must be a text');
  const text = doc['text'];
  if (!isPyObject(text) || Object.keys(text).sort().join(',') !== 'en,fr')
    return bad('NOTICE_TEXT_INVALID', 'text', 'must be {"fr": TEXT, "en": TEXT}');
  const [fr, en] = [text['fr'], text['en']];
  if (typeof fr !== 'string' || typeof en !== 'string')
    return bad('NOTICE_TEXT_INVALID', 'text', 'fr and en must be texts');
  const tasks = doc['tasks'];
  if (tasks !== undefined && (!Array.isArray(tasks) || !tasks.every((t) => typeof t === 'string')))
    return bad('NOTICE_TASKS_INVALID', 'tasks', 'must be a list of task ids');
  const window = doc['window'];
  let readWindow: NoticeWindow | null = null;
  if (window !== undefined) {
    if (!isPyObject(window) || Object.keys(window).sort().join(',') !== 'from,to')
      return bad('NOTICE_WINDOW_INVALID', 'window', 'must be {"from": INSTANT, "to": INSTANT}');
    const [from, to] = [window['from'], window['to']];
    if (typeof from !== 'string' || typeof to !== 'string')
      return bad('NOTICE_WINDOW_INVALID', 'window', 'from and to must be texts');
    readWindow = { from, to };
  }
  const reference = doc['reference'];
  if (reference !== undefined && typeof reference !== 'string')
    return bad('NOTICE_DOCUMENT_INVALID', 'reference', 'must be a text');
  const issuedAt = doc['issued_at'];
  if (!isInstant(issuedAt))
    return bad('NOTICE_DOCUMENT_INVALID', 'issued_at', 'must be a UTC instant YYYY-MM-DDTHH:MM:SS.mmmZ');
  const fields: NoticeFields = {
    season: Number(season),
    kind: kind as NoticeKind,
    track: track ?? null,
    textFr: fr,
    textEn: en,
    tasks: tasks === undefined ? null : (tasks as string[]),
    window: readWindow,
    reference: reference ?? null,
    issuedAt,
  };
  const problem = noticeFieldsProblem(fields);
  if (problem !== null) return bad(problem.code, problem.field, problem.message);
  return ok(fields);
}

/**
 * A notice as a participant or the season service checks it: its shape (readNotice), signed by the key it names
 * (NOTICE_UNSIGNED for a missing or malformed signature, NOTICE_SIGNATURE_INVALID for one that does not verify over the
 * document as it is), that key the operator's (NOTICE_NOT_OPERATOR; `details` both keys), for this season
 * (NOTICE_OTHER_SEASON; `details` both seasons).
 */
export function verifyNotice(
  doc: PyObject,
  expected: { operatorPublicKey: string; season: number },
): Result<NoticeFields, NoticeCode> {
  const read = readNotice(doc);
  if (!read.ok) return read;
  const problem = operatorSignatureProblem(doc);
  if (problem === 'unsigned' || problem === 'malformed')
    return fail(
      'NOTICE_UNSIGNED',
      `operator_public_key must be 64 lowercase hex and operator_signature Ed25519 in base64: this notice's are ${problem === 'unsigned' ? 'missing' : 'malformed'}`,
      { field: OPERATOR_SIGNATURE },
    );
  if (doc[OPERATOR_PUBLIC_KEY] !== expected.operatorPublicKey)
    return fail(
      'NOTICE_NOT_OPERATOR',
      `the notice is signed by the key ${String(doc[OPERATOR_PUBLIC_KEY])}, not by the operator's key ${expected.operatorPublicKey}`,
      { field: OPERATOR_PUBLIC_KEY, expected: expected.operatorPublicKey, actual: String(doc[OPERATOR_PUBLIC_KEY]) },
    );
  if (problem === 'invalid')
    return fail(
      'NOTICE_SIGNATURE_INVALID',
      'operator_signature does not verify over the notice as it is: it was changed after the operator signed it',
      { field: OPERATOR_SIGNATURE },
    );
  if (read.value.season !== expected.season)
    return fail('NOTICE_OTHER_SEASON', `the notice is for season ${read.value.season}, not season ${expected.season}`, {
      field: 'season',
      expected: expected.season,
      actual: read.value.season,
    });
  return ok(read.value);
}
