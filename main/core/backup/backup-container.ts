import { createCipheriv, createDecipheriv, createHmac, scryptSync, timingSafeEqual } from 'node:crypto';
import { runSteps } from '../hash/sha256.ts';
import { fail, ok, type Result } from '../result.ts';

/**
 * The encrypted backup file (format in docs/operator-database.md "Backups"). The backup holds the
 * freeze salts and answer keys before the reveal (spec §8), so nothing of it is readable without the passphrase:
 *
 *   header (72 bytes, authenticated as AES-GCM's additional data)
 *     0  magic "PROVEIT-BACKUP\0\0" (16)     16 version u8 (1)          17 log2(scrypt N) u8
 *     18 scrypt r u8                          19 scrypt p u8             20 scrypt salt (16)
 *     36 GCM nonce (12)                       48 ciphertext length u64 BE
 *     56 passphrase check (16): the first 16 bytes of HMAC-SHA256(check key, "proveit-backup passphrase check")
 *   ciphertext (AES-256-GCM of the contents), then the 16-byte GCM tag.
 *
 * scrypt derives 64 bytes from the passphrase and the salt: the AES key, then the check key. The check lets a wrong
 * passphrase (or an altered salt or scrypt parameter, which amounts to it) be told from an altered body; it says
 * nothing the GCM tag does not already let a guesser test. Randomness (salt, nonce) comes in as arguments: core is pure.
 */
export const BACKUP_MAGIC = Buffer.from('PROVEIT-BACKUP\0\0', 'latin1');
export const BACKUP_VERSION = 1;
export const BACKUP_HEADER_BYTES = 72;
const TAG_BYTES = 16;
const CHECK_LABEL = 'proveit-backup passphrase check';

export interface ScryptParameters {
  log2N: number;
  r: number;
  p: number;
}

/** What version 1 writes: N = 2^17, r = 8, p = 1 (128 MiB, about half a second), OWASP's scrypt recommendation. */
export const BACKUP_SCRYPT: ScryptParameters = { log2N: 17, r: 8, p: 1 };

/** The bounds a header's parameters must stay in: wider ones would let an altered header exhaust the reader's memory. */
const SCRYPT_BOUNDS = { log2N: [14, 20], r: [1, 16], p: [1, 4] } as const;

export type BackupOpenCode =
  'BACKUP_NOT_A_BACKUP' | 'BACKUP_VERSION_UNKNOWN' | 'BACKUP_TRUNCATED' | 'BACKUP_ALTERED' | 'BACKUP_PASSPHRASE_WRONG';

export interface SealInput {
  contents: Uint8Array;
  passphrase: string;
  /** 16 random bytes. */
  salt: Uint8Array;
  /** 12 random bytes, never reused with the same key (a fresh salt gives a fresh key on every backup). */
  nonce: Uint8Array;
  scrypt?: ScryptParameters;
}

/** node:crypto's scrypt options for the parameters: what a caller deriving the key itself (asynchronously) passes. */
export function scryptOptionsOf(s: ScryptParameters): { N: number; r: number; p: number; maxmem: number } {
  const N = 2 ** s.log2N;
  return { N, r: s.r, p: s.p, maxmem: 256 * N * s.r };
}

/** The 64 bytes scrypt derives from the passphrase and salt, split: the AES key, then the check key's check. */
function keysOf(derived: Uint8Array): { aesKey: Buffer; check: Buffer } {
  const out = Buffer.from(derived.buffer, derived.byteOffset, derived.byteLength);
  const check = createHmac('sha256', out.subarray(32)).update(CHECK_LABEL).digest().subarray(0, 16);
  return { aesKey: out.subarray(0, 32), check };
}

function derive(passphrase: string, salt: Uint8Array, s: ScryptParameters): { aesKey: Buffer; check: Buffer } {
  return keysOf(scryptSync(Buffer.from(passphrase, 'utf8'), salt, 64, scryptOptionsOf(s)));
}

/** Encrypts the contents into one backup file's bytes. */
export function sealBackup(input: SealInput): Buffer {
  const s = input.scrypt ?? BACKUP_SCRYPT;
  const derived = scryptSync(Buffer.from(input.passphrase, 'utf8'), input.salt, 64, scryptOptionsOf(s));
  return sealBackupWithDerived({ ...input, scrypt: s, derived });
}

/**
 * sealBackup with the scrypt output already derived (64 bytes from the passphrase and `salt` under `scrypt`, e.g. by
 * node:crypto's asynchronous scrypt): a service that must not stop its event loop for half a second derives it off
 * the main thread, and the bytes written are the same.
 */
export function sealBackupWithDerived(input: Omit<SealInput, 'passphrase'> & { derived: Uint8Array }): Buffer {
  return runSteps(sealBackupSteps({ ...input, chunkBytes: Number.MAX_SAFE_INTEGER }));
}

/**
 * sealBackupWithDerived in steps: the contents encrypted `chunkBytes` at a time, yielding between chunks, so a service
 * lets its event loop turn while a backup of some tens of MiB is sealed (docs/season-service.md "Backups"). The bytes
 * are the same: AES-GCM encrypts a stream.
 */
