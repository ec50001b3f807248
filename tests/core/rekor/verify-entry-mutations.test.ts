import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyRekorEntry } from '../../../main/core/rekor/verify-entry.ts';
import { ARTEFACTS, productionRekorTrust, vectors } from './real-entries.ts';

// One character of the real entry's JSON text replaced at a time: each variant that is still JSON must give a
// Result, never an exception, and may verify only with the original facts. The uuid's 16-hex tree id is bound by
// nothing in the entry, so the call names the expected uuid, as the proof verifier does from transparency_log.

const real = vectors.verified[0]!;
const text = readFileSync(ARTEFACTS + real.entry, 'utf8');
const trust = productionRekorTrust();
const STRIDE = 23;

function replaced(position: number): string {
  const char = text[position]!;
  const swap = /[0-9]/.test(char) ? String((Number(char) + 1) % 10) : char === 'A' ? 'B' : 'A';
  return text.slice(0, position) + swap + text.slice(position + 1);
}

describe('character substitutions across the real Rekor entry', () => {
  it(`one character in ${STRIDE} replaced: a failure code or the original facts, never an exception`, () => {
    const codes = new Set<string>();
    for (let position = 0; position < text.length; position += STRIDE) {
      let entry: unknown;
      try {
        entry = JSON.parse(replaced(position));
      } catch {
        continue;
      }
      const result = verifyRekorEntry({
        entry,
        anchoredHex: real.anchoredHex,
        expectedUuid: real.expected.uuid,
        trust,
      });
      if (result.ok) expect(result.value, `character ${position}`).toEqual(real.expected);
      codes.add(result.ok ? 'OK' : result.error.code);
    }
    expect([...codes]).toEqual(
      expect.arrayContaining([
        'REKOR_SET_INVALID',
        'REKOR_INCLUSION_ROOT_MISMATCH',
        'REKOR_CHECKPOINT_SIGNATURE_INVALID',
      ]),
    );
  });
});
