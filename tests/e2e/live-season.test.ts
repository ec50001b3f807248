import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { scriptedRead } from '../../devnet/scripted/scripted-submission.ts';
import type { ConsoleServices } from '../../main/console/console-services.ts';
import { journeyCorpus } from '../devnet/support/journey-corpus.ts';
import { artefactsDir, screenshot, seriousViolations, settled } from '../renderer/screen-checks.ts';
import {
  AFTER_CLOSE,
  DURING,
  startCloseDevnet,
  type CloseDevnet,
  type Participant,
} from '../services/close/support/close-devnet.ts';
import { submissionDocument } from '../services/close/support/submission-document.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { consoleInChromium, nav, type ConsoleInChromium } from './support/console-in-chromium.ts';

// The live Season screen (docs/season-follow.md "The console") in Chromium on a running season: the devnet's compliance
// track frozen and open on the devnet's clock, participants who read through the proxy and submit citing those real
// proofs (one read during a proxy outage: the corpus's 403 body, an instrument fault), and the real console in headless
// mode given the season service and the Trust Layer, whose follower runs for real (a cycle every few seconds here). The
// screen shows the counts of the last cycle, the reads against the limit as a chart with its text alternative, and the
// incident the reads opened; it refreshes on the follow.cycle event when a participant joins. Screenshots go to
// test-artefacts/e2e-live-season/.
const shots = artefactsDir('e2e-live-season');
const REGION = 'Season 1 · conformite';
let net: CloseDevnet;
let ui: ConsoleInChromium;

/** A participant's conf-01: the entity's first attestation and that attestation's `existe`, each citing its read. */
async function submitConf01(who: Participant, underFault = false): Promise<void> {
  const entity = await who.read('/entites/171904347');
  const attestation = underFault
    ? await scriptedRead(
        { trustLayer: net.devnet.info.trust_layer, internalSecret: net.devnet.info.internal_secret },
        who.key.apiKey,
        journeyCorpus.base,
        { resource: '/attestations/ATT-93595', underFault: true },
      )
    : await who.read('/attestations/ATT-93595');
  await net.devnet.closeBatch();
  const answer = await who.submit(
    submissionDocument(who, 'conf-01', 'indeterminable', [
      ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
      ['/attestations/ATT-93595', '/existe', false, attestation],
    ]),
  );
  expect(answer.json).toMatchObject({ recorded: true });
}

beforeAll(async () => {
  net = await startCloseDevnet('e2e-live-season-');
  const corpusRoot = join(net.dir, 'corpus-root');
  cpSync(net.corpusDir, join(corpusRoot, 'season-1', 'conformite'), { recursive: true });
  net.clock.set(DURING);
  await submitConf01(await net.enroll('ana'));
  await submitConf01(await net.enroll('bea'), true);
  const services: ConsoleServices = {
    freeze: {
      trustLayer: net.devnet.info.trust_layer,
      apiKey: 'not used by the follower',
      seasonBase: net.devnet.info.season,
    },
    seasonService: { url: net.devnet.info.season, operatorToken: net.devnet.info.internal_secret },
    trustDir: net.devnet.info.trust_bundle,
  };
  ui = await consoleInChromium({
    dbFile: net.dbFile,
    corpusDir: corpusRoot,
    defaultCorpusDir: corpusRoot,
    clock: net.clock,
    services,
    follow: { everyMs: 3_000, activityEveryMs: 1_000 },
  });
}, 300_000);

afterAll(async () => {
  await ui?.close();
  await net?.close();
});

const livePanel = (page: Page) => page.getByRole('region', { name: 'Season 1 as it runs' });

