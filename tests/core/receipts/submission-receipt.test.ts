import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadsText } from '../../../main/core/json/loads.ts';
import type { PyJson, PyObject } from '../../../main/core/json/value.ts';
import {
  RECEIPT_FIELDS,
  receiptSigningBytes,
  signReceipt,
  verifyReceipt,
  type ReceiptFields,
} from '../../../main/core/receipts/submission-receipt.ts';

function newKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const hex = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('hex');
  return { hex, sign: (bytes: Uint8Array) => sign(null, bytes, privateKey).toString('base64') };
}

const key = newKey();
const FIELDS: ReceiptFields = {
  replaces_previous: true,
  season: 1,
  track: 'conformite',
  task_id: 'conf-03',
  participant_id: 'par_0123456789abcdef01234567',
  version: 2,
  received_at: '2026-10-10T12:00:00.000Z',
  submission_sha256: 'ab'.repeat(32),
};
const receipt = signReceipt(FIELDS, key.sign);
/** The receipt as a participant keeps it (the answer's text) and reads it back with Python's json.loads. */
const text = JSON.stringify(receipt);
const read = (json: string): PyJson => {
  const parsed = loadsText(json);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const edited = (change: (r: PyObject) => void): PyJson => {
  const value = read(text) as PyObject;
  change(value);
  return value;
};
const failure = (value: PyJson, keyHex = key.hex) => {
  const result = verifyReceipt(value, keyHex);
  if (result.ok) throw new Error('the receipt verified');
  return { code: result.error.code, field: result.error.details?.['field'] };
};

describe('submission receipts', () => {
  it('a signed receipt verifies offline with the public key alone, and carries its fields in the answer order', () => {
    expect(Object.keys(receipt)).toEqual([...RECEIPT_FIELDS]);
    expect(receipt.receipt_signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    const verified = verifyReceipt(read(text), key.hex);
    expect(verified).toEqual({ ok: true, value: receipt });
  });

  it("the signed bytes are CPython's json.dumps(sort_keys=True, separators=(',', ':')) of the answer without the signature", () => {
    const python = execFileSync(
      'python3',
      [
        '-c',
        'import json,sys;d=json.loads(sys.argv[1]);del d["receipt_signature"];' +
          'sys.stdout.write(json.dumps(d,sort_keys=True,separators=(",",":")))',
        text,
      ],
      { encoding: 'utf8' },
    );
    expect(new TextDecoder().decode(receiptSigningBytes(FIELDS))).toBe(python);
  });

  it('a receipt replayed for another task (task_id changed) fails with RECEIPT_SIGNATURE_INVALID', () => {
    expect(failure(edited((r) => (r['task_id'] = 'conf-04')))).toEqual({
      code: 'RECEIPT_SIGNATURE_INVALID',
      field: 'receipt_signature',
    });
  });

  it('every field edited in its own form breaks the signature: RECEIPT_SIGNATURE_INVALID', () => {
    const edits: Record<string, PyJson> = {
      replaces_previous: false,
      season: 2n,
      track: 'generique',
      task_id: 'conf-01',
      participant_id: 'par_ffffffffffffffffffffffff',
      version: 1n,
      received_at: '2026-10-10T12:00:00.001Z',
      submission_sha256: 'cd'.repeat(32),
      receipt_signature: signReceipt({ ...FIELDS, version: 3 }, key.sign).receipt_signature,
    };
    expect(Object.keys(edits).sort()).toEqual(RECEIPT_FIELDS.filter((f) => f !== 'recorded').sort());
    for (const [field, value] of Object.entries(edits)) {
      expect([field, failure(edited((r) => (r[field] = value))).code]).toEqual([field, 'RECEIPT_SIGNATURE_INVALID']);
    }
  });

  it('every field removed is RECEIPT_FIELD_MISSING naming it', () => {
    for (const field of RECEIPT_FIELDS) {
      expect(failure(edited((r) => delete r[field]))).toEqual({ code: 'RECEIPT_FIELD_MISSING', field });
    }
  });

  it('every field given another form is RECEIPT_FIELD_INVALID naming it (a float version is not the int signed)', () => {
    const wrong: Record<(typeof RECEIPT_FIELDS)[number], PyJson> = {
      recorded: false,
      replaces_previous: 'yes',
      season: 1.0,
      track: '',
      task_id: 3n,
      participant_id: 'someone',
      version: 2.0,
      received_at: '10/10/2026',
      submission_sha256: 'AB'.repeat(32),
      receipt_signature: 'not base64',
    };
    for (const [field, value] of Object.entries(wrong)) {
      expect(failure(edited((r) => (r[field] = value)))).toEqual({ code: 'RECEIPT_FIELD_INVALID', field });
    }
  });

  it('a field added is RECEIPT_UNKNOWN_FIELD naming it; a value that is not an object is RECEIPT_NOT_OBJECT', () => {
    expect(failure(edited((r) => (r['score'] = 1n)))).toEqual({ code: 'RECEIPT_UNKNOWN_FIELD', field: 'score' });
    expect(failure(read('[1]')).code).toBe('RECEIPT_NOT_OBJECT');
  });

  it('another key is RECEIPT_SIGNATURE_INVALID; a key that is not 64 lowercase hex digits is RECEIPT_KEY_INVALID', () => {
    expect(failure(read(text), newKey().hex).code).toBe('RECEIPT_SIGNATURE_INVALID');
    expect(failure(read(text), key.hex.slice(2)).code).toBe('RECEIPT_KEY_INVALID');
    expect(failure(read(text), key.hex.toUpperCase()).code).toBe('RECEIPT_KEY_INVALID');
  });
});
