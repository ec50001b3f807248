import { canonical } from '../../core/json/canonical.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { REPORT_DELIVERY_FORMAT, signParticipantReport } from '../../core/publications/participant-report.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
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
  // Every participant a version up to the latest holds a report of; each one's report in force at the latest.
  const ids = new Set<string>();
  for (const v of publicationVersionsOf(ports.db, season, track)) {
    if (v.version <= latest.version) for (const r of reportsOfVersion(ports.db, v.id)) ids.add(r.participantId);
  }
  const publishedAt = isoUtc(latest.publishedAtMs);
  const inForce = [...ids].sort().map((id) => publishedReport(ports.db, season, track, latest.version, id)!);
  const pages = reportPagesOf(ports.db, season, track, latest.version, inForce);
  if (!pages.ok) return pages;
  const reports = inForce.map((report) =>
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
  );
  const body = `{"document":${JSON.stringify(REPORT_DELIVERY_FORMAT)},"publication_version":${latest.version},"reports":[${reports
    .map((r) => canonical(r))
    .join(',')}],"season":${season},"track":${JSON.stringify(track)}}`;
  const url = `${input.seasonUrl.replace(/\/+$/, '')}/v1/season/${season}/reports/${encodeURIComponent(track)}`;
  const answer = await ports.http.request({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${input.operatorToken}`, 'content-type': 'application/json' },
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
  const recorded = typeof accepted.recorded === 'number' ? accepted.recorded : 0;
  const atMs = ports.clock.now();
  const written = inTransaction<AuditHead, DeliverCode>(ports.db, () => {
    insertReportDelivery(ports.db, {
      season,
      track,
      publicationVersion: latest.version,
      seasonUrl: input.seasonUrl,
      reports: reports.length,
      recorded,
      operatorPublicKey: input.operatorKey.publicKeyHex,
      deliveredAtMs: atMs,
      actor: input.actor,
    });
    return appendAudit(ports.db, {
      atMs,
      actor: input.actor,
      action: 'season.deliver',
      summary: `season ${season}, track ${track}: publication version ${latest.version}'s ${reports.length} report(s) delivered to the season service, each to its participant only`,
      details: pyObjectFrom([
        ['season', BigInt(season)],
        ['track', track],
        ['publication_version', BigInt(latest.version)],
        ['reports', BigInt(reports.length)],
        ['recorded', BigInt(recorded)],
        ['season_url', input.seasonUrl],
        ['operator_public_key', input.operatorKey.publicKeyHex],
      ]),
    });
  });
  if (!written.ok) return written as { ok: false; error: Failure<DeliverCode> };
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
