import type { FreezeRow } from '../../../main/db/freezes.ts';

/**
 * A `freezes` row of season 1, track conformite, for tests that store freezes directly. `overrides` replaces what a
 * test depends on (a real key commitment, another reason); the rest are placeholders of the right shape.
 */
export function freezeRow(
  proofId: string,
  replaces: string | null,
  createdAtMs: number,
  overrides: Partial<FreezeRow> = {},
): FreezeRow {
  return {
    proofId,
    documentVersion: 2,
    season: 1,
    track: 'conformite',
    rulesVersion: 'conformite-bareme-v3',
    rulesHash: 'a'.repeat(64),
    manifestHash: 'b'.repeat(64),
    keyCommitment: proofId.slice(-6).padStart(64, 'c'),
    url: 'http://proveit.devnet.localhost/v1/season/1/freeze',
    replaces,
    reason: replaces === null ? null : 'apply the grounded-verdict rule',
    opensAt: '2026-10-01T08:00:00.000Z',
    closesAt: '2026-11-01T08:00:00.000Z',
    requestHash: 'd'.repeat(64),
    requestHashNonce: 'e'.repeat(64),
    trustLayer: 'http://127.0.0.1:1',
    createdAtMs,
    proxyProof: new TextEncoder().encode('{"proof":{}}'),
    fullView: new TextEncoder().encode('{"proof_id":"x"}'),
    ...overrides,
  };
}
