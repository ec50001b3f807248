import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FollowCycleLine } from '../../main/core/follow/model.ts';
import { followCycles } from '../../main/db/follow-cycles.ts';
import { freezeInForceOf } from '../../main/db/freezes.ts';
import { storedViews } from '../../main/db/proof-views.ts';
import { ledgerRows, type LedgerRow } from '../../main/db/read-ledger.ts';
import {
  DURING,
  startCloseDevnet,
  type CloseDevnet,
  type Participant,
  type ReadProof,
} from '../services/close/support/close-devnet.ts';
import { submissionDocument } from '../services/close/support/submission-document.ts';
import { startReadGate } from '../services/proofs/support/read-gate.ts';

/**
 * docs/season-follow.md: `proveit proofs follow` as real processes (`node bin/proveit.mjs`) on one operator database,
 * against a devnet season with enrolled participants, their submissions and the compliance track's freeze in force.
 *
 * Two clocks meet here. The devnet (its Trust Layer, limiter, batches and season service) runs on the test's
 * VirtualClock, standing at DURING: submissions fall inside the window, and every proof is read and anchored at that
 * one instant. The followers run on the system clock: the ledger's reservations, its quota (--read-limit 100 per
 * --read-window 3600 s) and its claims (two --timeout) count in real time, and so does --until, which must be given
 * (the default, the latest closes_at plus two batch ages, is a date of the virtual season, not of this run); with
 * --season 1 the follower never compares the system clock with the window to find the season. --until is an hour
 * ahead and ends no follow here: a follower ends after its --cycles (docs/season-follow.md), a count the same on an
 * idle machine and a loaded one, or at the test's signal or kill; a follow ended by --until would make the test wait
 * a margin long enough for the slowest start, and fail when a start took longer. The devnet limiter
 * counts every read at the same virtual instant, so its window never slides: it would allow 100 reads in the life of
 * a devnet, and each test makes fewer than 10 on a devnet of its own. Every cited proof is anchored before a follower
 * sees it, so no view is pending or absent and no recheck or pending incident depends on the clocks meeting.
 */

const launcher = join(process.cwd(), 'bin/proveit.mjs');
/** Ids per read: small, so a cycle makes several reads and a kill can land between two of them. */
const BATCH = 3;
const SECOND = 1_000;
/** --until: far enough ahead that it ends no follower of a test (each ends at its --cycles, a signal or a kill). */
const UNTIL_AHEAD_MS = 3_600 * SECOND;
const CLAIM = ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595'] as const;

let net: CloseDevnet;
const running: ChildProcess[] = [];

beforeEach(async () => {
  net = await startCloseDevnet('follow-processes-');
  net.clock.set(DURING);
}, 120_000);

