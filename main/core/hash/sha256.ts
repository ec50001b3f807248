import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export { sha256 };

/** SHA-256 of bytes, as lowercase hex. */
export function sha256Hex(data: Uint8Array): string {
  return bytesToHex(sha256(data));
}

/** SHA-256 of a string's UTF-8 bytes, as lowercase hex. */
export function sha256HexOfText(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
