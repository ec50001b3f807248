import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureInChromium, type FixtureInChromium } from './fixture-in-chromium.ts';
import { artefactsDir, screenshot, seriousViolations, settled } from './screen-checks.ts';

// The Backups and Participants screens, and names beside ids on Disputes (docs/console.md "Screens"), against the
// test dispatch (console-fixture.ts) served by the real headless server in Chromium; each page axe-checked.
const shots = artefactsDir('renderer-backups-participants');
let ui: FixtureInChromium;

beforeAll(async () => {
  ui = await fixtureInChromium();
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

describe('Backups', () => {
  it('lists the folder’s backups, backs up now, verifies one and checks that an older one restores, axe clean in both languages', async () => {
    const page = await ui.open('#/backups');
    await page.getByRole('heading', { level: 2, name: 'Backups', exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Backups of this database, newest first' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await page.getByText('not checked since the console started').count()).toBe(2);
    expect(await page.getByText('/srv/backups').first().isVisible()).toBe(true);
    expect(await seriousViolations(page), 'backups').toEqual([]);

    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText(/^Backup console-.*\.backup written\.$/).waitFor();
    expect(await table.getByRole('row').count()).toBe(4);

    // The older backup (format 1): it verifies, says it predates carrying the Index exports, and its restore check
    // finds the Index export its database records missing, with the code.
    const rows = table.getByRole('row');
    const olderName = ((await rows.nth(3).getByRole('rowheader').textContent()) ?? '').trim();
    await page.getByRole('button', { name: `Verify ${olderName}` }).click();
    await page.getByRole('heading', { name: `Verify ${olderName}` }).waitFor();
    expect(await page.getByText(/Made before backups carried the Index exports/).isVisible()).toBe(true);
    await page.getByRole('button', { name: `Restore check of ${olderName}` }).click();
    await page.getByRole('heading', { name: `Restore check of ${olderName}` }).waitFor();
    expect(await page.getByText('BACKUP_RESTORE_INDEX_EXPORT_MISSING').isVisible()).toBe(true);
    expect(await page.getByText(/no folder restored with it holds it/).isVisible()).toBe(true);
    expect(
      await page
        .getByText(/proveit backup restore \/srv\/backups\//)
        .first()
        .isVisible(),
    ).toBe(true);
    await settled(page);
    await screenshot(page, shots, 'backups-restore-check');
    expect(await seriousViolations(page), 'backups after checks').toEqual([]);

    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('heading', { level: 2, name: 'Sauvegardes', exact: true }).waitFor();
    expect(
      await page
        .getByText(/Se restaure \(essai du/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await seriousViolations(page), 'backups in French').toEqual([]);
    expect(page.errors).toEqual([]);
  });
});

describe('Participants', () => {
  it('lists each participant with name, id, DID, stack, reference mark and window; a mark from the dialog moves it to the reference table', async () => {
    const page = await ui.open('#/participants');
    await page.getByRole('heading', { level: 2, name: 'Participants', exact: true }).waitFor();
    const table = page.getByRole('table', { name: /Participants of/ });
    await table.waitFor();
    const row = table.getByRole('row', { name: /Agent 5/ });
    expect(await row.textContent()).toContain('p-0005');
    expect(await row.textContent()).toContain('pending');
    expect(await table.getByRole('row', { name: /Careful reference/ }).textContent()).toContain('yes: model-x 1');
    expect(await table.getByRole('row', { name: /Agent 4/ }).textContent()).toContain('no (community)');
    expect(await seriousViolations(page), 'participants').toEqual([]);

    await page.getByRole('button', { name: 'Change Agent 4' }).click();
    const dialog = page.getByRole('dialog', { name: /Change Agent 4 \(p-0004\)/ });
    await dialog.waitFor();
    // An empty form is refused in the form, nothing sent.
    await dialog.getByRole('button', { name: 'Mark as a reference run' }).click();
    await dialog.getByText('The text is empty.').waitFor();
    await dialog.getByLabel('Model', { exact: true }).fill('model-y');
    await dialog.getByLabel('Version', { exact: true }).fill('2');
    await dialog.getByLabel('Framework', { exact: true }).fill('agents-kit');
    await dialog.getByLabel('Prompt (published with the Index)').fill('Answer from the corpus only.');
    await dialog.getByRole('button', { name: 'Mark as a reference run' }).click();
    await dialog.getByText('Marked; it is now in the reference-run table.').waitFor();
    expect(await seriousViolations(page), 'participants dialog').toEqual([]);
    await screenshot(page, shots, 'participants-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('navigation').getByRole('link', { name: 'Scoring', exact: true }).click();
    const reference = page.getByRole('region', { name: 'Reference runs' });
    await reference.getByRole('row', { name: /Agent 4/ }).waitFor();
    expect(page.errors).toEqual([]);
  });
});

describe('What participants receive', () => {
  it('delivers each participant its report and lists the choices in force on the track, axe clean in both languages', async () => {
    const page = await ui.open('#/participants');
    const section = page.getByRole('region', { name: 'What participants receive' });
    await section.waitFor();
    await section.getByRole('button', { name: 'Deliver each participant its report' }).click();
    await section.getByText('Publication version 1: 6 report(s) delivered, 6 new to the season service.').waitFor();
    await section.getByRole('button', { name: 'Read the participants’ choices' }).click();
    const choices = section.getByRole('table', { name: /Choices in force on this track \(2 new/ });
    await choices.waitFor();
    // The track shown only: generique's choice is not listed under conformite.
    expect(await choices.getByRole('row').count()).toBe(3);
    expect(await choices.getByRole('row', { name: /p-0001/ }).textContent()).toContain('public in the next Index');
    expect(await choices.getByRole('row', { name: /p-0002/ }).textContent()).toContain('private');
    expect(await seriousViolations(page), 'what participants receive').toEqual([]);
    await screenshot(page, shots, 'participants-receive');
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('region', { name: 'Ce que reçoivent les participants' }).waitFor();
    expect(await seriousViolations(page), 'what participants receive, in French').toEqual([]);
    expect(page.errors).toEqual([]);
  });
});

describe('Disputes: names beside ids', () => {
  it('each dispute window names its participant with its id', async () => {
    const page = await ui.open('#/disputes');
    const windows = page.getByRole('table', { name: /dispute window/i });
    await windows.getByRole('rowheader', { name: /Agent 3 \(p-0003\)/ }).waitFor();
  });
});
