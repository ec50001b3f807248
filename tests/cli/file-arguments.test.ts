import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { publicKeyOption } from '../../main/cli/public-key-file.ts';
import { readSecretFile } from '../../main/cli/secret-file.ts';
import { captureIo } from '../support/capture-io.ts';
import { ARTEFACTS_DIR } from '../core/proof/support/real-artefacts.ts';

const dir = mkdtempSync(join(tmpdir(), 'file-arguments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function file(text: string): string {
  const path = join(dir, `f-${files++}.json`);
  writeFileSync(path, text);
  return path;
}

async function proveit(...args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr, doc: io.stdout ? (JSON.parse(io.stdout) as unknown) : null };
}

/** dispute open with everything but the receipt; the database is never created: the receipt is read first. */
const disputeOpen = (receipt: string) =>
  proveit(
    ...['dispute', 'open', '--db', join(dir, 'never.sqlite'), '--season', '1', '--track', 'conformite'],
    ...['--participant', 'par_00112233445566778899aabb', '--assertion', 'conf-01/a3', '--reason', 'r', '--json'],
    ...['--receipt', receipt],
  );

const MiB = 1024 * 1024;
const KEY = 'ab'.repeat(32);

describe('file arguments are read bounded', () => {
  it('dispute open --receipt /dev/zero is refused with FILE_NOT_REGULAR without reading it', async () => {
    const before = process.memoryUsage().rss;
    const r = await disputeOpen('/dev/zero');
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ ok: false, code: 'FILE_NOT_REGULAR', details: { file: '/dev/zero' } });
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * MiB);
  });

  it('backup verify of /dev/zero is refused with FILE_NOT_REGULAR, not read into memory', async () => {
    const passphrase = file('a passphrase long enough\n');
    const before = process.memoryUsage().rss;
    const r = await proveit('backup', 'verify', '/dev/zero', '--passphrase-file', passphrase, '--json');
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ ok: false, code: 'FILE_NOT_REGULAR' });
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * MiB);
  });

  it('an --api-key-file of /dev/zero is refused with FILE_NOT_REGULAR, a folder too', async () => {
    expect(await readSecretFile('/dev/zero', 'API key')).toEqual({
      problem: expect.stringContaining('FILE_NOT_REGULAR: the API key file /dev/zero is a character device'),
    });
    expect(await readSecretFile(dir, 'API key')).toEqual({ problem: expect.stringContaining('is a folder') });
  });

  it('a secret file one byte over its 64 KiB limit is refused with FILE_TOO_LARGE', async () => {
    const secret = file('s'.repeat(64 * 1024 + 1));
    expect(await readSecretFile(secret, 'operator token')).toEqual({
      problem: expect.stringContaining(`FILE_TOO_LARGE: the operator token file ${secret} is 65537 bytes`),
    });
  });
});

describe('documents handed to a command refuse a key named twice', () => {
  it('dispute open --receipt holding task_id twice is refused with INTAKE_DUPLICATE_KEY naming task_id', async () => {
    const r = await disputeOpen(file('{"task_id":"conf-02","task_id":"conf-01"}'));
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ ok: false, code: 'INTAKE_DUPLICATE_KEY', details: { key: 'task_id' } });
  });

  it('a file that is not JSON at all keeps INPUT_NOT_JSON', async () => {
    const r = await disputeOpen(file('receipt: yes'));
    expect(r.doc).toMatchObject({ ok: false, code: 'INPUT_NOT_JSON' });
  });

  it('proof verify of a PROOF.json naming proof_id twice is refused with JSON_DUPLICATE_KEY naming proof_id', async () => {
    const r = await proveit('proof', 'verify', '--offline', '--json', file('{"proof_id":"prf_a","proof_id":"prf_b"}'));
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ verdict: 'FAILED', refused: { code: 'JSON_DUPLICATE_KEY' } });
    expect(r.stdout).toContain('duplicate key \\"proof_id\\"');
  });

  it('proof verify --disclose holding a field twice is refused with INTAKE_DUPLICATE_KEY', async () => {
    const disclosure = file(
      '{"disclosed":{"request_hash":{"nonce":"a","value":"b"},"request_hash":{"nonce":"c","value":"d"}}}',
    );
    const r = await proveit(
      ...['proof', 'verify', '--offline', '--json', '--disclose', disclosure],
      `${ARTEFACTS_DIR}proof_proveit_gel.json`,
    );
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ verdict: 'FAILED', refused: { code: 'INTAKE_DUPLICATE_KEY' } });
    expect(r.stdout).toContain('request_hash');
  });

  it('freeze verify --freeze naming a key twice is refused with INTAKE_DUPLICATE_KEY before anything is recomputed', async () => {
    const freeze = file('{"proof_id":"prf_a","proof_id":"prf_b"}');
    const r = await proveit(
      ...['freeze', 'verify', '--corpus', dir, '--freeze', freeze, '--reveal', file('{}'), '--proof', file('{}')],
      '--json',
    );
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({
      ok: false,
      code: 'INTAKE_DUPLICATE_KEY',
      details: { key: 'proof_id', field: 'proof_id' },
    });
  });

  it('a signing-key.json naming public_key twice is refused as a pinned key (INTAKE_DUPLICATE_KEY)', () => {
    const doubled = file(`{"public_key":"${'cd'.repeat(32)}","public_key":"${KEY}"}`);
    expect(publicKeyOption('--public-key', doubled)).toEqual({
      problem: expect.stringContaining('INTAKE_DUPLICATE_KEY: duplicate key "public_key"'),
    });
    expect(publicKeyOption('--public-key', file(`{"public_key":"${KEY}"}`))).toEqual({ key: KEY });
    expect(publicKeyOption('--public-key', '/dev/zero')).toEqual({
      problem: expect.stringContaining('FILE_NOT_REGULAR'),
    });
  });
});
