import { participantKey } from '../../devnet/scripted/participant-key.ts';
import { loadCorpus } from '../core/corpus/load-corpus.ts';
import { parseKey, parseTasks } from '../core/corpus/parse-tasks-and-key.ts';
import { Problems } from '../core/corpus/problems.ts';
import { TRACKS } from '../core/corpus/tracks.ts';
import { DEMO_AGENTS, DEMO_AGENT_NAMES, scriptTrack, type ScriptedAgent } from '../core/demo/scripted-agents.ts';
import type { TrackName } from '../core/corpus/model.ts';
import { fail, ok, type Result } from '../core/result.ts';
import { readCorpusTree } from '../services/corpus/corpus-folder.ts';
import { seasonCall } from './demo-season-calls.ts';
import { DEMO_TRACKS, FAULT_TRACK, type DemoRun, type Participant } from './demo-run.ts';

/** Each track's scripts (core/demo/scripted-agents.ts), from its published tasks, its key and its frozen bodies. */
async function scriptsOfTracks(run: DemoRun): Promise<Result<Record<TrackName, ScriptedAgent[]>>> {
  const scriptsOf = {} as Record<TrackName, ScriptedAgent[]>;
  for (const track of DEMO_TRACKS) {
    const problems = new Problems();
    const corpus = loadCorpus(await readCorpusTree(run.corpusDir[track]), problems);
    const tasks = parseTasks(corpus.tasks, problems);
    const key = parseKey(corpus.key, problems);
    const definition = TRACKS[track];
    if (!definition || problems.list.length > 0)
      return fail('DEMO_CORPUS_UNREADABLE', `the ${track} track of ${run.seasonDir} cannot be read`, {
        problems: problems.list.map((p) => `${p.code} ${p.message}`),
      });
    scriptsOf[track] = scriptTrack({
      definition,
      tasks,
      key,
      lookup: (path) => corpus.bodies.get(path)?.value,
      withFault: track === FAULT_TRACK,
    });
  }
  return ok(scriptsOf);
}

/**
 * The five scripted agents: each signs up, binds a DID and enrolls once for the season with the season service, then
 * plays its script on both tracks, as one participant per track.
 */
export async function enrollDemoAgents(run: DemoRun): Promise<Result<Participant[]>> {
  const scripts = await scriptsOfTracks(run);
  if (!scripts.ok) return scripts;
  const participants: Participant[] = [];
  for (const [i, agent] of DEMO_AGENTS.entries()) {
    const k = await participantKey(run.devnet.info.trust_layer, `${agent}@demo.example.org`);
    const name = DEMO_AGENT_NAMES[agent];
    const enrolled = await seasonCall(
      run.devnet,
      run.season,
      'enroll',
      { 'X-Api-Key': k.apiKey },
      JSON.stringify({ agent_name: name, declared_stack: 'a scripted demo participant' }),
    );
    if (enrolled.status !== 201)
      return fail('DEMO_ENROLL_REFUSED', `the season service refused ${name}: ${JSON.stringify(enrolled.json)}`);
    for (const track of DEMO_TRACKS) {
      const script = scripts.value[track].find((s) => s.agent === agent) as ScriptedAgent;
      participants.push({
        ...script,
        track,
        did: k.did,
        apiKey: k.apiKey,
        participantId: enrolled.json['participant_id'] as string,
        seasonToken: enrolled.json['season_token'] as string,
      });
    }
    run.emit('enroll', `${name} enrolled`, i + 1, DEMO_AGENTS.length);
  }
  return ok(participants);
}
