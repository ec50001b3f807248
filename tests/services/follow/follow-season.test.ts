import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedRead } from '../../../devnet/scripted/scripted-submission.ts';
import { followCycles } from '../../../main/db/follow-cycles.ts';
import { incidentsOf } from '../../../main/db/incidents.ts';
import { ledgerRows } from '../../../main/db/read-ledger.ts';
import { journeyCorpus } from '../../devnet/support/journey-corpus.ts';
import { closeFromDevnet } from '../close/support/close-commands.ts';
import {
  AFTER_CLOSE,
  DURING,
  startCloseDevnet,
  type CloseDevnet,
  type Participant,
  type ReadProof,
} from '../close/support/close-devnet.ts';
import { submissionDocument } from '../close/support/submission-document.ts';
import { followOnce } from './support/follow-command.ts';

/**
 * docs/season-follow.md: a season of the compliance track followed while it runs (`proveit proofs follow`, one cycle
 * per run: its
 * --until is the test clock's instant), then closed. Ana reads during a proxy outage (the corpus's 403 body) and
 * again after it; Bea reads normally; Cee's read sits in a batch that does not anchor for over an hour; Dee submits
 * after the last cycle before the close.
 */

let net: CloseDevnet;
const people: Record<'ana' | 'bea' | 'cee' | 'dee', Participant> = {} as never;
const proofs: Record<string, ReadProof> = {};
const ENTITY = ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595'] as const;
const ATTESTATION = ['/attestations/ATT-93595', '/existe', false] as const;
const MINUTE = 60_000;

const follow = (extra: string[] = []) => followOnce(net, extra);

const twoAssertions = (p: Participant, entity: ReadProof, attestation: ReadProof) =>
  submissionDocument(p, 'conf-01', 'indeterminable', [
    [...ENTITY, entity],
    [...ATTESTATION, attestation],
  ]);

