const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bitcoin base58 decoding (the `z` multibase prefix of did:key). Undefined on a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return new Uint8Array(bytes);
}

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = BASE58_ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/**
 * The raw Ed25519 public key of a did:key, or undefined when the DID is not one the Trust Layer binds:
 * base58btc multibase (`z`), multicodec 0xed01 (ed25519-pub, varint-encoded as 0xed 0x01), 32 key bytes.
 */
export function ed25519KeyOfDidKey(did: string): Uint8Array | undefined {
  if (!did.startsWith('did:key:z')) return undefined;
  const decoded = base58Decode(did.slice('did:key:z'.length));
  if (!decoded || decoded.length !== 34 || decoded[0] !== 0xed || decoded[1] !== 0x01) return undefined;
  return decoded.subarray(2);
}

/** The did:key of a raw Ed25519 public key: a participant's, or the challenge's own (docs/freeze.md "The challenge's DID"). */
export function didKeyOfEd25519(publicKey: Uint8Array): string {
  return `did:key:z${base58Encode(new Uint8Array([0xed, 0x01, ...publicKey]))}`;
}
