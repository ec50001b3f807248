import { utf8ToBytes } from '@noble/hashes/utils.js';
import { canonical } from '../json/canonical.ts';
import { pyObjectFrom } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import { decodeBase64Strict } from '../x509/base64.ts';
import type { RekorEntryFields } from './entry-shape.ts';
import { verifyP256Der } from './p256-public-key.ts';
import type { RekorCode } from './model.ts';

/**
 * The signed entry timestamp (trust-layer-reference §6.2 step 6): the log's promise that it integrated this
 * body at integratedTime as logIndex. Rekor signs canonical JSON of the four top-level fields; the integers are
 * Python ints (bigint), never floats, or the bytes would differ.
 */
export function verifySignedEntryTimestamp(fields: RekorEntryFields, logPoint: Uint8Array): Result<true, RekorCode> {
  const encoded = fields.verification?.signedEntryTimestamp;
  const signature = typeof encoded === 'string' ? decodeBase64Strict(encoded) : null;
  if (signature === null) {
    return fail('REKOR_SET_MISSING', 'the entry has no base64 verification.signedEntryTimestamp', {
      uuid: fields.uuid,
    });
  }
  const payload = canonical(
    pyObjectFrom([
      ['body', fields.body],
      ['integratedTime', BigInt(fields.integratedTime)],
      ['logID', fields.logID],
      ['logIndex', BigInt(fields.logIndex)],
    ]),
  );
  if (!verifyP256Der(signature, utf8ToBytes(payload), logPoint)) {
    return fail(
      'REKOR_SET_INVALID',
      'the signed entry timestamp does not verify with the log key over {body, integratedTime, logID, logIndex}',
      { integratedTime: fields.integratedTime, logIndex: fields.logIndex, logID: fields.logID },
    );
  }
  return ok(true);
}
