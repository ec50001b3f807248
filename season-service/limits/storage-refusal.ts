import type { ServerResponse } from 'node:http';
import type { RecordOutcome } from '../../main/db/season-service/submissions.ts';
import { sendError } from '../http/respond.ts';

/**
 * A submission past a participant's storage bound (docs/season-service.md "Durability and limits"): nothing was
 * recorded, and what the participant submitted before stands. 413 when this body does not fit in what is left (a
 * smaller one may), 409 when the task's versions are used up (no body changes that).
 */
export function refuseStorageBound(
  response: ServerResponse,
  outcome: Extract<RecordOutcome, { recorded: false }>,
  track: string,
  taskId: string,
): void {
  if (outcome.bound === 'versions_per_task') {
    sendError(response, 409, {
      code: 'SUBMIT_VERSIONS_EXHAUSTED',
      message:
        `Task ${taskId} of track ${track} already has ${outcome.versions} versions, the most one task keeps ` +
        `(${outcome.limit}); nothing was recorded. Its last version stays in force until the close.`,
    });
    return;
  }
  const left = Math.max(0, outcome.limit - outcome.storedBytes);
  sendError(response, 413, {
    code: 'SUBMIT_STORAGE_EXHAUSTED',
    message:
      `This submission is ${outcome.bodyBytes} bytes; yours already hold ${outcome.storedBytes} of the ` +
      `${outcome.limit} bytes a participant may store over all versions (${left} left). Nothing was recorded and ` +
      'the submissions in force stand; a replacement must fit in what is left (whitespace counts: a submission is ' +
      'stored as sent).',
  });
}
