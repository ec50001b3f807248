import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureInChromium, type CheckedPage, type FixtureInChromium } from './fixture-in-chromium.ts';
import { artefactsDir, screenshot, seriousViolations } from './screen-checks.ts';

// The Scoring screen's figures (docs/publications.md): every figure says which figures it is, a switch shows
// another version, a report has its own URL, and the acts that publish or recompute ask first, showing what changes.
// Against the test dispatch (console-fixture.ts) served by the real headless server, in Chromium, axe-checked.
const shots = artefactsDir('renderer-scoring');
let ui: FixtureInChromium;
let fixture: FixtureInChromium['fixture'];

beforeAll(async () => {
  ui = await fixtureInChromium();
  fixture = ui.fixture;
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => {
  fixture.figures.unpublishedClose = false;
  fixture.figures.nothingPublished = false;
  fixture.figures.publishing = false;
});

const open = (hash = '#/scoring'): Promise<CheckedPage> => ui.open(hash);

const heading = (page: Page) => page.locator('#scores-title');
const report = (page: Page, name: string) => page.getByRole('region', { name: `Report of ${name}` });
const community = (page: Page) => page.locator('section.score-table').nth(1);
const callsOf = (channel: string) => fixture.calls.filter((c) => c.channel === channel);

describe('what the figures are', () => {
  it('the scores heading and a report say "published v1 · <when>" when the latest close is published, in both languages', async () => {
    const page = await open();
    await heading(page)
      .getByText(/^published v1 · .+ UTC$/)
      .waitFor();
    expect(await heading(page).locator('.figures-label.unpublished').count()).toBe(0);
    await page.getByRole('button', { name: 'Agent 3', exact: true }).click();
    await report(page, 'Agent 3')
      .getByText(/^published v1 · /)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Français' }).click();
    await heading(page)
      .getByText(/^v1 publiée · .+ UTC$/)
      .waitFor();
    await page
      .getByRole('region', { name: 'Rapport de Agent 3' })
      .getByText(/^v1 publiée · /)
      .waitFor();
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('a close no version publishes is shown by default as "close of …, not published", set apart, in both languages', async () => {
    fixture.figures.unpublishedClose = true;
    const page = await open();
    const label = heading(page).locator('.figures-label.unpublished');
    await label.getByText(/^close of .+ UTC, not published$/).waitFor();
    // Set apart in amber, not only in words.
    expect(await label.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(122, 75, 0)');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Français' }).click();
    await label.getByText(/^clôture du .+ UTC, non publiée$/).waitFor();
    await page.close();
  });

  it('the switch shows v1 instead of the close: the table, the open report and both labels change together', async () => {
    fixture.figures.unpublishedClose = true;
    const page = await open();
    // The later close scores Agent 5, pending in version 1.
    const agent5 = community(page).getByRole('row', { name: /Agent 5\b/ });
    await agent5.getByText('5 % = 2/40').waitFor();
    await page.getByRole('button', { name: 'Agent 5', exact: true }).click();
    const opened = report(page, 'Agent 5');
    await opened.getByText(/^close of .+, not published$/).waitFor();
    await opened.getByText('5 % = 2/40').waitFor();

    const figures = page.getByLabel('Figures shown');
    expect((await figures.locator('option').allTextContents()).map((o) => o.replace(/ · .*/, ''))).toEqual([
      expect.stringMatching(/^close of .+, not published$/),
      'published v1',
    ]);
    await figures.selectOption({ label: (await figures.locator('option').nth(1).textContent()) ?? '' });
    await heading(page)
      .getByText(/^published v1 · /)
      .waitFor();
    await agent5.getByText('pending').first().waitFor();
    expect(await agent5.textContent()).not.toContain('2/40');
    await opened.getByText(/^published v1 · /).waitFor();
    expect(await opened.textContent()).not.toContain('2/40');
    // Both reads asked main for version 1 (main/ipc/contract.ts FiguresAsked).
    expect(callsOf('scores.view').at(-1)?.args).toMatchObject({ track: 'conformite', version: 1 });
    expect(callsOf('report.view').at(-1)?.args).toMatchObject({ participant_id: 'p-0005', version: 1 });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'switched-to-v1');

    await figures.selectOption({ index: 0 });
    await heading(page)
      .getByText(/^close of .+, not published$/)
      .waitFor();
    await opened.getByText('5 % = 2/40').waitFor();
    expect(callsOf('report.view').at(-1)?.args).toMatchObject({ participant_id: 'p-0005', latest_close: true });
    expect(page.errors).toEqual([]);
    await page.close();
  });
});

describe('a report’s URL', () => {
  it('#/scoring/<track>/<participant> opens that track and that report directly, and again after a reload', async () => {
    const page = await open('#/season');
    await page.evaluate(() => (window.location.hash = '#/scoring/generique/p-0002'));
    await page.reload();
    await report(page, 'Agent 2').getByRole('table', { name: 'Assertions' }).waitFor();
    expect(await page.getByLabel('Track', { exact: true }).inputValue()).toBe('1/generique');
    expect(callsOf('report.view').at(-1)?.args).toMatchObject({ track: 'generique', participant_id: 'p-0002' });
    await page.reload();
    await report(page, 'Agent 2').getByRole('table', { name: 'Assertions' }).waitFor();
    expect(await page.getByLabel('Track', { exact: true }).inputValue()).toBe('1/generique');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('choosing a participant puts its report in the URL; Back returns to the table; another track drops the report', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Agent 3', exact: true }).click();
    await report(page, 'Agent 3').waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/scoring/conformite/p-0003');
    await page.goBack();
    await report(page, 'Agent 3').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.location.hash)).toBe('#/scoring');
    await community(page)
      .getByRole('row', { name: /Agent 3\b/ })
      .waitFor();
    await page.goForward();
    await report(page, 'Agent 3').waitFor();
    await page.getByLabel('Track', { exact: true }).selectOption('1/generique');
    await report(page, 'Agent 3').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.location.hash)).toBe('#/scoring');
    await heading(page)
      .getByText(/generique/)
      .waitFor();
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('a link to a participant or a track the console does not have says so, and the screen stays usable', async () => {
    const page = await open('#/scoring/conformite/p-9999');
    await page
      .getByRole('status')
      .getByText(/^No participant p-9999 in these figures \(published v1 · .+\): check the link/)
      .waitFor();
    expect(await page.getByRole('region', { name: /^Report of/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => (window.location.hash = '#/scoring/nowhere/p-0001'));
    await page
      .getByRole('status')
      .getByText('No track “nowhere” in this console: the link names none.', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Agent 3', exact: true }).click();
    await report(page, 'Agent 3').waitFor();
    expect(page.errors).toEqual([]);
    await page.close();
  });
});

describe('asking before a close or a publication', () => {
  it('Run the close on a track with nothing published runs at once, with no question', async () => {
    fixture.figures.nothingPublished = true;
    fixture.figures.publishing = true;
    const page = await open();
    await heading(page)
      .getByText(/^close of .+, not published$/)
      .waitFor();
    const before = callsOf('close.run').length;
    await page.getByRole('button', { name: 'Run the close' }).click();
    await page.getByText('Close job 8: done').waitFor();
    expect(callsOf('close.run').length).toBe(before + 1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });

  it('Run the close on a published track asks first, naming the version published; Cancel runs nothing, Confirm runs it', async () => {
    fixture.figures.publishing = true;
    const page = await open();
    await heading(page)
      .getByText(/^published v1 · /)
      .waitFor();
    const before = callsOf('close.run').length;
    await page.getByRole('button', { name: 'Run the close' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run the close on a published track?' });
    await dialog.getByText(/^Version 1 is published \(.+ UTC\)\.$/).waitFor();
    expect(await dialog.textContent()).toContain('“close of …, not published”: nothing published changes');
    await screenshot(page, shots, 'run-close-confirm');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(callsOf('close.run').length).toBe(before);

    await page.getByRole('button', { name: 'Run the close' }).click();
    await dialog.getByRole('button', { name: 'Run the close' }).click();
    await page.getByText('Close job 8: done').waitFor();
    expect(callsOf('close.run').length).toBe(before + 1);
    // The new close is shown as what it is: published nothing yet.
    await heading(page)
      .getByText(/^close of .+, not published$/)
      .waitFor();
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('with every close published, Publish is off and says why (what main would refuse, PUBLISH_ALREADY_PUBLISHED); nothing is asked', async () => {
    fixture.figures.publishing = true;
    const page = await open();
    await heading(page)
      .getByText(/^published v1 · /)
      .waitFor();
    const button = page.getByRole('button', { name: 'Publish the scores' });
    await expect.poll(() => button.isDisabled()).toBe(true);
    const why = page.locator('#publish-wait');
    expect(await why.getAttribute('data-code')).toBe('PUBLISH_ALREADY_PUBLISHED');
    expect(await why.textContent()).toContain('Every close of this track is published');
    expect(await button.getAttribute('aria-describedby')).toBe('publish-wait');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(callsOf('publish.preview').length).toBe(0);
    expect(callsOf('season.publish').length).toBe(0);
    await page.close();
  });

  it('Publish shows the preview (before → after, the version and what it corrects, who stays pending); Cancel publishes nothing, Confirm publishes', async () => {
    fixture.figures.unpublishedClose = true;
    fixture.figures.publishing = true;
    const page = await open();
    await heading(page)
      .getByText(/^close of .+, not published$/)
      .waitFor();
    await page.getByRole('button', { name: 'Publish the scores' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish version 2?' });
    await dialog.getByText(/^Version 2 publishes the close of .+ UTC and corrects version 1\.$/).waitFor();
    const change = dialog.getByRole('table', { name: 'Figures that change, before → after' });
    expect(
      await change
        .getByRole('row', { name: /Agent 5 \(p-0005\)/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['pending', '5 % = 2/40', 'pending', '60 % = 6/10']);
    expect(await change.locator('tbody tr').count()).toBe(1);
    expect(await dialog.textContent()).toContain('Still pending once published, without figures: Agent 102 (p-0102)');
    await screenshot(page, shots, 'publish-preview');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(callsOf('season.publish').length).toBe(0);
    await heading(page)
      .getByText(/^close of .+, not published$/)
      .waitFor();

    await page.getByRole('button', { name: 'Publish the scores' }).click();
    await dialog.getByRole('button', { name: 'Publish version 2' }).click();
    await page.getByText('Published as version 2; the 14-day dispute window has started.').waitFor();
    expect(callsOf('season.publish').length).toBe(1);
    await heading(page)
      .getByText(/^published v2 · /)
      .waitFor();
    await community(page)
      .getByRole('row', { name: /Agent 5\b/ })
      .getByText('5 % = 2/40')
      .waitFor();
    const options = await page.getByLabel('Figures shown').locator('option').allTextContents();
    expect(options.map((o) => o.replace(/ · .*/, ''))).toEqual(['v2 corrects v1', 'published v1']);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
