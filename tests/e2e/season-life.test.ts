import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { artefactsDir, screenshot, seriousViolations, tabTo } from '../renderer/screen-checks.ts';
import { consoleInChromium, everyScreen, nav, type ConsoleInChromium } from './support/console-in-chromium.ts';

// The real console on the demo season (`proveit demo --out DIR`: frozen, closed, scored, published, one open
// dispute, one incident), served headless with the real handlers and events, driven in Chromium through the season's
// life as far as the contract goes: published scores → report → witnesses → dispute review and decision → correction
// → incident resolved → audit verified. Screenshots of each screen go to test-artefacts/e2e-season/.
const root = resolve(import.meta.dirname, '../..');
const shots = artefactsDir('e2e-season');
let demo: { dispute: { id: string; participantId: string; taskId: string; assertionId: string } };
let ui: ConsoleInChromium;
const open = () => ui.open();

beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), 'proveit-e2e-'));
  const printed = execFileSync(process.execPath, [join(root, 'bin/proveit.mjs'), 'demo', '--out', out, '--json'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  demo = JSON.parse(printed.toString('utf8')) as typeof demo;
  ui = await consoleInChromium({ dbFile: join(out, 'console.sqlite'), defaultCorpusDir: join(root, 'corpus') });
}, 300_000);

afterAll(async () => {
  await ui?.close();
});

