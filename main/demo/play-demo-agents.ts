import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProxiedRead } from '../../devnet/scripted/proxy-read.ts';
import { scriptedRead, scriptedSubmission } from '../../devnet/scripted/scripted-submission.ts';
import { fail, ok, type Result } from '../core/result.ts';
import { seasonCall } from './demo-season-calls.ts';
import type { DemoRun, Participant } from './demo-run.ts';

const proofKey = (p: Participant, resource: string, underFault: boolean) =>
  `${p.track}|${p.participantId}|${resource}|${underFault}`;

/** Every scripted read through the proxy, each proof kept by participant, resource and fault. */
async function readThroughProxy(run: DemoRun, participants: readonly Participant[]): Promise<Map<string, ProxiedRead>> {
  const totalReads = participants.reduce((n, p) => n + p.reads.length, 0);
  let readsDone = 0;
  const proofs = new Map<string, ProxiedRead>();
  const scriptedDevnet = { trustLayer: run.devnet.info.trust_layer, internalSecret: run.devnet.info.internal_secret };
  for (const p of participants) {
    const base = (JSON.parse(readFileSync(join(run.corpusDir[p.track], 'season.json'), 'utf8')) as { base: string })
      .base;
    for (const read of p.reads) {
      const proof = await scriptedRead(scriptedDevnet, p.apiKey, base, read);
      proofs.set(proofKey(p, read.resource, read.underFault), proof);
      readsDone++;
      if (readsDone % 10 === 0 || readsDone === totalReads)
        run.emit('read', `agents reading the corpus through the proxy`, readsDone, totalReads);
    }
  }
  return proofs;
}

/** Every scripted submission, citing the proofs of its own reads; one refused at intake stops the demo. */
async function submitAll(
  run: DemoRun,
  participants: readonly Participant[],
  proofs: ReadonlyMap<string, ProxiedRead>,
): Promise<Result<void>> {
  const totalSubmissions = participants.reduce((n, p) => n + p.submissions.length, 0);
  let submitted = 0;
  for (const p of participants) {
    for (const task of p.submissions) {
      const target = { season: run.season, track: p.track, did: p.did, narrative: 'scripted demo participant' };
      const body = scriptedSubmission(target, task, (resource, underFault) => {
        const proof = proofs.get(proofKey(p, resource, underFault));
        if (!proof) throw new Error(`no read of ${resource} by ${p.name}`);
        return proof;
      });
      const answer = await seasonCall(
        run.devnet,
        run.season,
        'submit',
        { Authorization: `Bearer ${p.seasonToken}` },
        body,
      );
      if (answer.json['recorded'] !== true)
        return fail(
          'DEMO_SUBMISSION_REFUSED',
          `${p.name}'s ${task.taskId} was refused at intake: ${JSON.stringify(answer.json)}`,
        );
      submitted++;
    }
    run.emit('submit', `${p.name} submitted on ${p.track}`, submitted, totalSubmissions);
  }
  return ok(undefined);
}

/**
 * The season as the agents play it: every read through the proxy (one meets the instrument fault: the corpus host
 * misses the challenge secret), the batch holding their proofs closed, then every submission.
 */
export async function playDemoAgents(run: DemoRun, participants: readonly Participant[]): Promise<Result<void>> {
  const proofs = await readThroughProxy(run, participants);
  await run.devnet.closeBatch();
  return submitAll(run, participants, proofs);
}
