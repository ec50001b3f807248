import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProofsFollowCommand } from '../../../main/cli/proofs-follow.ts';
import type { FollowCycleLine } from '../../../main/core/follow/model.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { systemClock, type Clock } from '../../../main/services/clock.ts';
import { followSeason } from '../../../main/services/follow/follow-season.ts';
import type { FollowInput } from '../../../main/services/follow/follow-input.ts';
import { readSeasonExport } from '../../../main/services/season-export/read-export.ts';
import { announcedReceiptKey } from '../../../main/services/receipts/announced-receipt-key.ts';
import { readFileSync } from 'node:fs';
import {
  CLOSES_AT,
  DURING,
  startCloseDevnet,
  type CloseDevnet,
  type Participant,
} from '../close/support/close-devnet.ts';
import { submissionDocument } from '../close/support/submission-document.ts';
import { captureIo } from '../../support/capture-io.ts';

/**
 * The follow loop on a clock the test moves: a wait between cycles (600 s) moves the clock at once; a shorter one (a
 * read's deadline timer, which its answer cancels) is the system's, so a read is never cut short.
 */
class SteppingClock implements Clock {
  /** What happens in the world during the next wait between cycles (participants reading and submitting). */
  meanwhile: (() => Promise<void>) | null = null;
  constructor(private readonly net: CloseDevnet) {}
  readonly now = () => this.net.clock.now();
  readonly sleep = async (ms: number, signal?: AbortSignal) => {
    if (ms < 60_000) return systemClock.sleep(ms, signal);
    const meanwhile = this.meanwhile;
    this.meanwhile = null;
    await meanwhile?.();
    this.net.clock.set(this.net.clock.now() + ms);
  };
}

let net: CloseDevnet;
let ana: Participant;
let serviceKey: string;
const MINUTE = 60_000;
const ENTITY = ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595'] as const;
const ATTESTATION = ['/attestations/ATT-93595', '/existe', false] as const;

function input(more: Partial<FollowInput>): FollowInput {
  const token = readFileSync(net.operatorTokenFile, 'utf8').trim();
  return {
    db: net.db,
    http: net.http,
    clock: new SteppingClock(net),
    season: 1,
    readExport: () => readSeasonExport(net.devnet.info.season, 1, token),
    serviceKey,
    trustLayerUrl: net.devnet.info.trust_layer,
    trustDir: net.devnet.info.trust_bundle,
    corpusDirOf: () => net.corpusDir,
    actor: 'follow-test',
    readSettings: { requestTimeoutMs: 10_000, backoff: { attempts: 1, firstDelayMs: 0, maxDelayMs: 0 } },
    ...more,
  };
}

