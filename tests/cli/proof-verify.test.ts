import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { canonical } from '../../main/core/json/canonical.ts';
import type { PyObject } from '../../main/core/json/value.ts';
import { main } from '../../main/cli/main.ts';
import { captureIo } from '../support/capture-io.ts';
import { ARTEFACTS_DIR, REPO_ROOT, artefactJson, copyJson } from '../core/proof/support/real-artefacts.ts';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'proof-verify-'));
afterAll(() => rmSync(work, { recursive: true }));

const artefact = (name: string) => `${ARTEFACTS_DIR}${name}`;
function writeProof(name: string, json: PyObject): string {
  const path = join(work, name);
  writeFileSync(path, canonical(json));
  return path;
}

async function cli(args: string[]) {
  const io = captureIo();
  const code = await main(['proof', 'verify', ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('proveit proof verify', () => {
  it('the freeze proof exits 0 and lists each witness; anchor time and opened identity are shown', async () => {
    const { code, stdout } = await cli(['--offline', artefact('proof_proveit_gel.json')]);
    expect(code).toBe(0);
    expect(stdout).toContain('VERIFIED by 1 independent witness');
    for (const name of ['chain', 'openings', 'identity', 'signature', 'batch_anchor', 'tsa', 'rekor']) {
      expect(stdout).toMatch(new RegExp(`^  ${name} +`, 'm'));
    }
    expect(stdout).toContain('WITNESS_OFFLINE');
    expect(stdout).toContain('anchor time (RFC 3161 genTime): 2026-09-23T07:31:48Z');
    expect(stdout).toContain('"did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq"');
  });

  it('--json prints one report document; with --rekor-entry the 2.0 proof has 2 witnesses', async () => {
    const { code, stdout } = await cli([
      '--json',
      '--rekor-entry',
      artefact('rekor_entry.json'),
      artefact('proof_rekor.json'),
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { verdict: string; independentWitnesses: number; checks: unknown[] };
    expect(report).toMatchObject({ verdict: 'VERIFIED', independentWitnesses: 2 });
    expect(report.checks).toHaveLength(7);
  });

  it('a pending proof exits 3', async () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    proof.batch_anchor = { status: 'pending', batch_id: 'batch_x' };
    proof.timestamp_authority = { status: 'pending_batch' };
    const { code, stdout } = await cli([writeProof('pending.json', proof)]);
    expect(code).toBe(3);
    expect(stdout).toContain('PENDING');
  });

  it('a tampered proof exits 1 and prints both values of the mismatch', async () => {
    const proof = copyJson(artefactJson('proof_proveit_gel.json'));
    (proof.hashes as PyObject).chain = `sha256:${'5a'.repeat(32)}`;
    const { code, stdout } = await cli([writeProof('tampered.json', proof)]);
    expect(code).toBe(1);
    expect(stdout).toContain('FAILED at chain (CHAIN_MISMATCH)');
    expect(stdout).toContain(`expected ${'5a'.repeat(32)}, got 39384292`);
  });

  it('the unrelated dsse entry given as the Rekor entry is refused (exit 1)', async () => {
    const { code, stdout } = await cli([
      '--json',
      '--rekor-entry',
      artefact('rekor_unrelated.json'),
      artefact('proof_proveit_gel.json'),
    ]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ verdict: 'FAILED', failure: { check: 'rekor' } });
  });

  it('--disclose with a disclosure bundle that does not open fails at openings', async () => {
    const path = join(work, 'disclose.json');
    writeFileSync(
      path,
      JSON.stringify({ disclosed: { seller: { nonce: '00'.repeat(32), value: 'proveit.arkforge.tech' } } }),
    );
    const { code, stdout } = await cli(['--json', '--disclose', path, artefact('proof_proveit_gel.json')]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ failure: { check: 'openings', code: 'OPENING_MISMATCH' } });
  });

  it('--trust with a folder that is not a bundle, and a proof that is not JSON, exit 1 with their codes', async () => {
    const bundle = await cli(['--json', '--trust', work, artefact('proof_proveit_gel.json')]);
    expect(bundle.code).toBe(1);
    expect(JSON.parse(bundle.stdout)).toMatchObject({ verdict: 'FAILED', refused: { code: 'BUNDLE_INDEX_MISSING' } });
    const path = join(work, 'not-json.json');
    writeFileSync(path, '{"proof_id": ');
    const notJson = await cli([path]);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toContain('PROOF_NOT_JSON');
  });

  it('usage errors exit 2 and say what to type', async () => {
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('usage: proveit proof verify');
    const unknown = await cli(['--fast', artefact('proof_proveit_gel.json')]);
    expect(unknown.code).toBe(2);
  });

  it('through the real launcher: node bin/proveit.mjs proof verify --offline --json', async () => {
    const { stdout } = await run(
      'node',
      ['bin/proveit.mjs', 'proof', 'verify', '--offline', '--json', artefact('proof_2026_07.json')],
      {
        cwd: REPO_ROOT,
      },
    );
    expect(JSON.parse(stdout)).toMatchObject({ verdict: 'VERIFIED', independentWitnesses: 1, specVersion: '1.2' });
    const failed = await run('node', ['bin/proveit.mjs', 'proof', 'verify', join(work, 'tampered.json')], {
      cwd: REPO_ROOT,
    }).catch((error: { code: number; stdout: string }) => error);
    expect((failed as { code: number }).code).toBe(1);
  });
});
