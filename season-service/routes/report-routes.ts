import type { IncomingMessage, ServerResponse } from 'node:http';
import { canonical } from '../../main/core/json/canonical.ts';
import { parseIntake } from '../../main/core/json/intake.ts';
import { sha256Canonical } from '../../main/core/json/sha256-canonical.ts';
import { isPyObject, type PyJson, type PyObject } from '../../main/core/json/value.ts';
import { LANGS, type Lang } from '../../main/core/index/model.ts';
import { fail, ok, type Result } from '../../main/core/result.ts';
import {
  PARTICIPANT_REPORT_FORMAT,
  readParticipantReport,
  REPORT_DELIVERY_FORMAT,
} from '../../main/core/publications/participant-report.ts';
import {
  latestReportOf,
  latestVersionDelivered,
  recordReportsDelivered,
  type DeliveryOutcome,
  type ReportDelivered,
} from '../../main/db/season-service/reports-delivered.ts';
import { readBody, sendError, sendJson } from '../http/respond.ts';
import { isEnrolled } from '../../main/db/season-service/participants.ts';
import type { ServiceContext } from '../service-context.ts';
import { operatorAllowed } from './operator-auth.ts';
import { type OperatorDocumentKind, operatorRefusal } from './operator-document.ts';
import { participantAllowed } from './participant-auth.ts';

const PARTICIPANT_REPORT: OperatorDocumentKind = {
  what: 'A participant report',
  signedForm: `a "${PARTICIPANT_REPORT_FORMAT}" document (docs/publications.md "Private reports, public by choice")`,
  isSignedForm: (doc) => doc['document'] === PARTICIPANT_REPORT_FORMAT,
  makeIt: 'proveit season deliver',
};

/** 404 REPORT_TRACK_UNKNOWN for a track the season does not have, or false when it has it. */
export function refuseUnknownTrack(context: ServiceContext, response: ServerResponse, track: string): boolean {
  if (context.material.tracks.has(track)) return false;
  sendError(response, 404, {
    code: 'REPORT_TRACK_UNKNOWN',
    message: `Season ${context.material.season} has no track '${track}'; its tracks: ${[...context.material.tracks.keys()].join(', ')}.`,
  });
  return true;
}

/** What `?format=` and `?lang=` choose: the signed JSON (the default), or its report page in one language. */
type ReportView = { format: 'json' } | { format: 'html'; lang: Lang };

function reportView(request: IncomingMessage): Result<ReportView, 'REPORT_VIEW_UNKNOWN'> {
  const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
  const format = query.get('format') ?? 'json';
  const lang = query.get('lang') ?? 'fr';
  const unknown = [...query.keys()].find((k) => k !== 'format' && k !== 'lang');
  if (unknown !== undefined || (format !== 'json' && format !== 'html') || !(LANGS as readonly string[]).includes(lang))
    return fail(
      'REPORT_VIEW_UNKNOWN',
      `Ask for ?format=json (the signed report, the default) or ?format=html&lang=fr|en (its page in French or English)${unknown === undefined ? '' : `; '${unknown}' is not a parameter of this route`}.`,
    );
  return ok(format === 'json' ? { format } : { format, lang: lang as Lang });
}

/** The answer's bytes and type: the signed document byte for byte, or the page it signs. */
function viewOf(document: string, view: ReportView): { bytes: Buffer; type: string } {
  if (view.format === 'json') return { bytes: Buffer.from(document, 'utf8'), type: 'application/json' };
  const page = (JSON.parse(document) as Record<string, string>)[`report_html_${view.lang}`]!;
  return { bytes: Buffer.from(page, 'utf8'), type: 'text/html; charset=utf-8' };
}

/**
 * GET /v1/season/{n}/report/{track} with the participant's season token (docs/season-service.md "Reports and
 * consent"; spec §3 "it hands its result and its link to its operator, who decides", §7.5 "Each participant receives,
 * and may publish, the detail of its unsupported assertions with the cause"): that participant's report of the latest
 * publication version delivered, the operator-signed document byte for byte, or with `?format=html&lang=fr|en` the
 * report page it signs. A token reads its own participant's report only: the participant is the token's, never a
 * parameter. Before the operator delivered the track's reports: 409 REPORT_NOT_PUBLISHED; delivered, but none for
 * this participant: 404 REPORT_NOT_FOUND.
 */
