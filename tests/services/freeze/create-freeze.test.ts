import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freezeRequestHash, freezeUrl } from '../../../main/core/freeze/freeze-document.ts';
import { loads } from '../../../main/core/json/loads.ts';
import { isPyObject } from '../../../main/core/json/value.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { freezesOf, sealOf } from '../../../main/db/freezes.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { createFreeze, type CreateFreezeInput } from '../../../main/services/freeze/create-freeze.ts';
import { freezePublication } from '../../../main/services/freeze/publish-freeze.ts';
import { DEVNET_SEASON_BASE, firstFreezeInput, startFreezeDevnet, type FreezeDevnet } from './support/freeze-devnet.ts';
import { BEFORE_OPENING, freezePorts, OPENS_AT, settableClock } from './support/freeze-ports.ts';

let net: FreezeDevnet;
let db: Db;
const clock = settableClock(BEFORE_OPENING);
let ports: ReturnType<typeof freezePorts>;
let input: CreateFreezeInput;

beforeAll(async () => {
  net = await startFreezeDevnet('freeze-create-', () => new Date(clock.now()));
  db = openDatabase(join(net.dir, 'console.sqlite'));
  ports = freezePorts(db, clock);
  input = firstFreezeInput(net, net.copyCorpus('corpus'));
});

afterAll(async () => {
  await ports.close();
  db.close();
  await net.close();
});

const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'OK' : result.error?.code);

