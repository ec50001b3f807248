import { describe, expect, it } from 'vitest';
import { planReads, type CachedView, type PlanInput } from '../../../main/core/proofs-plan/plan-reads.ts';

const id = (n: number) => `prf_20261001_120000_${n.toString(16).padStart(6, '0')}`;
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => id(from + i));
const NOW = 1_000_000;

function input(over: Partial<PlanInput>): PlanInput {
  return {
    needed: [],
    cached: new Map(),
    ledger: { readTimes: [], embargoUntil: null },
    rule: { limit: 100, windowMs: 3_600_000 },
    pendingRecheckMs: 600_000,
    now: NOW,
    ...over,
  };
}

describe('planning proof reads', () => {
  it('N uncached proofs take ceil(N/50) calls of 50, the last one holding the rest', () => {
    for (const n of [1, 49, 50, 51, 100, 149, 1234]) {
      const plan = planReads(input({ needed: ids(0, n) }));
      expect(plan.reads.length).toBe(Math.ceil(n / 50));
      expect(plan.reads.slice(0, -1).every((r) => r.ids.length === 50)).toBe(true);
      expect(plan.reads.flatMap((r) => r.ids)).toEqual(ids(0, n));
    }
  });

  it('35 proofs per participant are packed across participants, not one call each', () => {
    const participants = Array.from({ length: 10 }, (_, p) => ids(p * 35, 35));
    const plan = planReads(input({ needed: participants.flat() }));
    expect(plan.reads.length).toBe(7);
  });

  it('repeats across participants are read once', () => {
    const plan = planReads(input({ needed: [...ids(0, 30), ...ids(10, 30)] }));
    expect(plan.total).toBe(40);
    expect(plan.reads.map((r) => r.ids.length)).toEqual([40]);
  });

  it('anchored views in the store are never planned again, however old', () => {
    const cached = new Map<string, CachedView>(ids(0, 60).map((x) => [x, { status: 'anchored', lastReadAt: 0 }]));
    const plan = planReads(input({ needed: ids(0, 70), cached }));
    expect(plan.anchored).toBe(60);
    expect(plan.reads.flatMap((r) => r.ids)).toEqual(ids(60, 10));
  });

  it('a null answer (absent) is not retried as if transient', () => {
    const cached = new Map<string, CachedView>([[id(1), { status: 'absent', lastReadAt: 0 }]]);
    const plan = planReads(input({ needed: [id(1)], cached }));
    expect(plan).toMatchObject({ absent: 1, reads: [] });
  });

  it('a null answer read before the recheck limit is read again on the pending schedule, then once after it, then never', () => {
    const until = NOW + 3_600_000;
    const cached = new Map<string, CachedView>([
      [id(1), { status: 'absent', lastReadAt: NOW - 600_000 }],
      [id(2), { status: 'absent', lastReadAt: NOW - 10 }],
      [id(3), { status: 'absent', lastReadAt: until }],
    ]);
    const plan = planReads(input({ needed: [id(1), id(2), id(3)], cached, absentRecheckUntil: until }));
    expect(plan.absent).toBe(3);
    expect(plan.reads.flatMap((r) => r.ids)).toEqual([id(1)]);
    expect(plan.waiting).toEqual([{ id: id(2), status: 'absent', dueAt: NOW - 10 + 600_000 }]);
  });

  it('a pending view is read again only once its recheck time has come', () => {
    const cached = new Map<string, CachedView>([
      [id(1), { status: 'pending', lastReadAt: NOW - 599_999 }],
      [id(2), { status: 'pending', lastReadAt: NOW - 600_000 }],
      [id(3), { status: 'refused', lastReadAt: NOW - 10 }],
    ]);
    const plan = planReads(input({ needed: ids(1, 3), cached }));
    expect(plan.reads.flatMap((r) => r.ids)).toEqual([id(2)]);
    expect(plan.waiting.map((w) => [w.id, w.dueAt])).toEqual([
      [id(1), NOW + 1],
      [id(3), NOW + 599_990],
    ]);
    expect(plan.nextRecheckAt).toBe(NOW + 1);
  });

  it('calls beyond what is left in the window are scheduled when the oldest reads leave it', () => {
    const readTimes = Array.from({ length: 98 }, (_, i) => NOW - 3_000_000 + i * 1_000);
    const plan = planReads(input({ needed: ids(0, 250), ledger: { readTimes, embargoUntil: null } }));
    expect(plan.window).toEqual({ used: 98, left: 2 });
    expect(plan.reads.map((r) => r.notBefore)).toEqual([
      NOW,
      NOW,
      readTimes[0]! + 3_600_000,
      readTimes[1]! + 3_600_000,
      readTimes[2]! + 3_600_000,
    ]);
    expect(plan.earliestStart).toBe(NOW);
    expect(plan.eta).toBe(readTimes[2]! + 3_600_000);
  });

  it('a recorded 429 embargo delays the first call', () => {
    const plan = planReads(input({ needed: ids(0, 1), ledger: { readTimes: [], embargoUntil: NOW + 30_000 } }));
    expect(plan.earliestStart).toBe(NOW + 30_000);
  });

  it('a batch size above the Trust Layer maximum of 50 is refused', () => {
    expect(() => planReads(input({ batchSize: 51 }))).toThrow(RangeError);
  });
});