export function* sealBackupSteps(
  input: Omit<SealInput, 'passphrase'> & { derived: Uint8Array; chunkBytes: number },
): Generator<void, Buffer, void> {
  const s = input.scrypt ?? BACKUP_SCRYPT;
  if (input.salt.length !== 16 || input.nonce.length !== 12) throw new Error('sealBackup: salt 16 bytes, nonce 12');
  if (input.derived.length !== 64) throw new Error('sealBackup: 64 derived bytes');
  const { aesKey, check } = keysOf(input.derived);
  const header = Buffer.alloc(BACKUP_HEADER_BYTES);
  BACKUP_MAGIC.copy(header, 0);
  header.writeUInt8(BACKUP_VERSION, 16);
  header.writeUInt8(s.log2N, 17);
  header.writeUInt8(s.r, 18);
  header.writeUInt8(s.p, 19);
  Buffer.from(input.salt).copy(header, 20);
  Buffer.from(input.nonce).copy(header, 36);
  header.writeBigUInt64BE(BigInt(input.contents.length), 48);
  check.copy(header, 56);
  const cipher = createCipheriv('aes-256-gcm', aesKey, input.nonce);
  cipher.setAAD(header);
  const parts: Buffer[] = [header];
  for (let at = 0; at < input.contents.length; at += input.chunkBytes) {
    parts.push(cipher.update(input.contents.subarray(at, at + input.chunkBytes)));
    if (at + input.chunkBytes < input.contents.length) yield;
  }
  parts.push(cipher.final(), cipher.getAuthTag());
  return Buffer.concat(parts);
}

function within(value: number, [low, high]: readonly [number, number]): boolean {
  return value >= low && value <= high;
}

/** Decrypts a backup file's bytes: the contents, or the code naming what is wrong with the file or the passphrase. */
export function openBackup(file: Uint8Array, passphrase: string): Result<Buffer, BackupOpenCode> {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const magicSeen = bytes.subarray(0, Math.min(bytes.length, BACKUP_MAGIC.length));
  if (!magicSeen.equals(BACKUP_MAGIC.subarray(0, magicSeen.length)) || bytes.length === 0)
    return fail('BACKUP_NOT_A_BACKUP', 'the file does not start with "PROVEIT-BACKUP": it is not a proveit backup');
  if (bytes.length < BACKUP_HEADER_BYTES) {
    return fail(
      'BACKUP_TRUNCATED',
      `the file ends inside its header (${bytes.length} of ${BACKUP_HEADER_BYTES} bytes)`,
      {
        bytes: bytes.length,
        expected_at_least: BACKUP_HEADER_BYTES,
      },
    );
  }
  const version = bytes.readUInt8(16);
  if (version !== BACKUP_VERSION) {
    return fail(
      'BACKUP_VERSION_UNKNOWN',
      `the backup is format version ${version}; this console reads version ${BACKUP_VERSION} (use the console that wrote it)`,
      { version, known: BACKUP_VERSION },
    );
  }
  const header = bytes.subarray(0, BACKUP_HEADER_BYTES);
  const s: ScryptParameters = { log2N: header.readUInt8(17), r: header.readUInt8(18), p: header.readUInt8(19) };
  if (!within(s.log2N, SCRYPT_BOUNDS.log2N) || !within(s.r, SCRYPT_BOUNDS.r) || !within(s.p, SCRYPT_BOUNDS.p)) {
    return fail('BACKUP_ALTERED', 'the header names scrypt parameters no proveit backup uses: the header was altered', {
      log2_n: s.log2N,
      r: s.r,
      p: s.p,
    });
  }
  const declared = header.readBigUInt64BE(48);
  const expected = BigInt(BACKUP_HEADER_BYTES + TAG_BYTES) + declared;
  if (BigInt(bytes.length) < expected) {
    return fail('BACKUP_TRUNCATED', `the file is ${bytes.length} bytes; its header announces ${expected}`, {
      bytes: bytes.length,
      expected: Number(expected),
    });
  }
  if (BigInt(bytes.length) > expected) {
    return fail(
      'BACKUP_ALTERED',
      `the file is ${bytes.length} bytes; its header announces ${expected}: bytes were added`,
      {
        bytes: bytes.length,
        expected: Number(expected),
      },
    );
  }
  const { aesKey, check } = derive(passphrase, header.subarray(20, 36), s);
  if (!timingSafeEqual(check, header.subarray(56, 72))) {
    return fail(
      'BACKUP_PASSPHRASE_WRONG',
      'the passphrase does not open this backup: give the passphrase file it was created with',
    );
  }
  const decipher = createDecipheriv('aes-256-gcm', aesKey, header.subarray(36, 48));
  decipher.setAAD(header);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return ok(
      Buffer.concat([decipher.update(bytes.subarray(BACKUP_HEADER_BYTES, bytes.length - TAG_BYTES)), decipher.final()]),
    );
  } catch {
    return fail(
      'BACKUP_ALTERED',
      'the passphrase is right but the encrypted body or its header fails authentication: the file was altered; use another backup',
    );
  }
}
