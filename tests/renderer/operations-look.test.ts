import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { Dispatch } from '../../main/ipc/dispatcher.ts';
import type { SeasonTrackStatus } from '../../renderer/src/api/operations.ts';
import { fixtureInChromium, type FixtureInChromium } from './fixture-in-chromium.ts';
import { artefactsDir, screenshot, seriousViolations, settled } from './screen-checks.ts';

// docs/console.md "Screens", the look of an operations console: the context bar, the track tiles side by side, amber
// notices apart from red failures, status chips and filters, the charts as images with a text alternative, and
// shortened hashes copied whole. On the test dispatch (console-fixture.ts), with its generique track turned back to a
// draft with no close, so that two states stand side by side and Scoring has an empty state to show.
const shots = artefactsDir('operations-look');
let ui: FixtureInChromium;

/** The fixture's season with generique a draft: not frozen, so no calendar, and no close to score. */
function withDraftGenerique(dispatch: Dispatch): Dispatch {
  return async (channel, args) => {
    const track = (args as { track?: unknown } | null)?.track;
    if (channel === 'scores.view' && track === 'generique')
      return { ok: false, error: { code: 'SCORES_NOT_FOUND', message: 'season 1 generique has no close yet' } };
    const answer = await dispatch(channel, args);
    if (channel !== 'season.status' || !answer.ok) return answer;
    const status = answer.value as { tracks: SeasonTrackStatus[] };
    return {
      ok: true,
      value: {
        tracks: status.tracks.map((t) =>
          t.track === 'generique'
            ? { ...t, state: 'draft', opens_at: null, closes_at: null, dispute_window_ends_at: null }
            : t,
        ),
      },
    };
  };
}

