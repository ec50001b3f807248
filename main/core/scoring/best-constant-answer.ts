import { compareCodePoints } from '../json/code-point-order.ts';
import type { ParsedKeyTask } from '../corpus/parse-tasks-and-key.ts';
import type { TrackScore } from './model.ts';

/**
 * The fixed "best constant answer" row (spec §7.2): the verdict the key gives most often, and how many tasks
 * answering it everywhere gets right (4/10 for season 1 compliance). Ties go to the first verdict in code-point order.
 */
export function bestConstantAnswer(key: readonly ParsedKeyTask[]): TrackScore['bestConstantAnswer'] {
  const counts = new Map<string, number>();
  for (const task of key) counts.set(task.verdict, (counts.get(task.verdict) ?? 0) + 1);
  const [verdict, exact] = [...counts].sort((a, b) => b[1] - a[1] || compareCodePoints(a[0], b[0]))[0] ?? ['', 0];
  return { verdict, exact, outOf: key.length };
}
