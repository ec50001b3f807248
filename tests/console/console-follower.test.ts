import { cpSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedRead } from '../../devnet/scripted/scripted-submission.ts';
import type { SeasonActivity } from '../../main/core/follow/activity.ts';
import type { FollowCycleLine, LiveSeason } from '../../main/core/follow/model.ts';
import { auditRows } from '../../main/db/audit-log.ts';
import type { ConsoleEvent } from '../../main/ipc/contract.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { followCycles } from '../../main/db/follow-cycles.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { NO_SERVICES, type ConsoleServices } from '../../main/console/console-services.ts';
import { openConsole, type OpenedConsole } from '../../main/console/open-console.ts';
import { journeyCorpus } from '../devnet/support/journey-corpus.ts';
import { DURING, startCloseDevnet, type CloseDevnet } from '../services/close/support/close-devnet.ts';
import { submissionDocument } from '../services/close/support/submission-document.ts';

// The console's background follower (docs/season-follow.md "The console") on a real devnet: the compliance track frozen
// and open on the devnet's clock, two participants who read through the proxy (one during a proxy outage: the corpus's
// 403 body) and submit to the real season service, the console opened on the operator database holding the freeze. With
// the season service and the Trust Layer it follows by itself: a cycle recorded, pushed as `follow.cycle`, season.live
// showing the counts and the incident the reads opened. Closing the console aborts it; the next start follows again.
let net: CloseDevnet;
let corpusRoot: string;
let services: ConsoleServices;
const SEASON = 1;

beforeAll(async () => {
  net = await startCloseDevnet('console-follower-');
  corpusRoot = join(net.dir, 'corpus-root');
  cpSync(net.corpusDir, join(corpusRoot, 'season-1', 'conformite'), { recursive: true });
  services = {
    freeze: {
      trustLayer: net.devnet.info.trust_layer,
      apiKey: 'not used by the follower',
      seasonBase: net.devnet.info.season,
    },
    seasonService: { url: net.devnet.info.season, operatorToken: net.devnet.info.internal_secret },
    trustDir: net.devnet.info.trust_bundle,
  };
  net.clock.set(DURING);
  const ana = await net.enroll('ana');
  const bea = await net.enroll('bea');
  const anaEntity = await ana.read('/entites/171904347');
  const anaAttestation = await ana.read('/attestations/ATT-93595');
  const beaEntity = await bea.read('/entites/171904347');
  const bea403 = await scriptedRead(
    { trustLayer: net.devnet.info.trust_layer, internalSecret: net.devnet.info.internal_secret },
    bea.key.apiKey,
    journeyCorpus.base,
    { resource: '/attestations/ATT-93595', underFault: true },
  );
  await net.devnet.closeBatch();
  for (const [who, entity, attestation] of [
    [ana, anaEntity, anaAttestation],
    [bea, beaEntity, bea403],
  ] as const) {
    const answer = await who.submit(
      submissionDocument(who, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
        ['/attestations/ATT-93595', '/existe', false, attestation],
      ]),
    );
    expect(answer.json).toMatchObject({ recorded: true });
  }
}, 180_000);

afterAll(async () => {
  await net?.close();
});

function open(given: ConsoleServices, actor?: string): OpenedConsole {
  return openConsole({
    ...(actor === undefined ? {} : { actor }),
    mode: 'headless',
    dbFile: net.dbFile,
    corpusDir: corpusRoot,
    defaultCorpusDir: corpusRoot,
    clock: net.clock,
    services: given,
  });
}

/** The next follow.cycle event the console pushes. */
function nextCycle(opened: OpenedConsole): Promise<FollowCycleLine> {
  return new Promise((done) => {
    const stop = opened.ctx.events.subscribe((event) => {
      if (event.type !== 'follow.cycle') return;
      stop();
      done(event.line);
    });
  });
}

const live = async (opened: OpenedConsole) =>
  (await createConsoleHandlers(opened.ctx)['season.live']!({})) as LiveSeason;

