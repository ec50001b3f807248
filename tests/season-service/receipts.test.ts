import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import { loadsText } from '../../main/core/json/loads.ts';
import type { PyJson } from '../../main/core/json/value.ts';
import { verifyReceipt } from '../../main/core/receipts/submission-receipt.ts';
import {
  boundKey,
  enroll,
  freezeBothTracks,
  SEASON_DIR,
  startTestService,
  type RunningService,
} from './support/season-fixture.ts';
import { validSubmission } from './support/submissions.ts';

let dir: string;
let devnet: Devnet;
let service: RunningService;
let token: string;
let did: string;
/** Every answer's text the service gave in this file, to look for the key in. */
const seen: string[] = [];

async function call(path: string, init: RequestInit = {}) {
  const answer = await fetch(`${service.url}${path}`, init);
  const text = await answer.text();
  seen.push(text);
  return { status: answer.status, text };
}
const submitText = (body: string) =>
  call('/v1/season/1/submit', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
const read = (text: string): PyJson => {
  const parsed = loadsText(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const announcedKey = async () => JSON.parse((await call('/v1/season/1')).text) as { receipt_public_key: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'receipts-'));
  devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: join(SEASON_DIR, 'conformite') });
  service = await startTestService(devnet.info.trust_layer);
  await freezeBothTracks(service);
  const key = await boundKey(devnet.info.trust_layer, 'receipts');
  const enrolled = await enroll(service.url, key.apiKey);
  seen.push(JSON.stringify(enrolled.json));
  token = enrolled.json.season_token;
  did = key.did;
}, 60_000);

afterAll(async () => {
  await service?.stop();
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('signed receipts of the season service', () => {
  it("each accepted submission's answer verifies offline with the receipt_public_key GET /v1/season/{n} announces", async () => {
    const key = (await announcedKey()).receipt_public_key;
    expect(key).toBe(service.receiptPublicKey);
    const first = await submitText(JSON.stringify(validSubmission('conformite', 'conf-01', did)));
    const second = await submitText(JSON.stringify(validSubmission('conformite', 'conf-01', did, 2)));
    expect([first.status, second.status]).toEqual([200, 200]);
    const one = verifyReceipt(read(first.text), key);
    const two = verifyReceipt(read(second.text), key);
    expect(one.ok && two.ok).toBe(true);
    if (!one.ok || !two.ok) return;
    expect([one.value.version, one.value.replaces_previous, two.value.version, two.value.replaces_previous]).toEqual([
      1,
      false,
      2,
      true,
    ]);
  });

  it('a receipt replayed for another task, or for another version, does not verify (RECEIPT_SIGNATURE_INVALID)', async () => {
    const key = (await announcedKey()).receipt_public_key;
    const answer = await submitText(JSON.stringify(validSubmission('conformite', 'conf-02', did)));
    for (const change of [{ task_id: 'conf-03' }, { version: 2 }, { track: 'generique' }]) {
      const replayed = verifyReceipt(read(JSON.stringify({ ...JSON.parse(answer.text), ...change })), key);
      expect(replayed.ok ? 'verified' : replayed.error.code).toBe('RECEIPT_SIGNATURE_INVALID');
    }
  });

  it('the receipt key file is 0600, and neither it nor its private key appears in any answer', async () => {
    expect(statSync(service.receiptKeyFile).mode & 0o777).toBe(0o600);
    await call('/v1/season/1/tasks');
    await call('/v1/season/1/export', { headers: { Authorization: `Bearer ${service.operatorToken}` } });
    await submitText('{"season": 1}');
    await call('/v1/season/9');
    const pem = readFileSync(service.receiptKeyFile, 'utf8');
    const seed = Buffer.from(createPrivateKey(pem).export({ format: 'jwk' }).d as string, 'base64url');
    const secrets = [
      pem.split('\n')[1]!,
      seed.toString('hex'),
      seed.toString('base64').slice(0, 40),
      seed.toString('base64url').slice(0, 40),
    ];
    expect(seen.length).toBeGreaterThan(8);
    for (const text of seen) for (const secret of secrets) expect(text.includes(secret)).toBe(false);
  });
});
