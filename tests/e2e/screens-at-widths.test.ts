import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artefactsDir, goToScreen, screenshot, seriousViolations, settled } from '../renderer/screen-checks.ts';
import { copyOfSharedDemo } from '../support/played-demo.ts';
import { consoleInChromium, SCREENS, type ConsoleInChromium } from './support/console-in-chromium.ts';

// docs/console.md "Screens": an operations console read on a laptop. Every screen of the demo season (the real
// console, real handlers) at 1024 × 768 and 1400 × 900 has no sideways scroll, no element of the screen reaching
// past the window, and no serious axe violation; full-page screenshots of each go to test-artefacts/screens/.
const root = resolve(import.meta.dirname, '../..');
const shots = artefactsDir('screens');
// axe runs at the narrow width only: at the wide one the layout is season-life's (1280 px, the same demo), whose
// every-screen sweep runs axe already; what the width changes is what this file checks, the sideways overflow.
const WIDTHS = [
  { width: 1400, height: 900, axe: false },
  { width: 1024, height: 768, axe: true },
] as const;
// The run's demo, copied: the console opens its database to write, even when the screens only read.
const demo = copyOfSharedDemo();
let ui: ConsoleInChromium;
let page: Page;

beforeAll(async () => {
  ui = await consoleInChromium({ dbFile: demo.db, defaultCorpusDir: join(root, 'corpus') });
  page = await ui.open();
}, 300_000);

afterAll(async () => {
  await page?.close();
  await ui?.close();
});

/**
 * What reaches past the window's right edge: the page's own sideways scroll, and each element of <main> whose box
 * ends beyond the viewport, or beyond the card (a tile, a panel) that holds it, without a scrolling container of its
 * own in between (a table that scrolls in a labelled region is allowed, docs/console.md "Screens"). Each named by its
 * tag, classes and first words.
 */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const found: string[] = [];
    if (doc.scrollWidth > doc.clientWidth) found.push(`the page scrolls: ${doc.scrollWidth} > ${doc.clientWidth} px`);
    const main = document.querySelector('main')!;
    const clips = (el: Element, upTo: Element = main): boolean => {
      for (let up = el.parentElement; up && up !== upTo; up = up.parentElement) {
        const x = getComputedStyle(up).overflowX;
        if (x !== 'visible') return true;
      }
      return false;
    };
    const name = (el: Element, right: number) =>
      `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')} ends at ${Math.round(right)} px: "${(el.textContent ?? '').trim().slice(0, 60)}"`;
    for (const el of main.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      const card = el.parentElement?.closest('.card');
      if (card && box.right > card.getBoundingClientRect().right + 0.5 && !clips(el, card)) {
        const parent = el.parentElement!;
        if (parent === card || parent.getBoundingClientRect().right <= card.getBoundingClientRect().right + 0.5)
          found.push(`${name(el, box.right)}, past its card`);
        continue;
      }
      if (box.right <= doc.clientWidth + 0.5 || clips(el)) continue;
      // Only the outermost element too wide: its children are wide because it is.
      const parent = el.parentElement!;
      if (parent !== main && parent.getBoundingClientRect().right > doc.clientWidth + 0.5 && !clips(parent)) continue;
      found.push(name(el, box.right));
    }
    return found;
  });
}

const toScreen = (name: string) => goToScreen(page, name);

/**
 * The page as it stands at this width: nothing sideways, a screenshot, axe clean. Soft checks: one run names every
 * screen that fails, not only the first.
 */
async function checked(label: string, shot: string, axe = true): Promise<void> {
  expect.soft(await sidewaysOverflow(page), label).toEqual([]);
  // From the top: a sticky table head drawn where the window last scrolled would cover a row in a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, shots, shot);
  if (axe) expect.soft((await seriousViolations(page)).join('\n'), label).toBe('');
}

describe('every screen at 1400 and 1024 px', () => {
  for (const size of WIDTHS)
    it(`at ${size.width} × ${size.height} no screen scrolls sideways${size.axe ? ', each is axe clean,' : ''} and each has a screenshot`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const name of [...SCREENS, 'Connections']) {
        await toScreen(name);
        await checked(`${name} at ${size.width} px`, `${name.toLowerCase()}-${size.width}`, size.axe);
      }
    }, 300_000);
});

describe('the detail views at 1024 px', () => {
  it('a participant’s report and an assertion’s witnesses on Scoring do not scroll sideways', async () => {
    await page.setViewportSize({ width: WIDTHS[1].width, height: WIDTHS[1].height });
    await toScreen('Scoring');
    const community = page.locator('section.score-table').nth(1);
    await community.getByRole('button', { name: 'Agent claiming values the corpus does not serve' }).click();
    const report = page.getByRole('region', { name: /^Report of Agent claiming values/ });
    await report.getByRole('table', { name: 'Assertions' }).waitFor();
    await settled(page);
    await checked('report at 1024 px', 'scoring-report-1024');
    const row = report.getByRole('row', { name: new RegExp(`${demo.dispute.taskId}/${demo.dispute.assertionId}\\b`) });
    await row.getByRole('button', { name: 'Show witnesses' }).click();
    await page.getByRole('table', { name: 'Checks and witnesses' }).waitFor();
    await settled(page);
    await checked('witnesses at 1024 px', 'scoring-witnesses-1024');
  });

  it('a dispute’s review on Disputes does not scroll sideways', async () => {
    await page.setViewportSize({ width: WIDTHS[1].width, height: WIDTHS[1].height });
    await toScreen('Disputes');
    await page.getByRole('button', { name: demo.dispute.id }).click();
    const review = page.getByRole('region', { name: `Review of ${demo.dispute.id}` });
    await review.getByRole('heading', { name: 'Stored evidence' }).waitFor();
    await settled(page);
    await checked('dispute review at 1024 px', 'disputes-review-1024');
  });

  it('an incident’s detail on Incidents does not scroll sideways', async () => {
    await page.setViewportSize({ width: WIDTHS[1].width, height: WIDTHS[1].height });
    await toScreen('Incidents');
    await page
      .getByRole('button', { name: /^Incident \d+$/ })
      .first()
      .click();
    const detail = page.getByRole('region', { name: /^Incident \d+$/ });
    await detail.getByRole('table', { name: /Affected/ }).waitFor();
    await settled(page);
    await checked('incident detail at 1024 px', 'incidents-detail-1024');
  });
});

describe('the charts of the demo', () => {
  it('Scoring carries the overclaim-against-success chart and Proofs the reads-per-hour chart, each an image with its text', async () => {
    await page.setViewportSize({ width: WIDTHS[1].width, height: WIDTHS[1].height });
    await toScreen('Scoring');
    const rates = page.getByRole('img', { name: 'Overclaim rate against success rate, per participant' }).first();
    await rates.waitFor();
    expect(await rates.getAttribute('aria-describedby')).toBeTruthy();
    await toScreen('Proofs');
    const reads = page.getByRole('img', { name: /^Proof reads per clock hour \(UTC\) over the last 24 hours: / });
    await reads.waitFor();
    expect(await reads.isVisible()).toBe(true);
  });
});
