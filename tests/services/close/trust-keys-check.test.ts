import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProofReport } from '../../../main/core/proof/report.ts';
import { checkTrustKeys } from '../../../main/services/close/trust-keys-check.ts';

const bundleDir = mkdtempSync(join(tmpdir(), 'trust-keys-check-'));
mkdirSync(join(bundleDir, 'proofs'));
mkdirSync(join(bundleDir, 'freeze'));
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

const trust = {
  name: 'production',
  digest: 'ab'.repeat(32),
  signingKeys: [{ kid: 'key-1' }, { kid: 'key-2' }],
} as never;
const KEY_9 = `ed25519:${Buffer.alloc(32, 9).toString('base64url')}`;

/** A report whose signature check ended with `code` (only the fields the check reads), and its view in the bundle. */
function cited(proofId: string, code: string | null, view: object): ProofReport {
  writeFileSync(join(bundleDir, 'proofs', `${proofId}.json`), JSON.stringify({ proof_id: proofId, ...view }));
  return {
    proofId,
    checks: [
      { name: 'chain', status: 'OK', code: null, message: '', details: {}, independent: false },
      { name: 'signature', status: code === null ? 'OK' : 'FAIL', code, message: '', details: {}, independent: false },
    ],
  } as unknown as ProofReport;
}

describe('checkTrustKeys: a proof signed under a key the trust bundle lacks refuses the close', () => {
  it('an unknown arkforge_kid is named, each proof once however many disclosures cite it (CLOSE_TRUST_KEY_UNKNOWN)', async () => {
    const report = cited('prf_20261101_100000_aaaaaa', 'SIGNATURE_UNKNOWN_KID', {
      arkforge_kid: 'key-9',
      arkforge_pubkey: KEY_9,
    });
    const checked = await checkTrustKeys(bundleDir, trust, [
      { role: 'cited', report },
      { role: 'cited', report },
    ]);
    const failure = checked.ok ? null : checked.error;
    expect(failure?.code).toBe('CLOSE_TRUST_KEY_UNKNOWN');
    expect(failure?.message).toContain(
      'lists no Trust Layer key "key-9", which signed the cited proof prf_20261101_100000_aaaaaa:',
    );
    expect(failure?.details).toEqual({
      kids: ['key-9'],
      keys: ['"key-9"'],
      proofs: [{ proof_id: 'prf_20261101_100000_aaaaaa', role: 'cited', kid: 'key-9', public: KEY_9 }],
      trust_bundle: 'production',
      trust_bundle_digest: 'ab'.repeat(32),
      published: ['key-1', 'key-2'],
    });
  });

  it('a view without a kid is named by its embedded key; the freeze proof is read from freeze/proof.json', async () => {
    writeFileSync(join(bundleDir, 'freeze', 'proof.json'), JSON.stringify({ arkforge_pubkey: KEY_9 }));
    const freeze = {
      proofId: 'prf_20260920_120000_bbbbbb',
      checks: [{ name: 'signature', code: 'SIGNATURE_KEY_NOT_PUBLISHED' }],
    };
    const checked = await checkTrustKeys(bundleDir, trust, [
      { role: 'freeze', report: freeze as unknown as ProofReport },
    ]);
    const failure = checked.ok ? null : checked.error;
    expect(failure?.message).toContain(
      `key ${KEY_9} (the view names no kid), which signed the freeze proof prf_20260920_120000_bbbbbb`,
    );
    expect(failure?.details?.['kids']).toEqual([]);
  });

  it('a proof naming no key at all, another signature failure, a verified proof or a null answer refuse nothing', async () => {
    const proofs = [
      cited('prf_20261101_100000_cccccc', 'SIGNATURE_KEY_NOT_PUBLISHED', {}),
      cited('prf_20261101_100000_dddddd', 'SIGNATURE_INVALID', { arkforge_kid: 'key-1' }),
      cited('prf_20261101_100000_eeeeee', 'SIGNATURE_KID_KEY_MISMATCH', {
        arkforge_kid: 'key-2',
        arkforge_pubkey: KEY_9,
      }),
      cited('prf_20261101_100000_ffffff', null, { arkforge_kid: 'key-1' }),
    ];
    const inputs = [
      ...proofs.map((report) => ({ role: 'cited' as const, report })),
      { role: 'cited' as const, report: 'absent' as const },
    ];
    expect(await checkTrustKeys(bundleDir, trust, inputs)).toEqual({ ok: true, value: undefined });
  });
});
