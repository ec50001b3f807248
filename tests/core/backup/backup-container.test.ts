import { describe, expect, it } from 'vitest';
import { scryptSync } from 'node:crypto';
import {
  BACKUP_HEADER_BYTES,
  openBackup,
  scryptOptionsOf,
  sealBackup,
  sealBackupSteps,
} from '../../../main/core/backup/backup-container.ts';
import {
  DATABASE_ENTRY,
  SEASON_DATABASE_ENTRY,
  isSafeBackupPath,
  packBackupContents,
  packBackupContentsSteps,
  unpackBackupContents,
} from '../../../main/core/backup/backup-contents.ts';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';

// The smallest parameters the reader accepts: the checks are the same, the tests stay fast.
const fast = { log2N: 14, r: 8, p: 1 };
const salt = new Uint8Array(16).fill(7);
const nonce = new Uint8Array(12).fill(9);
const contents = packBackupContents({
  createdAtMs: 1_790_000_000_000,
  files: [
    { path: DATABASE_ENTRY, bytes: Buffer.from('SQLite format 3\0 and the salt 5a5a5a') },
    { path: 'freezes/season-1-conformite-publication.json', bytes: Buffer.from('{"freezes":[]}') },
  ],
});
const sealed = sealBackup({ contents, passphrase: 'a long passphrase', salt, nonce, scrypt: fast });

function edited(at: number, xor = 1): Buffer {
  const copy = Buffer.from(sealed);
  copy[at]! ^= xor;
  return copy;
}

describe('the backup container (AES-256-GCM under a scrypt key, header as additional data)', () => {
  it('opens with its passphrase and gives back the packed files', () => {
    const opened = openBackup(sealed, 'a long passphrase');
    expect(opened.ok && opened.value.equals(contents)).toBe(true);
    const unpacked = unpackBackupContents(opened.ok ? opened.value : Buffer.alloc(0));
    expect(unpacked.ok && unpacked.value.files.map((f) => f.path)).toEqual([
      DATABASE_ENTRY,
      'freezes/season-1-conformite-publication.json',
    ]);
  });

  it('sealed in steps (the season service lets its event loop turn between them), the bytes are the same', () => {
    const derived = scryptSync(Buffer.from('a long passphrase'), salt, 64, scryptOptionsOf(fast));
    const steps = sealBackupSteps({ contents, salt, nonce, scrypt: fast, derived, chunkBytes: 7 });
    let turns = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) turns++;
    expect(turns).toBe(Math.ceil(contents.length / 7) - 1);
    expect(step.value.equals(sealed)).toBe(true);
    const packed = packBackupContentsSteps(
      {
        createdAtMs: 1_790_000_000_000,
        files: [
          { path: DATABASE_ENTRY, bytes: Buffer.from('SQLite format 3\0 and the salt 5a5a5a') },
          { path: 'freezes/season-1-conformite-publication.json', bytes: Buffer.from('{"freezes":[]}') },
        ],
      },
      5,
    );
    let packedStep = packed.next();
    while (!packedStep.done) packedStep = packed.next();
    expect(packedStep.value.equals(contents)).toBe(true);
  });

  it('holds nothing of the contents in clear', () => {
    expect(sealed.includes(Buffer.from('5a5a5a'))).toBe(false);
    expect(sealed.includes(Buffer.from('freezes'))).toBe(false);
  });

  it('a wrong passphrase is BACKUP_PASSPHRASE_WRONG', () => {
    const opened = openBackup(sealed, 'another passphrase');
    expect(!opened.ok && opened.error.code).toBe('BACKUP_PASSPHRASE_WRONG');
  });

  it('an altered scrypt salt amounts to a wrong passphrase (BACKUP_PASSPHRASE_WRONG)', () => {
    const opened = openBackup(edited(25), 'a long passphrase');
    expect(!opened.ok && opened.error.code).toBe('BACKUP_PASSPHRASE_WRONG');
  });

  it.each([
    ['a ciphertext byte', BACKUP_HEADER_BYTES + 3],
    ['the GCM tag', sealed.length - 1],
    ['the nonce in the header', 40],
  ])('%s flipped with the right passphrase is BACKUP_ALTERED', (_what, at) => {
    const opened = openBackup(edited(at), 'a long passphrase');
    expect(!opened.ok && opened.error.code).toBe('BACKUP_ALTERED');
  });

  it('scrypt parameters beyond the bounds are BACKUP_ALTERED, before any key is derived', () => {
    const copy = Buffer.from(sealed);
    copy[17] = 40;
    const opened = openBackup(copy, 'a long passphrase');
    expect(!opened.ok && opened.error.code).toBe('BACKUP_ALTERED');
  });

  it('a byte added at the end is BACKUP_ALTERED', () => {
    const opened = openBackup(Buffer.concat([sealed, Buffer.from([0])]), 'a long passphrase');
    expect(!opened.ok && opened.error.code).toBe('BACKUP_ALTERED');
  });

  it.each([
    ['inside the header', 30],
    ['after the header', BACKUP_HEADER_BYTES + 2],
    ['one byte short', sealed.length - 1],
  ])('a file cut %s is BACKUP_TRUNCATED', (_where, length) => {
    const opened = openBackup(sealed.subarray(0, length), 'a long passphrase');
    expect(!opened.ok && opened.error.code).toBe('BACKUP_TRUNCATED');
  });

  it('another file is BACKUP_NOT_A_BACKUP (an SQLite file, an empty file)', () => {
    for (const other of [Buffer.from('SQLite format 3\0'), Buffer.alloc(0)]) {
      const opened = openBackup(other, 'a long passphrase');
      expect(!opened.ok && opened.error.code).toBe('BACKUP_NOT_A_BACKUP');
    }
  });

  it('a version this console does not know is BACKUP_VERSION_UNKNOWN', () => {
    const copy = Buffer.from(sealed);
    copy[16] = 2;
    const opened = openBackup(copy, 'a long passphrase');
    expect(!opened.ok && opened.error.code).toBe('BACKUP_VERSION_UNKNOWN');
  });
});

