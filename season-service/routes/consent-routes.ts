import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseIntake } from '../../main/core/json/intake.ts';
import { isPyObject } from '../../main/core/json/value.ts';
import { consentsAfter, recordConsent, type ReportConsent } from '../../main/db/season-service/report-consents.ts';
import { latestReportOf } from '../../main/db/season-service/reports-delivered.ts';
import { readBody, sendError, sendJson } from '../http/respond.ts';
import type { ServiceContext } from '../service-context.ts';
import { operatorAllowed } from './operator-auth.ts';
import { participantAllowed } from './participant-auth.ts';
import { refuseUnknownTrack } from './report-routes.ts';

/** Consents a page of GET /consents holds by default, and at most. */
export const CONSENTS_DEFAULT_LIMIT = 500;
export const CONSENTS_MAX_LIMIT = 5000;

const consentJson = (c: ReportConsent) => ({
  seq: c.seq,
  track: c.track,
  participant_id: c.participantId,
  public: c.public,
  recorded_at: c.recordedAt,
});

/**
 * POST /v1/season/{n}/consent/{track} with the participant's season token, body `{"public": true|false}`
 * (docs/season-service.md "Reports and consent"; spec §3 "The participant retains control over sharing"): whether the
 * Index publishes its detailed report for the track. Recorded with its time, every change a row; the latest is in
 * force. Given once its report was delivered (it decides having read it: REPORT_NOT_PUBLISHED before), changed at any
 * time after: an Index version already exported is never edited (spec §8), so a change applies from the next Index
 * version the operator exports (docs/publications.md "Private reports, public by choice").
 */
export async function consentRoute(
  context: ServiceContext,
  request: IncomingMessage,
  response: ServerResponse,
  track: string,
) {
  const participant = participantAllowed(context, request, response);
  if (participant === null || refuseUnknownTrack(context, response, track)) return;
  const season = context.material.season;
  const bytes = await readBody(request, context.limits.smallBodyBytes);
  const parsed = parseIntake(bytes);
  const doc = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  const choice = doc?.['public'];
  if (!doc || Object.keys(doc).length !== 1 || typeof choice !== 'boolean') {
    return sendError(response, 422, {
      code: 'CONSENT_BODY_INVALID',
      message: `${parsed.ok ? '' : `${parsed.error.code}: ${parsed.error.message}. `}Post {"public": true} to have your detailed report published in the Index, {"public": false} to keep it private; no other key. Nothing was recorded.`,
      pointer: doc && Object.keys(doc).length === 1 && 'public' in doc ? '/public' : '',
    });
  }
  if (latestReportOf(context.db, season, track, participant.participantId) === undefined) {
    return sendError(response, 409, {
      code: 'REPORT_NOT_PUBLISHED',
      message: `You have no report of track ${track} yet (GET /v1/season/${season}/report/${track}): you choose once you have read it. Nothing was recorded.`,
    });
  }
  const recorded = await context.writes.run(() =>
    recordConsent(context.db, {
      season,
      track,
      participantId: participant.participantId,
      public: choice,
      recordedAt: context.now().toISOString(),
    }),
  );
  sendJson(response, 200, {
    season,
    ...consentJson(recorded),
    applies_to: 'the next Index version the operator exports; a version already exported is never edited',
  });
}

/** The cursor's text is the last seq read; absent, from the start. */
const SINCE = /^\d{1,15}$/;

/**
 * GET /v1/season/{n}/consents?since=SEQ&limit=N with the operator token (docs/season-service.md "Reports and
 * consent"): every choice recorded after `since`, oldest first, at most `limit`, and `next_since`; `more` when the page
 * was full. What `proveit season consents` copies into the operator database, from which the Index export reads the
 * choice in force of each participant.
 */
export function consentsRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  if (!operatorAllowed(context, request, response)) return;
  const query = new URL(request.url ?? '/', 'http://service').searchParams;
  const since = query.get('since') ?? '0';
  const limitText = query.get('limit') ?? String(CONSENTS_DEFAULT_LIMIT);
  const limit = /^\d{1,5}$/.test(limitText) ? Number(limitText) : NaN;
  if (!SINCE.test(since) || !(limit >= 1 && limit <= CONSENTS_MAX_LIMIT)) {
    return sendError(response, 400, {
      code: 'CONSENTS_QUERY_INVALID',
      message: `since must be the next_since of the previous answer (or absent), limit an integer from 1 to ${CONSENTS_MAX_LIMIT} (default ${CONSENTS_DEFAULT_LIMIT}).`,
    });
  }
  const season = context.material.season;
  const consents = consentsAfter(context.db, season, Number(since), limit);
  sendJson(response, 200, {
    season,
    now: context.now().toISOString(),
    since: Number(since),
    next_since: consents.at(-1)?.seq ?? Number(since),
    more: consents.length === limit,
    consents: consents.map(consentJson),
  });
}
