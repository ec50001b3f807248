import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEASON_DIR } from './season-fixture.ts';

interface PublishedTask {
  id: string;
  min_assertions: number;
  cap_assertions: number;
  own_resources: string[];
}

export function publishedTasks(track: string): PublishedTask[] {
  return (JSON.parse(readFileSync(join(SEASON_DIR, track, 'tasks.json'), 'utf8')) as { tasks: PublishedTask[] }).tasks;
}

const hex64 = (seed: number, salt: string) => (seed.toString(16) + salt).padStart(64, '0').slice(-64);

/**
 * A §4 submission that passes intake: the task's minimum of assertions on its own resources, one proof each, a
 * disclosure per cited proof. `version` changes the narrative, so each version has other bytes.
 */
export function validSubmission(track: string, taskId: string, did: string, version = 1): Record<string, unknown> {
  const task = publishedTasks(track).find((t) => t.id === taskId);
  if (!task) throw new Error(`no task ${taskId} in ${track}`);
  const assertions = Array.from({ length: task.min_assertions }, (_, i) => ({
    id: `a${i + 1}`,
    claim: { resource: task.own_resources[i % task.own_resources.length], field: '/existe', value: i % 2 === 0 },
    proof_ids: [`prf_20261010_1200${String(i).padStart(2, '0')}_${hex64(i, 'abc').slice(-6)}`],
  }));
  const disclosures = Object.fromEntries(
    assertions.map((a, i) => [
      a.proof_ids[0],
      {
        request_hash: { nonce: hex64(i, '01'), value: hex64(i, '02') },
        response_hash: { nonce: hex64(i, '03'), value: hex64(i, '04') },
      },
    ]),
  );
  return {
    season: 1,
    track,
    task_id: taskId,
    agent_did: did,
    verdict: track === 'conformite' ? 'conforme' : 'aucune_option_valide',
    assertions,
    disclosures,
    narrative: `version ${version}`,
  };
}
