import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail, ok, type Result } from '../core/result.ts';
import { openDispute } from '../services/disputes/open-dispute.ts';
import type { DemoSummary } from '../core/demo/demo-progress.ts';
import { DEMO_ACTOR, FAULT_TRACK, type DemoRun, type Participant } from './demo-run.ts';

/** The first unsupported assertion of a participant's report: the one the demo's participant disputes. */
function firstUnsupported(reportFile: string): { taskId: string; assertionId: string } | null {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    assertions: { task_id: string; assertion_id: string; status: string }[];
  };
  const found = report.assertions.find((a) => a.status === 'unsupported');
  return found ? { taskId: found.task_id, assertionId: found.assertion_id } : null;
}

/**
 * The participant claiming values the corpus does not serve disputes its first unsupported assertion on the fault
 * track (spec §9.2), received within its window and left open for the console to review and decide.
 */
export async function openDemoDispute(
  run: DemoRun,
  participants: readonly Participant[],
): Promise<Result<DemoSummary['dispute']>> {
  const disputer = participants.find((p) => p.agent === 'overclaims' && p.track === FAULT_TRACK);
  const assertion = disputer
    ? firstUnsupported(join(run.outDir, FAULT_TRACK, 'reports', `${disputer.participantId}.json`))
    : null;
  if (!disputer || !assertion)
    return fail('DEMO_NO_DISPUTABLE_ASSERTION', 'the scripted season left no unsupported assertion to dispute');
  run.emit('dispute', `${disputer.name} disputes ${assertion.taskId} ${assertion.assertionId}`);
  const dispute = await openDispute(run.db, run.clock, {
    season: run.season,
    track: FAULT_TRACK,
    participantId: disputer.participantId,
    taskId: assertion.taskId,
    assertionId: assertion.assertionId,
    reason: 'The participant states that the value claimed is the one the resource served when it was read.',
    actor: DEMO_ACTOR,
  });
  if (!dispute.ok) return dispute;
  return ok({ id: dispute.value.disputeId, participantId: disputer.participantId, ...assertion });
}
