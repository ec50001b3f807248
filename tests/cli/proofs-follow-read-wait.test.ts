import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProofsFollowCommand } from '../../main/cli/proofs-follow.ts';
import type { FollowCycleLine } from '../../main/core/follow/model.ts';
import { systemClock, type Clock } from '../../main/services/clock.ts';
import { DURING, startCloseDevnet, type CloseDevnet } from '../services/close/support/close-devnet.ts';
import { submissionDocument } from '../services/close/support/submission-document.ts';
import { captureIo } from '../support/capture-io.ts';

/**
 * Issue 36 item 5: "a follower that has used the hour's reads prints nothing while it waits". The hour is shrunk to a
 * read limit of 1, so the follower's three views (the freeze proof and the two Ana cites) take two waits of an hour.
 */

/** The read timeout the follow is given: its deadline timer (two of them) is the one wait the clock does not jump. */
const REQUEST_TIMEOUT_MS = 10_001;

/**
 * Every wait moves the devnet's clock at once (the follower's 30 s slices of an hour's wait: no real waiting), except
 * a read's deadline timer (2 x REQUEST_TIMEOUT_MS from its reservation, the clock standing still while it is read),
 * which its answer cancels: jumping it would cut the read short.
 */
class JumpingClock implements Clock {
  sleeps = 0;
  constructor(private readonly net: CloseDevnet) {}
  readonly now = () => this.net.clock.now();
  readonly sleep = async (ms: number, signal?: AbortSignal) => {
    if (ms === 2 * REQUEST_TIMEOUT_MS) return systemClock.sleep(ms, signal);
    if (signal?.aborted) return;
    this.sleeps++;
    this.net.clock.set(this.net.clock.now() + Math.max(0, ms));
  };
}

let net: CloseDevnet;
const ENTITY = ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595'] as const;
const ATTESTATION = ['/attestations/ATT-93595', '/existe', false] as const;

beforeAll(async () => {
  net = await startCloseDevnet('follow-read-wait-');
  net.clock.set(DURING);
  const ana = await net.enroll('ana');
  const entity = await ana.read(ENTITY[0]);
  const attestation = await ana.read(ATTESTATION[0]);
  await net.devnet.closeBatch();
  const submitted = await ana.submit(
    submissionDocument(ana, 'conf-01', 'indeterminable', [
      [...ENTITY, entity],
      [...ATTESTATION, attestation],
    ]),
  );
  if (submitted.status !== 201 && submitted.status !== 200)
    throw new Error(`submission refused: ${JSON.stringify(submitted.json)}`);
}, 120_000);

afterAll(async () => {
  await net?.close();
});

const followArgs = () => [
  ...['--season-url', net.devnet.info.season, '--operator-token-file', net.operatorTokenFile],
  ...['--trust-layer', net.devnet.info.trust_layer, '--db', net.dbFile, '--trust', net.devnet.info.trust_bundle],
  ...['--season', '1', '--cycles', '1', '--batch-size', '1'],
];

const readSettings = {
  limit: 1,
  safetyMarginMs: 0,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  backoff: { attempts: 1, firstDelayMs: 0, maxDelayMs: 0 },
};

describe('proveit proofs follow while the read limit is spent', () => {
  it("a follower that has used the hour's reads prints when its next read is allowed, once per wait, in --json as a read_wait event", async () => {
    const clock = new JumpingClock(net);
    const started = clock.now();
    const command = createProofsFollowCommand(clock, readSettings);
    const io = captureIo();
    const code = await command.run([...followArgs(), '--json'], io);
    expect(code, io.stderr).toBe(0);
    const lines = io.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const waits = lines.filter((l) => l.event === 'read_wait');
    const cycles = lines.filter((l) => !('event' in l)) as unknown as FollowCycleLine[];
    // Three views, one read an hour: a wait before the second read and one before the third, each said once although
    // the follower slept in 30 s slices (120 of them an hour).
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ reads_this_cycle: 3, not_yet_read: 0 });
    expect(clock.sleeps).toBeGreaterThanOrEqual(240);
    expect(waits).toEqual([
      {
        event: 'read_wait',
        at: new Date(started).toISOString(),
        season: 1,
        reads_used: 1,
        read_limit: 1,
        window_seconds: 3600,
        next_read_at: new Date(started + 3_600_000).toISOString(),
        wait_seconds: 3600,
      },
      {
        event: 'read_wait',
        at: new Date(started + 3_600_000).toISOString(),
        season: 1,
        reads_used: 1,
        read_limit: 1,
        window_seconds: 3600,
        next_read_at: new Date(started + 7_200_000).toISOString(),
        wait_seconds: 3600,
      },
    ]);
    // The events come before the cycle's line: the cycle is printed when it ends.
    expect(lines.at(-1)).toBe(cycles[0]);
  });

  it("in text mode the wait is one line beside the cycle lines: reads used this hour, the next read's time and how long until it", async () => {
    // Two new citations, two hours after the last read (its window free again): one read, one wait, one read.
    net.clock.set(net.clock.now() + 7_200_000);
    const ana = await net.enroll('ana-again');
    const proof = await ana.read(ENTITY[0]);
    const other = await ana.read(ATTESTATION[0]);
    await net.devnet.closeBatch();
    await ana.submit(
      submissionDocument(ana, 'conf-01', 'indeterminable', [
        [...ENTITY, proof],
        [...ATTESTATION, other],
      ]),
    );
    const clock = new JumpingClock(net);
    const started = clock.now();
    const io = captureIo();
    const code = await createProofsFollowCommand(clock, readSettings).run(followArgs(), io);
    expect(code, io.stderr).toBe(0);
    const out = io.stdout.split('\n').filter((l) => l !== '');
    expect(out).toEqual([
      `waiting: 1 read used this hour; next read at ${new Date(started + 3_600_000).toISOString()} (in 1h 00m)`,
      expect.stringMatching(/^cycle \d+ at .*: 4 cited, 2 read now, 2 cached, .*2 read\(s\) this cycle/),
    ]);
  });
});