beforeAll(async () => {
  net = await startCloseDevnet('follow-loop-');
  net.clock.set(DURING);
  const key = await announcedReceiptKey(net.devnet.info.season, 1, 'test');
  if (!key.ok) throw new Error(key.error.message);
  serviceKey = key.value;
  ana = await net.enroll('ana');
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('the follow loop', () => {
  it('runs a cycle every --every until --until, the last one at --until itself, and reads what was cited since the last cycle', async () => {
    const lines: FollowCycleLine[] = [];
    const start = net.clock.now();
    const clock = new SteppingClock(net);
    // Between the first cycle and the second, Ana reads twice, her batch anchors, and she submits.
    clock.meanwhile = async () => {
      const entity = await ana.read(ENTITY[0]);
      const attestation = await ana.read(ATTESTATION[0]);
      await net.devnet.closeBatch();
      await ana.submit(
        submissionDocument(ana, 'conf-01', 'indeterminable', [
          [...ENTITY, entity],
          [...ATTESTATION, attestation],
        ]),
      );
    };
    const end = await followSeason(
      input({ clock, everyMs: 10 * MINUTE, untilMs: start + 25 * MINUTE, onCycle: (line) => lines.push(line) }),
    );
    expect(end).toEqual({ ok: true, value: { kind: 'until', at: start + 25 * MINUTE } });
    expect(lines.map((l) => [l.at, l.next_cycle_at])).toEqual([
      [new Date(start).toISOString(), new Date(start + 10 * MINUTE).toISOString()],
      [new Date(start + 10 * MINUTE).toISOString(), new Date(start + 20 * MINUTE).toISOString()],
      [new Date(start + 20 * MINUTE).toISOString(), new Date(start + 25 * MINUTE).toISOString()],
      [new Date(start + 25 * MINUTE).toISOString(), null],
    ]);
    expect(lines.map((l) => [l.cited, l.read_now, l.reads_this_cycle])).toEqual([
      [0, 0, 1],
      [2, 2, 1],
      [2, 0, 0],
      [2, 0, 0],
    ]);
  });

  it('stops after --cycles cycles when they end before --until, the last one with no next cycle; --until first ends it', async () => {
    const start = net.clock.now();
    const lines: FollowCycleLine[] = [];
    const byCount = await followSeason(
      input({ everyMs: 10 * MINUTE, untilMs: start + 60 * MINUTE, cycles: 2, onCycle: (l) => lines.push(l) }),
    );
    expect(byCount).toEqual({ ok: true, value: { kind: 'cycles', cycles: 2, at: start + 10 * MINUTE } });
    expect(lines.map((l) => [l.at, l.next_cycle_at])).toEqual([
      [new Date(start).toISOString(), new Date(start + 10 * MINUTE).toISOString()],
      [new Date(start + 10 * MINUTE).toISOString(), null],
    ]);

    const later = net.clock.now();
    const untilFirst: FollowCycleLine[] = [];
    const byUntil = await followSeason(
      input({ everyMs: 10 * MINUTE, untilMs: later + 15 * MINUTE, cycles: 5, onCycle: (l) => untilFirst.push(l) }),
    );
    expect(byUntil).toEqual({ ok: true, value: { kind: 'until', at: later + 15 * MINUTE } });
    expect(untilFirst.map((l) => l.next_cycle_at)).toEqual([
      new Date(later + 10 * MINUTE).toISOString(),
      new Date(later + 15 * MINUTE).toISOString(),
      null,
    ]);
  });

  it('proveit proofs follow --cycles N prints N lines, the last with next_cycle_at null, exits 0 and records the end', async () => {
    const command = createProofsFollowCommand(new SteppingClock(net), {
      backoff: { attempts: 1, firstDelayMs: 0, maxDelayMs: 0 },
    });
    const io = captureIo();
    const code = await command.run(
      [
        ...['--season-url', net.devnet.info.season, '--operator-token-file', net.operatorTokenFile],
        ...['--trust-layer', net.devnet.info.trust_layer, '--db', net.dbFile, '--trust', net.devnet.info.trust_bundle],
        ...['--season', '1', '--until', new Date(net.clock.now() + 60 * MINUTE).toISOString()],
        ...['--every', '600', '--cycles', '3', '--json'],
      ],
      io,
    );
    expect(code, io.stderr).toBe(0);
    const lines = io.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as FollowCycleLine);
    expect(lines.map((l) => l.next_cycle_at === null)).toEqual([false, false, true]);
    expect(io.stderr).toBe(`proveit proofs follow: ran the 3 cycle(s) of --cycles, the last at ${lines[2]!.at}\n`);
    expect(auditRows(net.db).filter((r) => r.action === 'proofs.follow')).toMatchObject([
      { summary: 'proofs follow of season 1: 3 cycle(s), 0 read(s), 0 incident(s) opened (cycles)' },
    ]);
  });

  it('stops between cycles when its signal aborts, and a follow started after --until reads nothing', async () => {
    const stop = new AbortController();
    const lines: FollowCycleLine[] = [];
    const end = await followSeason(
      input({
        everyMs: 10 * MINUTE,
        onCycle: (line) => {
          lines.push(line);
          stop.abort();
        },
        signal: stop.signal,
      }),
    );
    expect(end).toEqual({ ok: true, value: { kind: 'aborted' } });
    expect(lines).toHaveLength(1);
    // The default end is the latest closes_at plus two batch ages.
    net.clock.set(Date.parse(CLOSES_AT) + 20 * MINUTE + 1);
    const after: FollowCycleLine[] = [];
    expect(await followSeason(input({ onCycle: (l) => after.push(l) }))).toMatchObject({
      ok: true,
      value: { kind: 'until' },
    });
    expect(after).toEqual([]);
  });

  it('a season this database holds no freeze of is refused (FOLLOW_NO_FROZEN_TRACK), naming the season and what to do', async () => {
    const end = await followSeason(input({ season: 2 }));
    expect(end).toMatchObject({ ok: false, error: { code: 'FOLLOW_NO_FROZEN_TRACK', details: { season: 2 } } });
    expect(!end.ok && end.error.message).toMatch(/freeze create/);
  });
});
