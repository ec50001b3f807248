import { decodeBase64Strict } from './base64.ts';

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

export interface PemBlock {
  label: string;
  der: Uint8Array;
}

/** Every PEM block in a text (RFC 7468), in order. A block whose body is not base64 is left out. */
export function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  for (const match of text.matchAll(BLOCK)) {
    const der = decodeBase64Strict((match[2] ?? '').replace(/\s+/g, ''));
    if (der !== null && der.length > 0) blocks.push({ label: match[1] ?? '', der });
  }
  return blocks;
}

/** The DER of the single block with this label, or null when there is none or more than one. */
export function pemToDer(text: string, label: string): Uint8Array | null {
  const matching = pemBlocks(text).filter((block) => block.label === label);
  return matching.length === 1 ? (matching[0] as PemBlock).der : null;
}
