import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkSubmission, type IntakeContext } from '../../main/core/intake/check-submission.ts';
import { signReceipt } from '../../main/core/receipts/submission-receipt.ts';
import { countSubmissionRefusal } from '../../main/db/season-service/activity.ts';
import { recordSubmission } from '../../main/db/season-service/submissions.ts';
import { readBody, sendError, sendJson } from '../http/respond.ts';
import { refuseStorageBound } from '../limits/storage-refusal.ts';
import { seasonState } from '../season-windows.ts';
import { trackWindows, type ServiceContext } from '../service-context.ts';
import { participantAllowed } from './participant-auth.ts';
import { refuseInvalidated, refuseOutsideWindow } from './window-refusal.ts';

/**
 * A refusal of an authenticated participant's submission past the rate limit, counted under its code for the
 * operator's activity feed (routes/activity-route.ts) before it is answered. Before the rate limit nothing is counted:
 * what a participant repeats faster than the limit writes nothing.
 */
function countRefusal(context: ServiceContext, code: string): Promise<void> {
  return context.writes.run(() =>
    countSubmissionRefusal(context.db, context.material.season, code, context.now().toISOString()),
  );
}

/**
 * POST /v1/season/{n}/submit (spec §3 step 5, §4, §7.4). Intake is main/core/intake: every refusal is a 422 with a
 * stable code and the JSON pointer at fault, and nothing is recorded. An accepted submission is answered only once it
 * is on disk, with nothing that hints at a score: proofs are not looked at here.
 */
export async function submitRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  const participant = participantAllowed(context, request, response);
  if (participant === null) return;
  const arrived = context.now();
  const windows = trackWindows(context, arrived);
  const state = seasonState([...windows.values()].map((w) => w.state));
  // An invalidated track answers its own refusal (below, once the submission names it), not the season's window.
  const anyInvalidated = [...windows.values()].some((w) => w.state === 'invalidated');
  if (state !== 'open' && !anyInvalidated) return refuseOutsideWindow(response, state, 'a submission');
  const allowed = context.submitBuckets.take(participant.participantId, arrived.getTime());
  if (!allowed.ok) {
    return sendError(
      response,
      429,
      {
        code: 'SUBMIT_RATE_LIMITED',
        message: `Too many submissions at once; retry in ${allowed.retryAfterSeconds} s.`,
      },
      { 'Retry-After': String(allowed.retryAfterSeconds) },
    );
  }

  const bytes = await readBody(request, context.limits.submissionBytes);
  const intakeContext: IntakeContext = {
    season: context.material.season,
    enrolledDid: participant.did,
    tracks: context.intakeTracks,
  };
  const checked = checkSubmission(bytes, intakeContext);
  if (!checked.ok) {
    const { code, message, pointer, position } = checked.error;
    await countRefusal(context, code);
    // A parser refusal also says where in the bytes (offset, line, column): the participant fixes it from there.
    return sendError(response, 422, { code, message, pointer, ...(position ? { position } : {}) });
  }
  const { track, taskId, bytesSha256 } = checked.value;

  const receivedAt = context.now();
  const trackWindow = trackWindows(context, receivedAt).get(track);
  const trackState = trackWindow?.state;
  if (trackWindow?.invalidation !== undefined) {
    await countRefusal(context, 'SEASON_TRACK_INVALIDATED');
    return refuseInvalidated(response, track, trackWindow.invalidation);
  }
  if (trackState !== 'open') {
    await countRefusal(context, trackState === 'closed' ? 'SEASON_CLOSED' : 'SEASON_NOT_OPEN');
    return refuseOutsideWindow(
      response,
      trackState === 'closed' ? 'closed' : 'not_open',
      `a submission for track ${track}`,
    );
  }
  const recorded = await context.writes.run(() =>
    recordSubmission(
      context.db,
      {
        participantId: participant.participantId,
        track,
        taskId,
        receivedAt: receivedAt.toISOString(),
        body: bytes,
        bodySha256: bytesSha256,
      },
      { storedBytes: context.limits.participantStoredBytes, versionsPerTask: context.limits.versionsPerTask },
    ),
  );
  if (!recorded.recorded) {
    await countRefusal(
      context,
      recorded.bound === 'versions_per_task' ? 'SUBMIT_VERSIONS_EXHAUSTED' : 'SUBMIT_STORAGE_EXHAUSTED',
    );
    return refuseStorageBound(response, recorded, track, taskId);
  }
  context.metrics.submissionRecorded(track, bytes.length);
  // The answer is the participant's receipt (docs/season-service.md "Receipts"): every field signed by the service's
  // receipt key.
  const receipt = signReceipt(
    {
      replaces_previous: recorded.replacesPrevious,
      season: context.material.season,
      track,
      task_id: taskId,
      participant_id: participant.participantId,
      version: recorded.version,
      received_at: receivedAt.toISOString(),
      submission_sha256: bytesSha256,
    },
    (bytes) => context.receipts.sign(bytes),
  );
  sendJson(response, 200, receipt);
}
