import { describe, expect, it } from 'vitest';
import { verifyTimestampToken } from '../../../main/core/tsa/verify-timestamp.ts';
import { freetsaTrust, PROVIDER, realTokens } from './freetsa-fixtures.ts';

// A bit flipped anywhere in a real token must give a Result, never an exception, and never other facts. A flip
// may still verify only where RFC 3161 leaves bytes unsigned and without effect (e.g. PKIStatus granted →
// grantedWithMods, the SignedData digestAlgorithms set); then the facts must be the original ones.

const [freeze] = realTokens();
const trust = freetsaTrust();
const STRIDE = 7;
const positions = Array.from({ length: Math.ceil(freeze!.tsr.length / STRIDE) }, (_, i) => i * STRIDE);

describe('bit flips across the real FreeTSA token', () => {
  it(`one byte in ${STRIDE} flipped: a failure code or the original facts, never an exception`, async () => {
    const outcomes = new Map<string, number>();
    for (const position of positions) {
      const tsr = freeze!.tsr.slice();
      tsr[position]! ^= 0x04;
      const result = await verifyTimestampToken({ tsr, anchoredHash: freeze!.anchoredHash, provider: PROVIDER, trust });
      if (result.ok) expect(result.value, `byte ${position}`).toEqual(freeze!.expected);
      const key = result.ok ? 'OK' : result.error.code;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    const failures = [...outcomes].filter(([code]) => code !== 'OK').reduce((sum, [, n]) => sum + n, 0);
    expect(failures).toBeGreaterThan(positions.length * 0.9);
    expect([...outcomes.keys()]).toEqual(
      expect.arrayContaining(['TSA_RESPONSE_MALFORMED', 'TSA_MESSAGE_DIGEST_MISMATCH', 'TSA_SIGNATURE_INVALID']),
    );
  });
});
