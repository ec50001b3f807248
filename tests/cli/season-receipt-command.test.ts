import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { signReceipt, type ReceiptFields } from '../../main/core/receipts/submission-receipt.ts';
import { FILE_LIMITS } from '../../main/services/files/read-bounded.ts';
import { loadOrCreateReceiptKey } from '../../season-service/receipt-key.ts';
import { startTestService, type RunningService } from '../season-service/support/season-fixture.ts';
import { captureIo } from '../support/capture-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'receipt-cli-'));
const signer = loadOrCreateReceiptKey(join(dir, 'receipt-key.pem'));
const FIELDS: ReceiptFields = {
  replaces_previous: false,
  season: 1,
  track: 'generique',
  task_id: 'gen-04',
  participant_id: 'par_00112233445566778899aabb',
  version: 1,
  received_at: '2026-10-12T09:30:00.250Z',
  submission_sha256: '0f'.repeat(32),
};
let service: RunningService;

beforeAll(async () => {
  // GET /v1/season/{n} needs no Trust Layer: the service runs without one reachable.
  service = await startTestService('http://127.0.0.1:1');
});

afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;
function receiptFile(value: unknown): string {
  const file = join(dir, `receipt-${files++}.json`);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

async function verify(...args: string[]) {
  const io = captureIo();
  const code = await main(['season', 'receipt', 'verify', ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('proveit season receipt verify', () => {
  it('a receipt signed by the key verifies offline with --key: exit 0 and what it acknowledges', async () => {
    const file = receiptFile(signReceipt(FIELDS, signer.sign));
    const answer = await verify(file, '--key', signer.publicKeyHex.toUpperCase());
    expect(answer.code).toBe(0);
    expect(answer.stdout).toContain('receipt verified: season 1, track generique, task gen-04');
    const json = await verify(file, '--key', signer.publicKeyHex, '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, receipt: { task_id: 'gen-04', version: 1 } });
  });

  it('a receipt edited after signing exits 1 naming the field at fault', async () => {
    const signed = signReceipt(FIELDS, signer.sign);
    const replayed = await verify(receiptFile({ ...signed, task_id: 'gen-05' }), '--key', signer.publicKeyHex);
    expect(replayed.code).toBe(1);
    expect(replayed.stderr).toContain('RECEIPT_SIGNATURE_INVALID [receipt_signature]');
    const { version: _dropped, ...withoutVersion } = signed;
    const missing = await verify(receiptFile(withoutVersion), '--key', signer.publicKeyHex, '--json');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, code: 'RECEIPT_FIELD_MISSING', field: 'version' });
    const float = await verify(
      receiptFile(JSON.stringify(signed).replace('"version":1', '"version":1.0')),
      '--key',
      signer.publicKeyHex,
    );
    expect([float.code, float.stderr.includes('RECEIPT_FIELD_INVALID [version]')]).toEqual([1, true]);
  });

  it('--season-url reads the key GET /v1/season/{n} announces; a receipt of another key exits 1', async () => {
    const own = loadOrCreateReceiptKey(service.receiptKeyFile);
    const good = await verify(receiptFile(signReceipt(FIELDS, own.sign)), '--season-url', service.url);
    expect([good.code, good.stdout]).toEqual([0, expect.stringContaining(service.receiptPublicKey)]);
    const other = await verify(receiptFile(signReceipt(FIELDS, signer.sign)), '--season-url', service.url);
    expect([other.code, other.stderr.includes('RECEIPT_SIGNATURE_INVALID')]).toEqual([1, true]);
    const unknownSeason = await verify(
      receiptFile(signReceipt({ ...FIELDS, season: 7 }, own.sign)),
      '--season-url',
      service.url,
    );
    expect([unknownSeason.code, unknownSeason.stderr.includes('RECEIPT_KEY_UNAVAILABLE')]).toEqual([1, true]);
  });

  it('a key that is not 64 hex digits is RECEIPT_KEY_INVALID (exit 1); a file that is not JSON exits 1', async () => {
    const file = receiptFile(signReceipt(FIELDS, signer.sign));
    const short = await verify(file, '--key', 'abcd');
    expect([short.code, short.stderr.includes('RECEIPT_KEY_INVALID')]).toEqual([1, true]);
    const notJson = await verify(receiptFile('receipt: yes'), '--key', signer.publicKeyHex);
    expect([notJson.code, notJson.stderr.includes('INPUT_NOT_JSON')]).toEqual([1, true]);
  });

  it('a receipt holding a duplicate task_id key is refused with INTAKE_DUPLICATE_KEY naming task_id', async () => {
    // The signed receipt is for gen-04. A reader keeping the first key sees gen-05; JSON.parse kept the last, so the
    // signature verified and the command answered exit 0 for a receipt that also says gen-05.
    const signed = JSON.stringify(signReceipt(FIELDS, signer.sign));
    const doubled = signed.replace('"task_id":"gen-04"', '"task_id":"gen-05","task_id":"gen-04"');
    const human = await verify(receiptFile(doubled), '--key', signer.publicKeyHex);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain('INTAKE_DUPLICATE_KEY [task_id]: ');
    expect(human.stderr).toContain('duplicate key "task_id"');
    const json = await verify(receiptFile(doubled), '--key', signer.publicKeyHex, '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      code: 'INTAKE_DUPLICATE_KEY',
      field: 'task_id',
      details: { key: 'task_id', line: 1 },
    });
  });

  it('a receipt FILE of /dev/zero is refused with FILE_NOT_REGULAR without reading it', async () => {
    const before = process.memoryUsage().rss;
    const answer = await verify('/dev/zero', '--key', signer.publicKeyHex, '--json');
    expect(answer.code).toBe(1);
    expect(JSON.parse(answer.stdout)).toMatchObject({
      ok: false,
      code: 'FILE_NOT_REGULAR',
      details: { file: '/dev/zero', type: 'a character device' },
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
  });

  it('a receipt file at the limit verifies; one byte over is refused with FILE_TOO_LARGE naming file, size and limit', async () => {
    const signed = JSON.stringify(signReceipt(FIELDS, signer.sign));
    // Whitespace after the document is still one document: the signature covers the fields, not the layout.
    const atLimit = receiptFile(signed + ' '.repeat(FILE_LIMITS.document - signed.length));
    const accepted = await verify(atLimit, '--key', signer.publicKeyHex);
    expect([accepted.code, accepted.stdout]).toEqual([0, expect.stringContaining('receipt verified')]);
    const over = receiptFile(signed + ' '.repeat(FILE_LIMITS.document - signed.length + 1));
    const refused = await verify(over, '--key', signer.publicKeyHex, '--json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      ok: false,
      code: 'FILE_TOO_LARGE',
      details: { file: over, size: FILE_LIMITS.document + 1, limit: FILE_LIMITS.document },
    });
  });

  it('no file, or not exactly one of --key and --season-url, is a usage error (exit 2)', async () => {
    const file = receiptFile(signReceipt(FIELDS, signer.sign));
    expect((await verify('--key', signer.publicKeyHex)).code).toBe(2);
    const neither = await verify(file);
    expect([neither.code, neither.stderr.includes('exactly one of --key HEX')]).toEqual([2, true]);
    expect((await verify(file, '--key', signer.publicKeyHex, '--season-url', service.url)).code).toBe(2);
  });
});
