import { describe, expect, it } from 'vitest';
import { buildIntakeContext, buildIntakeTrack } from '../../../main/core/intake/context.ts';
import { INTAKE_VERDICT_SETS } from '../../../main/core/intake/verdicts.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import type { PyJson } from '../../../main/core/json/value.ts';
import { demoSeasonJson, demoTrack, ENROLLED_DID } from './support/season-1.ts';

const json = (text: string): PyJson => {
  const read = loadsText(text);
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
};

/** A tasks.json with the given task entries (each a JSON object text). */
const tasksJson = (track: string, ...tasks: string[]) =>
  json(`{"season": 1, "track": "${track}", "tasks": [${tasks.join(',')}]}`);
const task = (id: string, min: string, cap: string) =>
  `{"id": "${id}", "prompt": "p", "target": {}, "min_assertions": ${min}, "cap_assertions": ${cap}, "graph": [], "own_resources": []}`;

describe('buildIntakeTrack: a track from its published tasks.json', () => {
  it('reads the demo season bounds of spec §5.5 for both tracks (conf-05: minimum 4, cap 8)', () => {
    for (const track of ['conformite', 'generique'] as const) {
      const built = demoTrack(track);
      const prefix = track === 'conformite' ? 'conf' : 'gen';
      expect([...built.tasks.keys()]).toEqual(
        Array.from({ length: 10 }, (_v, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`),
      );
      expect(built.tasks.get(`${prefix}-05`)).toEqual({ minAssertions: 4, capAssertions: 8 });
      expect(built.tasks.get(`${prefix}-01`)).toEqual({ minAssertions: 2, capAssertions: 4 });
      expect(built.verdicts).toBe(INTAKE_VERDICT_SETS[track]);
    }
  });

  it('keeps nothing but the bounds: the task graph stays scorer data', () => {
    expect(Object.keys(demoTrack('conformite').tasks.get('conf-01')!)).toEqual(['minAssertions', 'capAssertions']);
  });

  it('a track with no verdict set is refused with INTAKE_SETUP_UNKNOWN_TRACK', () => {
    const built = buildIntakeTrack({ season: 1, track: 'achats', tasks: tasksJson('achats', task('a-01', '1', '2')) });
    expect(!built.ok && built.error.code).toBe('INTAKE_SETUP_UNKNOWN_TRACK');
  });

  it('"__proto__" as a track name is an unknown track, not an inherited member', () => {
    const built = buildIntakeTrack({ season: 1, track: '__proto__', tasks: tasksJson('__proto__') });
    expect(!built.ok && built.error.code).toBe('INTAKE_SETUP_UNKNOWN_TRACK');
  });

  it('the tasks of the other track are refused with INTAKE_SETUP_TASKS_MISMATCH', () => {
    const built = buildIntakeTrack({ season: 1, track: 'generique', tasks: demoSeasonJson('conformite/tasks.json') });
    expect(!built.ok && built.error.code).toBe('INTAKE_SETUP_TASKS_MISMATCH');
  });

  it('tasks of another season are refused with INTAKE_SETUP_TASKS_MISMATCH', () => {
    const built = buildIntakeTrack({ season: 2, track: 'conformite', tasks: demoSeasonJson('conformite/tasks.json') });
    expect(!built.ok && built.error.code).toBe('INTAKE_SETUP_TASKS_MISMATCH');
  });

  it.each([
    ['a float bound', tasksJson('conformite', task('conf-01', '2.0', '4'))],
    ['a missing prompt', tasksJson('conformite', '{"id": "conf-01"}')],
    ['a minimum above the cap', tasksJson('conformite', task('conf-01', '5', '4'))],
    ['a task id listed twice', tasksJson('conformite', task('conf-01', '2', '4'), task('conf-01', '2', '4'))],
    ['no task', tasksJson('conformite')],
  ])('tasks.json with %s is refused with INTAKE_SETUP_TASKS_INVALID', (_name, tasks) => {
    const built = buildIntakeTrack({ season: 1, track: 'conformite', tasks });
    expect(!built.ok && built.error.code).toBe('INTAKE_SETUP_TASKS_INVALID');
    expect(!built.ok && built.error.message).toContain('proveit corpus check');
  });
});

describe('buildIntakeContext', () => {
  it('indexes the tracks by name with the season and the enrolled DID', () => {
    const context = buildIntakeContext(1, ENROLLED_DID, [demoTrack('conformite'), demoTrack('generique')]);
    expect(context.season).toBe(1);
    expect(context.enrolledDid).toBe(ENROLLED_DID);
    expect([...context.tracks.keys()]).toEqual(['conformite', 'generique']);
  });
});
