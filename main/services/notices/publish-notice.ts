import { canonical } from '../../core/json/canonical.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { incidentReference } from '../../core/notices/incident-notice.ts';
import {
  noticeFieldsProblem,
  noticeSha256,
  signNotice,
  type NoticeFields,
  type NoticeFieldsCode,
} from '../../core/notices/season-notice.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { incidentById } from '../../db/incidents.ts';
import type { Db } from '../../db/open-database.ts';
import { insertNotice, type NoticeRow } from '../../db/season-notices.ts';
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
}

export type PublishNoticeCode =
  'NOTICE_INCIDENT_UNKNOWN' | 'NOTICE_REFUSED' | 'NOTICE_SERVICE_UNREACHABLE' | NoticeFieldsCode;

export const noticeUrl = (seasonUrl: string, season: number) =>
  `${seasonUrl.replace(/\/+$/, '')}/v1/season/${season}/notice`;

/**
 * `proveit season notice` and the console's `season.notice` (docs/season-service.md "Notices"; issue 39 item 5): sign
 * the notice with the operator key at the clock's time, post it to the season service with the operator token, and
 * once the service has published it record it with its audit entry `season.notice`. Nothing is recorded when the
 * service refuses it (`NOTICE_REFUSED`, `details.service_code` the service's code: NOTICE_DUPLICATE,
 * NOTICE_NOT_OPERATOR, ...) or cannot be reached (`NOTICE_SERVICE_UNREACHABLE`).
 */
export async function publishNotice(
  input: PublishNoticeInput,
  ports: PublishNoticePorts,
): Promise<Result<PublishedNotice, PublishNoticeCode>> {
  const { season } = input.fields;
  const reference = input.incidentId === null ? input.fields.reference : incidentReference(input.incidentId);
  const fields = { ...input.fields, reference };
  const problem = noticeFieldsProblem(fields);
  if (problem !== null) return fail(problem.code, `${problem.field}: ${problem.message}`, { field: problem.field });
  if (input.incidentId !== null) {
    const incident = incidentById(ports.db, input.incidentId);
    if (incident === null || incident.season !== season)
      return fail(
        'NOTICE_INCIDENT_UNKNOWN',
        `season ${season} has no incident ${input.incidentId} in this database (proveit incident list --season ${season})`,
        { incident_id: input.incidentId },
      );
  }
  const nowMs = ports.clock.now();
  const issuedAt = new Date(nowMs).toISOString();
  const document = signNotice({ ...fields, issuedAt }, input.operatorKey.privateKey);
  const text = canonical(document);
  const url = noticeUrl(input.seasonUrl, season);
  const answer = await ports.http.request({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${input.operatorToken}`, 'content-type': 'application/json' },
    body: text,
  });
  if (!answer.ok)
    return fail(
      'NOTICE_SERVICE_UNREACHABLE',
      `the season service did not answer at ${url} (${answer.error.code}: ${answer.error.message}); nothing was recorded: check --season-url and try again`,
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
  const row: NoticeRow = {
    season,
    kind: fields.kind,
    track: fields.track,
    incidentId: input.incidentId,
    document: text,
    documentSha256: noticeSha256(document),
    issuedAt,
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
      summary: `season ${season}${row.track === null ? '' : ` ${row.track}`}: ${row.kind} notice published${reference === null ? '' : ` (${reference})`}`,
      details: pyObjectFrom([
        ['season', BigInt(season)],
        ['kind', row.kind],
        ['track', row.track],
        ['reference', reference],
        ['document_sha256', row.documentSha256],
        ['issued_at', issuedAt],
        ['url', url],
        ['operator_public_key', input.operatorKey.publicKeyHex],
      ]),
    });
  });
  if (!recorded.ok) return recorded;
  return ok({
    season,
    kind: row.kind,
    track: row.track,
    incident_id: row.incidentId,
    document_sha256: row.documentSha256,
    issued_at: issuedAt,
    url,
    document: text,
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
