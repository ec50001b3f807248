import { canonical } from '../../core/json/canonical.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../../core/json/value.ts';
import { incidentReference } from '../../core/notices/incident-notice.ts';
import {
  noticeFieldsProblem,
  noticeSha256,
  signNotice,
  type NoticeFields,
  type NoticeFieldsCode,
} from '../../core/notices/season-notice.ts';
import { unrecordedNotice } from '../../core/notices/unrecorded-notice.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { incidentById } from '../../db/incidents.ts';
import type { Db } from '../../db/open-database.ts';
import { insertNotice, noticesOf, type NoticeRow } from '../../db/season-notices.ts';
import type { Clock } from '../clock.ts';
import type { HttpClient } from '../http/http-client.ts';
import { inTransaction } from '../refused.ts';

export interface PublishNoticeInput {
  /** The notice as the operator wrote it (or as drafted from an incident); the time is the clock's. */
  fields: Omit<NoticeFields, 'issuedAt'>;
  /** The incident it tells participants about: it must exist, and the notice's reference names it. */
  incidentId: number | null;
  /** The season service (its base URL) and its operator token, sent in Authorization only, never stored or printed. */
  seasonUrl: string;
  operatorToken: string;
  /** The operator's Ed25519 key, the one the season service was started with (`--operator-public-key`). */
  operatorKey: { privateKey: Uint8Array; publicKeyHex: string };
  actor: string;
}

export interface PublishNoticePorts {
  db: Db;
  http: HttpClient;
  clock: Clock;
}

/** What a published notice answers (the CLI's --json, the console's answer). */
export interface PublishedNotice {
  season: number;
  kind: string;
  track: string | null;
  incident_id: number | null;
  document_sha256: string;
  issued_at: string;
  url: string;
  /** The signed document as posted (canonical JSON text). */
  document: string;
  /**
   * The service already published it: an earlier post whose answer never came back. It is recorded now, not posted
   * again (main/core/notices/unrecorded-notice.ts).
   */
  already_published: boolean;
}

export type PublishNoticeCode =
  'NOTICE_INCIDENT_UNKNOWN' | 'NOTICE_REFUSED' | 'NOTICE_SERVICE_UNREACHABLE' | NoticeFieldsCode;

export const noticeUrl = (seasonUrl: string, season: number) =>
  `${seasonUrl.replace(/\/+$/, '')}/v1/season/${season}/notice`;

/**
 * `proveit season notice` and the console's `season.notice` (docs/season-service.md "Notices"; issue 39 item 5): check
 * the notice, look for it among those the service already publishes (a post whose answer was lost: recorded, never
 * published twice), else sign it with the operator key at the clock's time and post it with the operator token; once
 * the service has published it, record it with its audit entry `season.notice`. Nothing is recorded when the service
 * refuses it (`NOTICE_REFUSED`, `details.service_code` the service's code: NOTICE_DUPLICATE, NOTICE_NOT_OPERATOR, ...)
 * or cannot be reached (`NOTICE_SERVICE_UNREACHABLE`; trying again is safe).
 */
export async function publishNotice(
  input: PublishNoticeInput,
  ports: PublishNoticePorts,
): Promise<Result<PublishedNotice, PublishNoticeCode>> {
  const checked = checkedFields(input, ports.db);
  if (!checked.ok) return checked;
  const fields = checked.value;
  const url = noticeUrl(input.seasonUrl, fields.season);
  const served = await servedNotices(ports.http, input.seasonUrl, fields.season);
  if (!served.ok) return served;
  const recorded = new Set(noticesOf(ports.db, fields.season).map((n) => n.documentSha256));
  const earlier = unrecordedNotice(
    served.value,
    fields,
    { operatorPublicKey: input.operatorKey.publicKeyHex },
    recorded,
  );
  if (earlier !== null) return recordNotice(input, ports, { ...earlier, url, alreadyPublished: true });

  const notice = { ...fields, issuedAt: new Date(ports.clock.now()).toISOString() };
  const document = signNotice(notice, input.operatorKey.privateKey);
  const posted = await postNotice(ports.http, url, input.operatorToken, canonical(document));
  if (!posted.ok) return posted;
  return recordNotice(input, ports, { document, fields: notice, url, alreadyPublished: false });
}

/** The notice's fields with the incident's reference, checked; the incident must be one of this season's. */
function checkedFields(input: PublishNoticeInput, db: Db): Result<Omit<NoticeFields, 'issuedAt'>, PublishNoticeCode> {
  const { season } = input.fields;
  const reference = input.incidentId === null ? input.fields.reference : incidentReference(input.incidentId);
  const fields = { ...input.fields, reference };
  const problem = noticeFieldsProblem(fields);
  if (problem !== null) return fail(problem.code, `${problem.field}: ${problem.message}`, { field: problem.field });
  if (input.incidentId !== null) {
    const incident = incidentById(db, input.incidentId);
    if (incident === null || incident.season !== season)
      return fail(
        'NOTICE_INCIDENT_UNKNOWN',
        `season ${season} has no incident ${input.incidentId} in this database (proveit incident list --season ${season})`,
        { incident_id: input.incidentId },
      );
  }
  return ok(fields);
}

