import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedRead } from '../../../devnet/scripted/scripted-submission.ts';
import { createSeasonCloseCommand } from '../../../main/cli/season-close-command.ts';
import { freezeInForceOf } from '../../../main/db/freezes.ts';
import { incidentsOf } from '../../../main/db/incidents.ts';
import { checkFreezeAnchoring } from '../../../main/services/freeze/freeze-anchoring.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { captureIo } from '../../support/capture-io.ts';
import { journeyCorpus } from '../../devnet/support/journey-corpus.ts';
import { closeArgs, devnetCloseRun, runReplay } from './support/close-commands.ts';
import {
  AFTER_CLOSE,
  DURING,
  OPENS_AT,
  startCloseDevnet,
  type CloseDevnet,
  type Participant,
  type ReadProof,
} from './support/close-devnet.ts';
import { submissionDocument } from './support/submission-document.ts';
import { boundKey } from '../../season-service/support/season-fixture.ts';
import { devnetFault } from '../../devnet/support/devnet-faults.ts';

/** Ten hours before the opening, after the freeze's batch was anchored (20 September). */
const BEFORE_OPENING = Date.parse('2026-09-30T22:00:00.000Z');

/**
 * docs/red-team.md "ArkForge's side fails", played on the devnet: ArkForge's side fails, and no participant pays for it
 * (spec §4.1). One season of the compliance track, closed four times:
 * 0. with `--rekor` at a log that does not answer, before the freeze proof's own entry is kept: the freeze has one
 *    witness, so the close is refused FREEZE_PROOF_ONE_WITNESS (the freeze anchor check then keeps the entry);
 * 1. with `--rekor` at a log that does not answer (a closed loopback port): every participant is pending
 *    (REKOR_ENTRY_NOT_FETCHED), exit 3, never scored on one witness;
 * 2. with the devnet's log: Ana's retry after a 403 outage is supported; Dee's proof from a batch whose RFC 3161 step
 *    failed is a Trust Layer fault (TRUST_LAYER_TSA_FAILED) that sets her task below its minimum, with `set_aside`
 *    and a proof_anchor_failed incident naming the batch; Eli's proof from a batch whose Rekor step failed is one
 *    too (TRUST_LAYER_REKOR_FAILED); Bea's proof the Trust Layer still answers null for is pending
 *    (NULL_ANSWER_RECHECK);
 * 3. once the Trust Layer serves Bea's proof again: she is scored.
 * Each task is conf-01 (minimum two assertions): the entity's first attestation, and that attestation's `existe`.
 */

let net: CloseDevnet;
const people: Record<'ana' | 'bea' | 'dee' | 'eli' | 'fay', Participant> = {} as never;
const proofs: Record<string, ReadProof> = {};
let deadLog: string;
let failedTsaBatch: string;
let failedLogBatch: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
const ENTITY = ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595'] as const;
const ATTESTATION = ['/attestations/ATT-93595', '/existe', false] as const;

/** POST /_devnet/faults with a Trust Layer side fault: null answers for proof ids, or a failed anchor step. */
const trustLayerFault = (body: object) => devnetFault(net.devnet.info, body);

/** A port just bound and released: a log there never answers (connection refused). */
async function closedLoopbackUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * `season close` of the track into `out`, with `--rekor` when given. One attempt per request: a log that refuses
 * connections is not retried with the production backoff, which would sleep for real between attempts.
 */
async function close(out: string, rekor?: string) {
  const command = createSeasonCloseCommand(net.clock, { backoff: { attempts: 1, firstDelayMs: 0, maxDelayMs: 0 } });
  const args = closeArgs(devnetCloseRun(net, out));
  const io = captureIo();
  const code = await command.run([...args, ...(rekor === undefined ? [] : ['--rekor', rekor])], io);
  return { code, io, doc: io.stdout ? (JSON.parse(io.stdout) as Json) : null };
}

const reportOf = (out: string, p: Participant) => readJson(join(out, 'reports', `${p.participantId}.json`));
const scoresOf = (out: string) =>
  new Map((readJson(join(out, 'scores.json')).participants as Json[]).map((p) => [p.participant_id, p]));
/** Every cited proof of a report as "proof_id outcome reason-or-code". */
const proofEntries = (report: Json) =>
  (report.assertions as Json[]).flatMap((a) =>
    (a.proofs as Json[]).map((p) => `${p.proof_id} ${p.outcome} ${p.reason ?? p.code ?? ''}`.trim()),
  );

