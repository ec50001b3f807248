import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_SERVICES } from '../../../main/console/console-services.ts';
import type { ResultOf } from '../../../main/ipc/contract.ts';
import type { OpenedConsole } from '../../../main/console/open-console.ts';
import { startFreezeDevnet, type FreezeDevnet } from '../../services/freeze/support/freeze-devnet.ts';
import { BEFORE_OPENING, CLOSES_AT, OPENS_AT, settableClock } from '../../services/freeze/support/freeze-ports.ts';
import { consoleOn, freezeServices, value } from '../support/console-on-freeze-devnet.ts';
import { participantKey } from '../../../devnet/scripted/participant-key.ts';
import { challengeDidOf } from '../../../main/core/operator/challenge-did.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { storedViews } from '../../../main/db/proof-views.ts';
import { ledgerRows } from '../../../main/db/read-ledger.ts';
import { devnetFault } from '../../devnet/support/devnet-faults.ts';

// The Freeze screen's anchor step on a real devnet: a fresh freeze is pending until the devnet closes its batch,
// then a third party's verification of its proof stores the RFC 3161 time and the Rekor entry, which freeze.view
// shows from then on; a trust bundle that does not know the devnet's witnesses refuses with the verifier's verdict.
const clock = settableClock(BEFORE_OPENING);
const conformite = { season: 1, track: 'conformite' } as const;
const window = { opens_at: OPENS_AT, closes_at: CLOSES_AT };
let net: FreezeDevnet;
let dir: string;
const opened: OpenedConsole[] = [];

const consoleFor = (name: string, trustDir: string) =>
  consoleOn({ dir, name }, clock, freezeServices(net, trustDir), opened, net.operatorKeyFile).dispatch;

const inForce = (view: ResultOf<'freeze.view'>) => view.freezes.find((f) => f.proof_id === view.in_force);

/** POST /_devnet/faults (devnet/README.md): a witness step failing at every batch close until cleared. */
const trustLayerFault = (body: object) => devnetFault(net.devnet.info, body);

beforeAll(async () => {
  net = await startFreezeDevnet('proveit-console-anchor-', () => new Date(clock.now()));
  dir = mkdtempSync(join(tmpdir(), 'proveit-console-anchor-'));
}, 60_000);

