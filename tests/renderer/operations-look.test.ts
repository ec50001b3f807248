import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { Dispatch } from '../../main/ipc/dispatcher.ts';
import type { CorpusView, ProofsView, SeasonTrackStatus, TrackRef } from '../../renderer/src/api/operations.ts';
import { fixtureInChromium, type FixtureInChromium } from './fixture-in-chromium.ts';
import { artefactsDir, screenshot, seriousViolations, settled } from './screen-checks.ts';

// docs/console.md "Screens", the look of an operations console: the context bar, the track tiles side by side, amber
// notices apart from red failures, status chips and filters, the charts as images with a text alternative, and
// shortened hashes copied whole. On the test dispatch (console-fixture.ts), with its generique track turned back to a
// draft with no close, so that two states stand side by side and Scoring has an empty state to show.
const shots = artefactsDir('operations-look');
let ui: FixtureInChromium;

/** Reads per hour the Proofs screen's chart is given instead of the fixture's (null: the fixture's, 40 at most). */
let hourlyReads: number[] | null = null;

/** A corpus of 45 resources (the fixture has none): the Corpus screen shows them a page at a time. */
const corpus = (track: TrackRef): CorpusView => ({
  ...track,
  base: 'https://corpus.example',
  manifest_hash: 'a'.repeat(64),
  check: { ok: true, problems: [] },
  resources: Array.from({ length: 45 }, (_, k) => ({
    path: `r/${String(k + 1).padStart(3, '0')}.json`,
    url: `https://corpus.example/r/${k + 1}`,
    collection: null,
    request_hash: 'b'.repeat(64),
    response_hash: 'c'.repeat(64),
  })),
});

/**
 * The fixture's season with generique a draft: not frozen, so no calendar, and no close to score; a corpus to page
 * through; and the reads chart's hours as `hourlyReads` says.
 */
function withDraftGenerique(dispatch: Dispatch): Dispatch {
  return async (channel, args) => {
    const track = (args as { track?: unknown } | null)?.track;
    if (channel === 'corpus.view') return { ok: true, value: corpus(args as TrackRef) };
    if (channel === 'proofs.view' && hourlyReads !== null) {
      const answer = await dispatch(channel, args);
      if (!answer.ok) return answer;
      const view = answer.value as ProofsView;
      const reads = hourlyReads;
      return {
        ok: true,
        value: { ...view, hourly_reads: view.hourly_reads.map((h, k) => ({ ...h, reads: reads[k] ?? 0 })) },
      };
    }
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

  it('the reads chart scales to the reads: 40 in an hour puts the limit of 100 on the scale as a labelled line; 2 reads make a bar half the height, the limit said to be above the scale; each bar has its hover text', async () => {
    /** The chart's scale top, the plot's height in viewBox units, each bar's height by its reads, and the limit line. */
    const measure = (page: Page) =>
      page.locator('svg[aria-describedby="reads-chart-detail"]').evaluate((svg) => {
        const n = (el: Element | null, a: string) => Number(el?.getAttribute(a));
        const axis = svg.querySelector('line.axis')!;
        const limit = svg.querySelector('line.limit')!;
        const bars = [...svg.querySelectorAll('rect.bar')].map((r) => ({
          reads: n(r, 'data-reads'),
          height: n(r, 'height'),
          title: r.querySelector('title')?.textContent ?? '',
        }));
        return {
          top: n(svg, 'data-top'),
          bottom: n(axis, 'y1'),
          bars,
          limitY: n(limit, 'y1'),
          offScale: limit.classList.contains('off-scale'),
          label: svg.querySelector('text.limit-label')?.textContent ?? '',
          ticks: [...svg.querySelectorAll('text.tick')].map((t) => t.textContent),
        };
      });

    let page = await open('proofs');
    await page.getByRole('img', { name: /^Proof reads per clock hour/ }).waitFor();
    let shown = await measure(page);
    expect(shown.top).toBe(100);
    expect(shown.offScale).toBe(false);
    expect(shown.label).toBe('limit 100/h');
    const forty = shown.bars.find((b) => b.reads === 40)!;
    // The limit line is at 100 on the same scale as the bars: 2.5 times the height of the 40-read bar.
    expect(shown.bottom - shown.limitY).toBeCloseTo(2.5 * forty.height, 5);
    expect(forty.title).toMatch(/^\d\d:00 UTC: 40 reads$/);
    await page.close();

    hourlyReads = [...Array<number>(22).fill(0), 1, 2];
    try {
      page = await open('proofs');
      const chart = page.getByRole('img', { name: /^Proof reads per clock hour/ });
      await chart.waitFor();
      shown = await measure(page);
      expect(shown.top).toBe(2);
      const [one, two] = [shown.bars.find((b) => b.reads === 1)!, shown.bars.find((b) => b.reads === 2)!];
      // The 2-read bar reaches the top of the scale, the 1-read bar half of it: both seen, not flattened under 100.
      expect(two.height).toBeCloseTo(2 * one.height, 5);
      expect(two.height).toBeGreaterThan(50);
      expect(two.title).toMatch(/: 2 reads$/);
      expect(one.title).toMatch(/: 1 read$/);
      expect(shown.offScale).toBe(true);
      expect(shown.label).toBe('limit 100/h, above this scale ↑');
      expect(shown.limitY).toBeLessThan(shown.bottom - two.height + 0.5);
      // The text alternative still carries the figures.
      expect(await chart.getAttribute('aria-label')).toContain('3 in all, at most 2 in one hour');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, shots, 'reads-chart-small');
      await page.close();
    } finally {
      hourlyReads = null;
    }
  });

  it('each mark of the Scoring chart has its hover text: the participant, its overclaim rate and its success rate', async () => {
    const page = await open('scoring');
    const chart = page.getByRole('img', { name: 'Overclaim rate against success rate, per participant' }).first();
    await chart.waitFor();
    const titles = await chart.locator('circle.community > title, rect.reference > title').allTextContents();
    expect(titles.length).toBe(await chart.locator('circle.community, rect.reference').count());
    expect(titles.every((t) => /: overclaim rate .+, success rate .+$/.test(t))).toBe(true);
    expect(titles.some((t) => /^Agent 3: overclaim rate /.test(t))).toBe(true);
    await page.close();
  });
});

