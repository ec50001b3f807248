import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createDisputeCommands } from '../../../../main/cli/dispute-commands.ts';
import { createIndexExportCommand } from '../../../../main/cli/index-commands.ts';
import { createSeasonPublishCommand } from '../../../../main/cli/season-publish-command.ts';
import { openDatabase, type Db } from '../../../../main/db/open-database.ts';
import { systemClock, type Clock } from '../../../../main/services/clock.ts';
import { defaultKeyFile } from '../../../../main/services/index-export/signing-key.ts';
import { captureIo } from '../../../support/capture-io.ts';
import { closeFromDevnet } from '../../close/support/close-commands.ts';
import {
  AFTER_CLOSE,
  DURING,
  startCloseDevnet,
  type CloseDevnet,
  type Participant,
} from '../../close/support/close-devnet.ts';
import { submissionDocument } from '../../close/support/submission-document.ts';
import { journeyCorpus } from '../../../devnet/support/journey-corpus.ts';
import { devnetFault } from '../../../devnet/support/devnet-faults.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command outputs are checked field by field
export type Json = Record<string, any>;

/** A clock the test sets; nothing here waits. */
export class SetClock implements Clock {
  constructor(public current: number) {}
  readonly now = () => this.current;
  readonly sleep = systemClock.sleep;
}

const submission = submissionDocument;

export interface ClosedSeason {
  net: CloseDevnet;
  alice: Participant;
  bob: Participant;
  /** Only with `{ carol: true }` (closeSeasonOnDevnet): a second scored participant, see there. */
  carol?: Participant;
  /** The close's --out folder (scores.json, reports/, bundle/). */
  out: string;
  /** The season service's answers to the three submissions: signed receipts, as the participants keep them. */
  receipts: { aliceConf01: Json; aliceConf02: Json; bobConf01: Json };
}

/**
 * One close on the devnet, shared read-only by the tests of a file (each test copies the database it writes):
 * Alice scored (conf-01: a1, a2 supported, a3 unsupported value_mismatch VALUE_DIFFERS, a4 unsupported
 * resource_mismatch; conf-02 not submitted, below its minimum), Bob pending (his batch is never anchored).
 * With `carol: true`, Carol too, scored (docs/disputes.md "Scope" and "The calendar"): conf-01 a1, a2 supported, a3
 * unsupported (VALUE_DIFFERS); conf-02 with its minimum of three, a2 read while the corpus host answered without the
 * challenge secret (its /_systeme/403 body: an instrument fault), so the close sets conf-02 below its minimum
 * (BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS) with a1, a3 supported but not counted.
 */
export async function closeSeasonOnDevnet(options: { carol?: boolean } = {}): Promise<ClosedSeason> {
  const net = await startCloseDevnet('disputes-');
  net.clock.set(DURING);
  const alice = await net.enroll('alice');
  const bob = await net.enroll('bob');
  const carol = options.carol ? await net.enroll('carol') : undefined;
  const entity = await alice.read('/entites/171904347');
  const attestation = await alice.read('/attestations/ATT-93595');
  const other = await alice.read('/entites/206749866');
  const carolSubmissions = carol ? await carolReadsAndSubmissions(net, carol) : [];
  await net.devnet.closeBatch();
  const bobEntity = await bob.read('/entites/171904347');
  const bobAttestation = await bob.read('/attestations/ATT-93595');
  const answers = await Promise.all([
    alice.submit(
      submission(alice, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
        ['/attestations/ATT-93595', '/existe', false, attestation],
        ['/entites/171904347', '/attestations/1', '/attestations/ATT-00000', entity],
        ['/agrements/AGR-3121', '/existe', true, entity],
      ]),
    ),
    alice.submit(submission(alice, 'conf-02', 'non_conforme', [['/entites/206749866', '/statut', 'active', other]])),
    bob.submit(
      submission(bob, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', bobEntity],
        ['/attestations/ATT-93595', '/existe', false, bobAttestation],
      ]),
    ),
    ...carolSubmissions.map((body) => carol!.submit(body)),
  ]);
  for (const a of answers) if (a.json['recorded'] !== true) throw new Error(JSON.stringify(a.json));
  net.clock.set(AFTER_CLOSE);
  const out = join(net.dir, 'close');
  const closed = await closeFromDevnet(net, out);
  if (closed.code !== 3) throw new Error(`close: ${closed.code} ${closed.io.stderr} ${closed.io.stdout}`);
  // Everything committed is in the main file, so a test can copy it.
  net.db.pragma('wal_checkpoint(TRUNCATE)');
  const [aliceConf01, aliceConf02, bobConf01] = answers.map((a) => a.json as Json) as [Json, Json, Json];
  return { net, alice, bob, ...(carol ? { carol } : {}), out, receipts: { aliceConf01, aliceConf02, bobConf01 } };
}