beforeAll(async () => {
  net = await startCloseDevnet('follow-season-');
  net.clock.set(DURING);
  for (const label of ['ana', 'bea', 'cee', 'dee'] as const) people[label] = await net.enroll(label);
  const { ana, bea } = people;
  proofs.anaEntity = await ana.read(ENTITY[0]);
  proofs.ana403 = await scriptedRead(
    { trustLayer: net.devnet.info.trust_layer, internalSecret: net.devnet.info.internal_secret },
    ana.key.apiKey,
    journeyCorpus.base,
    { resource: ATTESTATION[0], underFault: true },
  );
  proofs.anaRetry = await ana.read(ATTESTATION[0]);
  proofs.beaEntity = await bea.read(ENTITY[0]);
  proofs.beaAttestation = await bea.read(ATTESTATION[0]);
  await net.devnet.closeBatch();
  const retried = twoAssertions(ana, proofs.anaEntity, proofs.anaRetry);
  retried.assertions[1]!.proof_ids = [proofs.ana403.proofId, proofs.anaRetry.proofId];
  retried.disclosures[proofs.ana403.proofId] = proofs.ana403.disclosure;
  for (const answer of [
    await ana.submit(retried),
    await bea.submit(twoAssertions(bea, proofs.beaEntity, proofs.beaAttestation)),
  ])
    expect(answer.json, JSON.stringify(answer.json)).toMatchObject({ recorded: true });
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('proveit proofs follow during the season', () => {
  it('the first cycle reads every cited view in one read and opens the instrument-fault incident the day it happens', async () => {
    const { code, line, io } = await follow();
    expect(code, io.stderr).toBe(0);
    expect(line).toMatchObject({
      cycle: 1,
      cited: 5,
      read_now: 5,
      cached: 0,
      pending: 0,
      not_yet_read: 0,
      reads_this_cycle: 1,
      outcome: 'done',
      failure: null,
      next_cycle_at: null,
    });
    const incidents = incidentsOf(net.db, { season: 1 });
    expect(incidents.map((i) => [i.kind, i.cause, i.openedBy])).toEqual([['instrument_fault', '403', 'follow']]);
    expect(line.incidents_opened).toEqual([incidents[0]!.id]);
    expect(incidents[0]!.links).toContainEqual({
      participant: people.ana.participantId,
      task: 'conf-01',
      assertion: 'a2',
      proof: proofs.ana403!.proofId,
    });
  });

  it('a cycle with nothing new makes no read and opens nothing: every view is cached', async () => {
    net.clock.set(DURING + 10 * MINUTE);
    const { line } = await follow();
    expect(line).toMatchObject({ cited: 5, read_now: 0, cached: 5, reads_this_cycle: 0, incidents_opened: [] });
  });

  it('reading never scores and never reveals: no close, no reveal, no score after the cycles', () => {
    expect(net.db.prepare('SELECT count(*) FROM season_closes').pluck().get()).toBe(0);
    expect(net.db.prepare('SELECT count(*) FROM freeze_reveals').pluck().get()).toBe(0);
  });

  it('a batch that does not anchor is read again once due, and opens proof_pending an hour after its first read', async () => {
    const { cee } = people;
    net.clock.set(DURING + 20 * MINUTE);
    proofs.ceeEntity = await cee.read(ENTITY[0]);
    proofs.ceeAttestation = await cee.read(ATTESTATION[0]);
    await cee.submit(twoAssertions(cee, proofs.ceeEntity, proofs.ceeAttestation));
    const first = (await follow()).line;
    expect(first).toMatchObject({ cited: 7, read_now: 2, pending: 2, reads_this_cycle: 1, incidents_opened: [] });

    net.clock.set(DURING + 25 * MINUTE);
    expect((await follow()).line).toMatchObject({ pending: 2, reads_this_cycle: 0 });

    net.clock.set(DURING + 81 * MINUTE);
    const late = (await follow()).line;
    expect(late).toMatchObject({ pending: 2, reads_this_cycle: 1 });
    const pending = incidentsOf(net.db, { season: 1 }).filter((i) => i.kind === 'proof_pending');
    expect(pending.map((i) => [i.cause, i.openedBy, i.links.length])).toEqual([['PENDING_TOO_LONG', 'follow', 2]]);
    expect(late.incidents_opened).toEqual([pending[0]!.id]);

    await net.devnet.closeBatch();
    net.clock.set(DURING + 95 * MINUTE);
    expect((await follow()).line).toMatchObject({ cited: 7, read_now: 2, pending: 0, reads_this_cycle: 1 });
  });

  it('an export signed by another key is refused by the cycle (CLOSE_EXPORT_SIGNATURE_INVALID): nothing read, exit 1', async () => {
    const before = ledgerRows(net.db).length;
    const { code, line } = await follow(['--service-key', 'ab'.repeat(32)]);
    expect(code).toBe(1);
    expect(line).toMatchObject({
      outcome: 'error',
      failure: { code: 'CLOSE_EXPORT_SIGNATURE_INVALID' },
      reads_this_cycle: 0,
    });
    expect(ledgerRows(net.db)).toHaveLength(before);
  });

  it('every cycle is recorded, numbered in one sequence, and each run leaves one proofs.follow audit entry', () => {
    expect(followCycles(net.db, 1).map((c) => c.cycle)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const runs = net.db.prepare("SELECT summary FROM audit_log WHERE action = 'proofs.follow'").pluck().all();
    expect(runs).toHaveLength(7);
    expect(runs[0]).toBe('proofs follow of season 1: 1 cycle(s), 1 read(s), 1 incident(s) opened (until)');
  });
});

describe('the close after a followed season reads only what is left', () => {
  it("a submission made after the last cycle is the close's only read: ceil(N_new / 50) = 1", async () => {
    const { dee } = people;
    net.clock.set(DURING + 2 * 60 * MINUTE);
    proofs.deeEntity = await dee.read(ENTITY[0]);
    proofs.deeAttestation = await dee.read(ATTESTATION[0]);
    await net.devnet.closeBatch();
    await dee.submit(twoAssertions(dee, proofs.deeEntity, proofs.deeAttestation));
    net.clock.set(AFTER_CLOSE);
    const { code, doc, io } = await closeFromDevnet(net, join(net.dir, 'close-1'));
    expect(code, io.stderr + io.stdout).toBe(0);
    expect(doc!.reads.this_run).toBe(1);
  });

  it('a close after a cycle that followed everything makes no read at all, and finds the season incidents already open', async () => {
    const opened = incidentsOf(net.db, { season: 1 }).filter((i) => i.kind === 'instrument_fault');
    net.clock.set(AFTER_CLOSE + 30 * MINUTE);
    expect((await follow()).line).toMatchObject({ reads_this_cycle: 0, not_yet_read: 0, pending: 0 });
    const { code, doc, io } = await closeFromDevnet(net, join(net.dir, 'close-2'));
    expect(code, io.stderr + io.stdout).toBe(0);
    expect(doc!.reads.this_run).toBe(0);
    expect(
      incidentsOf(net.db, { season: 1 })
        .filter((i) => i.kind === 'instrument_fault')
        .map((i) => i.id),
    ).toEqual(opened.map((i) => i.id));
  });
});
