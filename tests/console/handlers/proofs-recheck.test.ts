import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenedConsole } from '../../../main/console/open-console.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { storedViews } from '../../../main/db/proof-views.ts';
import { ledgerRows, reserveRead } from '../../../main/db/read-ledger.ts';
import { DEFAULT_READ_SETTINGS, effectiveRule } from '../../../main/services/proofs/read-settings.ts';
import { startFreezeDevnet, type FreezeDevnet } from '../../services/freeze/support/freeze-devnet.ts';
import { BEFORE_OPENING, CLOSES_AT, OPENS_AT, settableClock } from '../../services/freeze/support/freeze-ports.ts';
import { consoleOn, freezeServices, value } from '../support/console-on-freeze-devnet.ts';

// The Proofs screen's "re-check now (uses 1 read)" on a real devnet: a pending proof is read at once, one counted
// read in the ledger, its view stored in the read cache; an anchored or unknown proof is refused before any read,
// and with the hour's reads used the refusal says when the next read is possible.
const clock = settableClock(BEFORE_OPENING);
const conformite = { season: 1, track: 'conformite' } as const;
const window = { opens_at: OPENS_AT, closes_at: CLOSES_AT };
let net: FreezeDevnet;
let dir: string;
const opened: OpenedConsole[] = [];

beforeAll(async () => {
  net = await startFreezeDevnet('proveit-console-recheck-', () => new Date(clock.now()));
  dir = mkdtempSync(join(tmpdir(), 'proveit-console-recheck-'));
}, 60_000);

afterAll(async () => {
  for (const c of opened) await c.close();
  await net?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A console with a fresh freeze whose proof the read cache holds as pending (one anchor check read it). */
async function withPendingProof(name: string) {
  const services = freezeServices(net, net.devnet.info.trust_bundle);
  const { dispatch, dbFile } = consoleOn({ dir, name }, clock, services, opened, net.operatorKeyFile);
  const created = await value(dispatch, 'freeze.create', { ...conformite, ...window });
  await value(dispatch, 'freeze.anchor', conformite);
  return { dispatch, dbFile, proofId: created.in_force as string };
}

describe('proofs.recheck', () => {
  it('a pending proof re-checked now is one read: pending while its batch is open, anchored once it is closed', async () => {
    clock.set(BEFORE_OPENING);
    const { dispatch, dbFile, proofId } = await withPendingProof('recheck');
    const db = openDatabase(dbFile);
    try {
      expect(ledgerRows(db)).toHaveLength(1);
      // Asked by the operator, it does not wait for the pending recheck interval (10 minutes).
      clock.set(BEFORE_OPENING + 1_000);
      const still = await value(dispatch, 'proofs.recheck', { proof_id: proofId });
      expect(still).toMatchObject({ proof_id: proofId, status: 'pending' });
      expect(still.proofs.pending.map((p) => p.proof_id)).toContain(proofId);
      expect(ledgerRows(db)).toHaveLength(2);

      await net.devnet.closeBatch();
      clock.set(BEFORE_OPENING + 2_000);
      const anchored = await value(dispatch, 'proofs.recheck', { proof_id: proofId });
      expect(anchored.status).toBe('anchored');
      expect(anchored.proofs.pending.map((p) => p.proof_id)).not.toContain(proofId);
      expect(storedViews(db, [proofId]).map((v) => v.status)).toEqual(['anchored']);
      expect(ledgerRows(db)).toHaveLength(3);

      // An anchored view is final: re-checking it is refused, and reads nothing.
      const again = await dispatch('proofs.recheck', { proof_id: proofId });
      expect(again).toMatchObject({ ok: false, error: { code: 'PROOF_RECHECK_NOT_PENDING' } });
      expect(ledgerRows(db)).toHaveLength(3);
    } finally {
      db.close();
    }
  }, 60_000);

  it('a proof id the read cache does not hold is refused PROOF_RECHECK_NOT_PENDING before any read', async () => {
    clock.set(BEFORE_OPENING + 60_000);
    const { dispatch, dbFile } = await withPendingProof('recheck-unknown');
    const answer = await dispatch('proofs.recheck', { proof_id: 'prf_20261001_080000_abcdef' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'PROOF_RECHECK_NOT_PENDING' } });
    const db = openDatabase(dbFile);
    try {
      expect(ledgerRows(db)).toHaveLength(1);
    } finally {
      db.close();
    }
  }, 60_000);

  it('with the hour’s reads used, a re-check is refused PROOF_RECHECK_NO_READ_LEFT naming when the next read is possible', async () => {
    clock.set(BEFORE_OPENING + 120_000);
    const { dispatch, dbFile, proofId } = await withPendingProof('recheck-quota');
    const db = openDatabase(dbFile);
    try {
      const rule = effectiveRule(DEFAULT_READ_SETTINGS);
      const request = { endpoint: 'POST /v1/proofs', baseUrl: net.devnet.info.trust_layer, proofIds: [proofId] };
      while (reserveRead(db, request, rule, () => clock.now()).granted);
      const reads = ledgerRows(db).length;
      const answer = await dispatch('proofs.recheck', { proof_id: proofId });
      expect(answer).toMatchObject({
        ok: false,
        error: {
          code: 'PROOF_RECHECK_NO_READ_LEFT',
          details: { proof_id: proofId, next_read_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
        },
      });
      expect((answer as { error: { message: string } }).error.message).toMatch(
        /the next read is possible at \d{4}-\d{2}-\d{2}T/,
      );
      expect(ledgerRows(db)).toHaveLength(reads);
    } finally {
      db.close();
    }
  }, 60_000);

  it('an argument that is not a proof id is refused IPC_BAD_ARGUMENTS', async () => {
    const { dispatch } = consoleOn(
      { dir, name: 'recheck-args' },
      clock,
      freezeServices(net, net.devnet.info.trust_bundle),
      opened,
      net.operatorKeyFile,
    );
    const answer = await dispatch('proofs.recheck', { proof_id: '../../etc/passwd' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'IPC_BAD_ARGUMENTS' } });
  });
});