describe('the live Season screen on a running season', () => {
  it('shows the counts of the last cycle, the reads against the limit, and the incident the reads opened', async () => {
    const page = await ui.open();
    const region = page.getByRole('region', { name: REGION });
    await region.getByText('open', { exact: true }).waitFor();
    const track = region.getByRole('region', { name: 'As the last cycle saw it' });
    await track
      .getByText('4 read and anchored · 0 to read again (pending, or no view yet) · 0 not yet read (4 cited)')
      .waitFor({ timeout: 60_000 });
    expect(await track.locator('dt:has-text("Participants enrolled") + dd').textContent()).toBe('2');
    expect(await track.locator('dt:has-text("Participants with a submission in force") + dd').textContent()).toBe('2');
    const tasks = track.getByRole('table', { name: 'Submissions in force per task' });
    expect(await tasks.getByRole('row', { name: 'conf-01 2' }).count()).toBe(1);
    expect(await track.textContent()).toContain('nothing, at the current pace');

    const panel = livePanel(page);
    await panel.getByText('following', { exact: true }).waitFor();
    // The chart: one bar per clock hour, the limit as a line, and a text alternative that states the figures.
    const chart = panel.getByRole('img', {
      name: /^Proof reads per clock hour \(UTC\) over the last 24 hours: \d+ in all/,
    });
    const alt = (await chart.getAttribute('aria-label')) ?? '';
    expect(alt).toMatch(/against the limit of 100 reads an hour; \d+ counted in the sliding window now\.$/);
    expect(Number(/: (\d+) in all/.exec(alt)?.[1])).toBeGreaterThan(0);
    expect(await chart.locator('rect.bar').count()).toBe(24);
    expect(await chart.locator('line.limit').count()).toBe(1);
    expect(await panel.locator('#reads-chart-detail').textContent()).toMatch(/Hours with reads: \d\d:00 UTC \d+/);

    const incidents = panel.getByRole('table', { name: 'Incidents the reads opened' });
    const row = incidents.locator('tbody tr').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('instrument fault');
    expect(await row.textContent()).toContain('open');
    // Counts only before the close (spec §7.4): no rate, no score anywhere on the screen.
    expect(await page.locator('main').textContent()).not.toMatch(/overclaim|success rate|%/i);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'season-live');

    // The incident is the Incidents screen's, opened by the reads during the season.
    await panel.getByRole('link', { name: 'Go to Incidents' }).click();
    await page.getByRole('heading', { level: 2, name: 'Incidents', exact: true }).waitFor();
    await page.getByRole('table', { name: 'Incidents' }).locator('tbody tr').first().getByRole('button').click();
    await page.getByText(/^the reads during the season \(.+\), /).waitFor();
    await page.close();
  }, 120_000);

  it('a participant who submits is counted on the open card within 10 s (the activity feed), its proofs after the next cycle, without a reload', async () => {
    const page = await ui.open();
    const track = page.getByRole('region', { name: REGION }).getByRole('region', { name: 'As the last cycle saw it' });
    await track.getByText('(4 cited)', { exact: false }).waitFor({ timeout: 60_000 });
    const inForceNow = track.locator('[data-count="in-force-now"]');
    await inForceNow.getByText(/^2\b/).waitFor({ timeout: 10_000 });
    const cid = await net.enroll('cid');
    await submitConf01(cid);
    // The submission is on the open screen within 10 s of its receipt (the activity feed, asked every second here),
    // whatever the follower's cadence; its proofs are read at the next cycle.
    const received = Date.now();
    await inForceNow.getByText(/^3\b/).waitFor({ timeout: 10_000 });
    expect(Date.now() - received).toBeLessThan(10_000);
    expect(await track.locator('[data-count="enrolled-now"]').textContent()).toBe('3');
    await livePanel(page).getByText(`${cid.participantId} submitted conformite conf-01`).waitFor({ timeout: 10_000 });
    await track
      .getByText('6 read and anchored · 0 to read again (pending, or no view yet) · 0 not yet read (6 cited)')
      .waitFor({ timeout: 60_000 });
    expect(await track.locator('dt:has-text("Participants enrolled") + dd').textContent()).toBe('3');
    expect(await track.getByRole('row', { name: 'conf-01 3' }).count()).toBe(1);
    await page.close();
  }, 120_000);

  it('at 1024 px nothing scrolls sideways, and in French the panel and the chart’s text alternative are French', async () => {
    const page = await ui.open();
    await page.setViewportSize({ width: 1024, height: 800 });
    await livePanel(page).getByRole('img').waitFor();
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await screenshot(page, shots, 'season-live-1024');
    await page.getByRole('button', { name: 'Français' }).click();
    const panel = page.getByRole('region', { name: 'La saison 1 en cours' });
    await panel.getByText('en cours', { exact: true }).waitFor();
    const alt = await panel.getByRole('img').getAttribute('aria-label');
    expect(alt).toMatch(/^Lectures de preuves par heure d’horloge \(UTC\) sur les dernières 24 heures : \d+ en tout/);
    await nav(page).getByRole('link', { name: 'Saison', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'season-live-fr');
    await page.close();
  }, 120_000);

  it('after the close, a second open tab shows "published" within 5 s of the publication made in the first (state.changed)', async () => {
    net.clock.set(AFTER_CLOSE);
    await net.devnet.closeBatch();
    const watching = await ui.open();
    const card = watching.getByRole('region', { name: REGION });
    const bar = watching.getByRole('region', { name: 'Context' });
    await card.getByText('closed', { exact: true }).waitFor();
    const publishStep = card.getByText(
      'Check the scores, then publish them and export the Index: the 14-day dispute windows start when the Index is out.',
    );
    expect(await publishStep.count()).toBe(0);
    // The close runs as a job of the console (as "Run the close" starts it); its end is announced to every tab.
    const closed = new Promise<void>((done) => {
      const stop = ui.opened.ctx.events.subscribe((event) => {
        if (event.type !== 'job' || event.job.kind !== 'close' || event.job.state === 'running') return;
        stop();
        expect(event.job.state).toBe('done');
        done();
      });
    });
    await createConsoleHandlers(ui.opened.ctx)['close.run']({ season: 1, track: 'conformite' });
    await closed;
    // The close's end reached the other tab too: its next step is now the publication, without a reload.
    await publishStep.waitFor({ timeout: 5_000 });
    const acting = await ui.open();
    await nav(acting).getByRole('link', { name: 'Scoring', exact: true }).click();
    await acting.getByRole('button', { name: 'Publish the scores' }).click();
    await acting
      .getByRole('dialog', { name: 'Publish version 1?' })
      .getByRole('button', { name: 'Publish version 1' })
      .click({ timeout: 60_000 });
    await acting.getByText(/^Published as version 1/).waitFor({ timeout: 60_000 });
    const published = Date.now();
    await card.getByText('published', { exact: true }).waitFor({ timeout: 5_000 });
    await bar.getByText('published', { exact: true }).waitFor({ timeout: 5_000 });
    expect(Date.now() - published).toBeLessThan(5_000);
    // The card's publication line names the version shown with its own date.
    expect(await card.locator('dt:has-text("Published") + dd').textContent()).toMatch(/· version 1$/);
    await acting.close();
    await watching.close();
  }, 300_000);
});
