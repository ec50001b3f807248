import { writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupRestoreCommand } from '../../main/cli/backup-commands.ts';
import { readBackupPassphrase } from '../../main/services/backup/passphrase-file.ts';
import { artefactsDir, screenshot, seriousViolations, settled } from '../renderer/screen-checks.ts';
import { captureIo } from '../support/capture-io.ts';
import { copyOfSharedDemo } from '../support/played-demo.ts';
import { consoleInChromium, nav } from './support/console-in-chromium.ts';

// docs/console.md "Backups" and "Participants", in Chromium on the real console over the demo season, started with a
// backup folder and its passphrase file as `proveit console --backup-dir DIR` is: a backup made from the Backups
// screen passes its restore check, `proveit backup restore` puts it in a new folder, and a console opened there shows
// on its Index screen the export it says it made (already exported, and that export verifies): the Index exports
// travel with the database. Then a reference run marked from the Participants screen is in Scoring's reference table.
const root = resolve(import.meta.dirname, '../..');
const shots = artefactsDir('e2e-backups-participants');
const demo = copyOfSharedDemo();
const elsewhere = mkdtempSync(join(tmpdir(), 'proveit-e2e-backups-'));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

async function backupPolicy() {
  const dir = join(elsewhere, 'backups');
  const passphraseFile = join(elsewhere, 'passphrase');
  writeFileSync(passphraseFile, 'a passphrase long enough for a backup\n', { mode: 0o600 });
  const passphrase = await readBackupPassphrase(passphraseFile, { forCreate: true });
  if (!passphrase.ok) throw new Error(passphrase.error.message);
  return { dir, passphrase: passphrase.value, passphraseFile, keep: 10 };
}

describe('Backups and participants in the UI, on the real console', () => {
  it('a backup made from the UI restores, and the restored console’s Index screen agrees with itself; a reference run marked from Participants moves to the reference table', async () => {
    const policy = await backupPolicy();
    const ui = await consoleInChromium({ dbFile: demo.db, defaultCorpusDir: join(root, 'corpus') }, policy);
    let name: string;
    try {
      const page = await ui.open();
      await nav(page).getByRole('link', { name: 'Backups', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'Backups', exact: true }).waitFor();
      await page.getByText('No backup of this database in the folder yet.').waitFor();
      await page.getByRole('button', { name: 'Back up now' }).click();
      const written = await page.getByText(/^Backup console-.*\.backup written\.$/).textContent();
      name = /(console-\S+\.backup)/.exec(written ?? '')![1]!;
      await page.getByRole('button', { name: `Restore check of ${name}` }).click();
      await page.getByRole('heading', { name: `Restore check of ${name}` }).waitFor({ timeout: 60_000 });
      expect(
        await page
          .getByText(/^Restores \(checked/)
          .first()
          .isVisible(),
      ).toBe(true);
      expect(
        await page.getByText(/^Season 1: Index version 1 recorded, and index restored with it holds it\.$/).isVisible(),
      ).toBe(true);
      expect(await page.getByText('What restoring it would say:').count()).toBe(0);
      await settled(page);
      await screenshot(page, shots, 'backups');
      expect(await seriousViolations(page), 'Backups').toEqual([]);

      // A community participant marked a reference run from the Participants screen, by keyboard-reachable controls.
      await nav(page).getByRole('link', { name: 'Participants', exact: true }).click();
      const table = page.getByRole('table', { name: /Participants of/ });
      await table.getByRole('row', { name: /Careful agent/ }).waitFor();
      expect(await table.getByRole('row', { name: /Careful agent/ }).textContent()).toContain('no (community)');
      expect(await seriousViolations(page), 'Participants').toEqual([]);
      await page.getByRole('button', { name: 'Change Careful agent' }).click();
      const dialog = page.getByRole('dialog', { name: /Change Careful agent/ });
      await dialog.getByLabel('Model', { exact: true }).fill('demo-model');
      await dialog.getByLabel('Version', { exact: true }).fill('1');
      await dialog.getByLabel('Framework', { exact: true }).fill('scripted');
      await dialog.getByLabel('Prompt (published with the Index)').fill('Cite the frozen corpus for every claim.');
      await dialog.getByRole('button', { name: 'Mark as a reference run' }).click();
      await dialog.getByText('Marked; it is now in the reference-run table.').waitFor();
      await screenshot(page, shots, 'participants-marked');
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(await table.getByRole('row', { name: /Careful agent/ }).textContent()).toContain(
        'yes: demo-model 1, scripted',
      );
      await nav(page).getByRole('link', { name: 'Scoring', exact: true }).click();
      const reference = page.getByRole('region', { name: 'Reference runs' });
      await reference.getByRole('row', { name: /Careful agent/ }).waitFor();
      expect(
        await page
          .getByRole('region', { name: 'Community' })
          .getByRole('row', { name: /Careful agent/ })
          .count(),
      ).toBe(0);
      await page.close();
    } finally {
      await ui.close();
    }

    // `proveit backup restore` of the backup the screen made, into a new folder: nothing to warn about.
    const restoredDb = join(elsewhere, 'restored', 'console.sqlite');
    const io = captureIo();
    const code = await backupRestoreCommand.run(
      [join(policy.dir, name), '--passphrase-file', policy.passphraseFile, '--db', restoredDb, '--json'],
      io,
    );
    expect(code, io.stderr).toBe(0);
    const restored = JSON.parse(io.stdout) as { warnings: unknown[]; carries: string[] };
    expect(restored.warnings).toEqual([]);
    expect(restored.carries).toContain('index-exports');

    // The restored console: its Index says version 1 is already exported, and that export verifies.
    const again = await consoleInChromium({ dbFile: restoredDb, defaultCorpusDir: join(root, 'corpus') });
    try {
      const page = await again.open();
      await nav(page).getByRole('link', { name: 'Index', exact: true }).click();
      await page
        .getByText(/^Index version 1, already exported/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Verify the export' }).click();
      await page
        .getByText(/^Index version 1 in .+ verifies: the signature and the \d+ files the manifest lists/)
        .waitFor();
      expect(await page.getByText('INDEX_NOT_EXPORTED').count()).toBe(0);
      await settled(page);
      await screenshot(page, shots, 'restored-index');
      expect(await seriousViolations(page), 'restored Index').toEqual([]);
      await page.close();
    } finally {
      await again.close();
    }
  }, 300_000);
});
