import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../main/cli/main.ts';
import type { FreezeDocument } from '../../../main/core/freeze/freeze-document.ts';
import { signFreezeDocument } from '../../../main/core/freeze/operator-freeze.ts';
import { indexAnchorPayload, signedIndexAnchorPayload } from '../../../main/core/index/anchor.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import { sha256Canonical } from '../../../main/core/json/sha256-canonical.ts';
import type { PyJson } from '../../../main/core/json/value.ts';
import { captureIo } from '../../support/capture-io.ts';
import {
  DEVNET_SEASON_BASE,
  startFreezeDevnet,
  type FreezeDevnet,
} from '../../services/freeze/support/freeze-devnet.ts';
import { freeSignupKey } from '../support/trust-layer-calls.ts';

// docs/season-service.md "Only the operator changes the season", over real HTTP on the devnet: every participant
// reaches the season host through the Trust Layer proxy, which adds the challenge secret for every key calling an
// allow-listed host (spec §2.3). Only documents the operator signed may change the season; what the proxy relays back
// is the season service's own answer.
const DAY = 86_400_000;
let net: FreezeDevnet;
let attacker: string;
let dbFile: string;
let corpusDir: string;
const opensAt = new Date(Math.ceil((Date.now() + DAY) / 1000) * 1000).toISOString();
const closesAt = new Date(Date.parse(opensAt) + DAY).toISOString();
const laterClose = new Date(Date.parse(opensAt) + 2 * DAY).toISOString();

interface Relayed {
  status: number;
  body: { error?: { code: string; message: string; pointer?: string; in_force_sha256?: string | null } };
}

/** A POST through the proxy to the season host, with a participant's free key: what the service answered. */
async function proxied(path: 'freeze' | 'index', payload: unknown, apiKey = attacker): Promise<Relayed> {
  const answer = await fetch(`${net.devnet.info.trust_layer}/v1/proxy`, {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      target: `${DEVNET_SEASON_BASE}/v1/season/1/${path}`,
      method: 'POST',
      payload,
      currency: 'eur',
    }),
  });
  expect(answer.status).toBe(200);
  const json = (await answer.json()) as { service_response: { status_code: number; body: Relayed['body'] } };
  return { status: json.service_response.status_code, body: json.service_response.body };
}

/** The season's state as participants read it (GET /v1/season/{n}, public). */
type TrackState = { state: string; opens_at: string | null; closes_at: string | null };
async function conformite(): Promise<TrackState> {
  const answer = await fetch(`${net.devnet.info.season}/v1/season/1`);
  return ((await answer.json()) as { tracks: Record<string, TrackState> }).tracks['conformite'] as TrackState;
}

