import { parseTasks } from '../corpus/parse-tasks-and-key.ts';
import { Problems } from '../corpus/problems.ts';
import { isPyObject, type PyJson } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import { INTAKE_VERDICT_SETS, type VerdictSet } from './verdicts.ts';

/** A task's published assertion bounds (spec §5.5; tasks.json `min_assertions`, `cap_assertions`). */
export interface IntakeTask {
  minAssertions: number;
  capAssertions: number;
}

/** What intake knows of one track: its name, its verdict set and its published tasks. Plain data. */
export interface IntakeTrack {
  track: string;
  verdicts: VerdictSet;
  tasks: ReadonlyMap<string, IntakeTask>;
}

/**
 * What intake checks a submission against: the season it is sent to, the DID enrolled with the season token that
 * sent it (spec §3 step 3), and the season's tracks by name. Nothing here is secret or scorer data: the task graph,
 * the probative fields and the answer key are questions for the close (spec §4 "rejected at close").
 */
export interface IntakeContext {
  season: number;
  enrolledDid: string;
  tracks: ReadonlyMap<string, IntakeTrack>;
}

/** Why an intake track could not be built: operator set-up, never a participant's fault. */
export type IntakeSetupCode =
  'INTAKE_SETUP_UNKNOWN_TRACK' | 'INTAKE_SETUP_TASKS_MISMATCH' | 'INTAKE_SETUP_TASKS_INVALID';

export interface IntakeTrackInput {
  season: number;
  /** The track name, as season.json and tasks.json give it. */
  track: string;
  /** The track's published tasks.json, as `loads` read it. */
  tasks: PyJson;
}

/**
 * Builds a track's intake data from its published tasks.json (read with `parseTasks`, the corpus reader) and the
 * track's verdict set (`INTAKE_VERDICT_SETS`). tasks.json must name the same season and track, hold at least one task,
 * unique ids, and bounds with minimum <= cap.
 */
export function buildIntakeTrack(input: IntakeTrackInput): Result<IntakeTrack, IntakeSetupCode> {
  const verdicts = Object.hasOwn(INTAKE_VERDICT_SETS, input.track) ? INTAKE_VERDICT_SETS[input.track] : undefined;
  if (verdicts === undefined) {
    return fail(
      'INTAKE_SETUP_UNKNOWN_TRACK',
      `no verdict set is known for track "${input.track}": intake knows ${Object.keys(INTAKE_VERDICT_SETS).join(', ')}`,
      { track: input.track },
    );
  }
  const document = input.tasks;
  const season = isPyObject(document) ? document['season'] : undefined;
  const track = isPyObject(document) ? document['track'] : undefined;
  if (season !== BigInt(input.season) || track !== input.track) {
    return fail(
      'INTAKE_SETUP_TASKS_MISMATCH',
      `tasks.json must name season ${input.season} and track "${input.track}": load the tasks of this season's track`,
      { season: input.season, track: input.track },
    );
  }
  const problems = new Problems();
  const parsed = parseTasks(document, problems);
  const tasks = new Map<string, IntakeTask>();
  for (const task of parsed) {
    if (tasks.has(task.id)) problems.add('CORPUS_TASK_IDS', `task id ${task.id} appears twice`, { id: task.id });
    if (task.min > task.cap) {
      problems.add('CORPUS_TASK_BOUNDS', `task ${task.id}: min_assertions ${task.min} > cap_assertions ${task.cap}`, {
        id: task.id,
      });
    }
    tasks.set(task.id, { minAssertions: task.min, capAssertions: task.cap });
  }
  if (problems.list.length > 0 || tasks.size === 0) {
    return fail(
      'INTAKE_SETUP_TASKS_INVALID',
      `tasks.json of track "${input.track}" cannot drive intake (${problems.list.map((p) => p.message).join('; ') || 'no task'}): run proveit corpus check on the track folder`,
      { track: input.track, problems: problems.list },
    );
  }
  return ok({ track: input.track, verdicts, tasks });
}

/** The context for one season and one enrolled participant; a track listed twice keeps its last entry. */
export function buildIntakeContext(season: number, enrolledDid: string, tracks: readonly IntakeTrack[]): IntakeContext {
  return { season, enrolledDid, tracks: new Map(tracks.map((t) => [t.track, t])) };
}
