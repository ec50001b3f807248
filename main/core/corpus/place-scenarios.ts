import { ASSERTION_BOUNDS } from './model.ts';
import type { SeededStream } from './prng.ts';

/**
 * Places the ten scenarios on the ten task slots at random, under one constraint: a slot's assertion cap (spec §5.5)
 * must hold the scenario's grounding facts. The plan is fixed, its placement depends on the seed, so the public
 * generator does not reveal which task carries which trap in a season made from a secret seed.
 */
export function placeScenarios<S extends { groundingSize: number }>(rng: SeededStream, scenarios: readonly S[]): S[] {
  for (;;) {
    const order = rng.shuffle(scenarios);
    if (order.every((s, i) => s.groundingSize <= (ASSERTION_BOUNDS[i]?.[1] ?? 0))) return order;
  }
}
