import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkDisputeReceipt,
  checkReceiptForm,
  receiptAgainstExport,
  receiptEvidenceBlock,
} from '../../../main/core/disputes/receipt-evidence.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import type { PyJson, PyObject } from '../../../main/core/json/value.ts';
import { signReceipt, verifyReceipt, type ReceiptFields } from '../../../main/core/receipts/submission-receipt.ts';
import { bodyDigest, exportTrailerLine, openSignedExport } from '../../../main/core/season-export/signed-export.ts';

function newKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const hex = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('hex');
  return { hex, sign: (bytes: Uint8Array) => sign(null, bytes, privateKey).toString('base64') };
}

const service = newKey();
const ALICE = 'par_0123456789abcdef01234567';
const BOB = 'par_fedcba9876543210fedcba98';
const SHA_V2 = 'ab'.repeat(32);
const disputed = { season: 1, track: 'conformite', participantId: ALICE, taskId: 'conf-03' };

const fields = (changes: Partial<ReceiptFields> = {}): ReceiptFields => ({
  replaces_previous: true,
  season: 1,
  track: 'conformite',
  task_id: 'conf-03',
  participant_id: ALICE,
  version: 2,
  received_at: '2026-10-10T12:00:00.000Z',
  submission_sha256: SHA_V2,
  ...changes,
});
/** A receipt as the participant keeps it, read back with json.loads (season and version are ints). */
const receiptValue = (changes: Partial<ReceiptFields> = {}, key = service): PyJson => {
  const parsed = loadsText(JSON.stringify(signReceipt(fields(changes), key.sign)));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

const line = (participant: string, task: string, version: number, sha256: string) =>
  `{"participant_id":"${participant}","enrolled_did":"did:key:z6Mk","agent_name":"a","declared_stack":"s",` +
  `"version":${version},"received_at":"2026-10-10T12:00:00.000Z","submission_sha256":"${sha256}",` +
  `"submission":{"season":1,"track":"conformite","task_id":"${task}","assertions":[]}}\n`;

/** A signed export holding Alice's conf-03 at `version` with `sha256` (and Bob's conf-03 at version 5). */
function exportWith(aliceLine: string) {
  const body = aliceLine + line(BOB, 'conf-03', 5, 'cd'.repeat(32));
  const bytes = new TextEncoder().encode(body);
  const trailer = exportTrailerLine(
    { season: 1, takenAt: '2026-10-29T08:00:00.000Z', publicKeyHex: service.hex, ...bodyDigest(bytes) },
    service.sign,
  );
  const opened = openSignedExport(new TextEncoder().encode(body + trailer), null);
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
}

const compared = (aliceLine: string, changes: Partial<ReceiptFields> = {}) => {
  const checked = checkDisputeReceipt(receiptValue(changes), service.hex, disputed);
  if (!checked.ok) throw new Error(checked.error.message);
  return receiptAgainstExport(checked.value, exportWith(aliceLine), disputed);
};

describe('a submission receipt against the export the close scored', () => {
  it('the receipt of the version the export holds, same SHA-256, is in_export', () => {
    const r = compared(line(ALICE, 'conf-03', 2, SHA_V2));
    expect(r).toMatchObject({
      comparison: 'same',
      inExport: true,
      superseded: false,
      exportVersion: 2,
      exportSubmissionSha256: SHA_V2,
      verifiedWith: service.hex,
      exportTakenAt: '2026-10-29T08:00:00.000Z',
      receivedBeforeExport: true,
    });
  });

  it('a receipt of a later version than the export holds is not in_export: the close never saw it', () => {
    const r = compared(line(ALICE, 'conf-03', 1, 'ef'.repeat(32)));
    expect(r).toMatchObject({ comparison: 'later_than_export', inExport: false, superseded: false, exportVersion: 1 });
  });

  it('a receipt of an older version is not in_export but superseded (spec §7.4: the last one stands)', () => {
    const r = compared(line(ALICE, 'conf-03', 3, 'ef'.repeat(32)));
    expect(r).toMatchObject({ comparison: 'older_than_export', inExport: false, superseded: true, exportVersion: 3 });
  });

  it('the same version with another SHA-256 in the export is not in_export', () => {
    const r = compared(line(ALICE, 'conf-03', 2, 'ef'.repeat(32)));
    expect(r).toMatchObject({
      comparison: 'same_version_other_sha256',
      inExport: false,
      superseded: false,
      exportSubmissionSha256: 'ef'.repeat(32),
    });
  });

  it('an export with no line of that task (another task of the participant only) gives export_version null', () => {
    const r = compared(line(ALICE, 'conf-04', 2, SHA_V2));
    expect(r).toMatchObject({
      comparison: 'no_line_for_task',
      inExport: false,
      superseded: false,
      exportVersion: null,
      exportSubmissionSha256: null,
    });
  });

  it('the evidence block keeps the receipt as signed: its ten fields verify again with verified_with', () => {
    const block = receiptEvidenceBlock(compared(line(ALICE, 'conf-03', 1, 'ef'.repeat(32))));
    expect(JSON.parse(canonical(block))).toMatchObject({
      version: 2,
      export_version: 1,
      in_export: false,
      superseded: false,
      comparison: 'later_than_export',
    });
    const receiptOnly = Object.fromEntries(
      Object.entries(block).filter(
        ([k]) =>
          ![
            'verified_with',
            'export_taken_at',
            'export_version',
            'export_submission_sha256',
            'comparison',
            'in_export',
            'superseded',
            'received_before_export',
          ].includes(k),
      ),
    ) as PyObject;
    expect(verifyReceipt(receiptOnly, block['verified_with'] as string).ok).toBe(true);
  });
});

describe('a submission receipt refused as dispute evidence', () => {
  it('a receipt with a field edited after signing fails DISPUTE_RECEIPT_INVALID with RECEIPT_SIGNATURE_INVALID', () => {
    const value = receiptValue() as PyObject;
    value['version'] = 3n;
    const checked = checkDisputeReceipt(value, service.hex, disputed);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.code).toBe('DISPUTE_RECEIPT_INVALID');
    expect(checked.error.details).toMatchObject({
      receipt_code: 'RECEIPT_SIGNATURE_INVALID',
      field: 'receipt_signature',
      key: service.hex,
    });
  });

  it('a receipt signed by another key than the export’s fails DISPUTE_RECEIPT_INVALID', () => {
    const checked = checkDisputeReceipt(receiptValue({}, newKey()), service.hex, disputed);
    expect(checked.ok || checked.error.details).toMatchObject({ receipt_code: 'RECEIPT_SIGNATURE_INVALID' });
  });

  it('a malformed field is named before any key is needed (checkReceiptForm)', () => {
    const value = receiptValue() as PyObject;
    value['version'] = 'two';
    const checked = checkReceiptForm(value);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.code).toBe('DISPUTE_RECEIPT_INVALID');
    expect(checked.error.details).toMatchObject({ receipt_code: 'RECEIPT_FIELD_INVALID', field: 'version' });
    expect(checked.error.message).toContain("'version'");
  });

  it.each([
    ['participant_id', { participant_id: BOB }, BOB, ALICE],
    ['task_id', { task_id: 'conf-04' }, 'conf-04', 'conf-03'],
    ['track', { track: 'generique' }, 'generique', 'conformite'],
    ['season', { season: 2 }, 2, 1],
  ] as const)(
    'a verified receipt of another %s than the dispute fails DISPUTE_RECEIPT_OTHER_SUBMISSION naming both values',
    (field, changes, receipt, dispute) => {
      const checked = checkDisputeReceipt(receiptValue(changes), service.hex, disputed);
      expect(checked.ok).toBe(false);
      if (checked.ok) return;
      expect(checked.error.code).toBe('DISPUTE_RECEIPT_OTHER_SUBMISSION');
      expect(checked.error.details).toEqual({ field, receipt, dispute });
    },
  );
});
