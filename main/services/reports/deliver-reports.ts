import { canonical } from '../../core/json/canonical.ts';
import { pyObjectFrom, type PyObject } from '../../core/json/value.ts';
import { REPORT_DELIVERY_FORMAT, signParticipantReport } from '../../core/publications/participant-report.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { isoUtc } from '../../core/time/iso-utc.ts';
import { appendAudit, type AuditHead } from '../../db/audit-log.ts';
import type { Db } from '../../db/open-database.ts';
import {
  latestPublicationVersion,
  publicationVersionsOf,
  publishedReport,
  reportsOfVersion,
} from '../../db/publications.ts';
import { insertReportDelivery } from '../../db/report-consents.ts';
import type { Clock } from '../clock.ts';
import type { HttpClient } from '../http/http-client.ts';
import { inTransaction } from '../refused.ts';
import { reportPagesOf } from './report-pages.ts';

export interface DeliverReportsInput {
  season: number;
  track: string;
  /** The season service's base address. */
  seasonUrl: string;
  /** The season service operator token: sent in the Authorization header only, never stored or printed. */
  operatorToken: string;
  /** The operator's Ed25519 key: the one the season service was started with (--operator-public-key). */
  operatorKey: { privateKey: Uint8Array; publicKeyHex: string };
  actor: string;
}

export interface ReportDelivery {
  season: number;
  track: string;
  publication_version: number;
  reports: number;
  /** Reports the service had not held before (0 when this version was delivered already). */
  recorded: number;
  delivered_at: string;
  url: string;
  audit_head: { seq: number; hash: string };
}

type DeliverCode =
  'DELIVER_NO_PUBLICATION' | 'INDEX_NARRATIVE_MISSING' | 'DELIVER_UNREACHABLE' | 'DELIVER_REFUSED' | 'WRITE_FAILED';

/** The service's refusal code and message from its `{"error": {"code", "message"}}` body, or the body's start. */
export function serviceRefusal(body: Uint8Array): { code: string | null; message: string } {
  const text = Buffer.from(body).toString('utf8');
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof error?.code === 'string') return { code: error.code, message: String(error.message ?? '') };
  } catch {
    // Not the service's refusal shape: quoted as it came.
  }
  return { code: null, message: text.slice(0, 200) };
}

/**
 * `proveit season deliver` (docs/publications.md "Private reports, public by choice"; spec §3 "it hands its result and
 * its link to its operator, who decides", §7.5 "Each participant receives, and may publish, the detail of its
 * unsupported assertions with the cause"): every participant's report in force at the track's latest publication
 * version, each signed by the operator's key, posted to the season service (`POST /v1/season/{n}/reports/{track}`),
 * which answers each participant its own with its season token. Once the service accepted them, the delivery is
 * recorded (`report_deliveries`) with its audit entry `season.deliver` in one transaction. Delivering a version again
 * posts the same bytes (signatures are deterministic) and the service records nothing new.
 */
export async function deliverReports(
  input: DeliverReportsInput,
  ports: { db: Db; http: HttpClient; clock: Clock },
): Promise<Result<ReportDelivery, DeliverCode>> {
  const { season, track } = input;
  const latest = latestPublicationVersion(ports.db, season, track);
  if (latest === undefined) {
    return fail(
      'DELIVER_NO_PUBLICATION',
      `season ${season}, track ${track} has no publication version: run 'proveit season publish --season ${season} --track ${track}' first`,
      { season, track },
    );
  }
  const signed = signedReports(ports.db, input, latest);
  if (!signed.ok) return signed;
  const reports = signed.value;
  const body = `{"document":${JSON.stringify(REPORT_DELIVERY_FORMAT)},"publication_version":${latest.version},"reports":[${reports
    .map((r) => canonical(r))
    .join(',')}],"season":${season},"track":${JSON.stringify(track)}}`;
  const url = `${input.seasonUrl.replace(/\/+$/, '')}/v1/season/${season}/reports/${encodeURIComponent(track)}`;
  const posted = await postReports(ports.http, url, input.operatorToken, body);
  if (!posted.ok) return posted;
  const recorded = posted.value;
  const atMs = ports.clock.now();
  const written = recordDelivery(ports.db, input, { version: latest.version, reports: reports.length, recorded, atMs });
  if (!written.ok) return written;
  return ok({
    season,
    track,
    publication_version: latest.version,
    reports: reports.length,
    recorded,
    delivered_at: isoUtc(atMs),
    url,
    audit_head: { seq: written.value.seq, hash: written.value.hash },
  });
}

