import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyEd25519 } from '../../main/core/proof/ed25519-verify.ts';
import { loadOrCreateReceiptKey, RECEIPT_KEY_FILE, ReceiptKeyError } from '../../season-service/receipt-key.ts';
import { serveSeasonOn } from './support/season-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'receipt-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the season service receipt key (season-service/receipt-key.ts)', () => {
  it('is created on first use as an Ed25519 PKCS#8 PEM of mode 0600, and read back the same afterwards', () => {
    const file = join(dir, 'first', RECEIPT_KEY_FILE);
    const created = loadOrCreateReceiptKey(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(created.publicKeyHex).toMatch(/^[0-9a-f]{64}$/);
    expect(loadOrCreateReceiptKey(file).publicKeyHex).toBe(created.publicKeyHex);
  });

  it('signs in standard base64 what verifies with the raw public key it announces', () => {
    const signer = loadOrCreateReceiptKey(join(dir, 'sign.pem'));
    const message = new TextEncoder().encode('{"recorded":true}');
    const signature = signer.sign(message);
    expect(signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(verifyEd25519(Buffer.from(signature, 'base64'), message, Buffer.from(signer.publicKeyHex, 'hex'))).toBe(
      true,
    );
  });

  it('a file that is not a PEM key, or holds a key that is not Ed25519, refuses the start without printing the file', () => {
    const garbage = join(dir, 'garbage.pem');
    writeFileSync(garbage, 'secret-looking-content-123\n', { mode: 0o600 });
    expect(() => loadOrCreateReceiptKey(garbage)).toThrow(ReceiptKeyError);
    expect(() => loadOrCreateReceiptKey(garbage)).not.toThrow(/secret-looking-content-123/);
    const rsa = join(dir, 'rsa.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    writeFileSync(rsa, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    expect(() => loadOrCreateReceiptKey(rsa)).toThrow(/holds an rsa key; the receipt key is Ed25519/);
  });

  it('survives a restart: the service on the same --state folder announces the same receipt_public_key', async () => {
    const stateFile = join(dir, 'state', 'season.sqlite');
    const start = () => serveSeasonOn(stateFile);
    const announced = async (url: string) =>
      ((await (await fetch(`${url}/v1/season/1`)).json()) as { receipt_public_key: string }).receipt_public_key;

    const first = await start();
    const before = await announced(first.info.url);
    await first.close();
    const keyFile = join(dir, 'state', RECEIPT_KEY_FILE);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const second = await start();
    try {
      expect(await announced(second.info.url)).toBe(before);
      expect(second.info.receipt_public_key).toBe(before);
      expect(loadOrCreateReceiptKey(keyFile).publicKeyHex).toBe(before);
    } finally {
      await second.close();
    }
  });
});
