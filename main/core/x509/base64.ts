/**
 * Strict standard base64 (RFC 4648 §4, padded). Node's decoder skips characters outside the alphabet, so a
 * corrupted field would decode to other bytes instead of being refused; untrusted fields go through this.
 */
const STANDARD = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function decodeBase64Strict(text: string): Uint8Array | null {
  if (!STANDARD.test(text)) return null;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}
