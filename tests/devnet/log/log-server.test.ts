import { createHash, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '@noble/hashes/utils.js';
import { verifyRekorEntry } from '../../../main/core/rekor/verify-entry.ts';
import type { RekorTrust } from '../../../main/core/rekor/model.ts';
import { loadOrCreatePrivateKey, publicKeyDer, publicKeyPem } from '../../../devnet/keys/key-files.ts';
import { startLogServer, type LogServer } from '../../../devnet/log/log-server.ts';
import { openDevnetDatabase, type DevnetDatabase } from '../../../devnet/state/devnet-database.ts';

const TREE_ID = '0123456789abcdef';
let dir: string;
let database: DevnetDatabase;
let logKey: KeyObject;
let submitterKey: KeyObject;
let server: LogServer;
let trust: RekorTrust;

async function start(): Promise<LogServer> {
  return startLogServer({
    database,
    key: logKey,
    publicKeyPem: publicKeyPem(logKey),
    publicKeyDer: publicKeyDer(logKey),
    treeId: TREE_ID,
    name: 'log.devnet.localhost',
    now: () => new Date(),
    host: '127.0.0.1',
    port: 0,
  });
}

function hashedRekord(artifactHex: string, key: KeyObject = submitterKey, signedText = artifactHex) {
  return {
    apiVersion: '0.0.1',
    kind: 'hashedrekord',
    spec: {
      data: { hash: { algorithm: 'sha256', value: createHash('sha256').update(artifactHex).digest('hex') } },
      signature: {
        content: sign('sha256', Buffer.from(signedText), key).toString('base64'),
        publicKey: { content: Buffer.from(publicKeyPem(key)).toString('base64') },
      },
    },
  };
}

async function post(entry: unknown): Promise<Response> {
  return fetch(`${server.url}/api/v1/log/entries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(entry),
  });
}

async function getEntry(uuid: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}/api/v1/log/entries/${uuid}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

function rootHex(seed: number): string {
  return createHash('sha256').update(`batch root ${seed}`).digest('hex');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-log-'));
  database = openDevnetDatabase(dir);
  logKey = loadOrCreatePrivateKey(dir, 'log.pem', 'p256');
  submitterKey = loadOrCreatePrivateKey(dir, 'rekor.pem', 'p256');
  server = await start();
  trust = {
    logKeys: [
      {
        name: 'log.devnet.localhost',
        logId: bytesToHex(createHash('sha256').update(publicKeyDer(logKey)).digest()),
        spkiDer: new Uint8Array(publicKeyDer(logKey)),
      },
    ],
    arkforgeKeys: [
      {
        kid: 'devnet-rekor-1',
        publicPem: publicKeyPem(submitterKey),
        validFrom: '2026-01-01T00:00:00Z',
        retiredAt: null,
      },
    ],
  };
});

afterAll(async () => {
  await server.close();
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('devnet transparency log', () => {
  const uuids: string[] = [];

  it('logs a hashedrekord entry and its inclusion proof, SET and checkpoint verify with the real-Rekor verifier', async () => {
    const response = await post(hashedRekord(rootHex(0)));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as Record<string, unknown>;
    const uuid = Object.keys(answer)[0] as string;
    expect(uuid).toMatch(new RegExp(`^${TREE_ID}[0-9a-f]{64}$`));
    uuids.push(uuid);
    const verified = verifyRekorEntry({ entry: answer, anchoredHex: rootHex(0), expectedUuid: uuid, trust });
    expect(verified).toMatchObject({
      ok: true,
      value: { uuid, logIndex: 0, attribution: { status: 'verified', kid: 'devnet-rekor-1' } },
    });
  });

  it('earlier entries keep verifying against the grown tree (inclusion proofs of every size)', async () => {
    for (let seed = 1; seed < 7; seed++) {
      const response = await post(hashedRekord(rootHex(seed)));
      uuids.push(Object.keys((await response.json()) as object)[0] as string);
    }
    for (const [index, uuid] of uuids.entries()) {
      const entry = await getEntry(uuid);
      const verified = verifyRekorEntry({ entry, anchoredHex: rootHex(index), expectedUuid: uuid, trust });
      expect(verified.ok, JSON.stringify(verified)).toBe(true);
    }
  });

  it('serves the entry under its bare leaf hash and by logIndex too', async () => {
    const uuid = uuids[2] as string;
    expect(Object.keys(await getEntry(uuid.slice(16)))).toEqual([uuid]);
    const byIndex = (await (await fetch(`${server.url}/api/v1/log/entries?logIndex=2`)).json()) as object;
    expect(Object.keys(byIndex)).toEqual([uuid]);
  });

  it('a duplicate entry answers 409 with the Location of the existing one', async () => {
    const first = hashedRekord(rootHex(100));
    expect((await post(first)).status).toBe(201);
    const again = await post(first);
    expect(again.status).toBe(409);
    expect(again.headers.get('location')).toMatch(/^\/api\/v1\/log\/entries\/[0-9a-f]{80}$/);
  });

  it('refuses an entry whose signature is not over the stated digest', async () => {
    const forged = hashedRekord(rootHex(200), submitterKey, rootHex(201));
    const response = await post(forged);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('signature');
  });

  it('refuses a kind other than hashedrekord', async () => {
    const response = await post({ ...hashedRekord(rootHex(300)), kind: 'dsse' });
    expect(response.status).toBe(400);
  });

  it('an entry signed by a key ArkForge did not publish is logged but fails attribution', async () => {
    const stranger = loadOrCreatePrivateKey(dir, 'stranger.pem', 'p256');
    const response = await post(hashedRekord(rootHex(400), stranger));
    const answer = (await response.json()) as Record<string, unknown>;
    const verified = verifyRekorEntry({ entry: answer, anchoredHex: rootHex(400), trust });
    expect(verified).toMatchObject({ ok: false, error: { code: 'REKOR_SIGNER_UNKNOWN' } });
  });

  it('a tampered inclusion path fails with the inclusion code', async () => {
    const entry = (await getEntry(uuids[3] as string)) as Record<
      string,
      Record<string, Record<string, Record<string, unknown>>>
    >;
    const proof = (entry[uuids[3] as string] as Record<string, Record<string, Record<string, unknown>>>).verification!
      .inclusionProof!;
    const hashes = proof['hashes'] as string[];
    hashes[0] = '00'.repeat(32);
    const verified = verifyRekorEntry({ entry, anchoredHex: rootHex(3), trust });
    expect(verified.ok).toBe(false);
    if (!verified.ok) expect(verified.error.code).toMatch(/^REKOR_(INCLUSION|CHECKPOINT)_/);
  });

  it('serves its public key as PEM, whose SHA-256 DER is the logID of its entries', async () => {
    const pem = await (await fetch(`${server.url}/api/v1/log/publicKey`)).text();
    expect(pem).toBe(publicKeyPem(logKey));
    const entry = await getEntry(uuids[0] as string);
    expect((entry[uuids[0] as string] as { logID: string }).logID).toBe(trust.logKeys[0]?.logId);
  });

  it('keeps its entries across a restart on the same state', async () => {
    await server.close();
    server = await start();
    const entry = await getEntry(uuids[1] as string);
    expect(verifyRekorEntry({ entry, anchoredHex: rootHex(1), trust }).ok).toBe(true);
    expect(readFileSync(join(dir, 'devnet.sqlite')).length).toBeGreaterThan(0);
  });
});
