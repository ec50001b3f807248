import { jsonEquals } from '../json/json-equals.ts';
import type { ParsedFact } from '../corpus/parse-tasks-and-key.ts';
import type { AssessedAssertion, ScoredTask } from './model.ts';

/**
 * The grounding facts no supported assertion carries (spec §5.7 "grounded verdict"): a fact is carried when a
 * supported assertion has its (resource, field, value), in the main form or one of its equivalent forms, under
 * type-strict equality.
 */
export function missingFacts(
  facts: readonly ParsedFact[],
  assertions: readonly AssessedAssertion[],
): ScoredTask['missingFacts'] {
  const supported = assertions.filter((a) => a.status === 'supported');
  return facts
    .filter(
      (fact) =>
        !supported.some((a) =>
          [fact, ...fact.forms].some(
            (form) => form.resource === a.resource && form.field === a.field && jsonEquals(form.value, a.value),
          ),
        ),
    )
    .map((fact) => ({ fact: fact.fact, resource: fact.resource, field: fact.field, value: fact.value }));
}
