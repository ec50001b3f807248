import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevnetDatabase, type DevnetDatabase } from '../../../devnet/state/devnet-database.ts';
import { loadOrCreateTsaMaterial, type TsaMaterial } from '../../../devnet/tsa/tsa-certificates.ts';
import { startTsaServer, type TsaServer } from '../../../devnet/tsa/tsa-server.ts';

let dir: string;
let database: DevnetDatabase;
let material: TsaMaterial;
let server: TsaServer;

function file(name: string, content?: Uint8Array | string): string {
  const path = join(dir, name);
  if (content !== undefined) writeFileSync(path, content);
  return path;
}

/** A query made by openssl itself, the independent RFC 3161 implementation. */
function opensslQuery(data: Uint8Array, flags: string[]): Buffer {
  const dataPath = file('data.bin', data);
  execFileSync('openssl', ['ts', '-query', '-data', dataPath, '-sha256', ...flags, '-out', file('query.tsq')], {
    stdio: 'pipe',
  });
  return readFileSync(file('query.tsq'));
}

async function stamp(query: Uint8Array, contentType = 'application/timestamp-query'): Promise<Response> {
  return fetch(`${server.url}/tsr`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: Buffer.from(query),
  });
}

function opensslVerify(data: Uint8Array, reply: Uint8Array, untrusted: boolean): { ok: boolean; output: string } {
  const args = [
    'ts',
    '-verify',
    '-data',
    file('data.bin', data),
    '-in',
    file('reply.tsr', reply),
    '-CAfile',
    material.rootPath,
  ];
  if (untrusted) args.push('-untrusted', material.certificatePath);
  const run = spawnSync('openssl', args, { encoding: 'utf8' });
  return { ok: run.status === 0 && run.stdout.includes('Verification: OK'), output: `${run.stdout}${run.stderr}` };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-tsa-'));
  database = openDevnetDatabase(dir);
  material = await loadOrCreateTsaMaterial(dir, new Date());
  server = await startTsaServer({ database, signer: material, now: () => new Date(), host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await server.close();
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('devnet timestamp authority', () => {
  it('answers an openssl query without certReq with a token openssl ts -verify accepts given the TSA certificate', async () => {
    const root = new Uint8Array(32).fill(7);
    const response = await stamp(opensslQuery(root, ['-no_nonce']));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/timestamp-reply');
    const reply = new Uint8Array(await response.arrayBuffer());
    const verified = opensslVerify(root, reply, true);
    expect(verified.output).toContain('Verification: OK');
    expect(verified.ok).toBe(true);
  });

  it('embeds the TSA certificate when the query sets certReq, so openssl verifies with the root alone', async () => {
    const root = new Uint8Array(32).fill(9);
    const reply = new Uint8Array(await (await stamp(opensslQuery(root, ['-cert']))).arrayBuffer());
    expect(opensslVerify(root, reply, false).ok).toBe(true);
  });

  it('a token over other bytes fails openssl ts -verify (the imprint binds the 32 stamped bytes)', async () => {
    const reply = new Uint8Array(
      await (await stamp(opensslQuery(new Uint8Array(32).fill(1), ['-no_nonce']))).arrayBuffer(),
    );
    expect(opensslVerify(new Uint8Array(32).fill(2), reply, true).ok).toBe(false);
  });

  it('gives every token a new serial number, kept unique through SQLite', async () => {
    const query = opensslQuery(new Uint8Array(32).fill(3), ['-no_nonce']);
    const serials = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const reply = pkijs.TimeStampResp.fromBER(new Uint8Array(await (await stamp(query)).arrayBuffer()));
      const signed = new pkijs.SignedData({ schema: reply.timeStampToken?.content });
      const info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent?.getValue() as ArrayBuffer);
      serials.add(Buffer.from(info.serialNumber.valueBlock.valueHexView).toString('hex'));
    }
    expect(serials.size).toBe(3);
  });

  it('the TSA certificate carries a critical timeStamping EKU and nothing else', () => {
    const text = execFileSync('openssl', ['x509', '-in', material.certificatePath, '-noout', '-text'], {
      encoding: 'utf8',
    });
    expect(text).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping\s/);
  });

  it('refuses a SHA-1 imprint with a rejection status, not a token', async () => {
    const data = file('data.bin', new Uint8Array(32));
    execFileSync('openssl', ['ts', '-query', '-data', data, '-sha1', '-out', file('sha1.tsq')], { stdio: 'pipe' });
    const reply = pkijs.TimeStampResp.fromBER(
      new Uint8Array(await (await stamp(readFileSync(file('sha1.tsq')))).arrayBuffer()),
    );
    expect(reply.status.status).toBe(2);
    expect(reply.timeStampToken).toBeUndefined();
  });

  it('answers 415 to a body that is not declared as a timestamp query', async () => {
    const response = await stamp(new Uint8Array([1, 2, 3]), 'application/json');
    expect(response.status).toBe(415);
  });
});