export function reportRoute(
  context: ServiceContext,
  request: IncomingMessage,
  response: ServerResponse,
  track: string,
) {
  const participant = participantAllowed(context, request, response);
  if (participant === null || refuseUnknownTrack(context, response, track)) return;
  const view = reportView(request);
  if (!view.ok) return sendError(response, 400, { code: view.error.code, message: view.error.message });
  const season = context.material.season;
  const report = latestReportOf(context.db, season, track, participant.participantId);
  if (report === undefined) {
    const delivered = latestVersionDelivered(context.db, season, track);
    if (delivered === null) {
      return sendError(response, 409, {
        code: 'REPORT_NOT_PUBLISHED',
        message: `Track ${track}'s reports are not published yet: they are delivered once the operator publishes the track's scores (after its close). Ask again then.`,
      });
    }
    return sendError(response, 404, {
      code: 'REPORT_NOT_FOUND',
      message: `Publication version ${delivered} of track ${track} holds no report for participant ${participant.participantId}: a participant with no submission to the track is not scored on it.`,
    });
  }
  const { bytes, type } = viewOf(report.document, view.value);
  response.writeHead(200, {
    'Content-Type': type,
    'Content-Length': String(bytes.length),
    // One participant's report: no shared cache keeps it (RFC 9111 §5.2.2.3, §5.2.2.7).
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    // The page is self-contained (inline style, no script, no resource): nothing else may load or run in it.
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  });
  response.end(bytes);
}

class DeliveryConflict extends Error {
  constructor(readonly outcome: DeliveryOutcome) {
    super('a delivered report differs');
  }
}

const DELIVERY_KEYS = ['document', 'season', 'track', 'publication_version', 'reports'];

type DeliveryRefusal = 'REPORTS_DELIVERY_INVALID' | 'REPORTS_NOT_OPERATOR';

/**
 * Each report of a delivery checked, in order, into the row it records: an operator-signed report document of this
 * season, track and version, of a participant the season enrolled, once. The first fault refuses the whole delivery
 * (`details`: the HTTP status and the JSON pointer of the fault).
 */
function deliveryRows(
  context: ServiceContext,
  reports: readonly PyJson[],
  expected: { track: string; version: bigint; deliveredAt: string },
): Result<ReportDelivered[], DeliveryRefusal> {
  const season = context.material.season;
  const { track, version } = expected;
  const invalid = (message: string, pointer: string) =>
    fail('REPORTS_DELIVERY_INVALID', message, { status: 422, pointer });
  const rows: ReportDelivered[] = [];
  const seen = new Set<string>();
  for (const [i, report] of reports.entries()) {
    if (!isPyObject(report)) return invalid(`reports[${i}] is not a report document.`, `/reports/${i}`);
    const notOperator = operatorRefusal(report, context.operatorPublicKey, PARTICIPANT_REPORT);
    if (notOperator !== null)
      return fail('REPORTS_NOT_OPERATOR', `reports[${i}]: ${notOperator.message}`, {
        status: 403,
        pointer: `/reports/${i}${notOperator.pointer ?? ''}`,
      });
    const read = readParticipantReport(report);
    if (!read.ok)
      return invalid(`reports[${i}]: ${read.error.message}.`, `/reports/${i}/${String(read.error.details?.['field'])}`);
    const fields = read.value;
    if (fields.season !== season || fields.track !== track || BigInt(fields.publicationVersion) !== version)
      return invalid(
        `reports[${i}] is of season ${fields.season}, track ${fields.track}, version ${fields.publicationVersion}: every report of a delivery is of season ${season}, track ${track}, version ${version}.`,
        `/reports/${i}`,
      );
    // A report for an id the season never enrolled would be stored for nobody to read: refused, so a delivery made
    // against the wrong service or season says so instead of succeeding.
    if (!isEnrolled(context.db, season, fields.participantId))
      return invalid(
        `reports[${i}] is of participant ${fields.participantId}, whom season ${season} of this service never enrolled: check --season-url and --season.`,
        `/reports/${i}/participant_id`,
      );
    if (seen.has(fields.participantId))
      return invalid(`reports[${i}] is a second report of ${fields.participantId}.`, `/reports/${i}/participant_id`);
    seen.add(fields.participantId);
    rows.push({
      season,
      track,
      publicationVersion: fields.publicationVersion,
      participantId: fields.participantId,
      deliveredAt: expected.deliveredAt,
      document: canonical(report as PyObject),
      documentSha256: sha256Canonical(report),
    });
  }
  return ok(rows);
}

