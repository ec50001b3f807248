import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationFileText } from '../../../main/core/freeze/publication.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import type { ConsoleEvent } from '../../../main/ipc/contract.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { freezesOf, sealOf, type FreezeSeal } from '../../../main/db/freezes.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { NO_SERVICES, type ConsoleServices } from '../../../main/console/console-services.ts';
import type { OpenedConsole } from '../../../main/console/open-console.ts';
import { freezePublication } from '../../../main/services/freeze/publish-freeze.ts';
import { startCloseDevnet, type CloseDevnet } from '../../services/close/support/close-devnet.ts';
import { DEVNET_SEASON_BASE } from '../../services/freeze/support/freeze-devnet.ts';
import { CONSOLE_STAFF, consoleOn, value } from '../support/console-on-freeze-devnet.ts';

// The Freeze screen's "Adopt a freeze made elsewhere" through the console's choke point, on a devnet: a second,
// independent operator database makes and anchors the freeze (tests/services/freeze/adopt-freeze.test.ts's fixture);
// a console on a fresh database adopts it from what staff paste. The seals are secrets: no answer, refusal or event
// carries the salt or the key.
const conformite = { season: 1, track: 'conformite' } as const;
let net: CloseDevnet;
let chainText: string;
let seal: FreezeSeal;
let proofId: string;
const opened: OpenedConsole[] = [];

const sealsText = (salt: string) =>
  `{"freezes": [{"proof_id": "${proofId}", "salt": "${salt}", "key": ${seal.answerKey}}]}\n`;
const oneByteOff = (salt: string) =>
  `${salt.slice(0, 62)}${((parseInt(salt.slice(62), 16) + 1) % 256).toString(16).padStart(2, '0')}`;

/** Every way the seals could be written back: the salt (either case), the key as stored and as canonical JSON. */
function secretsOf(salt: string): string[] {
  const key = loadsText(seal.answerKey);
  if (!key.ok) throw new Error('unreadable key');
  return [salt, salt.toUpperCase(), seal.answerKey, canonical(key.value)];
}

function services(): ConsoleServices {
  return {
    ...NO_SERVICES,
    // Adoption reads public views only: the API key is what a console started for freezes holds, never sent here.
    freeze: { trustLayer: net.devnet.info.trust_layer, apiKey: 'not-used-by-adoption', seasonBase: DEVNET_SEASON_BASE },
    trustDir: net.devnet.info.trust_bundle,
  };
}

function adoptingConsole(name: string) {
  const c = consoleOn({ dir: net.dir, name }, net.clock, services(), opened);
  const events: ConsoleEvent[] = [];
  opened.at(-1)!.ctx.events.subscribe((e) => events.push(e));
  return { ...c, events };
}

function expectNothingRecorded(dbFile: string) {
  const db = openDatabase(dbFile);
  try {
    expect(freezesOf(db, 1, 'conformite')).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM freeze_seals').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM freeze_anchors').pluck().get()).toBe(0);
    expect(auditRows(db)).toEqual([]);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  // The second operator: its own database (net.db), its freeze of the compliance track anchored on 20 September.
  net = await startCloseDevnet('console-freeze-adopt-');
  const publication = freezePublication(net.db, 1, 'conformite');
  if (!publication.ok) throw new Error(publication.error.message);
  chainText = publicationFileText(publication.value);
  proofId = publication.value.in_force;
  seal = sealOf(net.db, proofId)!;
}, 120_000);

afterAll(async () => {
  for (const c of opened) await c.close();
  await net?.close();
});