afterEach(async () => {
  // A test that failed half-way must not leave a follower reading a devnet that is going away.
  for (const child of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await net?.close();
});

interface Follower {
  child: ChildProcess;
  /** Once the process and its output streams are closed: its exit code, or the signal that ended it. */
  closed: Promise<[number | null, NodeJS.Signals | null]>;
  stdout(): string;
  stderr(): string;
  /** The --json cycle lines printed so far. */
  lines(): FollowCycleLine[];
  /** Resolves once n lines are printed; rejects if the process ends first. */
  printed(n: number): Promise<void>;
}

function follower(options: {
  /** --cycles: the follower ends by itself after them (none: only a signal or a kill ends it). */
  cycles?: number;
  everySeconds: number;
  trustLayer?: string;
  timeoutSeconds?: number;
  json?: boolean;
}): Follower {
  const { info } = net.devnet;
  const args = [
    ...['proofs', 'follow', '--season-url', info.season, '--operator-token-file', net.operatorTokenFile],
    ...['--trust-layer', options.trustLayer ?? info.trust_layer, '--db', net.dbFile, '--trust', info.trust_bundle],
    ...['--corpus', net.corpusDir, '--season', '1', '--until', new Date(Date.now() + UNTIL_AHEAD_MS).toISOString()],
    ...(options.cycles === undefined ? [] : ['--cycles', String(options.cycles)]),
    ...['--every', String(options.everySeconds), '--timeout', String(options.timeoutSeconds ?? 2)],
    ...['--batch-size', String(BATCH), '--read-limit', '100', '--read-window', '3600'],
    ...(options.json === false ? [] : ['--json']),
  ];
  const child = spawn(process.execPath, [launcher, ...args]);
  running.push(child);
  let stdout = '';
  let stderr = '';
  const waiters: { n: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  const count = () => stdout.split('\n').length - 1;
  const settle = () => {
    for (const w of waiters.filter((w) => count() >= w.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    settle();
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  void closed.then(() => {
    for (const w of waiters.splice(0)) w.reject(new Error(`the follower ended after ${count()} line(s): ${stderr}`));
  });
  return {
    child,
    closed,
    stdout: () => stdout,
    stderr: () => stderr,
    lines: () =>
      stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as FollowCycleLine),
    printed: (n) =>
      count() >= n ? Promise.resolve() : new Promise((resolve, reject) => waiters.push({ n, resolve, reject })),
  };
}

/** A participant who read `count` proofs of one corpus resource, all anchored, to cite in one assertion. */
async function reader(
  label: string,
  count: number,
): Promise<{ participant: Participant; ids: string[]; submit(): Promise<void> }> {
  const participant = await net.enroll(label);
  const proofs: ReadProof[] = [];
  for (let i = 0; i < count; i++) proofs.push(await participant.read(CLAIM[0]));
  await net.devnet.closeBatch();
  return {
    participant,
    ids: proofs.map((p) => p.proofId),
    async submit() {
      const document = submissionDocument(participant, 'conf-01', 'indeterminable', [[...CLAIM, proofs[0]!]]);
      document.assertions[0]!.proof_ids = proofs.map((p) => p.proofId);
      for (const p of proofs) document.disclosures[p.proofId] = p.disclosure;
      const answer = await participant.submit(document);
      expect(answer.json, JSON.stringify(answer.json)).toMatchObject({ recorded: true });
    },
  };
}

async function postProofsCalls(): Promise<number> {
  const stats = (await (await fetch(`${net.devnet.info.trust_layer}/_devnet/stats`)).json()) as {
    calls_per_endpoint: Record<string, number>;
  };
  return stats.calls_per_endpoint['POST /v1/proofs'] ?? 0;
}

/** The ids a follow reads: the cited ones and the freeze proof of the track (follow-cycle.ts reads it with them). */
function idsToRead(cited: string[]): string[] {
  return [...cited, freezeInForceOf(net.db, 1, 'conformite')!.proofId];
}

const answered = (rows: LedgerRow[], id: string) => rows.filter((r) => r.statusCode === 200 && r.proofIds.includes(id));
const readsOf = (lines: FollowCycleLine[]) => lines.reduce((n, l) => n + l.reads_this_cycle, 0);
const API_KEYS = [
  'cycle',
  'cited',
  'read_now',
  'cached',
  'pending',
  'reads_this_cycle',
  'reads_left_in_window',
  'next_cycle_at',
];

describe('proveit proofs follow as real processes on one database', () => {
  it('two followers started together never read one id twice: each id in one answered read, as many calls as reads', async () => {
    const citers = [await reader('ana', 4), await reader('bea', 4), await reader('cee', 4)];
    for (const c of citers) await c.submit();
    const cited = citers.flatMap((c) => c.ids);
    const ids = idsToRead(cited);
    const ledgerBefore = ledgerRows(net.db).length;
    const callsBefore = await postProofsCalls();

    // The gate lets no read through until both followers have claimed one: they surely read at the same time. The
    // first to claim waits there for the other's start, so its --timeout is longer than two starts can differ: with
    // 2 s, on a loaded machine its held read could time out and its own retry fill the barrier alone.
    // Three cycles each: the first reads (a cycle ends only once every id it needs is stored, by it or the other
    // follower: fetch-proofs.ts waits for the other's claims), the later ones find everything cached however soon
    // they come, so they come a quarter of a second apart.
    const gate = await startReadGate(net.devnet.info.trust_layer, { barrier: 2 });
    const both = [0, 1].map(() =>
      follower({ cycles: 3, everySeconds: 0.25, trustLayer: gate.url, timeoutSeconds: 20 }),
    );
    const ends = await Promise.all(both.map((f) => f.closed));
    await gate.close();
    expect(
      ends.map(([code]) => code),
      both.map((f) => f.stderr()).join('\n'),
    ).toEqual([0, 0]);

    const rows = ledgerRows(net.db).slice(ledgerBefore);
    // 13 ids (12 cited, the freeze proof), 3 a read: 5 reads, however the two followers shared them.
    expect(rows).toHaveLength(Math.ceil(ids.length / BATCH));
    expect(rows.map((r) => r.statusCode)).toEqual(rows.map(() => 200));
    for (const id of ids) expect(answered(rows, id), id).toHaveLength(1);
    expect(await postProofsCalls()).toBe(callsBefore + rows.length);
    expect(storedViews(net.db, cited).map((v) => v.status)).toEqual(cited.map(() => 'anchored'));

    for (const f of both) {
      const lines = f.lines();
      expect(lines).toHaveLength(3);
      for (const line of lines) expect(Object.keys(line).slice(0, API_KEYS.length)).toEqual(API_KEYS);
      expect(lines.at(-1)).toMatchObject({ cited: cited.length, cached: cited.length, next_cycle_at: null });
      expect(lines.every((l) => l.outcome === 'done' && l.not_yet_read === 0 && l.pending === 0)).toBe(true);
      // Each follower made some of the reads (the barrier), and the later cycles none: the views are cached.
      expect(readsOf(lines)).toBeGreaterThanOrEqual(1);
      expect(lines.slice(1).every((l) => l.reads_this_cycle === 0)).toBe(true);
    }
    expect(readsOf(both[0]!.lines()) + readsOf(both[1]!.lines())).toBe(rows.length);
    // Both recorded their cycles in the season's one sequence.
    expect(followCycles(net.db, 1).map((c) => c.cycle)).toEqual(
      [...both[0]!.lines(), ...both[1]!.lines()].map((l) => l.cycle).sort((a, b) => a - b),
    );
  }, 180_000);

  it('a follower killed with SIGKILL mid-cycle loses nothing and re-reads nothing: the restart reads only what was left', async () => {
    const ana = await reader('ana', 5);
    const bea = await reader('bea', 9);
    await ana.submit();
    const first = idsToRead(ana.ids);
    const ledgerBefore = ledgerRows(net.db).length;
    const callsBefore = await postProofsCalls();
    const firstReads = Math.ceil(first.length / BATCH);

    // The gate answers the reads of the first cycle and the first read of Bea's 9 ids, and holds the next one: the
    // kill lands with that read in flight, at the same point on any machine.
    const gate = await startReadGate(net.devnet.info.trust_layer, { pass: firstReads + 1 });
    const killed = follower({ everySeconds: 1, trustLayer: gate.url });
    await killed.printed(1);
    expect(killed.lines()[0]).toMatchObject({ cycle: 1, read_now: ana.ids.length, reads_this_cycle: firstReads });
    // Bea submits once the first cycle is over: a later cycle reads her ids (cycles in between read nothing).
    await bea.submit();
    await gate.held();
    killed.child.kill('SIGKILL');
    const [, signal] = await killed.closed;
    await gate.close();
    expect(signal).toBe('SIGKILL');

    const atKill = ledgerRows(net.db).slice(ledgerBefore);
    expect(atKill.map((r) => r.statusCode)).toEqual([...Array<number>(firstReads + 1).fill(200), null]);
    const held = atKill.at(-1)!.proofIds;
    const readBeforeKill = atKill.filter((r) => r.statusCode === 200).flatMap((r) => r.proofIds);
    // Nothing lost: every view answered before the kill is stored, and every cycle it printed is recorded.
    expect(storedViews(net.db, readBeforeKill).map((v) => v.status)).toEqual(readBeforeKill.map(() => 'anchored'));
    expect(storedViews(net.db, held)).toEqual([]);
    const printed = killed.lines();
    expect(followCycles(net.db, 1).map((c) => [c.cycle, c.readsThisCycle, c.cited])).toEqual(
      printed.map((l) => [l.cycle, l.reads_this_cycle, l.cited]),
    );

    // Its first cycle ends once it read the held ids, their claim expired; the two after it find everything cached.
    const restart = follower({ cycles: 3, everySeconds: 0.25 });
    const [code] = await restart.closed;
    expect(code, restart.stderr()).toBe(0);
    const lines = restart.lines();
    expect(lines).toHaveLength(3);
    const cited = [...ana.ids, ...bea.ids];
    const leftUnread = cited.filter((id) => !readBeforeKill.includes(id));
    expect(lines[0]).toMatchObject({
      cycle: printed.length + 1,
      cited: cited.length,
      cached: cited.length - leftUnread.length,
      read_now: leftUnread.length,
      reads_this_cycle: Math.ceil(leftUnread.length / BATCH),
      not_yet_read: 0,
      outcome: 'done',
    });
    expect(lines.slice(1).every((l) => l.reads_this_cycle === 0)).toBe(true);

    // Nothing read again: each id in exactly one answered read; the held read's ids read once its claim expired.
    const rows = ledgerRows(net.db).slice(ledgerBefore);
    for (const id of [...first, ...bea.ids]) expect(answered(rows, id), id).toHaveLength(1);
    const heldClaim = atKill.at(-1)!.claimedUntil!;
    for (const id of held) {
      expect(rows.filter((r) => r.proofIds.includes(id)).map((r) => r.statusCode)).toEqual([null, 200]);
      expect(answered(rows, id)[0]!.at).toBeGreaterThanOrEqual(heldClaim);
    }
    expect(storedViews(net.db, cited).map((v) => v.status)).toEqual(cited.map(() => 'anchored'));
    // The held read never reached the devnet: it received exactly the answered reads.
    expect(await postProofsCalls()).toBe(callsBefore + rows.filter((r) => r.statusCode === 200).length);
  }, 180_000);

  it('SIGTERM between cycles stops the follower cleanly (exit 0, "stopped"), and the next run reads only what is new', async () => {
    const ana = await reader('ana', 4);
    const bea = await reader('bea', 5);
    await ana.submit();
    const first = idsToRead(ana.ids);
    const ledgerBefore = ledgerRows(net.db).length;

    // A cycle every 10 minutes: once the first cycle's line is printed, the follower waits for the next one, and the
    // signal lands in that wait.
    const stopped = follower({ everySeconds: 600, json: false });
    await stopped.printed(1);
    expect(stopped.stdout()).toMatch(/^cycle 1 at .*: 4 cited, 4 read now, 0 cached/);
    stopped.child.kill('SIGTERM');
    const [code, signal] = await stopped.closed;
    expect([code, signal]).toEqual([0, null]);
    expect(stopped.stderr()).toContain('proveit proofs follow: stopped');
    expect(
      stopped
        .stdout()
        .split('\n')
        .filter((l) => l !== ''),
    ).toHaveLength(1);
    expect(followCycles(net.db, 1).map((c) => [c.cycle, c.outcome, c.readNow])).toEqual([[1, 'done', 4]]);

    await bea.submit();
    const resumed = follower({ everySeconds: 600 });
    await resumed.printed(1);
    resumed.child.kill('SIGTERM');
    expect((await resumed.closed)[0]).toBe(0);
    expect(resumed.lines()).toMatchObject([
      { cycle: 2, cited: 9, cached: 4, read_now: 5, reads_this_cycle: Math.ceil(5 / BATCH), not_yet_read: 0 },
    ]);
    const rows = ledgerRows(net.db).slice(ledgerBefore);
    expect(rows).toHaveLength(Math.ceil(first.length / BATCH) + Math.ceil(5 / BATCH));
    for (const id of [...first, ...bea.ids]) expect(answered(rows, id), id).toHaveLength(1);
  }, 180_000);
});
