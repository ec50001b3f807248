import { describe, expect, it } from 'vitest';
import { freshProofId } from '../../../../devnet/trust-layer/routes/proxy-route.ts';
import type { TrustLayerContext } from '../../../../devnet/trust-layer/trust-layer-context.ts';

/** A context whose store holds `stored` and whose randomness gives `draws` in turn. */
function contextOf(stored: string[], draws: number[][]): Pick<TrustLayerContext, 'store' | 'randomBytes'> {
  const store = { getProof: (id: string) => (stored.includes(id) ? {} : undefined) };
  return {
    store: store as unknown as TrustLayerContext['store'],
    randomBytes: () => new Uint8Array(draws.shift()!),
  };
}

describe('the proof id the proxy gives a new proof', () => {
  it('has the Trust Layer form prf_<date>_<time>_<6 hex> of the proxy timestamp', () => {
    const id = freshProofId(contextOf([], [[0xab, 0x01, 0xff]]), '2026-11-01T12:00:07.123456Z');
    expect(id).toBe('prf_20261101_120007_ab01ff');
  });

  it('two proofs in one second that draw the same bytes get two ids: the clash is drawn again, never stored twice', () => {
    const id = freshProofId(
      contextOf(
        ['prf_20261101_120007_010203'],
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
      ),
      '2026-11-01T12:00:07.000000Z',
    );
    expect(id).toBe('prf_20261101_120007_040506');
  });
});
