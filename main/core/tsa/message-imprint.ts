import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { fail, ok, type Result } from '../result.ts';
import { OID_SHA256 } from './oids.ts';
import type { TstFields } from './token-structure.ts';
import type { TsaCode } from './model.ts';

/**
 * The token must stamp the anchored hash. The Trust Layer timestamps the 32 raw bytes of the anchored hash
 * (`openssl ts -query -data raw32.bin -sha256`), so the imprint is SHA-256 of those bytes, a hash of the hash
 * (trust-layer-reference §6.1), never of the hex text.
 */
export function checkMessageImprint(tstInfo: TstFields, anchoredHash: Uint8Array): Result<true, TsaCode> {
  const algorithm = tstInfo.imprintAlgorithm;
  if (algorithm !== OID_SHA256) {
    return fail('TSA_IMPRINT_ALGORITHM', 'the messageImprint is not SHA-256, the algorithm the Trust Layer requests', {
      expected: OID_SHA256,
      actual: algorithm,
    });
  }
  const expected = bytesToHex(sha256(anchoredHash));
  const actual = bytesToHex(tstInfo.imprintHash);
  if (actual !== expected) {
    return fail(
      'TSA_IMPRINT_MISMATCH',
      'the token stamps another hash: its messageImprint is not SHA-256 of the 32 anchored bytes',
      { expected, actual, anchoredHash: bytesToHex(anchoredHash) },
    );
  }
  return ok(true);
}