afterAll(async () => {
  for (const c of opened) await c.close();
  await net?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the freeze anchor step', () => {
  it('a fresh freeze is pending, then shows its RFC 3161 time and Rekor entry once its batch is anchored', async () => {
    const dispatch = consoleFor('devnet-bundle', net.devnet.info.trust_bundle);
    const created = await value(dispatch, 'freeze.create', { ...conformite, ...window });
    expect(inForce(created)).toMatchObject({ anchor: null, anchor_time: null });

    const pending = inForce(await value(dispatch, 'freeze.anchor', conformite));
    expect(pending?.anchor).toMatchObject({ state: 'pending', anchor_time: null });
    expect(pending?.anchor_time).toBeNull();

    await net.devnet.closeBatch();
    const anchored = inForce(await value(dispatch, 'freeze.anchor', conformite));
    expect(anchored?.anchor).toMatchObject({ state: 'anchored', rekor_verified: true, independent_witnesses: 2 });
    expect(anchored?.anchor?.rekor_uuid).toMatch(/^([0-9a-f]{16})?[0-9a-f]{64}$/);
    // The devnet's TSA stamps with the test's clock: the genTime is the instant the batch closed.
    expect(Date.parse(anchored?.anchor_time ?? '')).toBe(BEFORE_OPENING);
    expect(anchored?.anchor?.anchor_time).toBe(anchored?.anchor_time);

    // The view reads what was verified; a later check keeps the anchor as first verified.
    clock.set(BEFORE_OPENING + 60_000);
    const viewed = inForce(await value(dispatch, 'freeze.view', conformite));
    expect(viewed?.anchor).toEqual(anchored?.anchor);
    expect(inForce(await value(dispatch, 'freeze.anchor', conformite))?.anchor).toEqual(anchored?.anchor);
  }, 60_000);

  it('a trust bundle without the devnet witnesses refuses FREEZE_PROOF_NOT_VERIFIED and stores nothing', async () => {
    // Another operator database freezes the same track of the same season host: its document is a first freeze
    // again, and signed after the one before it takes the place (docs/freeze.md "The freeze in force").
    clock.set(BEFORE_OPENING + 120_000);
    const dispatch = consoleFor('production-bundle', NO_SERVICES.trustDir);
    await value(dispatch, 'freeze.create', { ...conformite, ...window });
    await net.devnet.closeBatch();
    const answer = await dispatch('freeze.anchor', conformite);
    expect(answer).toMatchObject({ ok: false, error: { code: 'FREEZE_PROOF_NOT_VERIFIED' } });
    expect(inForce(await value(dispatch, 'freeze.view', conformite))?.anchor).toBeNull();
  }, 60_000);

  it('a freeze made through a participant’s API key (its own bound DID) is refused FREEZE_ANCHOR_FOREIGN_DID and stores nothing', async () => {
    clock.set(BEFORE_OPENING + 180_000);
    const participant = await participantKey(net.devnet.info.trust_layer, 'console-participant@example.org');
    const services = freezeServices(net, net.devnet.info.trust_bundle);
    const dispatch = consoleOn(
      { dir, name: 'participant-api-key' },
      clock,
      { ...services, freeze: { ...services.freeze!, apiKey: participant.apiKey } },
      opened,
      net.operatorKeyFile,
    ).dispatch;
    await value(dispatch, 'freeze.create', { ...conformite, ...window });
    await net.devnet.closeBatch();
    const answer = await dispatch('freeze.anchor', conformite);
    // The console answers a code and a message (no details): the message names both DIDs.
    expect(answer).toMatchObject({ ok: false, error: { code: 'FREEZE_ANCHOR_FOREIGN_DID' } });
    const message = (answer as { error: { message: string } }).error.message;
    expect(message).toContain(participant.did);
    expect(message).toContain(challengeDidOf(net.operatorKey.publicKeyHex) as string);
    expect(inForce(await value(dispatch, 'freeze.view', conformite))?.anchor).toBeNull();
  }, 60_000);

  it('a freeze anchored with one witness (its batch’s Rekor step failed) is refused FREEZE_PROOF_ONE_WITNESS naming the missing entry and what to do, and stores nothing', async () => {
    clock.set(BEFORE_OPENING + 210_000);
    const dispatch = consoleFor('rekor-step-failed', net.devnet.info.trust_bundle);
    await value(dispatch, 'freeze.create', { ...conformite, ...window });
    await trustLayerFault({ anchor_step: 'transparency_log', fault: 'failed' });
    try {
      await net.devnet.closeBatch();
    } finally {
      await trustLayerFault({ anchor_step: 'transparency_log', fault: null });
    }
    const answer = await dispatch('freeze.anchor', conformite);
    expect(answer).toMatchObject({ ok: false, error: { code: 'FREEZE_PROOF_ONE_WITNESS' } });
    const message = (answer as { error: { message: string } }).error.message;
    expect(message).toMatch(/Rekor entry is missing \(WITNESS_LOG_FAILED\).*never have both witnesses/);
    expect(message).toContain('proveit freeze create --replace');
    expect(inForce(await value(dispatch, 'freeze.view', conformite))?.anchor).toBeNull();
  }, 60_000);

  it('an anchor check is one read through the quota, its view kept in the read cache in the state the screen shows', async () => {
    clock.set(BEFORE_OPENING + 240_000);
    const { dispatch, dbFile } = consoleOn(
      { dir, name: 'read-cache' },
      clock,
      freezeServices(net, net.devnet.info.trust_bundle),
      opened,
      net.operatorKeyFile,
    );
    const created = await value(dispatch, 'freeze.create', { ...conformite, ...window });
    expect(created.anchor_deadline).toMatchObject({
      state: 'awaiting_anchor',
      deadline: OPENS_AT,
      replace_until: new Date(Date.parse(OPENS_AT) - 20 * 60_000).toISOString(),
      replacement_allowed: true,
      now: new Date(BEFORE_OPENING + 240_000).toISOString(),
    });
    const id = created.in_force as string;
    const db = openDatabase(dbFile);
    try {
      const pending = await value(dispatch, 'freeze.anchor', conformite);
      expect(inForce(pending)?.anchor?.state).toBe('pending');
      // What the Proofs screen and the close read: the same view, in the same state, from one counted read.
      expect(storedViews(db, [id]).map((v) => v.status)).toEqual(['pending']);
      expect(ledgerRows(db)).toHaveLength(1);

      await net.devnet.closeBatch();
      const anchored = await value(dispatch, 'freeze.anchor', conformite);
      expect(anchored.anchor_deadline?.state).toBe('anchored_in_time');
      expect(storedViews(db, [id]).map((v) => v.status)).toEqual(['anchored']);
      expect(ledgerRows(db)).toHaveLength(2);
      // An anchored view is final: checking again reads nothing.
      await value(dispatch, 'freeze.anchor', conformite);
      expect(ledgerRows(db)).toHaveLength(2);
    } finally {
      db.close();
    }
  }, 60_000);

  it('a freeze proof still pending at its opening turns "cannot score" there, and Season no longer says to run the close', async () => {
    clock.set(BEFORE_OPENING + 300_000);
    const dispatch = consoleFor('pending-at-opening', net.devnet.info.trust_bundle);
    await value(dispatch, 'freeze.create', { ...conformite, ...window });
    clock.set(Date.parse(OPENS_AT) - 20 * 60_000 + 1);
    expect((await value(dispatch, 'freeze.view', conformite)).anchor_deadline).toMatchObject({
      state: 'awaiting_anchor',
      replacement_allowed: false,
    });
    clock.set(Date.parse(OPENS_AT));
    expect((await value(dispatch, 'freeze.view', conformite)).anchor_deadline?.state).toBe('recheck_after_opening');
    const checked = await value(dispatch, 'freeze.anchor', conformite);
    expect(checked.anchor_deadline?.state).toBe('anchored_after_opening');
    clock.set(Date.parse(CLOSES_AT) + 60_000);
    const [track] = (await value(dispatch, 'season.status', {})).tracks;
    expect(track).toMatchObject({ state: 'closed', next_step_code: 'FREEZE_CANNOT_SCORE' });
    expect(track?.next_step).toContain('CLOSE_FREEZE_ANCHORED_AFTER_OPENING');
  }, 60_000);
});
