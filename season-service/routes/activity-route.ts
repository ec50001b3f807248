import type { IncomingMessage, ServerResponse } from 'node:http';
import { enrollmentsAfter, submissionRefusalCounts, submissionsAfter } from '../../main/db/season-service/activity.ts';
import { sendError, sendJson } from '../http/respond.ts';
import type { ServiceContext } from '../service-context.ts';
import { operatorAllowed } from './operator-auth.ts';

/** Rows of each kind a page holds by default, and at most. */
export const ACTIVITY_DEFAULT_LIMIT = 200;
export const ACTIVITY_MAX_LIMIT = 1000;

/** The cursor's text: `e<last enrollment seq>s<last submission seq>`; absent, from the start (`e0s0`). */
const CURSOR = /^e(\d{1,15})s(\d{1,15})$/;

const cursorText = (enrollment: number, submission: number) => `e${enrollment}s${submission}`;

/**
 * GET /v1/season/{n}/activity?since=CURSOR&limit=N (docs/season-service.md "Activity"), with the operator token: the
 * enrollments and the submission versions recorded since the cursor, at most `limit` of each, oldest first, and the
 * cursor to ask from next (`more` when a page was full: ask again at once); with every refusal code of a submission and
 * its count so far. A few indexed reads and no Trust Layer read: the console asks every few seconds while a track is
 * open. Never a body, a proof or anything that hints at a score (spec §7.4).
 */
export function activityRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  if (!operatorAllowed(context, request, response)) return;
  const query = new URL(request.url ?? '/', 'http://service').searchParams;
  const since = query.get('since') ?? cursorText(0, 0);
  const cursor = CURSOR.exec(since);
  if (!cursor)
    return sendError(response, 400, {
      code: 'ACTIVITY_CURSOR_INVALID',
      message: `since=${JSON.stringify(since.slice(0, 40))} is not a cursor: send the next_cursor of the previous answer, or nothing to start from the beginning.`,
    });
  const limitText = query.get('limit') ?? String(ACTIVITY_DEFAULT_LIMIT);
  const limit = /^\d{1,4}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= ACTIVITY_MAX_LIMIT))
    return sendError(response, 400, {
      code: 'ACTIVITY_LIMIT_INVALID',
      message: `limit must be an integer from 1 to ${ACTIVITY_MAX_LIMIT} (default ${ACTIVITY_DEFAULT_LIMIT}).`,
    });
  const season = context.material.season;
  const afterEnrollment = Number(cursor[1]);
  const afterSubmission = Number(cursor[2]);
  const enrollments = enrollmentsAfter(context.db, season, afterEnrollment, limit);
  const submissions = submissionsAfter(context.db, afterSubmission, limit);
  const refusals = submissionRefusalCounts(context.db, season);
  sendJson(response, 200, {
    season,
    now: context.now().toISOString(),
    since,
    next_cursor: cursorText(enrollments.at(-1)?.seq ?? afterEnrollment, submissions.at(-1)?.seq ?? afterSubmission),
    more: enrollments.length === limit || submissions.length === limit,
    enrollments: enrollments.map((e) => ({
      participant_id: e.participantId,
      agent_name: e.agentName,
      enrolled_at: e.enrolledAt,
    })),
    submissions: submissions.map((s) => ({
      participant_id: s.participantId,
      track: s.track,
      task_id: s.taskId,
      version: s.version,
      received_at: s.receivedAt,
    })),
    refusals: {
      total: refusals.reduce((sum, r) => sum + r.count, 0),
      by_code: Object.fromEntries(refusals.map((r) => [r.code, r.count])),
    },
  });
}