describe('the navigation’s counters', () => {
  it('say what waits beside each link, as the link’s description: disputes undecided, incidents open, proofs pending', async () => {
    const page = await open('season');
    const link = (name: string) => nav(page).getByRole('link', { name, exact: true });
    const described = (name: string) =>
      link(name).evaluate(
        (a) => document.getElementById(a.getAttribute('aria-describedby') ?? '')?.textContent?.trim() ?? null,
      );
    await expect.poll(() => described('Disputes')).toBe('Disputes, 3 undecided');
    expect(await described('Incidents')).toBe('Incidents, 1 open');
    expect(await described('Proofs')).toBe('Proofs, 0 pending proofs');
    expect(await described('Season')).toBeNull();
    // The figure shown is the count, hidden from screen readers (the description says it in words).
    const figure = nav(page).locator('#nav-count-disputes > [aria-hidden="true"]');
    expect(await figure.textContent()).toBe('3');
    expect(await nav(page).locator('#nav-count-disputes').getAttribute('title')).toBe('Disputes, 3 undecided');
    // Nothing pending is grey, apart from a count that waits.
    const ground = (id: string) =>
      nav(page)
        .locator(id)
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await ground('#nav-count-proofs')).not.toBe(await ground('#nav-count-disputes'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('the controls and the form dialogs', () => {
  it('buttons, fields and choices share one look: a primary button, a secondary one, a field with its border', async () => {
    const page = await open('disputes');
    await page.getByRole('table', { name: 'Disputes, by decision deadline' }).waitFor();
    const style = (el: Element) => {
      const c = getComputedStyle(el);
      return { ground: c.backgroundColor, ink: c.color, border: c.borderTopStyle, radius: c.borderTopLeftRadius };
    };
    const opener = page.getByRole('button', { name: 'Receive a dispute…' });
    expect(await opener.evaluate(style)).toMatchObject({ ground: 'rgb(18, 38, 58)', ink: 'rgb(255, 255, 255)' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: /^Receive a dispute on / });
    const close = dialog.getByRole('button', { name: 'Close' });
    expect(await close.evaluate(style)).toMatchObject({ ground: 'rgb(255, 255, 255)', ink: 'rgb(18, 38, 58)' });
    const field = dialog.getByLabel('Reason, as received');
    expect(await field.evaluate(style)).toMatchObject({ border: 'solid', radius: '4px' });
    await page.close();
  });

  it('Disputes’ receive form opens in a dialog on its Close button; Escape and Close put it away and give the focus back to the button that opened it', async () => {
    const page = await open('disputes');
    const opener = page.getByRole('button', { name: 'Receive a dispute…' });
    await opener.waitFor();
    const form = page.getByRole('form', { name: /Receive a dispute on/ });
    expect(await form.count()).toBe(0);
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Receive a dispute on / });
    await dialog.waitFor();
    expect(await focused()).toBe('Close');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.id)).toBe(
      await form.getByLabel('Participant (participant_id)').getAttribute('id'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'receive-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focused()).toBe('Receive a dispute…');
    await opener.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focused()).toBe('Receive a dispute…');

    // A dispute's decision form too: the review shows the facts and the evidence; the form opens when asked.
    await page.getByRole('button', { name: 'dsp-1-conformite-0002' }).click();
    const review = page.getByRole('region', { name: 'Review of dsp-1-conformite-0002' });
    await review.getByRole('heading', { name: 'Stored evidence' }).waitFor();
    expect(await review.getByLabel('Reviewer').isVisible()).toBe(false);
    await review.getByRole('button', { name: 'Review and decide…' }).click();
    const decide = page.getByRole('dialog', { name: 'Review and decide dsp-1-conformite-0002' });
    await decide.getByLabel('Reviewer').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => decide.count()).toBe(0);
    expect(await focused()).toBe('Review and decide…');
    await page.close();
  });

  it('Corpus shows its resources 20 at a time; the filter finds one on any page', async () => {
    const page = await open('corpus');
    const table = page.getByRole('table', { name: /^Resources \(\d+\)$/ });
    await page.getByRole('table', { name: 'Resources (45)' }).waitFor();
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(20);
    const pages = page.getByRole('group', { name: 'Resource pages' });
    expect(await pages.textContent()).toContain('Resources 1–20 of 45');
    // A button that cannot act is greyed and dashed (styles.css "The controls").
    expect(
      await pages
        .getByRole('button', { name: 'Previous' })
        .evaluate((el) => [getComputedStyle(el).borderTopStyle, getComputedStyle(el).cursor]),
    ).toEqual(['dashed', 'not-allowed']);
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    expect(await pages.textContent()).toContain('Page 3 of 3');
    expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByLabel('Find a resource').fill('r/044');
    await page.getByRole('table', { name: 'Resources (1)' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await pages.count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('the Index previews', () => {
  it('one language at a time at full width, switched by tab or arrow key', async () => {
    const page = await open('index', { viewport: { width: 1400, height: 900 } });
    const french = page.getByRole('tab', { name: 'Preview in French (authority)' });
    await french.waitFor();
    expect(await french.getAttribute('aria-selected')).toBe('true');
    const frame = (title: string) => page.locator(`iframe[title="${title}"]`);
    await frame('Preview in French (authority)').waitFor();
    expect(await frame('Preview in English').isVisible()).toBe(false);
    const main = (await page.locator('main').boundingBox())!;
    const box = (await frame('Preview in French (authority)').boundingBox())!;
    // The frame takes the column's width (less the card's padding) and most of the window's height.
    expect(box.width).toBeGreaterThanOrEqual(main.width - 100);
    expect(box.height).toBeGreaterThan(700);
    await french.focus();
    await page.keyboard.press('ArrowRight');
    await frame('Preview in English').waitFor();
    expect(await frame('Preview in French (authority)').isVisible()).toBe(false);
    expect(await page.getByRole('tab', { name: 'Preview in English' }).getAttribute('aria-selected')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'index-preview-1400');
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
