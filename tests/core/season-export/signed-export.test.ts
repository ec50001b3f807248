import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import {
  bodyDigest,
  checkTakenAfterClose,
  exportTrailerLine,
  openSignedExport,
} from '../../../main/core/season-export/signed-export.ts';

const SERVICE_KEY = new Uint8Array(32).fill(7);
const OTHER_KEY = new Uint8Array(32).fill(9);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const SERVICE_PUBLIC = hex(ed25519.getPublicKey(SERVICE_KEY));

const LINES =
  '{"participant_id":"par_a","enrolled_did":"did:key:z6Mka","agent_name":"a","declared_stack":"s",' +
  '"received_at":null,"submission_sha256":null,"submission":null}\n' +
  '{"participant_id":"par_b","enrolled_did":"did:key:z6Mkb","agent_name":"b","declared_stack":"s",' +
  '"received_at":null,"submission_sha256":null,"submission":null}\n';

const encode = (text: string) => new TextEncoder().encode(text);

function signedBy(privateKey: Uint8Array, body: string, takenAt = '2026-10-29T08:00:00.000Z'): string {
  const trailer = exportTrailerLine(
    { season: 1, takenAt, publicKeyHex: hex(ed25519.getPublicKey(privateKey)), ...bodyDigest(encode(body)) },
    (bytes) => Buffer.from(ed25519.sign(bytes, privateKey)).toString('base64'),
  );
  return body + trailer;
}

describe('the signed export', () => {
  it('an export as signed opens with its lines and trailer, by the configured key', () => {
    const opened = openSignedExport(encode(signedBy(SERVICE_KEY, LINES)), SERVICE_PUBLIC);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(new TextDecoder().decode(opened.value.body)).toBe(LINES);
    expect(opened.value.trailer).toMatchObject({ season: 1, lines: 2, publicKeyHex: SERVICE_PUBLIC });
  });

  it('an export without its trailer is refused with CLOSE_EXPORT_UNSIGNED', () => {
    const opened = openSignedExport(encode(LINES), SERVICE_PUBLIC);
    expect(opened.ok || opened.error.code).toBe('CLOSE_EXPORT_UNSIGNED');
    expect(openSignedExport(encode(''), null).ok || 'refused').toBe('refused');
  });

  it('an export signed by another key than the configured one fails CLOSE_EXPORT_SIGNATURE_INVALID naming both', () => {
    const opened = openSignedExport(encode(signedBy(OTHER_KEY, LINES)), SERVICE_PUBLIC);
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error.code).toBe('CLOSE_EXPORT_SIGNATURE_INVALID');
    expect(opened.error.details).toMatchObject({
      expected: SERVICE_PUBLIC,
      found: hex(ed25519.getPublicKey(OTHER_KEY)),
    });
  });

  it('a trailer edited after signing (its time moved) fails CLOSE_EXPORT_SIGNATURE_INVALID', () => {
    const text = signedBy(SERVICE_KEY, LINES, '2026-10-20T08:00:00.000Z').replace(
      '2026-10-20T08:00:00.000Z',
      '2026-10-30T08:00:00.000Z',
    );
    const opened = openSignedExport(encode(text), SERVICE_PUBLIC);
    expect(opened.ok || opened.error.code).toBe('CLOSE_EXPORT_SIGNATURE_INVALID');
  });

  it.each([
    ['a line edited', (t: string) => t.replace('"agent_name":"b"', '"agent_name":"c"')],
    ['a line removed', (t: string) => t.slice(t.indexOf('\n') + 1)],
    ['a line added', (t: string) => LINES.split('\n')[0] + '\n' + t],
  ])('%s after signing fails CLOSE_EXPORT_ALTERED with both counts and hashes', (_name, edit) => {
    const opened = openSignedExport(encode(edit(signedBy(SERVICE_KEY, LINES))), SERVICE_PUBLIC);
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error.code).toBe('CLOSE_EXPORT_ALTERED');
    expect(opened.error.details).toHaveProperty('anchored');
    expect(opened.error.details).toHaveProperty('recomputed');
  });

  it('a trailer with a malformed field names the field', () => {
    const text = signedBy(SERVICE_KEY, LINES).replace(/"lines":2/, '"lines":"2"');
    const opened = openSignedExport(encode(text), null);
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error).toMatchObject({ code: 'CLOSE_EXPORT_SIGNATURE_INVALID', details: { field: 'lines' } });
  });

  it('an export taken before the close fails CLOSE_EXPORT_BEFORE_CLOSE naming both instants; at the close it stands', () => {
    const early = openSignedExport(encode(signedBy(SERVICE_KEY, LINES, '2026-10-29T07:59:59.999Z')), null);
    expect(early.ok).toBe(true);
    if (!early.ok) return;
    const refused = checkTakenAfterClose(early.value.trailer, '2026-10-29T08:00:00.000Z');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toMatchObject({
      code: 'CLOSE_EXPORT_BEFORE_CLOSE',
      details: { taken_at: '2026-10-29T07:59:59.999Z', closes_at: '2026-10-29T08:00:00.000Z' },
    });
    const atClose = openSignedExport(encode(signedBy(SERVICE_KEY, LINES)), null);
    expect(atClose.ok && checkTakenAfterClose(atClose.value.trailer, '2026-10-29T08:00:00.000Z').ok).toBe(true);
  });
});
