import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedFreezeJson, type PublishedFreeze } from '../../../main/core/freeze/publication.ts';
import { loads, loadsText } from '../../../main/core/json/loads.ts';
import { isPyObject, type PyJson, type PyObject } from '../../../main/core/json/value.ts';
import type { TrustBundle } from '../../../main/core/trust/bundle.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { createFreeze } from '../../../main/services/freeze/create-freeze.ts';
import { revealFreezes } from '../../../main/services/freeze/reveal-freeze.ts';
import { ownerFullView, proxyFreeze, publicView } from '../../../main/services/freeze/trust-layer-calls.ts';
import {
  verifyFreezeForScoring,
  type FreezeForScoringInput,
} from '../../../main/services/freeze/verify-for-scoring.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { participantKey } from '../../../devnet/scripted/participant-key.ts';
import { challengeDidOf } from '../../../main/core/operator/challenge-did.ts';
import { firstFreezeInput, startFreezeDevnet, type FreezeDevnet } from './support/freeze-devnet.ts';
import { BEFORE_OPENING, CLOSES_AT, freezePorts, settableClock } from './support/freeze-ports.ts';

let net: FreezeDevnet;
let db: Db;
let ports: ReturnType<typeof freezePorts>;
let bundle: TrustBundle;
let corpusDir: string;
let freeze: PublishedFreeze;
let pendingView: Uint8Array;
let anchoredView: Uint8Array;
let anchoredEntry: PyJson;
let reveal: PyObject;