describe('freeze create on the devnet (spec §8.1–8.3)', () => {
  it('anchors the document through the proxy to the season host and records the freeze with its opening', async () => {
    const created = await createFreeze(input, ports);
    if (!created.ok) throw new Error(created.error.message);
    const freeze = created.value;
    expect(freeze.proof_id).toMatch(/^prf_\d{8}_\d{6}_[0-9a-f]{6}$/);
    expect(freeze.url).toBe(freezeUrl(DEVNET_SEASON_BASE, 1));
    expect(freeze.disclosure.request_hash.value).toBe(freezeRequestHash(freeze.url, freeze));

    const [row] = freezesOf(db, 1, 'conformite');
    expect(row?.proofId).toBe(freeze.proof_id);
    // The owner full view as served: its chain_data holds the anchored request hash, the seller is the season host.
    const full = loads(row?.fullView as Uint8Array);
    expect(full.ok && isPyObject(full.value) && full.value['chain_data']).toMatchObject({
      request_hash: freeze.disclosure.request_hash.value,
      seller: 'proveit.devnet.localhost',
    });
    const answer = loads(row?.proxyProof as Uint8Array);
    expect(answer.ok && isPyObject(answer.value) && answer.value['proof']).toMatchObject({ proof_id: freeze.proof_id });
    expect(sealOf(db, freeze.proof_id)?.saltHex).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a second freeze without --replace is refused with FREEZE_ALREADY_EXISTS and nothing is anchored', async () => {
    expect(codeOf(await createFreeze(input, ports))).toBe('FREEZE_ALREADY_EXISTS');
    expect(freezesOf(db, 1, 'conformite')).toHaveLength(1);
  });

  it('a replacement before opening keeps both freezes and publishes the reason with the one it replaces', async () => {
    const [first] = freezesOf(db, 1, 'conformite');
    const reason = 'apply the grounded-verdict rule (conformite-bareme-v3)';
    const replaced = await createFreeze({ ...input, replace: true, reason }, ports);
    if (!replaced.ok) throw new Error(replaced.error.message);
    expect(replaced.value).toMatchObject({ replaces: first?.proofId, reason });
    // A fresh salt: the same key commits to a different value.
    expect(replaced.value.key_commitment).not.toBe(first?.keyCommitment);

    const publication = freezePublication(db, 1, 'conformite');
    if (!publication.ok) throw new Error(publication.error.message);
    expect(publication.value.freezes.map((f) => f.proof_id)).toEqual([first?.proofId, replaced.value.proof_id]);
    expect(publication.value.in_force).toBe(replaced.value.proof_id);
    expect(publication.value.freezes[1]).toMatchObject({ replaces: first?.proofId, reason });
  });

  it('the freeze and its replacement are in the audit log with their actor, and neither salt nor key is', () => {
    const rows = auditRows(db);
    expect(rows.map((r) => [r.action, r.actor])).toEqual([
      ['freeze.create', 'test-operator'],
      ['freeze.replace', 'test-operator'],
    ]);
    const [first, second] = freezesOf(db, 1, 'conformite');
    expect(JSON.parse(rows[1]!.details)).toMatchObject({ proof_id: second?.proofId, replaces: first?.proofId });
    const log = JSON.stringify(rows);
    for (const f of [first, second]) {
      const seal = sealOf(db, f!.proofId)!;
      expect(log).not.toContain(seal.saltHex);
      expect(log).not.toContain(seal.answerKey);
    }
    expect(log).not.toContain(net.apiKey);
  });

  it('a replacement without a reason is refused with FREEZE_REASON_REQUIRED', async () => {
    expect(codeOf(await createFreeze({ ...input, replace: true, reason: null }, ports))).toBe('FREEZE_REASON_REQUIRED');
  });

  it('a replacement 15 minutes before the recorded opening is refused with FREEZE_OPENING_TOO_SOON, even with a later --opens-at', async () => {
    clock.set(Date.parse(OPENS_AT) - 15 * 60_000);
    const before = freezesOf(db, 1, 'conformite').length;
    const moved = await createFreeze(
      {
        ...input,
        opensAt: '2027-01-01T00:00:00.000Z',
        closesAt: '2027-02-01T00:00:00.000Z',
        replace: true,
        reason: 'r',
      },
      ports,
    );
    // The recorded opening decides (a replacement cannot move it later): its batch could close after it.
    expect(moved.ok ? '' : moved.error.message).toContain(`the opening ${OPENS_AT} is too soon`);
    expect(moved.ok ? null : moved.error.details).toMatchObject({
      opens_at: OPENS_AT,
      earliest_opens_at: new Date(Date.parse(OPENS_AT) + 5 * 60_000).toISOString(),
    });
    expect(freezesOf(db, 1, 'conformite')).toHaveLength(before);
    clock.set(BEFORE_OPENING);
  });

  it('at or after opening any change is refused with FREEZE_SEASON_OPENED, even with a later --opens-at', async () => {
    clock.set(Date.parse(OPENS_AT));
    const before = freezesOf(db, 1, 'conformite').length;
    const late = await createFreeze({ ...input, replace: true, reason: 'late fix' }, ports);
    expect(codeOf(late)).toBe('FREEZE_SEASON_OPENED');
    expect(late.ok ? '' : late.error.message).toMatch(/close the season and start a new one/);
    const moved = await createFreeze(
      {
        ...input,
        opensAt: '2027-01-01T00:00:00.000Z',
        closesAt: '2027-02-01T00:00:00.000Z',
        replace: true,
        reason: 'r',
      },
      ports,
    );
    expect(codeOf(moved)).toBe('FREEZE_SEASON_OPENED');
    expect(freezesOf(db, 1, 'conformite')).toHaveLength(before);
    clock.set(BEFORE_OPENING);
  });

  it('a corpus whose key disagrees with the reference solver is refused with FREEZE_CORPUS_CHECK_FAILED', async () => {
    const dir = net.copyCorpus('corpus-bad-key');
    const keyFile = join(dir, 'sealed', 'answer-key.json');
    const key = JSON.parse(readFileSync(keyFile, 'utf8')) as {
      tasks: { verdict: string }[];
    };
    const first = key.tasks[0] as { verdict: string };
    first.verdict = first.verdict === 'conforme' ? 'non_conforme' : 'conforme';
    writeFileSync(keyFile, JSON.stringify(key));
    const result = await createFreeze({ ...input, corpusDir: dir, replace: true, reason: 'r' }, ports);
    expect(codeOf(result)).toBe('FREEZE_CORPUS_CHECK_FAILED');
  });

  it('a close before the opening is refused with FREEZE_WINDOW_INVALID', async () => {
    expect(codeOf(await createFreeze({ ...input, closesAt: OPENS_AT }, ports))).toBe('FREEZE_WINDOW_INVALID');
  });

  it('a refused API key is reported with FREEZE_TRUST_LAYER_REFUSED and the key is not in the message', async () => {
    const wrongKey = `mcp_free_${'0'.repeat(48)}`;
    const result = await createFreeze({ ...input, apiKey: wrongKey, replace: true, reason: 'r' }, ports);
    expect(codeOf(result)).toBe('FREEZE_TRUST_LAYER_REFUSED');
    expect(JSON.stringify(result)).not.toContain(wrongKey);
  });
});
