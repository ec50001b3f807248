import { describe, expect, it } from 'vitest';
import type { ArgsOf } from '../../main/ipc/contract.ts';
import {
  exactShapes,
  SHAPES,
  type ChannelShapes,
  type ExtraRules,
  type ShapeOf,
} from '../../main/ipc/validate-call.ts';

// Type-level guards (npm run typecheck compiles tests/): a shape that drifts from its channel's arguments in the
// contract stops this file, and main/ipc/validate-call.ts, from compiling. Each wrong table sits beside the right one
// it differs from, so an error expected comes from the one difference and not from something else.
const rule = () => null;
const noExtra = <S, A>(_extra: [ExtraRules<S, A>] extends [never] ? true : false) => _extra;

describe('argument rules derived from the contract', () => {
  it('a rule missing, an optional field marked required or a stray rule does not typecheck', () => {
    const right: ShapeOf<ArgsOf<'dispute.decide'>> = {
      dispute_id: rule,
      decision: rule,
      reason: rule,
      'reviewer?': rule,
      'change?': rule,
    };
    // @ts-expect-error 'reason' is required by dispute.decide and has no rule
    const missing: ShapeOf<ArgsOf<'dispute.decide'>> = {
      dispute_id: rule,
      decision: rule,
      'reviewer?': rule,
      'change?': rule,
    };
    // @ts-expect-error 'reviewer' is optional in the contract: its rule is 'reviewer?'
    const required: ShapeOf<ArgsOf<'dispute.review'>> = { dispute_id: rule, reviewer: rule };
    // @ts-expect-error 'dispute_id' is required in the contract: its rule is 'dispute_id', without '?'
    const optional: ShapeOf<ArgsOf<'dispute.review'>> = { 'dispute_id?': rule, 'reviewer?': rule };
    // @ts-expect-error the arguments of freeze.view have no 'path'
    const stray: ShapeOf<ArgsOf<'freeze.view'>> = { season: rule, track: rule, path: rule };
    const _spread = { season: rule, track: rule };
    noExtra<typeof _spread, ArgsOf<'freeze.view'>>(true);
    // @ts-expect-error a stray rule brought in by a spread is found too
    noExtra<typeof _spread & { path: typeof rule }, ArgsOf<'freeze.view'>>(true);
    expect([right, missing, required, optional, stray].map((shape) => Object.keys(shape).length)).toEqual([
      5, 4, 2, 2, 3,
    ]);
  });

  it('a table without a channel, or with a rule for a channel that takes no arguments, does not typecheck', () => {
    const every = {} as ChannelShapes;
    expect(exactShapes(every)).toBe(every);
    // @ts-expect-error jobs.list has no entry
    const withoutOne: ChannelShapes = {} as Omit<ChannelShapes, 'jobs.list'>;
    // @ts-expect-error jobs.list takes no arguments: a rule for 'stray' is refused
    const strayInEmpty = exactShapes({ ...every, 'jobs.list': { stray: rule } });
    expect(exactShapes({ ...every, 'jobs.list': {} })['jobs.list']).toEqual({});
    expect([withoutOne, strayInEmpty]).toHaveLength(2);
  });

  it('every channel of the contract has its rules', () => {
    expect(Object.keys(SHAPES['dispute.decide']).sort()).toEqual(
      ['change?', 'decision', 'dispute_id', 'reason', 'reviewer?'].sort(),
    );
  });
});