describe('the demo season in the console', () => {
  it('every screen: a screenshot and no serious or critical axe violation', async () => {
    const page = await open();
    await everyScreen(page, shots, null);
    await page.close();
  });

  it('Season: both tracks published, with the dispute window and what to do next', async () => {
    const page = await open();
    for (const track of ['conformite', 'generique']) {
      const region = page.getByRole('region', { name: `Season 1 · ${track}` });
      await region.getByText('published', { exact: true }).waitFor();
      await region.getByRole('heading', { name: 'What to do next' }).waitFor();
    }
    const conformite = page.getByRole('region', { name: 'Season 1 · conformite' });
    expect(await conformite.getByText(/^Decide the undecided dispute before its deadline/).count()).toBe(1);
    expect(await conformite.getByRole('link', { name: 'Go to Disputes' }).count()).toBe(1);
    await screenshot(page, shots, 'season-published');
    await page.close();
  });

  it('Scoring: reference run and community apart, best constant answer on top, a report and its witnesses', async () => {
    const page = await open();
    await nav(page).getByRole('link', { name: 'Scoring', exact: true }).click();
    const tables = page.locator('section.score-table');
    await tables.nth(1).locator('tbody tr').nth(1).waitFor();
    const reference = tables.nth(0);
    const community = tables.nth(1);
    expect(await reference.locator('tbody tr').first().textContent()).toContain('Best constant answer');
    expect(await reference.locator('tbody tr').first().textContent()).toContain('40 % = 4/10');
    expect(await community.locator('tbody tr').first().textContent()).toContain('Best constant answer');
    // Five participants, each in exactly one of the two tables; every community row carries its label.
    const drawn = (table: typeof reference) => table.locator('tbody tr:not(.best-constant):not(.spacer)');
    expect((await drawn(reference).count()) + (await drawn(community).count())).toBe(5);
    // The demo marks its reference run as one: it is in the reference runs, and only there.
    expect(await reference.getByRole('row', { name: /^Reference run/ }).count()).toBe(1);
    expect(await community.getByRole('row', { name: /^Reference run/ }).count()).toBe(0);
    expect(await community.locator('.stack-label').count()).toBe(await drawn(community).count());
    // The abstaining agent submitted no task: "—", no percentage.
    const abstains = community.getByRole('row', { name: /Abstaining agent/ });
    expect(await abstains.textContent()).toContain('—');
    expect(await abstains.textContent()).not.toMatch(/%/);
    await community.getByRole('button', { name: 'Agent claiming values the corpus does not serve' }).click();
    const report = page.getByRole('region', { name: /^Report of Agent claiming values/ });
    await report.getByRole('table', { name: 'Assertions' }).waitFor();
    expect(await report.textContent()).toContain('unsupported assertion');
    const row = report.getByRole('row', { name: new RegExp(`${demo.dispute.taskId}/${demo.dispute.assertionId}\\b`) });
    await row.getByRole('button', { name: 'Show witnesses' }).click();
    const drill = page.getByRole('region', { name: `Witnesses of ${demo.dispute.taskId}/${demo.dispute.assertionId}` });
    await drill.getByRole('table', { name: 'Checks and witnesses' }).first().waitFor();
    expect(await drill.textContent()).toMatch(/Frozen value at the pointer/);
    await screenshot(page, shots, 'scoring-witnesses');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('keyboard only: Disputes → the open dispute → review and uphold it with a reason → the correction is version 2', async () => {
    const page = await open();
    await tabTo(page, 'Disputes');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Disputes' }).waitFor();
    await page.getByRole('table', { name: 'Disputes, by decision deadline' }).waitFor();
    await tabTo(page, demo.dispute.id);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Stored evidence' }).waitFor();
    // The decision form opens in a dialog, on its Close button; Tab reaches the Reviewer field next.
    await tabTo(page, 'Review and decide…', 200);
    await page.keyboard.press('Enter');
    await tabTo(page, 'Reviewer', 200);
    // The reviewer starts as the person acting (docs/console-backend.md "Who acts"): another reviewer is typed over it.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Bea');
    await tabTo(page, 'Start the review');
    await page.keyboard.press('Enter');
    await page.getByText('under review').first().waitFor();
    await tabTo(page, 'Reviewer', 200);
    // The reviewer starts as the person acting (docs/console-backend.md "Who acts"): another reviewer is typed over it.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Bea');
    await tabTo(page, 'upheld', 20);
    await page.keyboard.press('Space');
    await tabTo(page, 'What the assertion becomes', 20);
    await page.keyboard.press('ArrowDown');
    // Without a reason the form refuses, naming the code; main is not called.
    await tabTo(page, 'Record the decision', 20);
    await page.keyboard.press('Enter');
    await page.getByText('DISPUTE_REASON_REQUIRED').waitFor();
    await tabTo(page, 'Reason (published)', 40, 'Shift+Tab');
    await page.keyboard.type('The value is served at the pointer in the frozen body; the claim is supported.');
    await tabTo(page, 'Record the decision', 20);
    await page.keyboard.press('Enter');
    // The confirmation opens on its first button (tests/renderer/dispute-decision.test.ts guards what it shows).
    await page.getByRole('dialog', { name: `Record the decision on ${demo.dispute.id}?` }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Confirm the decision');
    await page.keyboard.press('Enter');
    await page.getByText(`corrects version 1 (${demo.dispute.id})`).waitFor();
    await screenshot(page, shots, 'disputes-corrected');
    expect(await seriousViolations(page)).toEqual([]);
    // The Season screen now says the track is corrected.
    await nav(page).getByRole('link', { name: 'Season', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Season 1 · conformite' }).getByText('corrected', { exact: true }).waitFor();
    await page.close();
  });

  it('Scoring: running the close again is a job whose end (or coded refusal) the screen shows; publishing again is refused with its code; the replay is identical', async () => {
    const page = await open();
    await nav(page).getByRole('link', { name: 'Scoring', exact: true }).click();
    await page.locator('section.score-table').first().waitFor();
    await page.getByRole('button', { name: 'Run the close' }).click();
    // The track is published: the close asks first (tests/renderer/scoring-figures.test.ts guards what it says).
    await page
      .getByRole('dialog', { name: 'Run the close on a published track?' })
      .getByRole('button', { name: 'Run the close' })
      .click();
    const ended = page.getByText(/^Close job \d+: (done|failed)/);
    const refused = page.getByRole('alert');
    await ended.or(refused).first().waitFor({ timeout: 110_000 });
    if (await refused.count()) expect(await refused.first().textContent()).toMatch(/Code:\s*[A-Z_]+/);
    // A close that ended is shown as a close no version publishes yet; with none new, Publish is off and says why.
    if (await page.getByText(/^Close job \d+: done/).count())
      await page
        .locator('#scores-title')
        .getByText(/, not published$/)
        .waitFor({ timeout: 60_000 });
    const publishButton = page.getByRole('button', { name: 'Publish the scores' });
    if (await publishButton.isDisabled()) {
      expect(await page.locator('#publish-wait').getAttribute('data-code')).toBe('PUBLISH_ALREADY_PUBLISHED');
    } else {
      await publishButton.click();
      const publishRefused = page.getByRole('alert').filter({ hasText: /PUBLISH_[A-Z_]+/ });
      const published = page.getByText(/^Published as version \d+/);
      // A preview that main does not refuse asks for confirmation before anything is published.
      const asked = page.getByRole('dialog', { name: /^Publish version \d+\?$/ });
      await publishRefused.or(asked).first().waitFor({ timeout: 60_000 });
      if (await asked.count()) {
        await asked.getByRole('button', { name: /^Publish version \d+$/ }).click();
        await published.waitFor({ timeout: 60_000 });
      }
    }
    // The latest close replayed from its bundle, as a job: byte for byte what it published.
    await page.getByRole('button', { name: 'Replay the latest close' }).click();
    await page.getByText(/^Replay of close \d+ identical: \d+ files recomputed/).waitFor({ timeout: 60_000 });
    await screenshot(page, shots, 'scoring-close-again');
    await page.close();
  });

  it('Incidents: the close’s incident, what it affected, resolved with a written resolution', async () => {
    const page = await open();
    await nav(page).getByRole('link', { name: 'Incidents', exact: true }).click();
    const first = page.getByRole('table', { name: 'Incidents' }).locator('tbody tr').first().getByRole('button');
    await first.click();
    const detail = page.locator('section.card', { has: page.locator('#incident-title') });
    await detail.getByRole('table', { name: /Affected/ }).waitFor();
    expect(
      await detail
        .getByRole('table', { name: /Affected/ })
        .locator('tbody tr')
        .count(),
    ).toBeGreaterThan(0);
    await detail
      .getByLabel('Resolution')
      .fill('The proxy forwards the challenge secret again; the faults stay outside every figure.');
    await detail.getByRole('button', { name: 'Resolve the incident' }).click();
    await page.getByRole('table', { name: 'Incidents' }).getByText('resolved').first().waitFor();
    await screenshot(page, shots, 'incidents-resolved');
    await page.close();
  });

  it('Audit: the log holds the decision and the correction, and verifies intact', async () => {
    const page = await open();
    await nav(page).getByRole('link', { name: 'Audit', exact: true }).click();
    await page.getByRole('table', { name: /Audit log/ }).waitFor();
    await page.getByRole('button', { name: 'Verify the audit log' }).click();
    await page.getByText(/^Intact: \d+ entries/).waitFor();
    const actions = await page
      .getByRole('table', { name: /Audit log/ })
      .locator('tbody td code')
      .allTextContents();
    expect(actions).toContain('season.publish');
    await screenshot(page, shots, 'audit-verified');
    await page.close();
  });

  // The operator's marking (reference_runs, migration 8), never inferred from scores.json (docs/index-export.md).
  it('the reference run the demo marks is in the reference runs table, not in the community one', async () => {
    const page = await open();
    await nav(page).getByRole('link', { name: 'Scoring', exact: true }).click();
    const tables = page.locator('section.score-table');
    await tables.nth(1).locator('tbody tr').nth(1).waitFor();
    expect(await tables.nth(0).getByRole('button', { name: 'Reference run' }).count()).toBe(1);
    expect(await tables.nth(1).getByRole('button', { name: 'Reference run' }).count()).toBe(0);
    await page.close();
  });

  it('Index after the correction: previews in both languages, export, verify', async () => {
    const page = await open();
    await nav(page).getByRole('link', { name: 'Index', exact: true }).click();
    await page.locator('iframe[title="Preview in French (authority)"]').waitFor();
    // One language shown at a time (a tab each): the English frame is in the page, hidden until its tab is chosen.
    await page.locator('iframe[title="Preview in English"]').waitFor({ state: 'attached' });
    expect(
      await page.frameLocator('iframe[title="Preview in French (authority)"]').locator('html').getAttribute('lang'),
    ).toBe('fr');
    await page.getByRole('button', { name: 'Export the Index' }).click();
    const exported = page.getByText(
      /^Version \d+ exported: \d+ files written in .+, the \d+ files the signed manifest lists/,
    );
    const refused = page.getByRole('alert');
    await exported.or(refused).first().waitFor();
    if (await refused.count()) expect(await refused.first().textContent()).toMatch(/What to do:.*Code:\s*[A-Z_]+/s);
    await page.getByRole('button', { name: 'Verify the export' }).click();
    await page
      .getByText(
        /^Index version \d+ in .+ verifies: the signature and the \d+ files the manifest lists, every row untouched\.$/,
      )
      .waitFor();
    await screenshot(page, shots, 'index-exported');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('Freeze: key → commit → anchor → publish, the rules text, and verify answers a verdict or a coded refusal', async () => {
    const page = await open();
    await nav(page).getByRole('link', { name: 'Freeze', exact: true }).click();
    await page.getByRole('heading', { name: 'Freeze of Season 1 · conformite' }).waitFor();
    expect(await page.locator('ol.steps li').allTextContents()).toHaveLength(4);
    await page.getByRole('heading', { name: /^Rules text/ }).waitFor();
    await page.getByRole('button', { name: 'Verify the freeze' }).click();
    // The verification reads the freeze's proof; offline it may refuse: either way the screen says so, with a code.
    const verified = page.getByText('The freeze verifies: rules, manifest, key commitment and proof match.');
    const refused = page.getByRole('alert');
    await verified.or(refused).first().waitFor({ timeout: 90_000 });
    if (await refused.count())
      expect(await refused.first().textContent()).toMatch(/What happened:.*What to do:.*Code:\s*[A-Z_]+/s);
    await screenshot(page, shots, 'freeze-verified');
    await page.close();
  });
});