/** The notices GET /v1/season/{n} serves (public): where a post whose answer was lost shows. */
async function servedNotices(
  http: HttpClient,
  seasonUrl: string,
  season: number,
): Promise<Result<PyJson[], PublishNoticeCode>> {
  const url = `${seasonUrl.replace(/\/+$/, '')}/v1/season/${season}`;
  const answer = await http.request({ method: 'GET', url });
  if (!answer.ok)
    return fail(
      'NOTICE_SERVICE_UNREACHABLE',
      `the season service did not answer at ${url} (${answer.error.code}: ${answer.error.message}); nothing was posted or recorded: check --season-url and try again`,
      { url, http_code: answer.error.code },
    );
  const parsed = answer.value.status === 200 ? loads(answer.value.body) : null;
  const notices = parsed?.ok && isPyObject(parsed.value) ? parsed.value['notices'] : undefined;
  if (!Array.isArray(notices)) {
    const refusal = serviceError(answer.value.body);
    return fail(
      'NOTICE_REFUSED',
      `the season service did not serve season ${season}'s notices (${answer.value.status}${refusal ? ` ${refusal.code}: ${refusal.message}` : ''}); nothing was posted or recorded`,
      { url, status: answer.value.status, service_code: refusal?.code ?? null },
    );
  }
  return ok(notices);
}

async function postNotice(
  http: HttpClient,
  url: string,
  operatorToken: string,
  text: string,
): Promise<Result<void, PublishNoticeCode>> {
  const answer = await http.request({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
    body: text,
  });
  if (!answer.ok)
    return fail(
      'NOTICE_SERVICE_UNREACHABLE',
      `the season service did not answer at ${url} (${answer.error.code}: ${answer.error.message}); nothing was recorded here, and the service may have published it: try again, and a notice it did publish is recorded, not published twice`,
      { url, http_code: answer.error.code },
    );
  if (answer.value.status !== 200) {
    const refusal = serviceError(answer.value.body);
    return fail(
      'NOTICE_REFUSED',
      `the season service refused the notice (${answer.value.status}${refusal ? ` ${refusal.code}: ${refusal.message}` : ''}); nothing was recorded`,
      { url, status: answer.value.status, service_code: refusal?.code ?? null },
    );
  }
  return ok(undefined);
}

/** The published notice and its audit entry, in one transaction. */
function recordNotice(
  input: PublishNoticeInput,
  ports: PublishNoticePorts,
  published: { document: PyObject; fields: NoticeFields; url: string; alreadyPublished: boolean },
): Result<PublishedNotice, PublishNoticeCode> {
  const { document, fields, url, alreadyPublished } = published;
  const nowMs = ports.clock.now();
  const row: NoticeRow = {
    season: fields.season,
    kind: fields.kind,
    track: fields.track,
    incidentId: input.incidentId,
    document: canonical(document),
    documentSha256: noticeSha256(document),
    issuedAt: fields.issuedAt,
    url,
    actor: input.actor,
    createdAtMs: nowMs,
  };
  const recorded = inTransaction<void, PublishNoticeCode>(ports.db, () => {
    insertNotice(ports.db, row);
    appendAudit(ports.db, {
      atMs: nowMs,
      actor: input.actor,
      action: 'season.notice',
      summary: `season ${row.season}${row.track === null ? '' : ` ${row.track}`}: ${row.kind} notice published${fields.reference === null ? '' : ` (${fields.reference})`}`,
      details: pyObjectFrom([
        ['season', BigInt(row.season)],
        ['kind', row.kind],
        ['track', row.track],
        ['reference', fields.reference],
        ['document_sha256', row.documentSha256],
        ['issued_at', row.issuedAt],
        ['url', url],
        ['operator_public_key', input.operatorKey.publicKeyHex],
        // Only when it happened, so every other notice's entry keeps its form.
        ...(alreadyPublished ? [['already_published', true] as [string, PyJson]] : []),
      ]),
    });
  });
  if (!recorded.ok) return recorded;
  return ok({
    season: row.season,
    kind: row.kind,
    track: row.track,
    incident_id: row.incidentId,
    document_sha256: row.documentSha256,
    issued_at: row.issuedAt,
    url,
    document: row.document,
    already_published: alreadyPublished,
  });
}

function serviceError(body: Uint8Array): { code: string; message: string } | null {
  try {
    const parsed = JSON.parse(Buffer.from(body).toString('utf8')) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = parsed.error ?? {};
    return typeof code === 'string' && typeof message === 'string' ? { code, message } : null;
  } catch {
    return null;
  }
}
