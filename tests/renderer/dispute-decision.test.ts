import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { fixtureInChromium, type FixtureInChromium } from './fixture-in-chromium.ts';
import { artefactsDir, screenshot, seriousViolations, settled } from './screen-checks.ts';

// The Disputes screen's decision, asked before it is recorded (docs/disputes.md "States"): the form previews the
// decision (dispute.preview), shows the participant's figures before → after and what it publishes in a modal
// dialog, and records it (dispute.decide) only once confirmed; the receipt time is picked in UTC
// (docs/console.md "Screens"). Against the test dispatch (console-fixture.ts), whose calls are counted.
const shots = artefactsDir('renderer-disputes');
let ui: FixtureInChromium;
let fixture: FixtureInChromium['fixture'];

beforeAll(async () => {
  ui = await fixtureInChromium();
  fixture = ui.fixture;
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

async function openDisputes(options: BrowserContextOptions = {}): Promise<Page> {
  const page = await ui.open('#/disputes', options);
  await page.getByRole('heading', { level: 2, name: 'Disputes' }).waitFor();
  return page;
}

const callsTo = (channel: string) => fixture.calls.filter((c) => c.channel === channel);

/** Selects a dispute of the queue and fills its decision form; returns the review region. */
async function fillDecision(
  page: Page,
  disputeId: string,
  decision: { upheld: boolean; change?: string; reason: string },
): Promise<Locator> {
  await page.getByRole('button', { name: disputeId }).click();
  const review = page.getByRole('region', { name: `Review of ${disputeId}` });
  await review.getByRole('heading', { name: 'Stored evidence' }).waitFor();
  await review.getByRole('button', { name: 'Review and decide…' }).click();
  await review.getByLabel('Reviewer').fill('Bea');
  await review.getByLabel(decision.upheld ? 'upheld' : 'rejected').check();
  if (decision.change) await review.getByLabel('What the assertion becomes').selectOption(decision.change);
  await review.getByLabel('Reason (published)').fill(decision.reason);
  return review;
}

const confirmation = (page: Page, disputeId: string) =>
  page.getByRole('dialog', { name: `Record the decision on ${disputeId}?` });
const REASON = 'The 503 came from the corpus frontend during its outage.';

describe('a decision shows what it changes and asks before it is recorded', () => {
  it('upheld: the dialog shows the participant’s rates before → after and the correction it publishes, axe clean; Cancel records nothing and keeps the form filled', async () => {
    const page = await openDisputes();
    const previews = callsTo('dispute.preview').length;
    const review = await fillDecision(page, 'dsp-1-conformite-0001', {
      upheld: true,
      change: 'instrument_fault',
      reason: REASON,
    });
    await review.getByRole('button', { name: 'Record the decision' }).click();
    const dialog = confirmation(page, 'dsp-1-conformite-0001');
    await dialog.waitFor();
    expect(
      callsTo('dispute.preview')
        .slice(previews)
        .map((c) => c.args),
    ).toEqual([
      {
        dispute_id: 'dsp-1-conformite-0001',
        decision: 'upheld',
        reason: REASON,
        reviewer: 'Bea',
        change: 'instrument_fault',
      },
    ]);
    const row = dialog.getByRole('row', { name: /Agent 3 \(p-0003\)/ });
    const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
    // Overclaim before, after; success before, after: each rate in its own columns, never combined.
    expect(cells).toEqual(['12.5 % = 5/40', '10 % = 4/40', '30 % = 3/10', '30 % = 3/10']);
    await dialog.getByText('Upheld: publishes correction v2, correcting v1.').waitFor();
    // The dispute is only received: recording the decision records the review too, by the reviewer named.
    await dialog.getByText('It also records the review, by Bea.').waitFor();
    await dialog.getByText('Recorded under the name of Bea.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'decision-upheld-dialog');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(callsTo('dispute.decide')).toEqual([]);
    expect(await review.getByLabel('Reviewer').inputValue()).toBe('Bea');
    expect(await review.getByLabel('upheld').isChecked()).toBe(true);
    expect(await review.getByLabel('What the assertion becomes').inputValue()).toBe('instrument_fault');
    expect(await review.getByLabel('Reason (published)').inputValue()).toBe(REASON);
    await page.close();
  });

  it('rejected: the dialog says nothing published changes and shows the same figures before and after; Escape records nothing', async () => {
    const page = await openDisputes();
    // Already under review: the decision records no review step of its own.
    const review = await fillDecision(page, 'dsp-1-conformite-0002', { upheld: false, reason: REASON });
    await review.getByRole('button', { name: 'Record the decision' }).click();
    const dialog = confirmation(page, 'dsp-1-conformite-0002');
    await dialog.getByText('Rejected: nothing published changes.').waitFor();
    const cells = await dialog
      .getByRole('row', { name: /Agent 3 \(p-0003\)/ })
      .getByRole('cell')
      .allTextContents();
    expect(cells.map((c) => c.replace(/\s+/g, ' ').trim())).toEqual([
      '12.5 % = 5/40',
      '12.5 % = 5/40',
      '30 % = 3/10',
      '30 % = 3/10',
    ]);
    expect(await dialog.getByText(/also records the review/).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'decision-rejected-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(callsTo('dispute.decide')).toEqual([]);
    expect(await review.getByLabel('Reason (published)').inputValue()).toBe(REASON);
    await page.close();
  });

  it('a preview main refuses shows its error with its code, and no dialog opens', async () => {
    const page = await openDisputes();
    const review = await fillDecision(page, 'dsp-1-conformite-0001', {
      upheld: true,
      change: 'counted_with_remaining',
      reason: REASON,
    });
    const previews = callsTo('dispute.preview').length;
    await review.getByRole('button', { name: 'Record the decision' }).click();
    await review.getByRole('alert').getByText('DISPUTE_CHANGE_NOT_ALLOWED').waitFor();
    expect(callsTo('dispute.preview').length).toBe(previews + 1);
    // The decision form's own dialog stays open with the error; no confirmation opens.
    expect(await confirmation(page, 'dsp-1-conformite-0001').count()).toBe(0);
    expect(callsTo('dispute.decide')).toEqual([]);
    await page.close();
  });

  it('Confirm records the decision with the arguments previewed; the correction it published is listed', async () => {
    const page = await openDisputes();
    const review = await fillDecision(page, 'dsp-1-conformite-0001', {
      upheld: true,
      change: 'instrument_fault',
      reason: REASON,
    });
    await review.getByRole('button', { name: 'Record the decision' }).click();
    const dialog = confirmation(page, 'dsp-1-conformite-0001');
    await dialog.getByRole('button', { name: 'Confirm the decision' }).click();
    await page.getByText('corrects version 1 (dsp-1-conformite-0001)').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(callsTo('dispute.decide').map((c) => c.args)).toEqual([callsTo('dispute.preview').at(-1)!.args]);
    await page.close();
  });
});

describe('the receipt time is picked in UTC', () => {
  it('the picked instant travels as the ISO instant in UTC whatever the machine’s zone, its local time shown beside', async () => {
    // A machine far from UTC: reading the picker in the machine's zone would move the instant by 13 hours.
    const page = await openDisputes({ timezoneId: 'Pacific/Auckland' });
    await page.getByRole('button', { name: 'Receive a dispute…' }).click();
    const form = page.getByRole('form', { name: /Receive a dispute on/ });
    await form.getByLabel('Participant (participant_id)').fill('p-0003');
    await form.getByLabel('Disputed assertion (TASK_ID/ASSERTION_ID)').fill('conf-01/a3');
    await form.getByLabel('Reason, as received').fill('The proof was read during an outage.');
    const picker = form.getByLabel('Received at (UTC)');
    expect(await picker.getAttribute('type')).toBe('datetime-local');
    await picker.fill('2026-11-12T08:30:15');
    // 08:30:15 UTC is 9:30:15 PM in Auckland (NZDT, UTC+13).
    await form.getByText(/Your local time: Thu, Nov 12, 2026, 09:30:15\sPM GMT\+13/).waitFor();
    const opens = callsTo('dispute.open').length;
    await form.getByRole('button', { name: 'Record the dispute' }).click();
    await form.getByText(/Dispute dsp-1-conformite-0001 received/).waitFor();
    expect(
      callsTo('dispute.open')
        .slice(opens)
        .map((c) => (c.args as Record<string, unknown>)['received_at']),
    ).toEqual(['2026-11-12T08:30:15Z']);
    // The form empties once recorded; a receipt left unpicked is sent without a time (main takes now).
    expect(await picker.inputValue()).toBe('');
    await form.getByLabel('Reason, as received').fill('A second dispute, received now.');
    await form.getByLabel('Participant (participant_id)').fill('p-0003');
    await form.getByLabel('Disputed assertion (TASK_ID/ASSERTION_ID)').fill('conf-01/a4');
    await form.getByRole('button', { name: 'Record the dispute' }).click();
    await expect.poll(() => callsTo('dispute.open').length).toBe(opens + 2);
    expect(callsTo('dispute.open').at(-1)!.args).not.toHaveProperty('received_at');
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'receive-utc-picker');
    await page.close();
  });
});
