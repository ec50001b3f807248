import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreezeAdoptCommand } from '../../../main/cli/freeze-adopt.ts';
import {
  publicationFileText,
  type FreezePublication,
  type PublishedFreeze,
} from '../../../main/core/freeze/publication.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import { pyObjectFrom, type PyJson } from '../../../main/core/json/value.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { freezeAnchorsOf } from '../../../main/db/freeze-anchors.ts';
import { freezesOf, sealOf } from '../../../main/db/freezes.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { readSigningKey } from '../../../main/services/index-export/signing-key.ts';
import { adoptFreeze, type AdoptFreezeInput } from '../../../main/services/freeze/adopt-freeze.ts';
import { createFreeze } from '../../../main/services/freeze/create-freeze.ts';
import { freezePublication } from '../../../main/services/freeze/publish-freeze.ts';
import { ownerFullView, proxyFreeze, publicView } from '../../../main/services/freeze/trust-layer-calls.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import type { TrustBundle } from '../../../main/core/trust/bundle.ts';
import { captureIo } from '../../support/capture-io.ts';
import { operatorApiKey, proxyCorpusCall } from '../../devnet/support/trust-layer-calls.ts';
import { boundKey } from '../../season-service/support/season-fixture.ts';
import { devnetCloseRun, runCloseCommand, runReplay } from '../close/support/close-commands.ts';
import { AFTER_NULL_RECHECK, DURING, startCloseDevnet, type CloseDevnet } from '../close/support/close-devnet.ts';
import { submissionDocument } from '../close/support/submission-document.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

const REASON = 'apply the grounded-verdict rule (replaced before any publication and before the opening)';

let net: CloseDevnet;
let bundle: TrustBundle;
/** The second operator's chain: the first freeze and its replacement, as `freeze publish` wrote it. */
let published: FreezePublication;
let publicationFile: string;
let sealsFile: string;
/** The database the refusals are tried on: nothing may ever be recorded in it. */
let refusedDb: Db;
/** A proof of the replacement's very document, anchored under a participant's DID through the proxy. */
let foreignProof: { proofId: string; nonce: string; value: string };
/** A participant's proxied corpus read: a proof of another document. */
let otherProof: { proofId: string; nonce: string; value: string };

const write = (name: string, text: string) => {
  const file = join(net.dir, name);
  writeFileSync(file, text);
  return file;
};

/** The sealed material of each freeze of the chain, as the second operator's database keeps it. */
function sealsOf(db: Db, ids: readonly string[], change: (id: string, salt: string, key: PyJson) => [string, PyJson]) {
  const freezes = ids.map((id) => {
    const seal = sealOf(db, id)!;
    const key = loadsText(seal.answerKey);
    if (!key.ok) throw new Error('unreadable key');
    const [salt, changedKey] = change(id, seal.saltHex, key.value);
    return pyObjectFrom([
      ['proof_id', id],
      ['salt', salt],
      ['key', changedKey],
    ]);
  });
  return `${canonical(pyObjectFrom([['freezes', freezes]]))}\n`;
}

const inForce = () => published.freezes.at(-1) as PublishedFreeze;
const first = () => published.freezes[0] as PublishedFreeze;

function adoptInput(overrides: Partial<AdoptFreezeInput> = {}): AdoptFreezeInput {
  return {
    corpusDir: net.corpusDir,
    publications: [loadPublication()],
    seals: loadJson(sealsFile),
    trustLayer: net.devnet.info.trust_layer,
    offline: false,
    bundle,
    actor: 'adopting-operator',
    ...overrides,
  };
}