/** The Rekor entry a proof view names (its transparency_log.log_url on the devnet log): the second witness. */
async function rekorEntryOf(view: Uint8Array): Promise<PyJson> {
  const named = JSON.parse(new TextDecoder().decode(view)) as { transparency_log: { log_url: string } };
  const parsed = loads(new Uint8Array(await (await fetch(named.transparency_log.log_url)).arrayBuffer()));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** The published freeze as a file would hold it: JSON text read back with loads (ints stay ints). */
const asPublished = (f: PublishedFreeze): PyJson => {
  const parsed = loadsText(JSON.stringify(publishedFreezeJson(f)));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

beforeAll(async () => {
  net = await startFreezeDevnet('freeze-verify-');
  db = openDatabase(join(net.dir, 'console.sqlite'));
  const clock = settableClock(BEFORE_OPENING);
  ports = freezePorts(db, clock);
  corpusDir = net.copyCorpus('corpus');
  const created = await createFreeze(firstFreezeInput(net, corpusDir), ports);
  if (!created.ok) throw new Error(created.error.message);
  freeze = created.value;
  const pending = await publicView(ports.http, net.devnet.info.trust_layer, freeze.proof_id);
  if (!pending.ok) throw new Error(pending.error.message);
  pendingView = pending.value;
  await net.devnet.closeBatch();
  const anchored = await publicView(ports.http, net.devnet.info.trust_layer, freeze.proof_id);
  if (!anchored.ok) throw new Error(anchored.error.message);
  anchoredView = anchored.value;
  anchoredEntry = await rekorEntryOf(anchoredView);
  const loaded = await loadTrustBundle(net.devnet.info.trust_bundle);
  if (!loaded.ok) throw new Error(loaded.error.message);
  bundle = loaded.value;
  const revealed = revealFreezes(db, 1, 'conformite', Date.parse(CLOSES_AT), 'test-operator');
  if (!revealed.ok) throw new Error(revealed.error.message);
  const parsed = loadsText(revealed.value.text);
  if (!parsed.ok || !isPyObject(parsed.value)) throw new Error('reveal is not an object');
  reveal = parsed.value;
});

afterAll(async () => {
  await ports.close();
  db.close();
  await net.close();
});

function honest(): FreezeForScoringInput {
  return { corpusDir, freeze: asPublished(freeze), reveal, view: anchoredView, rekorEntry: anchoredEntry, bundle };
}

/** The reveal with one freeze entry changed. */
function revealWith(change: Record<string, PyJson>): PyObject {
  const [entry] = reveal['freezes'] as PyObject[];
  return { ...reveal, freezes: [{ ...entry, ...change } as PyObject] } as PyObject;
}

const summary = async (input: FreezeForScoringInput) =>
  (await verifyFreezeForScoring(input)).failures.map((f) => `${f.code} ${String(f.details?.['field'] ?? '')}`.trim());

describe('freeze verification before scoring, end to end on the devnet (spec §8.5)', () => {
  it('a freeze anchored on the devnet verifies: every hash recomputed, request_hash opened, proof VERIFIED by the devnet TSA and log', async () => {
    const result = await verifyFreezeForScoring(honest());
    expect(result.failures).toEqual([]);
    expect(result.verified).toBe(true);
    expect(result.proof).toMatchObject({ verdict: 'VERIFIED', independentWitnesses: 2 });
    expect(result.proof?.opened['request_hash']).toBe(freeze.disclosure.request_hash.value);
    // The scorer scores with the key the commitment opened, the sealed key of the corpus.
    const sealed = loadsText(readFileSync(join(corpusDir, 'sealed', 'answer-key.json'), 'utf8'));
    if (!sealed.ok) throw new Error(sealed.error.message);
    expect(result.key).toEqual(sealed.value);
  });

  it('a tampered key is refused with FREEZE_KEY_COMMITMENT_MISMATCH naming key_commitment and both values', async () => {
    const [entry] = reveal['freezes'] as PyObject[];
    const key = entry?.['key'] as PyObject;
    const tasks = (key['tasks'] as PyObject[]).map((t, i) => (i === 0 ? { ...t, verdict: 'conforme' } : t));
    const tasksChanged = { ...key, tasks } as PyObject;
    const result = await verifyFreezeForScoring({ ...honest(), reveal: revealWith({ key: tasksChanged }) });
    expect(result.verified).toBe(false);
    expect(result.failures.map((f) => f.code)).toContain('FREEZE_KEY_COMMITMENT_MISMATCH');
    const failure = result.failures.find((f) => f.code === 'FREEZE_KEY_COMMITMENT_MISMATCH');
    expect(failure?.details).toMatchObject({ field: 'key_commitment', anchored: freeze.key_commitment });
    expect(failure?.details?.['recomputed']).not.toBe(freeze.key_commitment);
    expect(result.key).toBeNull();
  });

  it('another salt is refused with FREEZE_KEY_COMMITMENT_MISMATCH, a malformed one with FREEZE_SALT_FORMAT', async () => {
    expect(await summary({ ...honest(), reveal: revealWith({ salt: 'ab'.repeat(32) }) })).toEqual([
      'FREEZE_KEY_COMMITMENT_MISMATCH key_commitment',
    ]);
    expect(await summary({ ...honest(), reveal: revealWith({ salt: 'ab'.repeat(31) }) })).toEqual([
      'FREEZE_SALT_FORMAT salt',
    ]);
  });

  it('a changed corpus response file is refused with FREEZE_MANIFEST_HASH_MISMATCH naming manifest_hash', async () => {
    const changed = net.copyCorpus('corpus-changed-response');
    const catalogue = JSON.parse(readFileSync(join(changed, 'catalogue.json'), 'utf8')) as {
      resources: { response: string }[];
    };
    const file = join(changed, catalogue.resources[0]?.response as string);
    const body = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...body, note: 'edited after the freeze' }));
    expect(await summary({ ...honest(), corpusDir: changed })).toEqual(['FREEZE_MANIFEST_HASH_MISMATCH manifest_hash']);
  });

  it('an edited rules text (one byte appended) is refused with FREEZE_RULES_HASH_MISMATCH naming rules_hash', async () => {
    const changed = net.copyCorpus('corpus-changed-rules');
    appendFileSync(join(changed, 'rules', 'conformite-bareme-v3.md'), ' ');
    expect(await summary({ ...honest(), corpusDir: changed })).toEqual(['FREEZE_RULES_HASH_MISMATCH rules_hash']);
  });

  it('a corpus folder whose sealed key is not the committed one is refused with FREEZE_CORPUS_KEY_MISMATCH', async () => {
    const changed = net.copyCorpus('corpus-changed-key');
    const keyFile = join(changed, 'sealed', 'answer-key.json');
    writeFileSync(keyFile, readFileSync(keyFile, 'utf8').replace('"control": false', '"control": true'));
    expect(await summary({ ...honest(), corpusDir: changed })).toEqual([
      'FREEZE_CORPUS_KEY_MISMATCH sealed/answer-key.json',
    ]);
  });

  it('a published freeze with an edited hash no longer matches the anchored request hash (FREEZE_REQUEST_HASH_MISMATCH)', async () => {
    // Rewriting the published key_commitment to the one of another key cannot work: the anchored request_hash
    // covers the document.
    const edited = asPublished({ ...freeze, manifest_hash: 'f'.repeat(64) });
    const codes = await summary({ ...honest(), freeze: edited });
    expect(codes).toContain('FREEZE_REQUEST_HASH_MISMATCH request_hash');
    expect(codes).toContain('FREEZE_MANIFEST_HASH_MISMATCH manifest_hash');
  });

  it('a published disclosure with another nonce does not open the commitment: FREEZE_REQUEST_NOT_OPENED and the proof fails', async () => {
    const edited = asPublished({
      ...freeze,
      disclosure: { request_hash: { ...freeze.disclosure.request_hash, nonce: '0'.repeat(64) } },
    });
    const result = await verifyFreezeForScoring({ ...honest(), freeze: edited });
    expect(result.failures.map((f) => f.code)).toEqual(['FREEZE_REQUEST_NOT_OPENED', 'FREEZE_PROOF_NOT_VERIFIED']);
    expect(result.failures[1]?.details?.['failure']).toEqual({ check: 'openings', code: 'OPENING_MISMATCH' });
  });

  it('a freeze anchored with one witness keeps the close pending: without its Rekor entry it is refused FREEZE_PROOF_ONE_WITNESS only, naming the entry', async () => {
    const { rekorEntry: _entry, ...withoutEntry } = honest();
    const result = await verifyFreezeForScoring(withoutEntry);
    expect(result.verified).toBe(false);
    expect(result.key).toBeNull();
    expect(result.proof).toMatchObject({ verdict: 'VERIFIED', independentWitnesses: 1 });
    expect(result.failures.map((f) => [f.code, f.details])).toEqual([
      ['FREEZE_PROOF_ONE_WITNESS', { witness: 'rekor', witness_code: 'WITNESS_ENTRY_NOT_SUPPLIED', awaitable: true }],
    ]);
  });

  it('the view of a pending batch refuses scoring with FREEZE_PROOF_PENDING only', async () => {
    expect(await summary({ ...honest(), view: pendingView })).toEqual(['FREEZE_PROOF_PENDING']);
  });

  it('the view of another proof is refused with FREEZE_PROOF_ID_MISMATCH', async () => {
    const other = new TextEncoder().encode(
      new TextDecoder().decode(anchoredView).replaceAll(freeze.proof_id, 'prf_20260101_000000_000000'),
    );
    expect(await summary({ ...honest(), view: other })).toEqual(['FREEZE_PROOF_ID_MISMATCH proof_id']);
  });

  it('a freeze verified with another track folder is refused with FREEZE_CORPUS_MISMATCH naming the field, a missing one with FREEZE_CORPUS_UNREADABLE', async () => {
    const codes = await summary({ ...honest(), corpusDir: join(net.dir, 'no-such-folder') });
    expect(codes).toEqual(['FREEZE_CORPUS_UNREADABLE']);
    const generique = join(process.cwd(), 'corpus', 'season-1', 'generique');
    const mismatch = await summary({ ...honest(), corpusDir: generique });
    expect(mismatch).toContain('FREEZE_CORPUS_MISMATCH track');
    expect(mismatch).toContain('FREEZE_CORPUS_MISMATCH rules_version');
  });

  it('a reveal without this freeze is refused with FREEZE_REVEAL_NOT_FOUND', async () => {
    const elsewhere = { ...reveal, freezes: [] } as PyObject;
    expect(await summary({ ...honest(), reveal: elsewhere })).toEqual(['FREEZE_REVEAL_NOT_FOUND proof_id']);
  });
});

