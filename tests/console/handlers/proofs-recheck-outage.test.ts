import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenedConsole } from '../../../main/console/open-console.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { storedViews } from '../../../main/db/proof-views.ts';
import { ledgerRows } from '../../../main/db/read-ledger.ts';
import { startFreezeDevnet, type FreezeDevnet } from '../../services/freeze/support/freeze-devnet.ts';
import { BEFORE_OPENING, CLOSES_AT, OPENS_AT, settableClock } from '../../services/freeze/support/freeze-ports.ts';
import { databaseRows } from '../../services/support/database-rows.ts';
import { consoleOn, freezeServices, value } from '../support/console-on-freeze-devnet.ts';

// A fault of ArkForge's side counts toward neither overclaim nor the minimum (spec §4.1): it ends as pending, an
// incident or a refusal that says what to do. Here the Trust Layer is unreachable when the operator presses
// "re-check now (uses 1 read)": the proof stays pending, the refusal says to try later, and the re-check spends the
// one read it announced, not the fetcher's retries.
const clock = settableClock(BEFORE_OPENING);
const conformite = { season: 1, track: 'conformite' } as const;
let net: FreezeDevnet;
/** Whether the test has stopped the devnet (its Trust Layer with it). */
let stopped = false;
let dir: string;
const opened: OpenedConsole[] = [];

beforeAll(async () => {
  net = await startFreezeDevnet('proveit-recheck-outage-', () => new Date(clock.now()));
  dir = mkdtempSync(join(tmpdir(), 'proveit-recheck-outage-'));
}, 60_000);

afterAll(async () => {
  for (const c of opened) await c.close();
  if (!stopped) await net?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('proofs.recheck when ArkForge’s side fails', () => {
  it('Trust Layer down during proofs.recheck: the proof stays pending, refused PROOF_RECHECK_TRUST_LAYER_UNREACHABLE saying to re-check later, one read spent, nothing else written', async () => {
    const services = freezeServices(net, net.devnet.info.trust_bundle);
    const { dispatch, dbFile } = consoleOn({ dir, name: 'down' }, clock, services, opened, net.operatorKeyFile);
    const created = await value(dispatch, 'freeze.create', { ...conformite, opens_at: OPENS_AT, closes_at: CLOSES_AT });
    await value(dispatch, 'freeze.anchor', conformite);
    const proofId = created.in_force as string;
    const db = openDatabase(dbFile);
    try {
      // The Trust Layer the freeze was made through stops: its address now reaches a closed port.
      const down = net.devnet.info.trust_layer;
      stopped = true;
      await net.close();
      clock.set(BEFORE_OPENING + 1_000);
      const reads = ledgerRows(db).length;
      const before = databaseRows(db, ['trust_layer_reads', 'trust_layer_read_results']);
      const quotaBefore = (await value(dispatch, 'proofs.view', {})).quota;

      const answer = await dispatch('proofs.recheck', { proof_id: proofId });

      expect(answer).toMatchObject({
        ok: false,
        error: { code: 'PROOF_RECHECK_TRUST_LAYER_UNREACHABLE', details: { proof_id: proofId, trust_layer: down } },
      });
      const message = (answer as { error: { message: string } }).error.message;
      expect(message).toContain(down);
      expect(message).toMatch(/stays pending/);
      expect(message).toMatch(/re-check it later/);
      expect(storedViews(db, [proofId]).map((v) => v.status)).toEqual(['pending']);
      const view = await value(dispatch, 'proofs.view', {});
      expect(view.pending.map((p) => p.proof_id)).toEqual([proofId]);
      // One read recorded, as the button said (the ledger counts a read it cannot prove never reached the server,
      // docs/operator-database.md "The read quota"); no retry spent more of the hour.
      expect(ledgerRows(db)).toHaveLength(reads + 1);
      expect(view.quota.used).toBe(quotaBefore.used + 1);
      expect(databaseRows(db, ['trust_layer_reads', 'trust_layer_read_results'])).toEqual(before);
    } finally {
      db.close();
    }
  }, 60_000);
});