function loadJson(file: string): PyJson {
  const parsed = loadsText(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}
const loadPublication = () => loadJson(publicationFile);

/** The publication with the freeze in force changed by `edit` (its JSON as published). */
function publicationWith(edit: (freeze: Json) => void): PyJson {
  const doc = JSON.parse(readFileSync(publicationFile, 'utf8')) as Json;
  edit(doc.freezes.at(-1) as Json);
  doc.in_force = doc.freezes.at(-1).proof_id;
  const parsed = loadsText(JSON.stringify(doc));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** The sealed material with the freeze in force's salt and key listed under `proofId`, the id a changed publication names. */
function sealsUnder(proofId: string): PyJson {
  const text = sealsOf(
    net.db,
    published.freezes.map((f) => f.proof_id),
    (_id, salt, key) => [salt, key],
  ).replace(inForce().proof_id, proofId);
  const parsed = loadsText(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const adopt = (overrides: Partial<AdoptFreezeInput> = {}) =>
  adoptFreeze(adoptInput(overrides), { db: refusedDb, http: net.http, clock: net.clock });

function expectNothingRecorded(db: Db) {
  expect(freezesOf(db, 1, 'conformite')).toEqual([]);
  expect(db.prepare('SELECT count(*) FROM freeze_seals').pluck().get()).toBe(0);
  expect(db.prepare('SELECT count(*) FROM freeze_anchors').pluck().get()).toBe(0);
  expect(auditRows(db)).toEqual([]);
}

beforeAll(async () => {
  // The second, independent operator: its own database (net.db), its own freeze made through the devnet on 20
  // September, anchored at once.
  net = await startCloseDevnet('freeze-adopt-');
  const trustLayer = net.devnet.info.trust_layer;
  const operatorKeyFile = net.devnet.info.operator_key_file as string;
  const loaded = await loadTrustBundle(net.devnet.info.trust_bundle);
  if (!loaded.ok) throw new Error(loaded.error.message);
  bundle = loaded.value;

  // It replaces that freeze before the opening, with its reason (spec §8 status note), anchored the same day.
  const signing = readSigningKey(operatorKeyFile);
  if (!signing.ok) throw new Error(signing.error.message);
  const apiKey = await operatorApiKey(trustLayer, 'second-operator@example.org', operatorKeyFile);
  const replaced = await createFreeze(
    {
      corpusDir: net.corpusDir,
      trustLayer,
      apiKey,
      operatorKey: signing.value,
      seasonBase: 'http://proveit.devnet.localhost',
      opensAt: '2026-10-01T08:00:00.000Z',
      closesAt: '2026-10-29T08:00:00.000Z',
      replace: true,
      reason: REASON,
      actor: 'second-operator',
    },
    { db: net.db, http: net.http, clock: net.clock, randomBytes: (n) => new Uint8Array(Buffer.alloc(n, 7)) },
  );
  if (!replaced.ok) throw new Error(`${replaced.error.code} ${replaced.error.message}`);
  const publication = freezePublication(net.db, 1, 'conformite');
  if (!publication.ok) throw new Error(publication.error.message);
  published = publication.value;
  publicationFile = write('publication.json', publicationFileText(published));
  const ids = published.freezes.map((f) => f.proof_id);
  sealsFile = write(
    'seals.json',
    sealsOf(net.db, ids, (_id, salt, key) => [salt, key]),
  );

  // Anyone may post the published document through the proxy again (spec §2.3): a participant's key gets a proof
  // anchoring the very same request hash, under the participant's DID.
  const participant = await boundKey(trustLayer, 'reposter');
  const repost = await proxyFreeze(net.http, trustLayer, participant.apiKey, inForce().url, inForce());
  const repostId = repost.ok ? repost.value.proofId : (repost.error.details?.['proof_id'] as string);
  const repostFull = await ownerFullView(net.http, trustLayer, participant.apiKey, repostId);
  if (!repostFull.ok) throw new Error(repostFull.error.message);
  foreignProof = opening(repostId, repostFull.value.value as Json);
  const readId = await proxyCorpusCall(trustLayer, participant.apiKey);
  const readFull = await ownerFullView(net.http, trustLayer, participant.apiKey, readId);
  if (!readFull.ok) throw new Error(readFull.error.message);
  otherProof = opening(readId, readFull.value.value as Json);
  await net.devnet.closeBatch();

  refusedDb = openDatabase(join(net.dir, 'refused.sqlite'));
}, 120_000);

function opening(proofId: string, full: Json) {
  return {
    proofId,
    nonce: full.commitment_nonces.request_hash as string,
    value: full.chain_data.request_hash as string,
  };
}

afterAll(async () => {
  refusedDb?.close();
  await net?.close();
});

describe('freeze adopt: a freeze chain made by a second, independent operator database', () => {
  it('is refused with nothing recorded when the salt is one byte off (FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH)', async () => {
    const offByOne = (salt: string) =>
      `${salt.slice(0, 62)}${((parseInt(salt.slice(62), 16) + 1) % 256).toString(16).padStart(2, '0')}`;
    const seals = loadsText(
      sealsOf(
        net.db,
        published.freezes.map((f) => f.proof_id),
        (id, salt, key) => [id === inForce().proof_id ? offByOne(salt) : salt, key],
      ),
    );
    if (!seals.ok) throw new Error('seals');
    const result = await adopt({ seals: seals.value });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({
      code: 'FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH',
      details: { proof_id: inForce().proof_id, field: 'key_commitment', anchored: inForce().key_commitment, also: [] },
    });
    expectNothingRecorded(refusedDb);
  });

  it('is refused when the key is not the committed one (one verdict changed): FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH', async () => {
    const seals = loadsText(
      sealsOf(
        net.db,
        published.freezes.map((f) => f.proof_id),
        (id, salt, key) => {
          if (id !== first().proof_id) return [salt, key];
          const text = canonical(key).replace('"verdict":"indeterminable"', '"verdict":"conforme"');
          const changed = loadsText(text);
          if (!changed.ok) throw new Error('key');
          return [salt, changed.value];
        },
      ),
    );
    if (!seals.ok) throw new Error('seals');
    const result = await adopt({ seals: seals.value });
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH',
      details: { proof_id: first().proof_id },
    });
    expectNothingRecorded(refusedDb);
  });

  it('is refused when a served file of the track folder changed since the freeze (FREEZE_ADOPT_MANIFEST_HASH_MISMATCH)', async () => {
    const corpus = join(net.dir, 'corpus-changed-file');
    cpSync(net.corpusDir, corpus, { recursive: true });
    const folder = join(corpus, 'responses', 'attestations');
    const file = join(folder, readdirSync(folder)[0]!);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"existe": true', '"existe": false'));
    const result = await adopt({ corpusDir: corpus });
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_MANIFEST_HASH_MISMATCH',
      details: { proof_id: inForce().proof_id, anchored: inForce().manifest_hash },
    });
    expectNothingRecorded(refusedDb);
  });

  it('is refused when the scoring-rules text changed since the freeze (FREEZE_ADOPT_RULES_HASH_MISMATCH)', async () => {
    const corpus = join(net.dir, 'corpus-changed-rules');
    cpSync(net.corpusDir, corpus, { recursive: true });
    const rules = join(corpus, 'rules', 'conformite-bareme-v3.md');
    writeFileSync(rules, `${readFileSync(rules, 'utf8')}\nA rule added after the freeze.\n`);
    const result = await adopt({ corpusDir: corpus });
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_RULES_HASH_MISMATCH',
      details: { proof_id: inForce().proof_id, anchored: inForce().rules_hash },
    });
    expectNothingRecorded(refusedDb);
  });

  it('is refused when the freeze names the proof of another document (FREEZE_ADOPT_REQUEST_HASH_MISMATCH)', async () => {
    const publication = publicationWith((f) => {
      f.proof_id = otherProof.proofId;
      f.disclosure = { request_hash: { nonce: otherProof.nonce, value: otherProof.value } };
    });
    const result = await adopt({ publications: [publication], seals: sealsUnder(otherProof.proofId) });
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_REQUEST_HASH_MISMATCH',
      details: { proof_id: otherProof.proofId, field: 'request_hash', anchored: otherProof.value },
    });
    expectNothingRecorded(refusedDb);
  });

  it('is refused when the published document was changed after anchoring, its close moved (FREEZE_ADOPT_REQUEST_HASH_MISMATCH)', async () => {
    const publication = publicationWith((f) => {
      f.closes_at = '2026-11-05T08:00:00.000Z';
    });
    const result = await adopt({ publications: [publication] });
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_REQUEST_HASH_MISMATCH',
      details: { proof_id: inForce().proof_id },
    });
    if (!result.ok)
      expect(result.error.details?.['also']).toContainEqual({
        code: 'FREEZE_ADOPT_OPERATOR_SIGNATURE_INVALID',
        proof_id: inForce().proof_id,
      });
    expectNothingRecorded(refusedDb);
  });

  it("is refused when the proof of the very document was anchored under a participant's DID (FREEZE_ADOPT_ANCHOR_FOREIGN_DID)", async () => {
    const publication = publicationWith((f) => {
      f.proof_id = foreignProof.proofId;
      f.disclosure = { request_hash: { nonce: foreignProof.nonce, value: foreignProof.value } };
    });
    const result = await adopt({ publications: [publication], seals: sealsUnder(foreignProof.proofId) });
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_ANCHOR_FOREIGN_DID',
      details: { proof_id: foreignProof.proofId, field: 'agent_identity' },
    });
    expectNothingRecorded(refusedDb);
  });

  it('is refused when a freeze proof has one witness only: no Rekor entry offline (FREEZE_ADOPT_WITNESS_MISSING)', async () => {
    const views: Uint8Array[] = [];
    for (const f of published.freezes) {
      const view = await publicView(net.http, net.devnet.info.trust_layer, f.proof_id);
      if (!view.ok) throw new Error(view.error.message);
      views.push(view.value);
    }
    const result = await adopt({ views, offline: true });
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_WITNESS_MISSING',
      details: { proof_id: first().proof_id, witness: 'rekor', awaitable: true },
    });
    expectNothingRecorded(refusedDb);
  });

  it('is refused without the freeze it replaces: the chain is given whole (FREEZE_ADOPT_CHAIN_INVALID)', async () => {
    const alone = publicationWith(() => undefined) as Json;
    const result = await adopt({ publications: [(alone['freezes'] as PyJson[])[1]!] });
    expect(!result.ok && result.error).toMatchObject({
      code: 'FREEZE_ADOPT_CHAIN_INVALID',
      details: { field: 'replaces' },
    });
    expectNothingRecorded(refusedDb);
  });

  it('is refused in a database that already holds a freeze of the track (FREEZE_ADOPT_TRACK_FROZEN)', async () => {
    const before = auditRows(net.db).length;
    const result = await adoptFreeze(adoptInput(), { db: net.db, http: net.http, clock: net.clock });
    expect(!result.ok && result.error.code).toBe('FREEZE_ADOPT_TRACK_FROZEN');
    expect(auditRows(net.db)).toHaveLength(before);
  });

  describe('adopted into a fresh database', () => {
    let adoptedFile: string;
    let adopted: Db;
    let alice: Awaited<ReturnType<CloseDevnet['enroll']>>;

    beforeAll(async () => {
      net.clock.set(DURING);
      alice = await net.enroll('alice');
      const entity = await alice.read('/entites/171904347');
      const attestation = await alice.read('/attestations/ATT-93595');
      await net.devnet.closeBatch();
      const answer = await alice.submit(
        submissionDocument(alice, 'conf-01', 'indeterminable', [
          ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
          ['/attestations/ATT-93595', '/existe', false, attestation],
        ]),
      );
      expect(answer.json).toMatchObject({ recorded: true });
      adoptedFile = join(net.dir, 'adopted.sqlite');
    }, 60_000);

    afterAll(() => adopted?.close());

    it('freeze adopt takes the whole chain in force, audited freeze.adopt, and publishes it as the second operator did', async () => {
      const io = captureIo();
      const code = await createFreezeAdoptCommand(net.clock).run(
        [
          ...['--corpus', net.corpusDir, '--freeze', publicationFile, '--seals', sealsFile],
          ...['--trust-layer', net.devnet.info.trust_layer, '--trust', net.devnet.info.trust_bundle],
          ...['--db', adoptedFile, '--actor', 'adopting-operator', '--json'],
        ],
        io,
      );
      expect(code, io.stderr + io.stdout).toBe(0);
      expect(JSON.parse(io.stdout)).toMatchObject({ ok: true, publication: { in_force: inForce().proof_id } });
      adopted = openDatabase(adoptedFile);
      const again = freezePublication(adopted, 1, 'conformite');
      expect(again.ok && publicationFileText(again.value)).toBe(readFileSync(publicationFile, 'utf8'));
      for (const f of published.freezes) expect(sealOf(adopted, f.proof_id)).toEqual(sealOf(net.db, f.proof_id));
      const anchors = freezeAnchorsOf(
        adopted,
        published.freezes.map((f) => f.proof_id),
      );
      expect([...anchors.values()].map((a) => [a.state, a.independentWitnesses])).toEqual([
        ['anchored', 2],
        ['anchored', 2],
      ]);
      const audit = auditRows(adopted);
      expect(audit.map((r) => [r.action, r.actor])).toEqual([['freeze.adopt', 'adopting-operator']]);
      const details = JSON.stringify(audit[0]!.details);
      for (const f of published.freezes) expect(details).not.toContain(sealOf(net.db, f.proof_id)!.saltHex);
    });

    it("an adopted freeze closes and replays byte-identical: the second operator's own scores and reports, its bundle replayed to the same bytes", async () => {
      net.clock.set(AFTER_NULL_RECHECK);
      const ownClose = await runCloseCommand(net.clock, devnetCloseRun(net, join(net.dir, 'close-own')));
      expect(ownClose.code, ownClose.io.stderr + ownClose.io.stdout).toBe(0);
      const adoptedClose = await runCloseCommand(net.clock, {
        ...devnetCloseRun(net, join(net.dir, 'close-adopted')),
        db: adoptedFile,
      });
      expect(adoptedClose.code, adoptedClose.io.stderr + adoptedClose.io.stdout).toBe(0);
      expect(adoptedClose.doc).toMatchObject({ ok: true, exit: 0, scored: [alice.participantId] });
      // The same scores and reports from the same evidence: only the views as read differ (the Trust Layer counts each
      // read in the view's views_count), hence their digest, inputs.proofs_sha256.
      const scored = (dir: string) =>
        ['scores.json', `reports/${alice.participantId}.json`].map((file) => {
          const doc = JSON.parse(readFileSync(join(net.dir, dir, file), 'utf8')) as Json;
          delete doc.inputs.proofs_sha256;
          return doc;
        });
      expect(scored('close-adopted')).toEqual(scored('close-own'));
      // Both freezes revealed, the replaced one too ("the two salts at close").
      const reveal = JSON.parse(
        readFileSync(join(net.dir, 'close-adopted', 'bundle', 'freeze', 'reveal.json'), 'utf8'),
      ) as Json;
      expect((reveal.freezes as Json[]).map((f) => f.proof_id)).toEqual(published.freezes.map((f) => f.proof_id));

      const replay = await runReplay(join(net.dir, 'close-adopted', 'bundle'), join(net.dir, 'replay-adopted'));
      expect(replay.doc).toMatchObject({ ok: true, identical: true });
      expect(replay.code).toBe(0);
      expect(readFileSync(join(net.dir, 'replay-adopted', 'scores.json'))).toEqual(
        readFileSync(join(net.dir, 'close-adopted', 'scores.json')),
      );
    });
  });
});