/**
 * POST /v1/season/{n}/reports/{track} with the operator token (docs/season-service.md "Reports and consent"): the
 * reports of one publication version, each signed by the operator's key (main/core/publications/participant-report.ts),
 * as `proveit season deliver` posts them: `{"document": "proveit-report-delivery/1", "season", "track",
 * "publication_version", "reports": [signed document, ...]}`. All are checked before any is recorded, and recorded in
 * one write: a refusal records none. A report already delivered for the same participant and version is kept; the same
 * document again is counted as `already`, another one refused REPORTS_ALREADY_DELIVERED (a correction is a new version).
 */
export async function deliverReportsRoute(
  context: ServiceContext,
  request: IncomingMessage,
  response: ServerResponse,
  track: string,
) {
  if (!operatorAllowed(context, request, response) || refuseUnknownTrack(context, response, track)) return;
  const season = context.material.season;
  const bytes = await readBody(request, context.limits.reportDeliveryBytes);
  const parsed = parseIntake(bytes, { maxBytes: context.limits.reportDeliveryBytes });
  const doc = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  const invalid = (message: string, pointer?: string) =>
    sendError(response, 422, {
      code: 'REPORTS_DELIVERY_INVALID',
      message: `${message} Nothing was recorded.`,
      ...(pointer === undefined ? {} : { pointer }),
    });
  const reports = doc?.['reports'];
  const version = doc?.['publication_version'];
  if (
    !doc ||
    Object.keys(doc).length !== DELIVERY_KEYS.length ||
    !DELIVERY_KEYS.every((k) => k in doc) ||
    doc['document'] !== REPORT_DELIVERY_FORMAT ||
    doc['season'] !== BigInt(season) ||
    doc['track'] !== track ||
    typeof version !== 'bigint' ||
    !Array.isArray(reports) ||
    reports.length === 0
  ) {
    return invalid(
      `${parsed.ok ? '' : `${parsed.error.code}: ${parsed.error.message}. `}Post {"document": "${REPORT_DELIVERY_FORMAT}", "season": ${season}, "track": "${track}", "publication_version", "reports": [at least one signed report]} and no other key (proveit season deliver).`,
    );
  }
  const deliveredAt = context.now().toISOString();
  const checked = deliveryRows(context, reports, { track, version, deliveredAt });
  if (!checked.ok) {
    const { status, pointer } = checked.error.details as { status: number; pointer: string };
    const message = status === 422 ? `${checked.error.message} Nothing was recorded.` : checked.error.message;
    return sendError(response, status, { code: checked.error.code, message, pointer });
  }
  const rows = checked.value;
  let outcome: DeliveryOutcome;
  try {
    outcome = await context.writes.run(() => {
      const recorded = recordReportsDelivered(context.db, rows);
      if (recorded.conflict !== null) throw new DeliveryConflict(recorded);
      return recorded;
    });
  } catch (error) {
    if (!(error instanceof DeliveryConflict)) throw error;
    const conflict = error.outcome.conflict!;
    return sendError(response, 409, {
      code: 'REPORTS_ALREADY_DELIVERED',
      message: `Version ${version} of ${conflict.participantId}'s report was delivered before as another document (${conflict.storedSha256}, not ${conflict.postedSha256}): a delivered report is never replaced; a correction is delivered as the next version. Nothing was recorded.`,
    });
  }
  sendJson(response, 200, {
    season,
    track,
    publication_version: Number(version),
    delivered_at: deliveredAt,
    recorded: outcome.recorded,
    already_delivered: outcome.already,
  });
}