describe('backup contents', () => {
  it('paths a restore could write outside its folder are unsafe', () => {
    for (const path of ['../x', '/etc/passwd', 'freezes/../../x', 'a//b', '.', 'freezes\\x'])
      expect(isSafeBackupPath(path)).toBe(false);
    expect(isSafeBackupPath('freezes/season-1-generique-reveal.json')).toBe(true);
  });

  it('format 2 says what it carries beside the database; format 1, written before the Index exports were carried, is still read with carries null', () => {
    const files = [{ path: DATABASE_ENTRY, bytes: Buffer.from('SQLite format 3\0') }];
    const two = unpackBackupContents(
      packBackupContents({ createdAtMs: 5, files, carries: ['freezes', 'index-exports'] }),
    );
    expect(two.ok && two.value.carries).toEqual(['freezes', 'index-exports']);
    const manifest = Buffer.from(
      canonical(
        pyObjectFrom([
          ['format', 'proveit-backup-contents/1'],
          ['created_at_ms', 5n],
          [
            'files',
            [
              pyObjectFrom([
                ['path', DATABASE_ENTRY],
                ['bytes', BigInt(files[0]!.bytes.length)],
                ['sha256', sha256Hex(files[0]!.bytes)],
              ]),
            ],
          ],
        ]),
      ),
    );
    const length = Buffer.alloc(4);
    length.writeUInt32BE(manifest.length);
    const one = unpackBackupContents(Buffer.concat([length, manifest, files[0]!.bytes]));
    expect(one.ok && one.value).toEqual({ createdAtMs: 5, files, carries: null, kind: 'operator' });
  });

  it("the season service's format reads as kind season-service, its image season.sqlite; an image named otherwise is BACKUP_ALTERED", () => {
    const files = [
      { path: SEASON_DATABASE_ENTRY, bytes: Buffer.from('SQLite format 3\0') },
      { path: 'receipt-key.pem', bytes: Buffer.from('-----BEGIN PRIVATE KEY-----') },
    ];
    const read = unpackBackupContents(
      packBackupContents({ createdAtMs: 7, files, carries: ['receipt-key.pem'], kind: 'season-service' }),
    );
    expect(read.ok && [read.value.kind, read.value.carries, read.value.files.map((f) => f.path)]).toEqual([
      'season-service',
      ['receipt-key.pem'],
      [SEASON_DATABASE_ENTRY, 'receipt-key.pem'],
    ]);
    const misnamed = unpackBackupContents(
      packBackupContents({ createdAtMs: 7, files: [{ ...files[0]!, path: DATABASE_ENTRY }], kind: 'season-service' }),
    );
    expect(!misnamed.ok && misnamed.error.code).toBe('BACKUP_ALTERED');
    const operator = unpackBackupContents(
      packBackupContents({ createdAtMs: 7, files: [{ ...files[0]!, path: DATABASE_ENTRY }] }),
    );
    expect(operator.ok && operator.value.kind).toBe('operator');
  });

  it('contents whose file does not match its SHA-256 are BACKUP_ALTERED', () => {
    const copy = Buffer.from(contents);
    copy[copy.length - 2]! ^= 1;
    const unpacked = unpackBackupContents(copy);
    expect(!unpacked.ok && unpacked.error.code).toBe('BACKUP_ALTERED');
  });
});
