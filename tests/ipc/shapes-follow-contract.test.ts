import { describe, expect, it } from 'vitest';
import type { ArgsOf } from '../../main/ipc/contract.ts';
import { SHAPES, type ExtraRules, type ShapeOf } from '../../main/ipc/validate-call.ts';

// Type-level guards (npm run typecheck compiles tests/): a shape that drifts from its channel's arguments in the
// contract stops this file, and main/ipc/validate-call.ts, from compiling.
const rule = () => null;
const noExtra = <S, A>(_extra: [ExtraRules<S, A>] extends [never] ? true : false) => _extra;

describe('argument rules derived from the contract', () => {
  it('a rule missing, an optional field marked required or a stray rule does not typecheck', () => {
    // @ts-expect-error 'reason' is required by dispute.decide and has no rule
    const missing: ShapeOf<ArgsOf<'dispute.decide'>> = {
      dispute_id: rule,
      decision: rule,
      'reviewer?': rule,
      'change?': rule,
    };
    // @ts-expect-error 'reviewer' is optional in the contract: its rule is 'reviewer?'
    const required: ShapeOf<ArgsOf<'dispute.review'>> = { dispute_id: rule, reviewer: rule };
    // @ts-expect-error the arguments of freeze.view have no 'path'
    const stray: ShapeOf<ArgsOf<'freeze.view'>> = { season: rule, track: rule, path: rule };
    const _spread = { season: rule, track: rule };
    // @ts-expect-error a stray rule brought in by a spread is found too
    noExtra<typeof _spread & { path: typeof rule }, ArgsOf<'freeze.view'>>(true);
    expect([missing, required, stray].length).toBe(3);
  });

  it('every channel of the contract has its rules', () => {
    expect(Object.keys(SHAPES['dispute.decide']).sort()).toEqual(
      ['change?', 'decision', 'dispute_id', 'reason', 'reviewer?'].sort(),
    );
  });
});
