import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CitedPool } from '../../../main/services/close/verify-cited-pool.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../../main/services/trust/production-bundle.ts';

describe('the pool of verifying workers', () => {
  it('a worker that cannot load the bundle folder fails the verification with the reason, and closes', async () => {
    const trust = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
    if (!trust.ok) throw new Error(trust.error.message);
    const empty = mkdtempSync(join(tmpdir(), 'proveit-pool-'));
    const pool = new CitedPool(empty, trust.value, 1000, { threads: 1 });
    try {
      await expect(
        pool.verify([{ proofId: 'prf_20260101_000000_000000', status: 'anchored', disclosures: [null] }]),
      ).rejects.toThrow(/a verifying worker could not start: BUNDLE_INDEX_MISSING/);
    } finally {
      await pool.close();
    }
  });

  it('a pool closed before it verifies closes its workers without an unhandled failure', async () => {
    const trust = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
    if (!trust.ok) throw new Error(trust.error.message);
    const pool = new CitedPool(mkdtempSync(join(tmpdir(), 'proveit-pool-')), trust.value, 1000, { threads: 2 });
    await expect(pool.close()).resolves.toBeUndefined();
  });

  it('a pool closed twice (by the close once every report is in, then by its caller) terminates its workers once', async () => {
    const trust = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
    if (!trust.ok) throw new Error(trust.error.message);
    const pool = new CitedPool(mkdtempSync(join(tmpdir(), 'proveit-pool-')), trust.value, 1000, { threads: 2 });
    const first = pool.close();
    const second = pool.close();
    expect(second).toBe(first);
    await expect(second).resolves.toBeUndefined();
  });

  it('a pool verifies once: its workers let go of each proof they finish', async () => {
    const trust = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
    if (!trust.ok) throw new Error(trust.error.message);
    const pool = new CitedPool(mkdtempSync(join(tmpdir(), 'proveit-pool-')), trust.value, 1000, { threads: 1 });
    try {
      // This pool's worker fails to load its bundle folder, before or after this call: either answer will do here.
      await pool.verify([]).catch(() => undefined);
      await expect(pool.verify([])).rejects.toThrow(/verifies once/);
    } finally {
      await pool.close();
    }
  });
});
