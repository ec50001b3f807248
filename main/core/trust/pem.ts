import { decodeBase64 } from '../encoding/encodings.ts';

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/**
 * The DER contents of every PEM block with the given label (RFC 7468), in file order. A CA bundle such as
 * /etc/ssl/certs/ca-certificates.crt is many CERTIFICATE blocks; a block whose base64 does not decode is skipped
 * and counted, so the caller can refuse a damaged file.
 */
export function pemBlocks(text: string, label: string): { ders: Uint8Array[]; undecodable: number } {
  const ders: Uint8Array[] = [];
  let undecodable = 0;
  for (const match of text.matchAll(PEM_BLOCK)) {
    if (match[1] !== label) continue;
    const der = decodeBase64((match[2] ?? '').replace(/\s+/g, ''));
    if (der) ders.push(der);
    else undecodable += 1;
  }
  return { ders, undecodable };
}
