import { createServer } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonDumps, loadsStored } from '../../../devnet/wire/json-dumps.ts';
import { isPyObject, type PyObject } from '../../../main/core/json/value.ts';
import { incidentsOf } from '../../../main/db/incidents.ts';
import {
  DURING,
  startCloseDevnet,
  type CloseDevnet,
  type Participant,
  type ReadProof,
} from '../close/support/close-devnet.ts';
import { submissionDocument } from '../close/support/submission-document.ts';
import { followOnce } from './support/follow-command.ts';
import { devnetFault } from '../../devnet/support/devnet-faults.ts';

/**
 * docs/incidents.md "During the season": what ArkForge's side gets wrong during the season becomes an incident while
 * staff can still act, not at the close. Fay's attestation is in a batch whose RFC 3161 step failed; Gil's views carry
 * flat hashes the Trust Layer altered; Hal's batch is anchored but the log named for its entry does not answer.
 */

let net: CloseDevnet;
const people: Record<'fay' | 'gil' | 'hal', Participant> = {} as never;
const proofs: Record<string, ReadProof> = {};
let failedTsaBatch: string;
const ENTITY = ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595'] as const;
const ATTESTATION = ['/attestations/ATT-93595', '/existe', false] as const;

const trustLayerFault = (body: object) => devnetFault(net.devnet.info, body);

/** Rewrites the flat hashes of stored proofs in the devnet's database, as a Trust Layer serving altered views would. */
function alterFlatHashes(proofIds: string[]) {
  const database = new Database(join(net.devnet.info.state as string, 'devnet.sqlite'));
  try {
    for (const id of proofIds) {
      const row = database.prepare('SELECT record FROM proofs WHERE proof_id = ?').get(id) as { record: string };
      const record = loadsStored(row.record) as PyObject;
      const hashes = record['hashes'];
      if (!isPyObject(hashes)) throw new Error(`${id} has no hashes`);
      hashes['request'] = `sha256:${'f'.repeat(64)}`;
      database.prepare('UPDATE proofs SET record = ? WHERE proof_id = ?').run(jsonDumps(record), id);
    }
  } finally {
    database.close();
  }
}

/** A port just bound and released: a log there never answers (connection refused). */
async function closedLoopbackUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const submitBoth = (p: Participant, entity: ReadProof, attestation: ReadProof) =>
  p.submit(
    submissionDocument(p, 'conf-01', 'indeterminable', [
      [...ENTITY, entity],
      [...ATTESTATION, attestation],
    ]),
  );

beforeAll(async () => {
  net = await startCloseDevnet('follow-warnings-');
  net.clock.set(DURING);
  for (const label of ['fay', 'gil', 'hal'] as const) people[label] = await net.enroll(label);
  const { fay, gil } = people;
  proofs.fayEntity = await fay.read(ENTITY[0]);
  proofs.gilEntity = await gil.read(ENTITY[0]);
  proofs.gilAttestation = await gil.read(ATTESTATION[0]);
  await net.devnet.closeBatch();
  await trustLayerFault({ anchor_step: 'timestamp_authority', fault: 'failed' });
  proofs.fayAttestation = await fay.read(ATTESTATION[0]);
  failedTsaBatch = (await net.devnet.closeBatch())!.batch_id;
  await trustLayerFault({ anchor_step: 'timestamp_authority', fault: null });
  alterFlatHashes([proofs.gilEntity.proofId]);
  for (const answer of [
    await submitBoth(fay, proofs.fayEntity, proofs.fayAttestation),
    await submitBoth(gil, proofs.gilEntity, proofs.gilAttestation),
  ])
    expect(answer.json, JSON.stringify(answer.json)).toMatchObject({ recorded: true });
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('early warnings become incidents during the season', () => {
  it('a batch whose RFC 3161 step failed opens proof_anchor_failed naming the batch, linked to the assertion set aside', async () => {
    const { code, line, io } = await followOnce(net);
    expect(code, io.stderr).toBe(0);
    const failed = incidentsOf(net.db, { season: 1 }).filter((i) => i.kind === 'proof_anchor_failed');
    expect(failed.map((i) => [i.cause, i.groupKey, i.openedBy])).toEqual([
      ['TRUST_LAYER_TSA_FAILED', `proof_anchor_failed/TRUST_LAYER_TSA_FAILED/${failedTsaBatch}`, 'follow'],
    ]);
    expect(failed[0]!.links).toEqual([
      {
        participant: people.fay.participantId,
        task: 'conf-01',
        assertion: 'a2',
        proof: proofs.fayAttestation!.proofId,
      },
    ]);
    expect(line.incidents_opened).toContain(failed[0]!.id);
  });

  it('a flat field the Trust Layer altered opens flat_field_divergence for that field, linked to the participant and proof', () => {
    const flat = incidentsOf(net.db, { season: 1 }).filter((i) => i.kind === 'flat_field_divergence');
    expect(flat.map((i) => [i.cause, i.openedBy])).toEqual([['request_hash', 'follow']]);
    expect(flat[0]!.links).toEqual([
      { participant: people.gil.participantId, task: null, assertion: null, proof: proofs.gilEntity!.proofId },
    ]);
  });

  it('a citation already looked at is not verified again: a second cycle adds nothing to those incidents', async () => {
    net.clock.set(DURING + 600_000);
    const { line } = await followOnce(net);
    expect(line).toMatchObject({ incidents_opened: [], incidents_extended: [], reads_this_cycle: 0 });
  });

  it("a log that does not answer for a new batch's entry opens proof_anchor_failed with the fetch code, not an overclaim", async () => {
    const { hal } = people;
    proofs.halEntity = await hal.read(ENTITY[0]);
    proofs.halAttestation = await hal.read(ATTESTATION[0]);
    await net.devnet.closeBatch();
    await submitBoth(hal, proofs.halEntity, proofs.halAttestation);
    net.clock.set(DURING + 1_200_000);
    const { line } = await followOnce(net, ['--rekor', await closedLoopbackUrl()]);
    expect(line).toMatchObject({ read_now: 2, reads_this_cycle: 1 });
    const unfetched = incidentsOf(net.db, { season: 1 }).filter(
      (i) => i.kind === 'proof_anchor_failed' && i.groupKey.endsWith('/close'),
    );
    expect(unfetched.map((i) => [i.cause, i.openedBy])).toEqual([['HTTP_NETWORK', 'follow']]);
    expect(unfetched[0]!.links.map((l) => l.proof).sort()).toEqual(
      [proofs.halEntity.proofId, proofs.halAttestation.proofId].sort(),
    );
    // Once the log answers, the entry is fetched and the citations are looked at like any other.
    net.clock.set(DURING + 1_800_000);
    expect((await followOnce(net)).line).toMatchObject({ reads_this_cycle: 0, incidents_opened: [] });
  });
});
