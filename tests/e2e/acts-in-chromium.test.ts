import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { artefactsDir, goToScreen, screenshot, seriousViolations, settled } from '../renderer/screen-checks.ts';
import { copyOfSharedDemo } from '../support/played-demo.ts';
import { consoleInChromium, type ConsoleInChromium } from './support/console-in-chromium.ts';

// docs/console-backend.md "Who acts", in Chromium: the console started without --actor asks the person's name once;
// then the Incidents screen opens, notes and assigns an incident, and the Index screen fixes a linter finding in place,
// each act recorded under that name (the Audit screen shows it). Screenshots go to test-artefacts/e2e-acts/.
const root = resolve(import.meta.dirname, '../..');
const shots = artefactsDir('e2e-acts');
const STAFF = 'Bea Santos';
// The run's demo, copied: the acts write to its database, none to a close folder.
const demo = copyOfSharedDemo();
let ui: ConsoleInChromium;
let page: Page;

beforeAll(async () => {
  // No --actor: the screens ask.
  ui = await consoleInChromium({ dbFile: demo.db, defaultCorpusDir: join(root, 'corpus'), actor: undefined });
  page = await ui.open();
}, 300_000);

afterAll(async () => {
  await page?.close();
  await ui?.close();
});

const participant = (agent: string) => demo.participants.find((p) => p.agent === agent)!.participantId;
const screen = (name: string) => goToScreen(page, name);

describe('every act in the UI, signed by a person', () => {
  it('the name is asked once in a dialog (axe clean), kept for the session, and shown in the header', async () => {
    const dialog = page.getByRole('dialog', { name: 'Who is acting?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'actor-dialog');
    await dialog.getByRole('button', { name: 'Act under this name' }).click();
    await dialog.getByText('The text is empty.').waitFor();
    await dialog.getByLabel('Your name').fill(STAFF);
    await dialog.getByRole('button', { name: 'Act under this name' }).click();
    await page.getByText(`Acting as ${STAFF}`).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(ui.opened.ctx.actor?.name).toBe(STAFF);
  });

  it('Incidents: open one by hand, add a note, give it a new owner; axe clean', async () => {
    await screen('Incidents');
    const form = page.getByRole('form', { name: 'Open an incident by hand' });
    await form.getByLabel('Kind').selectOption('corpus_outage');
    await form.getByLabel('What happened').fill('corpus host down 14:00-14:20');
    await form.getByLabel('Window start (UTC)').fill('2026-10-20T14:00:00');
    await form.getByLabel('Window end (UTC)').fill('2026-10-20T14:20:00');
    await form.getByLabel(/^Affected participants/).fill(participant('careful'));
    await form.getByRole('button', { name: 'Open the incident' }).click();
    await form.getByText(/^Incident \d+ opened\.$/).waitFor();
    const detail = page.getByRole('region', { name: /^Incident \d+$/ });
    await detail.getByText('corpus host down 14:00-14:20').waitFor();
    expect(await detail.textContent()).toContain(STAFF);

    const noteForm = detail.getByRole('form', { name: 'Add a note' });
    await noteForm.getByLabel('Note').fill('the host answered again at 14:20');
    await noteForm.getByRole('button', { name: 'Add the note' }).click();
    await detail.getByText(`${STAFF} · note: the host answered again at 14:20`, { exact: false }).waitFor();

    const assignForm = detail.getByRole('form', { name: 'Give it a new owner' });
    await assignForm.getByLabel('New owner').fill('Chris Moreau');
    await assignForm.getByRole('button', { name: 'Assign' }).click();
    await detail.getByText(`${STAFF} · new owner: Chris Moreau`, { exact: false }).waitFor();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'incidents-acts');
  });

  it('Index: a model name in a negative category gets a rename control; renaming there clears the finding; axe clean', async () => {
    // The finding as a participant's name would raise it (the rename itself is an act of this session's person).
    const dispatch = createDispatcher(createConsoleHandlers(ui.opened.ctx));
    const overclaims = participant('overclaims');
    const named = await dispatch('participant.rename', {
      season: 1,
      participant_id: overclaims,
      display_name: 'Claude scout',
    });
    expect(named.ok).toBe(true);
    await screen('Index');
    const findings = page.getByRole('table', { name: /finding/i });
    await findings.waitFor();
    const fix = findings.getByRole('form', { name: `Fix it here: ${overclaims}` }).first();
    await fix.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'index-finding-fix');
    await fix.getByLabel('Display name the Index shows').fill('Agent C');
    await fix.getByRole('button', { name: 'Rename the participant' }).click();
    await page.getByText('No finding', { exact: false }).first().waitFor();
    expect(await page.getByRole('table', { name: /finding/i }).count()).toBe(0);

    // Anchoring needs the Trust Layer given at start: off here, naming the options (main refuses it with the same code).
    const anchor = page.getByRole('button', { name: 'Anchor the exported Index' });
    await expect.poll(() => anchor.isDisabled()).toBe(true);
    expect(await page.locator('#anchor-wait').getAttribute('data-code')).toBe('CONSOLE_TRUST_LAYER_NOT_CONFIGURED');
    expect(await page.locator('#anchor-wait').textContent()).toContain('--trust-layer URL --api-key-file FILE');
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'index-fixed');
  });

  it('Audit: the acts are recorded under the name given, never as "console"', async () => {
    await screen('Audit');
    const log = page.getByRole('table', { name: /^Audit log/ });
    await log.waitFor();
    const text = (await log.textContent()) ?? '';
    expect(text).toContain(STAFF);
    for (const action of ['incident.open', 'incident.note', 'participant.rename']) expect(text).toContain(action);
    await screenshot(page, shots, 'audit-actor');
  });

  it('a corrected assertion says what it was: "corrected (was unsupported assertion)", never "was undefined"', async () => {
    const dispatch = createDispatcher(createConsoleHandlers(ui.opened.ctx));
    const decided = await dispatch('dispute.decide', {
      dispute_id: demo.dispute.id,
      decision: 'upheld',
      change: 'supported',
      reason: 'The frozen body carries the claimed value at that field.',
    });
    expect(decided.ok, JSON.stringify(decided)).toBe(true);
    await page.reload();
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await screen('Scoring');
    await page.locator('section.score-table').nth(1).getByRole('button', { name: 'Agent C' }).click();
    const report = page.getByRole('region', { name: /^Report of / });
    await report.getByRole('table', { name: 'Assertions' }).waitFor();
    const row = report.getByRole('row', { name: new RegExp(`${demo.dispute.taskId}/${demo.dispute.assertionId}\\b`) });
    const cell = (await row.textContent()) ?? '';
    expect(cell).toContain('corrected (was unsupported');
    expect(cell).not.toContain('undefined');
    await screenshot(page, shots, 'report-corrected');
  });
});
