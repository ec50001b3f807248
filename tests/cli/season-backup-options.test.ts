import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { seasonBackupPolicyOf } from '../../main/cli/season-backup-options.ts';
import { tempFolder } from '../db/support/temp-db.ts';

// `season serve`'s backup flags (docs/season-service.md "Backups"): checked, and the passphrase read, before it starts.
const folder = tempFolder('season-backup-options-');
const good = folder.file('passphrase');
const short = folder.file('short');
writeFileSync(good, 'twelve chars or more\n');
writeFileSync(short, 'too short\n');

afterAll(() => folder.remove());

describe('season serve --backup-* flags', () => {
  it('none: no backup; all: a policy with the defaults (every 3600 s, keep 24), the passphrase less its line break', async () => {
    expect(await seasonBackupPolicyOf({})).toEqual({ policy: null });
    expect(await seasonBackupPolicyOf({ 'backup-dir': folder.path, 'backup-passphrase-file': good })).toEqual({
      policy: { dir: folder.path, passphrase: 'twelve chars or more', everyMs: 3_600_000, keep: 24 },
    });
  });

  it('a flag without --backup-dir, --backup-dir without its passphrase file, or a count not a whole number >= 1: usage', async () => {
    const usage = async (values: Record<string, string>) => {
      const read = await seasonBackupPolicyOf(values);
      return 'usage' in read ? read.usage : null;
    };
    expect(await usage({ 'backup-every': '60' })).toMatch(/^--backup-every is for backups: give --backup-dir DIR/);
    expect(await usage({ 'backup-dir': folder.path })).toMatch(/needs --backup-passphrase-file FILE/);
    const dir = { 'backup-dir': folder.path, 'backup-passphrase-file': good };
    for (const every of ['0', '-5', '1.5', 'soon', ''])
      expect(await usage({ ...dir, 'backup-every': every })).toMatch(/--backup-every/);
    for (const keep of ['0', 'all']) expect(await usage({ ...dir, 'backup-keep': keep })).toMatch(/--backup-keep/);
  });

  it('a passphrase under 12 characters, or a file that cannot be read, is refused with its code, never quoting it', async () => {
    const tooShort = await seasonBackupPolicyOf({ 'backup-dir': folder.path, 'backup-passphrase-file': short });
    expect('refused' in tooShort && tooShort.refused.code).toBe('BACKUP_PASSPHRASE_FILE_TOO_SHORT');
    expect(JSON.stringify(tooShort)).not.toContain('too short');
    const missing = await seasonBackupPolicyOf({
      'backup-dir': folder.path,
      'backup-passphrase-file': folder.file('absent'),
    });
    expect('refused' in missing && missing.refused.code).toBe('BACKUP_PASSPHRASE_FILE_MISSING');
    expect('refused' in missing && missing.refused.message).toContain('--backup-passphrase-file');
  });
});
