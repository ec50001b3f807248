import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Devnet } from '../../../devnet/start-devnet.ts';
import { participantKey } from '../../../devnet/scripted/participant-key.ts';
import type { ProxiedRead } from '../../../devnet/scripted/proxy-read.ts';
import { scriptedRead, scriptedSubmission } from '../../../devnet/scripted/scripted-submission.ts';
import { loadCorpus } from '../../../main/core/corpus/load-corpus.ts';
import { parseKey, parseTasks } from '../../../main/core/corpus/parse-tasks-and-key.ts';
import { Problems } from '../../../main/core/corpus/problems.ts';
import { TRACKS } from '../../../main/core/corpus/tracks.ts';
import { scriptTrack, type DemoAgent, type ScriptedAgent } from '../../../main/core/demo/scripted-agents.ts';
import { readCorpusTree } from '../../../main/services/corpus/corpus-folder.ts';

export interface Submitted {
  agent: ScriptedAgent['agent'];
  name: string;
  participantId: string;
  tasks: number;
}

/**
 * The demo's five scripted participants (main/core/demo/scripted-agents.ts: a reference run, a careful agent whose
 * one read meets the corpus host without its challenge secret, one that claims values the corpus does not serve, one
 * that abstains, one with a constant verdict), those named, on one track of a running devnet: each signs up, binds a
 * DID, enrolls with the real season service, reads through the real proxy, then submits. Run during the open window.
 */
export async function playParticipants(
  devnet: Devnet,
  trackDir: string,
  agents: readonly DemoAgent[],
): Promise<Submitted[]> {
  const season = JSON.parse(readFileSync(join(trackDir, 'season.json'), 'utf8')) as {
    season: number;
    track: string;
    base: string;
  };
  const problems = new Problems();
  const corpus = loadCorpus(await readCorpusTree(trackDir), problems);
  const definition = TRACKS[season.track];
  if (!definition) throw new Error(`no track definition for ${season.track}`);
  const scripts = scriptTrack({
    definition,
    tasks: parseTasks(corpus.tasks, problems),
    key: parseKey(corpus.key, problems),
    lookup: (path) => corpus.bodies.get(path)?.value,
    withFault: true,
  });
  if (problems.list.length > 0) throw new Error(`${trackDir}: ${problems.list.map((p) => p.code).join(', ')}`);
  const trustLayer = devnet.info.trust_layer;
  const scriptedDevnet = { trustLayer, internalSecret: devnet.info.internal_secret };
  const submitted: Submitted[] = [];
  for (const script of scripts.filter((s) => agents.includes(s.agent))) {
    const key = await participantKey(trustLayer, `${script.agent}@e2e.example.org`);
    const call = async (path: string, headers: Record<string, string>, body: string) => {
      const answer = await fetch(`${devnet.info.season}/v1/season/${season.season}/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      });
      return (await answer.json()) as Record<string, unknown>;
    };
    const enrolled = await call(
      'enroll',
      { 'X-Api-Key': key.apiKey },
      JSON.stringify({ agent_name: script.name, declared_stack: 'a scripted participant' }),
    );
    if (typeof enrolled['season_token'] !== 'string')
      throw new Error(`enrollment refused: ${JSON.stringify(enrolled)}`);
    const reads = new Map<string, ProxiedRead>();
    for (const read of script.reads) {
      reads.set(
        `${read.resource}|${read.underFault}`,
        await scriptedRead(scriptedDevnet, key.apiKey, season.base, read),
      );
    }
    for (const task of script.submissions) {
      const target = { season: season.season, track: season.track, did: key.did, narrative: 'scripted participant' };
      const body = scriptedSubmission(target, task, (resource, underFault) => {
        const read = reads.get(`${resource}|${underFault}`);
        if (!read) throw new Error(`${script.name} never read ${resource}`);
        return read;
      });
      const answer = await call('submit', { Authorization: `Bearer ${enrolled['season_token']}` }, body);
      if (answer['recorded'] !== true) throw new Error(`${script.name} ${task.taskId}: ${JSON.stringify(answer)}`);
    }
    submitted.push({
      agent: script.agent,
      name: script.name,
      participantId: enrolled['participant_id'] as string,
      tasks: script.submissions.length,
    });
  }
  return submitted;
}