async function proveit(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

const freezeCreate = (extra: string[] = [], close = closesAt) =>
  proveit([
    ...['freeze', 'create', '--corpus', corpusDir, '--trust-layer', net.devnet.info.trust_layer],
    ...['--api-key-file', net.apiKeyFile, '--season-base', DEVNET_SEASON_BASE],
    ...['--opens-at', opensAt, '--closes-at', close, '--db', dbFile],
    ...['--operator-key-file', net.operatorKeyFile, '--json', ...extra],
  ]);

/** The anchored document of each published freeze, as anyone reads it from `freeze publish` (oldest first). */
async function publishedDocuments(): Promise<Record<string, PyJson>[]> {
  const out = `${net.dir}/published.json`;
  const r = await proveit([
    'freeze',
    'publish',
    '--season',
    '1',
    '--track',
    'conformite',
    '--db',
    dbFile,
    '--out',
    out,
  ]);
  expect(r.code).toBe(0);
  const publication = JSON.parse(readFileSync(out, 'utf8')) as { freezes: Record<string, PyJson>[] };
  return publication.freezes.map(({ proof_id: _p, url: _u, disclosure: _d, ...document }) => document);
}

const shaOf = (document: object) => {
  const parsed = loadsText(JSON.stringify(document));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return sha256Canonical(parsed.value);
};

beforeAll(async () => {
  net = await startFreezeDevnet('operator-only-');
  attacker = await freeSignupKey(net.devnet.info.trust_layer, 'participant@example.org');
  dbFile = `${net.dir}/console.sqlite`;
  corpusDir = net.copyCorpus('corpus');
}, 60_000);

afterAll(async () => {
  await net?.close();
});

describe('participants cannot change the season through the proxy (operator-only freezes)', () => {
  it("the freeze hijack of the issue, with a fresh free key, is refused FREEZE_NOT_OPERATOR: tasks stay unserved and the operator's freeze create then succeeds", async () => {
    const hijack = await proxied('freeze', {
      season: 1,
      track: 'conformite',
      opens_at: '2000-01-01T00:00:00Z',
      closes_at: '2000-01-02T00:00:00Z',
    });
    expect([hijack.status, hijack.body.error?.code]).toEqual([403, 'FREEZE_NOT_OPERATOR']);
    const tasks = await fetch(`${net.devnet.info.season}/v1/season/1/tasks`);
    expect(tasks.status).toBe(409);
    expect((await conformite()).state).toBe('not_frozen');

    const created = await freezeCreate();
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).freeze).toMatchObject({
      document_version: 3,
      operator_public_key: net.operatorKey.publicKeyHex,
    });
    expect(await conformite()).toMatchObject({ state: 'frozen', opens_at: opensAt, closes_at: closesAt });
  });

  it('a freeze document signed by another key, proxied by a participant, is refused and the window stays', async () => {
    const [operator] = await publishedDocuments();
    const forged = signFreezeDocument(
      {
        ...(operator as unknown as FreezeDocument),
        opens_at: '2000-01-01T00:00:00.000Z',
        replaces_sha256: shaOf(operator!),
        replaces: 'prf_00000000_000000_000000',
        reason: 'r',
        operator_signature: undefined,
        signed_at: new Date().toISOString(),
      },
      new Uint8Array(32).fill(1),
    );
    const answer = await proxied('freeze', forged);
    expect([answer.status, answer.body.error?.code, answer.body.error?.pointer]).toEqual([
      403,
      'FREEZE_NOT_OPERATOR',
      '/operator_public_key',
    ]);
    expect(await conformite()).toMatchObject({ opens_at: opensAt, closes_at: closesAt });
  });

  it("the operator's own document edited after signing (the opening moved back), proxied, is refused at its signature", async () => {
    const [operator] = await publishedDocuments();
    const edited = { ...operator, opens_at: '2000-01-01T00:00:00.000Z' };
    const answer = await proxied('freeze', edited);
    expect([answer.status, answer.body.error?.code, answer.body.error?.pointer]).toEqual([
      403,
      'FREEZE_NOT_OPERATOR',
      '/operator_signature',
    ]);
    expect(await conformite()).toMatchObject({ opens_at: opensAt, closes_at: closesAt });
  });

  it("the operator's replacement works end to end; the older document re-posted through the proxy is 409 FREEZE_SUPERSEDED and the window stays", async () => {
    const replaced = await freezeCreate(['--replace', '--reason', 'a longer season'], laterClose);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(await conformite()).toMatchObject({ state: 'frozen', closes_at: laterClose });
    const [older, current] = await publishedDocuments();
    expect(current!['replaces_sha256']).toBe(shaOf(older!));

    const replay = await proxied('freeze', older);
    expect([replay.status, replay.body.error?.code, replay.body.error?.in_force_sha256]).toEqual([
      409,
      'FREEZE_SUPERSEDED',
      shaOf(current!),
    ]);
    expect(await conformite()).toMatchObject({ opens_at: opensAt, closes_at: laterClose });
    // The document in force, re-posted by anyone, changes nothing either.
    const again = await proxied('freeze', current);
    expect(again.status).toBe(200);
    expect(await conformite()).toMatchObject({ opens_at: opensAt, closes_at: laterClose });
  });
});

describe('participants cannot anchor an Index in the operator’s name', () => {
  const manifest = 'a'.repeat(64);

  it('an unsigned anchor (proveit-index-anchor/1) is 403 INDEX_ANCHOR_NOT_OPERATOR', async () => {
    const answer = await proxied('index', JSON.parse(canonical(indexAnchorPayload(1, 1, manifest))));
    expect([answer.status, answer.body.error?.code]).toEqual([403, 'INDEX_ANCHOR_NOT_OPERATOR']);
  });

  it('an anchor signed by another key, or the operator’s edited after signing, is 403 INDEX_ANCHOR_NOT_OPERATOR', async () => {
    const other = signedIndexAnchorPayload(1, 1, manifest, new Uint8Array(32).fill(2)).payload;
    const byOther = await proxied('index', JSON.parse(canonical(other)));
    expect([byOther.status, byOther.body.error?.code]).toEqual([403, 'INDEX_ANCHOR_NOT_OPERATOR']);
    const signed = signedIndexAnchorPayload(1, 1, manifest, net.operatorKey.privateKey).payload;
    const edited = { ...JSON.parse(canonical(signed)), manifest_sha256: 'b'.repeat(64) };
    const answer = await proxied('index', edited);
    expect([answer.status, answer.body.error?.code, answer.body.error?.pointer]).toEqual([
      403,
      'INDEX_ANCHOR_NOT_OPERATOR',
      '/operator_signature',
    ]);
  });

  it('the operator’s signed anchor is accepted and answered back', async () => {
    const signed = JSON.parse(canonical(signedIndexAnchorPayload(1, 1, manifest, net.operatorKey.privateKey).payload));
    const answer = await proxied('index', signed, net.apiKey);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ manifest_sha256: manifest, operator_public_key: net.operatorKey.publicKeyHex });
  });
});
