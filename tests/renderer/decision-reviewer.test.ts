import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { fixtureInChromium, type FixtureInChromium } from './fixture-in-chromium.ts';

// The decision form's reviewer is the person acting (docs/console-backend.md "Who acts"), named by the console's
// overview. On a slow machine the overview can answer after the form opened: the field then takes the name when it
// arrives, where it used to stay empty for good (and the decision was refused DISPUTE_REVIEWER_REQUIRED). The test
// dispatch holds console.overview until the test lets it answer.
const DISPUTE = 'dsp-1-conformite-0001';
let ui: FixtureInChromium;
let held: Promise<void> | null = null;
let release = () => {};

beforeAll(async () => {
  ui = await fixtureInChromium((dispatch) => async (channel, args) => {
    if (channel === 'console.overview' && held) await held;
    return dispatch(channel, args);
  });
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

/** Holds the overview, opens the Disputes screen and a dispute's form; returns the page and its Reviewer field. */
async function formOpenedBeforeTheOverview(): Promise<{ page: Page; reviewer: Locator }> {
  held = new Promise<void>((resolve) => (release = resolve));
  const page = await ui.open('#/disputes');
  await page.getByRole('heading', { level: 2, name: 'Disputes' }).waitFor();
  await page.getByRole('button', { name: DISPUTE }).click();
  const review = page.getByRole('region', { name: `Review of ${DISPUTE}` });
  await review.getByRole('heading', { name: 'Stored evidence' }).waitFor();
  await review.getByRole('button', { name: 'Review and decide…' }).click();
  const reviewer = review.getByLabel('Reviewer');
  expect(await page.getByText('Acting as ann').count()).toBe(0);
  return { page, reviewer };
}

/** Lets the overview answer and waits until the page shows it (the header names the person acting). */
async function overviewAnswered(page: Page): Promise<void> {
  held = null;
  release();
  await page.getByText('Acting as ann').waitFor();
}

describe('the reviewer of a decision', () => {
  it('a form opened before the overview answered takes the person acting when it does', async () => {
    const { page, reviewer } = await formOpenedBeforeTheOverview();
    expect(await reviewer.inputValue()).toBe('');
    await overviewAnswered(page);
    expect(await reviewer.inputValue()).toBe('ann');
    await page.close();
  });

  it('a name typed before the overview answered is kept when it does', async () => {
    const { page, reviewer } = await formOpenedBeforeTheOverview();
    await reviewer.fill('Bea');
    await overviewAnswered(page);
    expect(await reviewer.inputValue()).toBe('Bea');
    await page.close();
  });
});