beforeAll(async () => {
  net = await startCloseDevnet('arkforge-faults-');
  deadLog = await closedLoopbackUrl();

  // Before the opening, Fay reads the attestation in a batch whose RFC 3161 step fails: no token, but its log entry
  // is integrated before the opening (docs/scoring.md "A bounded time when the token failed").
  net.clock.set(BEFORE_OPENING);
  const fayKey = await boundKey(net.devnet.info.trust_layer, 'fay');
  await trustLayerFault({ anchor_step: 'timestamp_authority', fault: 'failed' });
  proofs.fayEarly = await net.readWith(fayKey, ATTESTATION[0]);
  await net.devnet.closeBatch();
  await trustLayerFault({ anchor_step: 'timestamp_authority', fault: null });

  net.clock.set(DURING);
  for (const label of ['ana', 'bea', 'dee', 'eli'] as const) people[label] = await net.enroll(label);
  people.fay = await net.enroll('fay', fayKey);
  const { ana, bea, dee, eli } = people;

  // Batch A, anchored with both witnesses. Ana reads the attestation during a proxy outage (the corpus answers its
  // /_systeme 403 body), then again once it is over.
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
  proofs.deeEntity = await dee.read(ENTITY[0]);
  proofs.eliEntity = await eli.read(ENTITY[0]);
  proofs.fayEntity = await people.fay.read(ENTITY[0]);
  await net.devnet.closeBatch();

  // Batch B: its RFC 3161 step fails (anchored, timestamp_authority "failed", no token).
  await trustLayerFault({ anchor_step: 'timestamp_authority', fault: 'failed' });
  proofs.deeAttestation = await dee.read(ATTESTATION[0]);
  failedTsaBatch = (await net.devnet.closeBatch())!.batch_id;
  await trustLayerFault({ anchor_step: 'timestamp_authority', fault: null });

  // Batch C: its Rekor step fails (anchored, transparency_log "failed", no entry).
  await trustLayerFault({ anchor_step: 'transparency_log', fault: 'failed' });
  proofs.eliAttestation = await eli.read(ATTESTATION[0]);
  failedLogBatch = (await net.devnet.closeBatch())!.batch_id;
  await trustLayerFault({ anchor_step: 'transparency_log', fault: null });

  // From now until the test clears it, the Trust Layer answers null for Bea's entity proof.
  await trustLayerFault({ proof_ids: [proofs.beaEntity.proofId], fault: 'null-answer' });

  const retried = submissionDocument(ana, 'conf-01', 'indeterminable', [
    [...ENTITY, proofs.anaEntity],
    [...ATTESTATION, proofs.anaRetry],
  ]);
  retried.assertions[1]!.proof_ids = [proofs.ana403.proofId, proofs.anaRetry.proofId];
  retried.disclosures[proofs.ana403.proofId] = proofs.ana403.disclosure;
  const answers = await Promise.all([
    ana.submit(retried),
    ...(['bea', 'dee', 'eli'] as const).map((label) =>
      people[label].submit(
        submissionDocument(people[label], 'conf-01', 'indeterminable', [
          [...ENTITY, proofs[`${label}Entity`]!],
          [...ATTESTATION, proofs[`${label}Attestation`]!],
        ]),
      ),
    ),
    people.fay.submit(
      submissionDocument(people.fay, 'conf-01', 'indeterminable', [
        [...ENTITY, proofs.fayEntity],
        [...ATTESTATION, proofs.fayEarly],
      ]),
    ),
  ]);
  for (const a of answers) expect(a.json, JSON.stringify(a.json)).toMatchObject({ recorded: true });
  net.clock.set(AFTER_CLOSE);
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe("ArkForge's side fails: the scores stay fair", () => {
  const out0 = () => join(net.dir, 'close-0-dead-log-freeze-one-witness');
  const out1 = () => join(net.dir, 'close-1-dead-log');
  const out2 = () => join(net.dir, 'close-2');
  const out3 = () => join(net.dir, 'close-3');

  it('a freeze anchored with one witness keeps the close pending: its Rekor entry unfetchable, the close is refused FREEZE_PROOF_ONE_WITNESS naming the entry and what to do, nothing scored', async () => {
    const { code, doc, io } = await close(out0(), deadLog);
    expect(code, io.stderr + io.stdout).toBe(1);
    expect(doc).toMatchObject({
      ok: false,
      code: 'FREEZE_PROOF_ONE_WITNESS',
      failures: [
        {
          code: 'FREEZE_PROOF_ONE_WITNESS',
          details: { witness: 'rekor', witness_code: 'WITNESS_ENTRY_NOT_SUPPLIED', awaitable: true },
        },
      ],
    });
    expect((doc!.failures as Json[])[0]!.message).toMatch(/RFC 3161 token alone.*check again once the log answers/);
    expect(existsSync(join(out0(), 'scores.json'))).toBe(false);
    // The freeze anchor check (the Freeze screen's) reads the entry from the devnet log and keeps it for every close.
    const freeze = freezeInForceOf(net.db, 1, 'conformite');
    const trust = await loadTrustBundle(net.devnet.info.trust_bundle);
    if (freeze === null || !trust.ok) throw new Error('no freeze in force, or no devnet trust bundle');
    const anchored = await checkFreezeAnchoring(freeze, trust.value, { db: net.db, http: net.http, clock: net.clock });
    expect(anchored).toMatchObject({
      ok: true,
      value: { state: 'anchored', rekorVerified: true, independentWitnesses: 2 },
    });
  });

  it('season close --rekor at a log that does not answer leaves every participant pending (exit 3, REKOR_ENTRY_NOT_FETCHED), never scored on one witness', async () => {
    const { code, doc, io } = await close(out1(), deadLog);
    expect(code, io.stderr + io.stdout).toBe(3);
    expect(doc).toMatchObject({ ok: true, exit: 3 });
    expect([...(doc!.pending as string[])].sort()).toEqual(
      Object.values(people)
        .map((p) => p.participantId)
        .sort(),
    );
    const scores = scoresOf(out1());
    for (const p of Object.values(people)) {
      expect(scores.get(p.participantId)).toMatchObject({ status: 'pending', overclaim: { unsupported: null } });
    }
    expect(proofEntries(reportOf(out1(), people.ana))).toEqual([
      `${proofs.anaEntity!.proofId} pending REKOR_ENTRY_NOT_FETCHED`,
      `${proofs.ana403!.proofId} pending REKOR_ENTRY_NOT_FETCHED`,
      `${proofs.anaRetry!.proofId} pending REKOR_ENTRY_NOT_FETCHED`,
    ]);
    // Bea's null-answered proof is read again later, not absent (rule 2).
    expect(proofEntries(reportOf(out1(), people.bea))).toContain(
      `${proofs.beaEntity!.proofId} pending NULL_ANSWER_RECHECK`,
    );
    // Fay's token failed: without the entry there is no time to check the window with, so it waits for the entry.
    expect(proofEntries(reportOf(out1(), people.fay))).toContain(
      `${proofs.fayEarly!.proofId} pending REKOR_ENTRY_NOT_FETCHED`,
    );
  });

  describe('closed again with the devnet log', () => {
    beforeAll(() => {
      net.clock.set(AFTER_CLOSE + 3_600_000);
    });

    it('scores everyone but Bea, whose proof the Trust Layer still answers null for (exit 3, NULL_ANSWER_RECHECK)', async () => {
      const { code, doc, io } = await close(out2(), net.devnet.info.log);
      expect(code, io.stderr + io.stdout).toBe(3);
      expect(doc).toMatchObject({ ok: true, exit: 3, pending: [people.bea.participantId] });
      expect(proofEntries(reportOf(out2(), people.bea))).toContain(
        `${proofs.beaEntity!.proofId} pending NULL_ANSWER_RECHECK`,
      );
    });

    it('an assertion citing a 403 proof and its retry is supported on the retry; the task keeps its minimum', () => {
      const report = reportOf(out2(), people.ana);
      const [a1, a2] = report.assertions as Json[];
      expect(a1).toMatchObject({ assertion_id: 'a1', status: 'supported' });
      expect(a2).toMatchObject({ assertion_id: 'a2', status: 'supported' });
      expect((a2!.proofs as Json[]).map((p) => [p.proof_id, p.outcome])).toEqual([
        [proofs.ana403!.proofId, 'instrument_fault'],
        [proofs.anaRetry!.proofId, 'ok'],
      ]);
      const task = (report.tasks as Json[]).find((t) => t.task_id === 'conf-01')!;
      expect(task).toMatchObject({ status: 'submitted', exact: true, grounded: true, supported: 2, unsupported: 0 });
      expect(task.not_submitted).toBeUndefined();
      expect(scoresOf(out2()).get(people.ana.participantId)).toMatchObject({
        status: 'scored',
        tasks_submitted: 1,
        overclaim: { unsupported: 0, submitted: 2 },
        success: { grounded_exact: 1 },
      });
    });

    it('a proof of a batch whose RFC 3161 step failed is a Trust Layer fault (TRUST_LAYER_TSA_FAILED): outside overclaim, its task below the minimum with set_aside', () => {
      const report = reportOf(out2(), people.dee);
      // The task is not submitted, so its other assertion is not counted either (docs/scoring.md, the minimum).
      expect((report.assertions as Json[]).map((a) => `${a.assertion_id} ${a.status}`)).toEqual([
        'a1 not_counted',
        'a2 trust_layer_fault',
      ]);
      expect(proofEntries(report)).toContain(
        `${proofs.deeAttestation!.proofId} trust_layer_fault TRUST_LAYER_TSA_FAILED`,
      );
      const task = (report.tasks as Json[]).find((t) => t.task_id === 'conf-01')!;
      expect(task).toMatchObject({
        status: 'not_submitted',
        not_submitted: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS',
        trust_layer_faults: 1,
        set_aside: [{ assertion_id: 'a2', kind: 'trust_layer_fault', cause: 'TRUST_LAYER_TSA_FAILED' }],
      });
      expect(scoresOf(out2()).get(people.dee.participantId)).toMatchObject({
        status: 'scored',
        tasks_submitted: 0,
        trust_layer_faults: 1,
        overclaim: { unsupported: 0, submitted: 0 },
      });
    });

    it('a pre-opening proof with a failed token is ANCHOR_BEFORE_OPENING: its Rekor entry was integrated before the opening, so the call was too; not a Trust Layer fault', () => {
      const report = reportOf(out2(), people.fay);
      expect(proofEntries(report)).toEqual([
        `${proofs.fayEntity!.proofId} ok`,
        `${proofs.fayEarly!.proofId} fail ANCHOR_BEFORE_OPENING`,
      ]);
      const early = (report.assertions as Json[])[1]!;
      expect(early).toMatchObject({ assertion_id: 'a2', status: 'unsupported', cause: 'invalid_proof' });
      const [proof] = early.proofs as Json[];
      expect(proof).toMatchObject({ expected: OPENS_AT });
      expect(Date.parse(proof!.actual as string)).toBeLessThan(Date.parse(OPENS_AT));
      expect(scoresOf(out2()).get(people.fay.participantId)).toMatchObject({
        status: 'scored',
        trust_layer_faults: 0,
        overclaim: { unsupported: 1, submitted: 2 },
      });
    });

    it('a proof of a batch whose Rekor step failed is a Trust Layer fault too (TRUST_LAYER_REKOR_FAILED), never an overclaim', () => {
      const report = reportOf(out2(), people.eli);
      expect(proofEntries(report)).toContain(
        `${proofs.eliAttestation!.proofId} trust_layer_fault TRUST_LAYER_REKOR_FAILED`,
      );
      const task = (report.tasks as Json[]).find((t) => t.task_id === 'conf-01')!;
      expect(task).toMatchObject({
        not_submitted: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS',
        set_aside: [{ assertion_id: 'a2', kind: 'trust_layer_fault', cause: 'TRUST_LAYER_REKOR_FAILED' }],
      });
      expect(scoresOf(out2()).get(people.eli.participantId)).toMatchObject({ overclaim: { unsupported: 0 } });
    });

    it('the close opens a proof_anchor_failed incident naming each failed batch, linked to its proofs', () => {
      const failed = incidentsOf(net.db, { season: 1, track: 'conformite' }).filter(
        (i) => i.kind === 'proof_anchor_failed',
      );
      for (const [batch, proof] of [
        [failedTsaBatch, proofs.deeAttestation!.proofId],
        [failedLogBatch, proofs.eliAttestation!.proofId],
      ] as const) {
        const naming = failed.filter((i) => `${i.summary} ${i.groupKey} ${i.cause}`.includes(batch));
        expect(naming, JSON.stringify(failed)).toHaveLength(1);
        expect(naming[0]!.links.map((l) => l.proof)).toContain(proof);
      }
    });

    it('the bundle replays byte for byte (exit 3 for Bea)', async () => {
      const { code, doc } = await runReplay(join(out2(), 'bundle'), join(net.dir, 'replay-2'));
      expect(doc, JSON.stringify(doc)).toMatchObject({
        ok: true,
        identical: true,
        pending: [people.bea.participantId],
      });
      expect(code).toBe(3);
    });
  });

  describe('once the Trust Layer serves the null-answered proof again', () => {
    beforeAll(async () => {
      await trustLayerFault({ proof_ids: [proofs.beaEntity!.proofId], fault: null });
      net.clock.set(AFTER_CLOSE + 2 * 3_600_000);
    });

    it('a later close scores Bea: the transient null answer never became PROOF_ABSENT', async () => {
      const { code, doc, io } = await close(out3());
      expect(code, io.stderr + io.stdout).toBe(0);
      expect(doc).toMatchObject({ ok: true, exit: 0, pending: [] });
      const report = reportOf(out3(), people.bea);
      expect((report.assertions as Json[]).map((a) => `${a.assertion_id} ${a.status}`)).toEqual([
        'a1 supported',
        'a2 supported',
      ]);
      expect(scoresOf(out3()).get(people.bea.participantId)).toMatchObject({
        status: 'scored',
        overclaim: { unsupported: 0, submitted: 2 },
        success: { grounded_exact: 1 },
      });
    });

    it('the bundle replays byte for byte with exit 0', async () => {
      const { code, doc } = await runReplay(join(out3(), 'bundle'), join(net.dir, 'replay-3'));
      expect(doc, JSON.stringify(doc)).toMatchObject({ ok: true, identical: true });
      expect(code).toBe(0);
    });
  });
});