/**
 * Every participant a version up to the latest holds a report of; each one's report in force at the latest, with its
 * pages, signed by the operator's key.
 */
function signedReports(
  db: Db,
  input: DeliverReportsInput,
  latest: { version: number; publishedAtMs: number },
): Result<PyObject[], 'INDEX_NARRATIVE_MISSING'> {
  const { season, track } = input;
  const ids = new Set<string>();
  for (const v of publicationVersionsOf(db, season, track)) {
    if (v.version <= latest.version) for (const r of reportsOfVersion(db, v.id)) ids.add(r.participantId);
  }
  const publishedAt = isoUtc(latest.publishedAtMs);
  const inForce = [...ids].sort().map((id) => publishedReport(db, season, track, latest.version, id)!);
  const pages = reportPagesOf(db, season, track, latest.version, inForce);
  if (!pages.ok) return pages;
  return ok(
    inForce.map((report) =>
      signParticipantReport(
        {
          season,
          track,
          participantId: report.participantId,
          publicationVersion: latest.version,
          publishedAt,
          report: Buffer.from(report.reportJson).toString('utf8'),
          reportHtml: pages.value.get(report.participantId)!,
        },
        input.operatorKey.privateKey,
      ),
    ),
  );
}

/** Posts the reports to the season service; the number it had not held before, or why it did not take them. */
async function postReports(
  http: HttpClient,
  url: string,
  operatorToken: string,
  body: string,
): Promise<Result<number, 'DELIVER_UNREACHABLE' | 'DELIVER_REFUSED'>> {
  const answer = await http.request({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
    body,
  });
  if (!answer.ok) {
    return fail(
      'DELIVER_UNREACHABLE',
      `POST ${url}: ${answer.error.message}; check the address given with --season-url URL`,
      {
        cause: answer.error.code,
      },
    );
  }
  if (answer.value.status !== 200) {
    const refusal = serviceRefusal(answer.value.body);
    const advice =
      answer.value.status === 401 || answer.value.status === 403
        ? refusal.code === 'REPORTS_NOT_OPERATOR'
          ? 'the season service was started with another operator key: give the key it knows with --operator-key-file FILE'
          : 'check the token in --operator-token-file FILE (the season service operator token)'
        : "check that --season-url URL is the season service's base address";
    return fail(
      'DELIVER_REFUSED',
      `POST ${url}: the season service answered ${answer.value.status} ${refusal.code ?? ''} (${refusal.message}); ${advice}`,
      { status: answer.value.status, service_code: refusal.code },
    );
  }
  const accepted = JSON.parse(Buffer.from(answer.value.body).toString('utf8')) as { recorded?: unknown };
  return ok(typeof accepted.recorded === 'number' ? accepted.recorded : 0);
}

/** The delivery (`report_deliveries`) and its `season.deliver` audit entry, in one transaction. */
function recordDelivery(
  db: Db,
  input: DeliverReportsInput,
  d: { version: number; reports: number; recorded: number; atMs: number },
): Result<AuditHead, DeliverCode> {
  const { season, track } = input;
  return inTransaction<AuditHead, DeliverCode>(db, () => {
    insertReportDelivery(db, {
      season,
      track,
      publicationVersion: d.version,
      seasonUrl: input.seasonUrl,
      reports: d.reports,
      recorded: d.recorded,
      operatorPublicKey: input.operatorKey.publicKeyHex,
      deliveredAtMs: d.atMs,
      actor: input.actor,
    });
    return appendAudit(db, {
      atMs: d.atMs,
      actor: input.actor,
      action: 'season.deliver',
      summary: `season ${season}, track ${track}: publication version ${d.version}'s ${d.reports} report(s) delivered to the season service, each to its participant only`,
      details: pyObjectFrom([
        ['season', BigInt(season)],
        ['track', track],
        ['publication_version', BigInt(d.version)],
        ['reports', BigInt(d.reports)],
        ['recorded', BigInt(d.recorded)],
        ['season_url', input.seasonUrl],
        ['operator_public_key', input.operatorKey.publicKeyHex],
      ]),
    });
  });
}