beforeAll(async () => {
  ui = await fixtureInChromium(withDraftGenerique);
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

/** A page in a context of its own on `screen`; `clock` installs the page clock first. */
const open = (screen = 'season', options: BrowserContextOptions & { clock?: boolean } = {}): Promise<Page> =>
  ui.open(screen === 'season' ? undefined : `#/${screen}`, options);

const nav = (page: Page) => page.getByRole('navigation');
const pickTrack = (page: Page, track: string) =>
  page.getByLabel('Track', { exact: true }).selectOption({ label: track });

/** "7 d 23 h left" as hours; a countdown under a day is 0 here (the fixture's next deadline is 8 days away). */
function hoursLeft(text: string): number {
  const parts = /^(\d+) d (\d+) h left$/.exec(text.trim());
  if (!parts) throw new Error(`not a countdown in days and hours: "${text}"`);
  return Number(parts[1]) * 24 + Number(parts[2]);
}

describe('the context bar', () => {
  it('is a labelled region naming the season, the track and its state chip; its UTC clock advances with the page clock and the next deadline counts down', async () => {
    const page = await open('season', { clock: true });
    const bar = page.getByRole('region', { name: 'Context' });
    await bar.getByRole('timer').waitFor();
    const facts = (await bar.textContent()) ?? '';
    expect(facts).toMatch(/Season\s*1/);
    expect(facts).toMatch(/Track\s*conformite/);
    expect(await bar.locator('.chip.state-published').textContent()).toBe('published');
    expect(facts).toContain('last dispute window ends:');

    const clock = bar.locator('time');
    const shown = async () => Date.parse((await clock.getAttribute('datetime')) ?? '');
    expect(await clock.textContent()).toMatch(/^\d\d:\d\d:\d\d UTC$/);
    const before = await shown();
    await page.clock.runFor(5_000);
    await expect.poll(shown).toBeGreaterThanOrEqual(before + 4_000);
    expect((await shown()) - before).toBeLessThanOrEqual(7_000);
    expect(await clock.textContent()).toBe(`${new Date(await shown()).toISOString().slice(11, 19)} UTC`);

    const countdown = bar.getByRole('timer');
    const left = hoursLeft((await countdown.textContent()) ?? '');
    await page.clock.fastForward('02:00:00');
    await expect.poll(async () => hoursLeft((await countdown.textContent()) ?? '')).toBeLessThanOrEqual(left - 2);
    expect(hoursLeft((await countdown.textContent()) ?? '')).toBeGreaterThanOrEqual(left - 3);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('follows the track picked on a screen: its name and its state chip change with it', async () => {
    const page = await open('scoring');
    const bar = page.getByRole('region', { name: 'Context' });
    await bar.locator('.chip.state-published').waitFor();
    await pickTrack(page, 'Season 1 · generique');
    await bar.locator('.chip.state-draft').waitFor();
    expect(await bar.textContent()).toMatch(/Track\s*generique/);
    expect(await bar.textContent()).toContain('none: the next step is an act');
    await page.close();
  });
});

describe('the track tiles', () => {
  it('stand side by side at 1400 px, each state chip in a colour of its own', async () => {
    const page = await open('season', { viewport: { width: 1400, height: 900 } });
    const published = page.getByRole('region', { name: 'Season 1 · conformite' });
    const draft = page.getByRole('region', { name: 'Season 1 · generique' });
    await published.locator('.chip.state-published').waitFor();
    await draft.locator('.chip.state-draft').waitFor();
    const [left, right] = [(await published.boundingBox())!, (await draft.boundingBox())!];
    expect(right.y).toBe(left.y);
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
    const colours = async (chip: ReturnType<Page['locator']>) =>
      chip.evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).color}`);
    expect(await colours(published.locator('.chip.state-published'))).not.toBe(
      await colours(draft.locator('.chip.state-draft')),
    );
    // The word is in the chip: the colour only repeats it (WCAG 1.4.1).
    expect(await draft.locator('.chip.state-draft').textContent()).toBe('draft');
    await screenshot(page, shots, 'tiles-1400');
    await page.close();
  });
});

describe('notices and failures', () => {
  it('a track with no close yet is an amber status tied to its act, never a red alert; Dismiss puts it away on Scoring, across visits', async () => {
    const page = await open('scoring');
    await pickTrack(page, 'Season 1 · generique');
    const said = 'This track has no close yet: its scores appear here once the close has run.';
    const notice = page.getByRole('status').filter({ hasText: said });
    await notice.waitFor();
    expect(await page.getByRole('alert').filter({ hasText: said }).count()).toBe(0);
    expect(await notice.getByText('SCORES_NOT_FOUND').count()).toBe(1);
    expect(await notice.getByRole('link', { name: 'Run the close' }).count()).toBe(1);
    const amber = await notice.evaluate((el) => getComputedStyle(el).borderLeftColor);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'notice-amber');

    await notice.getByRole('button', { name: 'Dismiss this notice' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await nav(page).getByRole('link', { name: 'Season', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Season' }).waitFor();
    await nav(page).getByRole('link', { name: 'Scoring', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Scoring' }).waitFor();
    await settled(page);
    expect(await notice.count()).toBe(0);

    // A failure (the anchor check with the hour's reads used) is red, an alert, and put away by its own button.
    await nav(page).getByRole('link', { name: 'Freeze', exact: true }).click();
    await page.getByRole('button', { name: 'Check the anchor' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'FREEZE_RECHECK_NO_READ_LEFT' });
    await failure.waitFor();
    expect(
      await failure.evaluate((el) => [el.classList.contains('error-notice'), el.classList.contains('notice')]),
    ).toEqual([true, false]);
    const red = await failure.evaluate((el) => getComputedStyle(el).borderLeftColor);
    expect(red).not.toBe(amber);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'failure-red');
    await failure.getByRole('button', { name: 'Dismiss this message' }).click();
    await expect.poll(() => failure.count()).toBe(0);
    await page.close();
  });
});

describe('status chips and filters', () => {
  it('a report’s assertions, the disputes and the incidents show only the rows of the status chosen, each with its chip', async () => {
    const page = await open('scoring');
    await page.getByRole('button', { name: 'Agent 3', exact: true }).click();
    const report = page.getByRole('region', { name: 'Report of Agent 3' });
    const assertions = report.getByRole('table', { name: 'Assertions' });
    await assertions.waitFor();
    const shownRows = () => assertions.locator('tbody tr');
    expect(await shownRows().count()).toBe(2);
    const show = report.getByRole('group', { name: 'Show assertions' });
    await show.getByLabel('unsupported assertion (1)').check();
    await expect.poll(() => shownRows().count()).toBe(1);
    expect(await shownRows().locator('.chip.tone-bad').textContent()).toBe('unsupported assertion');
    await show.getByLabel('instrument fault (1)').check();
    await expect.poll(() => shownRows().textContent()).toContain('conf-01/a4');
    expect(await shownRows().count()).toBe(1);
    expect(await shownRows().locator('.chip.tone-warn').count()).toBe(1);
    await show.getByLabel('any status (2)').check();
    await expect.poll(() => shownRows().count()).toBe(2);

    await nav(page).getByRole('link', { name: 'Disputes', exact: true }).click();
    const queue = page.getByRole('table', { name: 'Disputes, by decision deadline' });
    await queue.waitFor();
    const disputes = page.getByRole('group', { name: 'Show disputes' });
    await disputes.getByLabel('under review (1)').check();
    await expect.poll(() => queue.locator('tbody tr').count()).toBe(1);
    expect(await queue.locator('tbody th').textContent()).toContain('dsp-1-conformite-0002');
    expect(await queue.locator('tbody .chip.tone-warn').textContent()).toBe('under review');
    await disputes.getByLabel('received (2)').check();
    await expect.poll(() => queue.locator('tbody tr').count()).toBe(2);
    expect(await queue.locator('tbody .chip.tone-info').count()).toBe(2);

    await nav(page).getByRole('link', { name: 'Incidents', exact: true }).click();
    const incidents = page.getByRole('table', { name: 'Incidents' });
    await incidents.locator('tbody tr').first().waitFor();
    expect(await incidents.locator('tbody .chip.tone-warn').textContent()).toBe('open');
    const shownIncidents = page.getByRole('group', { name: 'Show incidents' });
    await shownIncidents.getByLabel('resolved (0)').check();
    await expect.poll(() => incidents.locator('tbody tr').count()).toBe(0);
    await page.getByText('No row has the status chosen: choose another, or any status.').waitFor();
    await shownIncidents.getByLabel('open (1)').check();
    await expect.poll(() => incidents.locator('tbody tr').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('charts', () => {
  it('Scoring draws overclaim rate against success rate as an image with a text alternative, the best constant answer as a line at its success rate', async () => {
    const page = await open('scoring');
    const chart = page.getByRole('img', { name: 'Overclaim rate against success rate, per participant' }).first();
    await chart.waitFor();
    const description = await chart.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent?.trim() ?? '',
    );
    expect(description).toContain('40 % = 4/10');
    // The line is horizontal, at 40 % of the way from the success axis's 0 to its 100 (the fixture's 4/10).
    const line = await chart.evaluate((svg) => {
      const n = (el: Element | null, a: string) => Number(el?.getAttribute(a));
      const best = svg.querySelector('line.best');
      const axes = [...svg.querySelectorAll('line.axis')];
      const upright = axes.find((a) => a.getAttribute('x1') === a.getAttribute('x2'))!;
      return { y1: n(best, 'y1'), y2: n(best, 'y2'), zero: n(upright, 'y1'), hundred: n(upright, 'y2') };
    });
    expect(line.y1).toBe(line.y2);
    expect(line.y1).toBeCloseTo(line.zero + 0.4 * (line.hundred - line.zero), 5);
    expect(await chart.locator('circle.community').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('Proofs draws the reads per hour against the limit as an image with a text alternative', async () => {
    const page = await open('proofs');
    const chart = page.getByRole('img', { name: /^Proof reads per clock hour \(UTC\) over the last 24 hours: / });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toContain('55 in all');
    const detail = await chart.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent?.trim() ?? '',
    );
    expect(detail).toMatch(/\d\d:00 UTC 40/);
    expect(await chart.locator('rect.bar').count()).toBe(24);
    expect(await chart.locator('line.limit').count()).toBe(1);
    await page.close();
  });
});

describe('shortened hashes', () => {
  it('a click on Copy writes the whole SHA-256 to the clipboard, not its short form, and says so', async () => {
    const page = await open('season', { permissions: ['clipboard-read', 'clipboard-write'] });
    const tile = page.getByRole('region', { name: 'Season 1 · conformite' });
    const whole = `${'0'.repeat(62)}15`;
    const hash = tile.locator('code.hash', { hasText: whole });
    await hash.waitFor();
    expect(await hash.getAttribute('title')).toBe(whole);
    expect((await hash.locator('[aria-hidden="true"]').textContent())!.length).toBeLessThan(whole.length);
    await tile.getByRole('button', { name: 'Copy SHA-256' }).click();
    await tile.getByText('SHA-256 copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(whole);
    await page.close();
  });
});