describe('the console follows the season by itself', () => {
  it('without the season service, or without the Trust Layer, it does not follow and names the options to give', async () => {
    for (const [given, option] of [
      [NO_SERVICES, '--season-url URL --operator-token-file FILE'],
      [{ ...services, freeze: null }, '--trust-layer URL --api-key-file FILE'],
    ] as const) {
      const opened = open(given);
      expect(await opened.ready).toBe(true);
      const answer = await live(opened);
      expect(answer.follow.state).toBe('not_configured');
      expect(answer.follow.reason).toContain(option);
      expect(answer.tracks).toEqual([]);
      await opened.close();
    }
    expect(followCycles(net.db, SEASON)).toEqual([]);
  });

  it('a season service that does not answer: the follower stops, season.live shows the failure, nothing is recorded', async () => {
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((done) => probe.close(() => done()));
    const opened = open({
      ...services,
      seasonService: { url: `http://127.0.0.1:${port}`, operatorToken: 'x'.repeat(43) },
    });
    expect(await opened.ready).toBe(true);
    await opened.ctx.follower!.idle();
    const answer = await live(opened);
    expect(answer.follow).toMatchObject({ state: 'stopped', last_failure: { code: 'RECEIPT_KEY_UNAVAILABLE' } });
    expect(answer.follow.reason).toContain('receipt key');
    expect(JSON.stringify(answer)).not.toContain('x'.repeat(43));
    await opened.close();
    expect(followCycles(net.db, SEASON)).toEqual([]);
  });

  it('with both and an open track: a cycle is recorded and pushed, and season.live shows the counts and the incident the reads opened', async () => {
    const opened = open(services);
    const cycle = nextCycle(opened);
    expect(await opened.ready).toBe(true);
    const line = await cycle;
    expect(line).toMatchObject({ cycle: 1, season: SEASON, outcome: 'done', cited: 4, not_yet_read: 0, failure: null });
    expect(line.reads_this_cycle).toBeGreaterThan(0);
    expect(line.incidents_opened).toHaveLength(1);
    const answer = await live(opened);
    expect(answer.season).toBe(SEASON);
    expect(answer.follow).toMatchObject({ state: 'following', reason: null, cycle: 1, last_failure: null });
    expect(answer.follow.next_cycle_at).toBe(line.next_cycle_at);
    expect(answer.tracks).toEqual([
      expect.objectContaining({
        track: 'conformite',
        enrolled: 2,
        submitting: 2,
        tasks: [{ task_id: 'conf-01', submissions_in_force: 2 }],
        cited: 4,
        read: 4,
        pending: 0,
        not_yet_read: 0,
      }),
    ]);
    expect(answer.incidents).toEqual([
      expect.objectContaining({ id: line.incidents_opened[0], kind: 'instrument_fault', state: 'open' }),
    ]);
    expect(answer.reads_per_hour.at(-1)?.reads).toBe(line.reads_this_cycle);
    // Counts only: nothing of a score reaches the answer before the close (spec §7.4).
    expect(JSON.stringify(answer)).not.toMatch(/overclaim|success|grounded|unsupported/);
    await opened.close();
  }, 120_000);

  it('closing the console aborts the follower while it waits; the next start follows again, reading nothing twice', async () => {
    const before = followCycles(net.db, SEASON).length;
    // Started again a minute later.
    net.clock.set(DURING + 60_000);
    const opened = open(services);
    const cycle = nextCycle(opened);
    expect(await opened.ready).toBe(true);
    const line = await cycle;
    expect(line.cycle).toBe(before + 1);
    // Everything was read and assessed by the earlier cycles: nothing is read again, no incident opened again.
    expect(line).toMatchObject({ read_now: 0, cached: 4, reads_this_cycle: 0, incidents_opened: [] });
    // The next cycle is ten minutes away: closing ends the wait at once, and no cycle is recorded meanwhile.
    await opened.close();
    expect(followCycles(net.db, SEASON)).toHaveLength(before + 1);
  }, 120_000);

  it('"Run a cycle now" ends the wait at once; a cadence set is audited and held after a restart; each cycle is a state.changed', async () => {
    const opened = open(services, 'Ana Lima');
    const changes: ConsoleEvent[] = [];
    opened.ctx.events.subscribe((e) => {
      if (e.type === 'state.changed') changes.push(e);
    });
    const first = nextCycle(opened);
    expect(await opened.ready).toBe(true);
    await first;
    const call = createDispatcher(createConsoleHandlers(opened.ctx));
    // The next cycle is ten minutes away: run one now.
    const second = nextCycle(opened);
    const ran = (await call('follow.run_now', {})) as { ok: true; value: { started: boolean } };
    expect(ran).toMatchObject({ ok: true, value: { started: true, reason: null } });
    await second;
    expect(changes.filter((c) => c.type === 'state.changed' && c.cause === 'follow.cycle')).toHaveLength(2);
    expect(await call('follow.cadence', { every_seconds: 30 })).toMatchObject({
      ok: false,
      error: { code: 'IPC_BAD_ARGUMENTS' },
    });
    expect(await call('follow.cadence', { every_seconds: 120 })).toMatchObject({
      ok: true,
      value: { state: 'following', every_seconds: 120 },
    });
    expect(changes.at(-1)).toMatchObject({ cause: 'follow.cadence', touched: ['live', 'audit'] });
    const entry = auditRows(net.db).at(-1);
    expect(entry).toMatchObject({ action: 'proofs.follow_cadence', actor: 'Ana Lima' });
    await opened.close();
    const again = open(services);
    expect(await again.ready).toBe(true);
    expect((await live(again)).follow.every_seconds).toBe(120);
    await again.close();
  }, 120_000);

  it('the activity feed counts what the season service recorded, without reading a proof', async () => {
    const opened = open(services);
    const pushed = new Promise<SeasonActivity>((done) => {
      const stop = opened.ctx.events.subscribe((e) => {
        if (e.type !== 'season.activity') return;
        stop();
        done(e.activity);
      });
    });
    expect(await opened.ready).toBe(true);
    const activity = await pushed;
    expect(activity).toMatchObject({ season: SEASON, state: 'watching', enrolled: 2, last_failure: null });
    expect(activity.tracks).toEqual([
      { track: 'conformite', submitting: 2, submissions_in_force: 2, versions_received: 2 },
    ]);
    expect(activity.feed.filter((i) => i.kind === 'submission')).toHaveLength(2);
    const answered = await createConsoleHandlers(opened.ctx)['season.activity']!({});
    expect(answered).toMatchObject({ enrolled: 2 });
    expect(JSON.stringify(answered)).not.toContain(net.devnet.info.internal_secret);
    await opened.close();
  }, 120_000);

  it('an operator token the season service refuses: the feed says SEASON_ACTIVITY_REFUSED and counts nothing, never a stale figure', async () => {
    const opened = open({
      ...services,
      seasonService: { url: net.devnet.info.season, operatorToken: 'y'.repeat(43) },
    });
    const pushed = new Promise<SeasonActivity>((done) => {
      const stop = opened.ctx.events.subscribe((e) => {
        if (e.type !== 'season.activity' || e.activity.last_failure === null) return;
        stop();
        done(e.activity);
      });
    });
    await opened.ready;
    const activity = await pushed;
    expect(activity.last_failure).toMatchObject({ code: 'SEASON_ACTIVITY_REFUSED' });
    expect(activity.enrolled).toBe(0);
    expect(JSON.stringify(activity)).not.toContain('y'.repeat(43));
    await opened.close();
  }, 120_000);
});