/** Carol's reads (one of them while the corpus host answers without the challenge secret) and her submissions. */
async function carolReadsAndSubmissions(net: CloseDevnet, carol: Participant): Promise<object[]> {
  const entity = await carol.read('/entites/171904347');
  const attestation = await carol.read('/attestations/ATT-93595');
  const other = await carol.read('/entites/206749866');
  const agrement = await carol.read('/agrements/AGR-4468');
  await hostFault(net, 'drop-secret');
  const fault = await carol.read('/agrements/AGR-4468');
  await hostFault(net, null);
  return [
    submission(carol, 'conf-01', 'indeterminable', [
      ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
      ['/attestations/ATT-93595', '/existe', false, attestation],
      ['/entites/171904347', '/attestations/1', '/attestations/ATT-00000', entity],
    ]),
    submission(carol, 'conf-02', 'non_conforme', [
      ['/entites/206749866', '/statut', 'active', other],
      ['/agrements/AGR-4468', '/statut', 'actif', fault],
      ['/agrements/AGR-4468', '/entite', '/entites/206749866', agrement],
    ]),
  ];
}

/** POST /_devnet/faults on the compliance corpus host (devnet/README.md): its next answers meet the fault. */
const hostFault = (net: CloseDevnet, fault: 'drop-secret' | null): Promise<void> =>
  devnetFault(net.devnet.info, { host: new URL(journeyCorpus.base).host, fault });

/** A test's own database: a copy of the closed season's, in a temp folder removed by `dispose`. */
export function copyDatabase(season: ClosedSeason): { dir: string; dbFile: string; open(): Db; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'dispute-test-'));
  const dbFile = join(dir, 'console.sqlite');
  copyFileSync(season.net.dbFile, dbFile);
  return {
    dir,
    dbFile,
    open: () => openDatabase(dbFile),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs `proveit season publish` in-process on the clock given; `doc` is its --json document. */
export async function publish(clock: Clock, dbFile: string, extra: string[] = []) {
  const io = captureIo();
  const code = await createSeasonPublishCommand(clock).run(
    ['--season', '1', '--track', 'conformite', '--db', dbFile, '--actor', 'ana', '--json', ...extra],
    io,
  );
  return { code, io, doc: io.stdout ? (JSON.parse(io.stdout) as Json) : null };
}

/**
 * `proveit index export` in-process at the clock's instant, into a new folder beside the database, signed with the
 * devnet operator's key: the scores it holds become public, and their dispute windows run from now (spec §9.2).
 */
export async function exportIndexNow(clock: Clock, dbFile: string, operatorKeyFile: string) {
  copyFileSync(operatorKeyFile, defaultKeyFile(dbFile));
  const io = captureIo();
  const out = join(dirname(dbFile), `index-${clock.now()}`);
  const code = await createIndexExportCommand(clock).run(
    ['--season', '1', '--db', dbFile, '--out', out, '--actor', 'ana', '--json'],
    io,
  );
  expect(code, io.stderr + io.stdout).toBe(0);
  return out;
}

/** Runs one `proveit dispute ...` subcommand in-process with --db and --json. */
export async function dispute(
  clock: Clock,
  dbFile: string,
  sub: 'open' | 'review' | 'decide' | 'list',
  args: string[],
) {
  const command = createDisputeCommands(clock).find((c) => c.path[1] === sub)!;
  const io = captureIo();
  const code = await command.run([...args, '--db', dbFile, '--json'], io);
  return { code, io, doc: io.stdout ? (JSON.parse(io.stdout) as Json) : null };
}

/**
 * The closed season a dispute test file works on, with its lifecycle: closed once on the devnet before the file's
 * tests; `copy()` gives each test a fresh copy of its database and `published()` a fresh copy of its database published as
 * version 1 at `publishedAt` with its Index exported then; every
 * copy and the devnet are disposed after the tests. Call once at the top of a test file.
 */
export function closedSeasonFixture(publishedAt: number, options: { carol?: boolean } = {}) {
  const copies: { dispose(): void }[] = [];
  const fixture = {
    season: undefined as unknown as ClosedSeason,
    /** A fresh copy of the closed season's database, disposed after the tests. */
    copy() {
      const copy = copyDatabase(fixture.season);
      copies.push(copy);
      return copy;
    },
    /** A fresh copy published as version 1 at `publishedAt`, its Index exported at once (the window starts). */
    async published() {
      const t = await fixture.publishedOnly();
      await fixture.madePublic(t);
      return t;
    },
    /** A fresh copy published as version 1 at `publishedAt` in the database only: no Index holds it yet. */
    async publishedOnly() {
      const copy = fixture.copy();
      const clock = new SetClock(publishedAt);
      const r = await publish(clock, copy.dbFile);
      expect(r.code, r.io.stderr + r.io.stdout).toBe(0);
      return { ...copy, clock, publication: r.doc! };
    },
    /** The Index exported at the copy's clock: what the database publishes becomes public now. */
    async madePublic(t: { clock: Clock; dbFile: string }) {
      return exportIndexNow(t.clock, t.dbFile, fixture.season.net.devnet.info.operator_key_file as string);
    },
  };
  beforeAll(async () => {
    fixture.season = await closeSeasonOnDevnet(options);
  }, 180_000);
  afterAll(async () => {
    for (const copy of copies) copy.dispose();
    await fixture.season?.net.close();
  });
  return fixture;
}