describe("who anchored the freeze: the challenge's DID, the did:key of the operator key", () => {
  it('the honest freeze proof is issued under did:key of its operator_public_key, bound and verified', async () => {
    const result = await verifyFreezeForScoring(honest());
    expect(result.proof?.identity).toMatchObject({
      anchoring: 'opened',
      identity: challengeDidOf(freeze.operator_public_key as string),
      verified: true,
      status: 'bound',
    });
  });

  it("the operator's freeze re-posted through the proxy with a participant's key (its own bound DID) is refused FREEZE_ANCHOR_FOREIGN_DID naming both DIDs", async () => {
    // The very document the operator published (signed with its key): only the caller of the proxy differs, and the
    // proxy adds the challenge secret for every caller (spec §2.3). Whatever the season host answers, the proof exists.
    const trustLayer = net.devnet.info.trust_layer;
    const participant = await participantKey(trustLayer, 'freeze-participant@example.org');
    const posted = await proxyFreeze(ports.http, trustLayer, participant.apiKey, freeze.url, freeze);
    const proofId = posted.ok ? posted.value.proofId : String(posted.error.details?.['proof_id']);
    const full = await ownerFullView(ports.http, trustLayer, participant.apiKey, proofId);
    if (!full.ok) throw new Error(full.error.message);
    const nonces = full.value.value['commitment_nonces'] as PyObject;
    const chain = full.value.value['chain_data'] as PyObject;
    await net.devnet.closeBatch();
    const view = await publicView(ports.http, trustLayer, proofId);
    if (!view.ok) throw new Error(view.error.message);
    const foreign: PublishedFreeze = {
      ...freeze,
      proof_id: proofId,
      disclosure: { request_hash: { nonce: nonces['request_hash'] as string, value: chain['request_hash'] as string } },
    };
    const result = await verifyFreezeForScoring({
      ...honest(),
      freeze: asPublished(foreign),
      reveal: revealWith({ proof_id: proofId }),
      view: view.value,
      rekorEntry: await rekorEntryOf(view.value),
    });
    expect(result.verified).toBe(false);
    expect(result.key).toBeNull();
    // Everything else holds: the proof verifies and anchors this very document; only its issuer is foreign.
    expect(result.proof?.verdict).toBe('VERIFIED');
    expect(result.failures.map((f) => f.code)).toEqual(['FREEZE_ANCHOR_FOREIGN_DID']);
    const expected = challengeDidOf(freeze.operator_public_key as string) as string;
    expect(result.failures[0]?.details).toMatchObject({
      field: 'agent_identity',
      anchored: participant.did,
      recomputed: expected,
    });
    expect(result.failures[0]?.message).toContain(participant.did);
    expect(result.failures[0]?.message).toContain(expected);
  });
});
