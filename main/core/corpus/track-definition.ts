import type { PyJson } from '../json/value.ts';
import type { Failure, Result } from '../result.ts';
import type { CollectionReferences } from './collection-references.ts';
import type { TrackName } from './model.ts';
import type { ParsedKeyTask } from './parse-tasks-and-key.ts';
import type { CriterionOutcome, Lookup } from './solver-support.ts';
import type { DerivedGraph } from './task-graph.ts';

export interface SolverResult {
  verdict: string;
  criteria: CriterionOutcome[];
}

/** Fields an existing record of a collection must carry because a criterion consumes them (spec §5.7). */
export interface RequiredFields {
  fields: readonly string[];
  /** For paged lists: the fields every element of `entrees` must carry. */
  entryFields?: readonly string[];
}

/** What `corpus check` needs to know about a track: its collections, probative fields, verdicts and solver. */
export interface TrackDefinition {
  name: TrackName;
  rulesVersion: string;
  taskPrefix: string;
  collections: readonly string[];
  /** The shape of each collection's references and its absence body (spec §2.5), one per collection. */
  references: readonly CollectionReferences[];
  verdicts: readonly string[];
  /** Admissible pointers per collection; `<n>` is an array index, `<*>` any single member name. */
  probative: Record<string, readonly string[]>;
  required: Record<string, RequiredFields>;
  /** Whether a key's verdict belongs to the track's verdict set (spec §5.3, §6.3). */
  isVerdict(verdict: string, lookup: Lookup): boolean;
  /** Keys of a task's `target` the solver reads. */
  targetKeys: readonly string[];
  /** The published breakdown of expected verdicts (spec §5.5, §6.5): problems, if any. */
  checkBreakdown(tasks: readonly ParsedKeyTask[], lookup: Lookup): Failure[];
  /**
   * For a claim on a common resource (spec §5.2): whether it bears on an entry that concerns the task's target. Own
   * resources and record-level fields answer true.
   */
  concernsTarget(lookup: Lookup, target: Record<string, string>, resource: string, field: string): boolean;
  /** The task graph a target implies in the served bodies (spec §5.2); tasks.json's graph must equal it. */
  taskGraph(lookup: Lookup, referentiel: PyJson, target: Record<string, string>): DerivedGraph;
  solve(lookup: Lookup, referentiel: PyJson, target: Record<string, string>): Result<SolverResult>;
}

/** A pattern's regular expression: `<n>` an array index as JSON Pointer writes it, `<*>` any one key. */
function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(<n>|<\*>)/)
    .map((part) =>
      part === '<n>' ? '(0|[1-9][0-9]*)' : part === '<*>' ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/** Compiled once per pattern: a close matches some sixty thousand assertions against a dozen patterns. */
const compiled = new Map<string, RegExp>();

/** Matches a pointer against the admissible patterns of a collection. */
export function isProbative(patterns: readonly string[], pointer: string): boolean {
  return patterns.some((pattern) => {
    let regexp = compiled.get(pattern);
    if (regexp === undefined) {
      regexp = patternRegExp(pattern);
      compiled.set(pattern, regexp);
    }
    return regexp.test(pointer);
  });
}