describe('freeze.adopt from the console', () => {
  it('a salt one byte off is refused with FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH, nothing recorded, neither salt nor key echoed', async () => {
    const { dispatch, dbFile, events } = adoptingConsole('off-by-one');
    const wrong = oneByteOff(seal.saltHex);
    const answer = await dispatch('freeze.adopt', { ...conformite, freeze_chain: chainText, seals: sealsText(wrong) });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH', details: { proof_id: proofId, field: 'key_commitment' } },
    });
    const said = JSON.stringify(answer);
    for (const secret of [...secretsOf(wrong), ...secretsOf(seal.saltHex)]) expect(said).not.toContain(secret);
    expect(events.filter((e) => e.type === 'state.changed')).toEqual([]);
    expectNothingRecorded(dbFile);
  });

  it('seals that are not JSON are refused with the intake code and where, never quoting the text at fault', async () => {
    const { dispatch, dbFile } = adoptingConsole('not-json');
    // The salt written without its quotes: the parser's own message would quote the literal, the salt itself.
    const unquoted = sealsText(seal.saltHex).replace(`"${seal.saltHex}"`, seal.saltHex);
    const answer = await dispatch('freeze.adopt', { ...conformite, freeze_chain: chainText, seals: unquoted });
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTAKE_SYNTAX', details: { field: 'seals', line: 1 } } });
    expect(JSON.stringify(answer)).not.toContain(seal.saltHex.slice(0, 16));
    // A key named twice in the chain is refused by the intake parser too, naming the chain.
    const twice = chainText.replace('"season": 1,', '"season": 1, "season": 1,');
    expect(twice).not.toBe(chainText);
    expect(
      await dispatch('freeze.adopt', { ...conformite, freeze_chain: twice, seals: sealsText(seal.saltHex) }),
    ).toMatchObject({ ok: false, error: { code: 'INTAKE_DUPLICATE_KEY', details: { field: 'freeze_chain' } } });
    // Past its bound, refused at the choke point without its text.
    const huge = await dispatch('freeze.adopt', {
      ...conformite,
      freeze_chain: chainText,
      seals: `${sealsText(seal.saltHex)}${' '.repeat(262_144)}`,
    });
    expect(huge).toMatchObject({ ok: false, error: { code: 'IPC_BAD_ARGUMENTS' } });
    expect(JSON.stringify(huge)).not.toContain(seal.saltHex);
    expect(
      await dispatch('freeze.adopt', { ...conformite, track: 'generique', freeze_chain: chainText, seals: '{}' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'FREEZE_ADOPT_OTHER_TRACK', details: { chain_track: 'conformite', track: 'generique' } },
    });
    expectNothingRecorded(dbFile);
  });

  it('without the Trust Layer configured, adoption is refused with what to give', async () => {
    const c = consoleOn({ dir: net.dir, name: 'unconfigured' }, net.clock, NO_SERVICES, opened);
    const answer = await c.dispatch('freeze.adopt', {
      ...conformite,
      freeze_chain: chainText,
      seals: sealsText(seal.saltHex),
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'CONSOLE_TRUST_LAYER_NOT_CONFIGURED' } });
    expect(JSON.stringify(answer)).not.toContain(seal.saltHex);
    expectNothingRecorded(c.dbFile);
  });

  it('the chain and seals pasted are adopted on a fresh database: the freeze view answered, audited freeze.adopt under the person acting, seals kept as made', async () => {
    const { dispatch, dbFile, events } = adoptingConsole('adopted');
    const view = await value(dispatch, 'freeze.adopt', {
      ...conformite,
      freeze_chain: chainText,
      seals: sealsText(seal.saltHex),
    });
    expect(view).toMatchObject({ season: 1, track: 'conformite', in_force: proofId });
    expect(view.freezes.map((f) => f.proof_id)).toEqual([proofId]);
    for (const secret of secretsOf(seal.saltHex)) expect(JSON.stringify(view)).not.toContain(secret);
    const changed = events.filter((e) => e.type === 'state.changed');
    expect(changed).toMatchObject([{ cause: 'freeze.adopt', season: 1, track: 'conformite' }]);
    for (const secret of secretsOf(seal.saltHex)) expect(JSON.stringify(events)).not.toContain(secret);
    expect(await value(dispatch, 'freeze.view', conformite)).toMatchObject({ in_force: proofId });

    const db = openDatabase(dbFile);
    try {
      expect(sealOf(db, proofId)).toEqual(seal);
      const audit = auditRows(db);
      expect(audit.map((r) => [r.action, r.actor])).toEqual([['freeze.adopt', CONSOLE_STAFF]]);
      for (const secret of secretsOf(seal.saltHex)) expect(JSON.stringify(audit)).not.toContain(secret);
    } finally {
      db.close();
    }
    // A track has one chain: adopting it again is refused, the first adoption untouched.
    const again = await dispatch('freeze.adopt', {
      ...conformite,
      freeze_chain: chainText,
      seals: sealsText(seal.saltHex),
    });
    expect(again).toMatchObject({ ok: false, error: { code: 'FREEZE_ADOPT_TRACK_FROZEN' } });
    expect(JSON.stringify(again)).not.toContain(seal.saltHex);
  });
});
