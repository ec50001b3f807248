import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AuditEntry, DecisionPreview, PreviewFigures } from '../../main/ipc/contract.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { formatRate } from '../../renderer/src/lib/rates.ts';
import { artefactsDir, screenshot, seriousViolations, settled } from '../renderer/screen-checks.ts';
import { copyOfSharedDemo } from '../support/played-demo.ts';
import { consoleInChromium, nav, type ConsoleInChromium } from './support/console-in-chromium.ts';

// docs/disputes.md "States", in Chromium on the real console and the demo season: the demo's open dispute is
// decided upheld on the Disputes screen; before anything is recorded the dialog shows the participant's figures
// before → after as main computes them (dispute.preview), and once confirmed the audit log records the review and
// the decision under the reviewer's name (docs/console-backend.md "Who acts"), never "console".
const root = resolve(import.meta.dirname, '../..');
const shots = artefactsDir('renderer-disputes');
const ACTOR = 'Ana Lima';
const REASON = 'The frozen body carries the claimed value at that field.';
// The run's demo, copied: the decision and the correction it publishes go to its database, none to a close folder.
const demo = copyOfSharedDemo();
let ui: ConsoleInChromium;
let page: Page;

beforeAll(async () => {
  ui = await consoleInChromium({ dbFile: demo.db, defaultCorpusDir: join(root, 'corpus'), actor: ACTOR });
  page = await ui.open();
}, 300_000);

afterAll(async () => {
  await page?.close();
  await ui?.close();
});

const call = async <T>(channel: string, args: object): Promise<T> => {
  const answer = await createDispatcher(createConsoleHandlers(ui.opened.ctx))(channel as never, args as never);
  if (!answer.ok) throw new Error(`${channel}: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
};
const audit = (limit: number) => call<{ entries: AuditEntry[]; total: number }>('audit.list', { limit });
const auditTotal = async () => (await audit(1)).total;
const cellsOf = (f: PreviewFigures) => [
  formatRate(f.overclaim.unsupported, f.overclaim.submitted, 'en'),
  formatRate(f.success.grounded_exact, f.success.out_of, 'en'),
];

describe('a dispute of the demo decided in the UI, asked first', () => {
  it('upheld: the dialog shows the participant’s figures before → after as main computes them; Confirm records it under the reviewer’s name', async () => {
    const decision = {
      dispute_id: demo.dispute.id,
      decision: 'upheld',
      change: 'supported',
      reason: REASON,
      reviewer: ACTOR,
    };
    const recorded = await auditTotal();
    // What main says the decision changes, asked over the contract (a preview writes nothing).
    const expected = await call<DecisionPreview>('dispute.preview', decision);
    expect(expected.after.overclaim.unsupported).toBe(expected.before.overclaim.unsupported! - 1);
    expect(expected.reviewed).toBe(true);
    expect(await auditTotal()).toBe(recorded);

    await nav(page).getByRole('link', { name: 'Disputes', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Disputes', exact: true }).waitFor();
    await page.getByRole('button', { name: demo.dispute.id }).click();
    const review = page.getByRole('region', { name: `Review of ${demo.dispute.id}` });
    await review.getByRole('heading', { name: 'Stored evidence' }).waitFor();
    // The reviewer starts as the person acting, once the overview that names them has answered (the header says it).
    await page.getByText(`Acting as ${ACTOR}`).waitFor();
    await review.getByRole('button', { name: 'Review and decide…' }).click();
    expect(await review.getByLabel('Reviewer').inputValue()).toBe(ACTOR);
    await review.getByLabel('upheld').check();
    await review.getByLabel('What the assertion becomes').selectOption('supported');
    await review.getByLabel('Reason (published)').fill(REASON);
    await review.getByRole('button', { name: 'Record the decision' }).click();

    const dialog = page.getByRole('dialog', { name: `Record the decision on ${demo.dispute.id}?` });
    await dialog.waitFor();
    const row = dialog.getByRole('row', { name: new RegExp(`\\(${demo.dispute.participantId}\\)`) });
    const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
    const [overclaimBefore, successBefore] = cellsOf(expected.before);
    const [overclaimAfter, successAfter] = cellsOf(expected.after);
    expect(cells).toEqual([overclaimBefore, overclaimAfter, successBefore, successAfter]);
    await dialog
      .getByText(`Upheld: publishes correction v${expected.version}, correcting v${expected.latest_version}.`)
      .waitFor();
    await dialog.getByText(`It also records the review, by ${ACTOR}.`).waitFor();
    expect(await auditTotal()).toBe(recorded);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'e2e-decision-dialog');

    await dialog.getByRole('button', { name: 'Confirm the decision' }).click();
    await page.getByText(`corrects version ${expected.latest_version} (${demo.dispute.id})`).waitFor();
    // The entries recorded since, newest first.
    const entries = (await audit((await auditTotal()) - recorded)).entries;
    const acts = entries.filter((e) => e.action.startsWith('dispute.'));
    expect(acts.map((e) => e.action).sort()).toEqual(['dispute.decide', 'dispute.review']);
    for (const e of acts) expect(e.actor).toBe(ACTOR);
    expect(entries.map((e) => e.actor)).not.toContain('console');

    await nav(page).getByRole('link', { name: 'Audit', exact: true }).click();
    const log = page.getByRole('table', { name: /^Audit log/ });
    await log.getByText('dispute.decide').first().waitFor();
    await settled(page);
    const decided = log.getByRole('row').filter({ hasText: 'dispute.decide' });
    expect(await decided.first().textContent()).toContain(ACTOR);
    await screenshot(page, shots, 'e2e-decision-audit');
  }, 120_000);
});
