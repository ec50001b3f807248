import { cpSync, mkdtempSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../main/db/open-database.ts';
import { ledgerRows } from '../../main/db/read-ledger.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { defaultKeyFile } from '../../main/services/index-export/signing-key.ts';
import { journeyCorpus } from '../devnet/support/journey-corpus.ts';
import { artefactsDir, screenshot, seriousViolations } from '../renderer/screen-checks.ts';
import { freezeServices } from '../console/support/console-on-freeze-devnet.ts';
import { startFreezeDevnet, type FreezeDevnet } from '../services/freeze/support/freeze-devnet.ts';
import { CLOSES_AT, OPENS_AT, settableClock } from '../services/freeze/support/freeze-ports.ts';
import { consoleInChromium, nav, type ConsoleInChromium } from './support/console-in-chromium.ts';

// The Freeze and Season screens against a freeze's anchor deadline (docs/freeze.md "Timeline (the anchor deadline)"),
// in Chromium on the real console (headless mode) and a devnet Trust Layer whose batch stays pending: the opening's
// live countdown, the replacement closed 20 minutes before it, "re-check now (uses 1 read)" read through the quota, the
// amber state the moment the opening passes with the proof last seen pending, then red "anchored after the opening:
// this freeze cannot score" once a check at the opening still finds it pending, on both screens. The console's clock is
// the test's (set to each instant); the page's countdown runs from it in real time. Screenshots go to
// test-artefacts/e2e-freeze-deadline/.
const shots = artefactsDir('e2e-freeze-deadline');
const opens = Date.parse(OPENS_AT);
const clock = settableClock(opens - 21 * 60_000);
const conformite = { season: 1, track: 'conformite' } as const;
const REGION = 'Season 1 · conformite';
let net: FreezeDevnet;
let dir: string;
let dbFile: string;
let ui: ConsoleInChromium;

const deadline = (page: Page) => page.getByRole('group', { name: /Anchor deadline/ });

async function freezeScreen(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: 'Freeze', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Freeze', exact: true }).waitFor();
  await deadline(page).waitFor();
}

const reads = () => {
  const db = openDatabase(dbFile);
  try {
    return ledgerRows(db).length;
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  net = await startFreezeDevnet('proveit-e2e-deadline-', () => new Date(clock.now()));
  dir = mkdtempSync(join(tmpdir(), 'proveit-e2e-deadline-'));
  cpSync(journeyCorpus.dir, join(dir, 'corpus', 'season-1', 'conformite'), { recursive: true });
  dbFile = join(dir, 'console.sqlite');
  openDatabase(dbFile).close();
  copyFileSync(net.operatorKeyFile, defaultKeyFile(dbFile));
  ui = await consoleInChromium({
    dbFile,
    corpusDir: join(dir, 'corpus'),
    defaultCorpusDir: join(dir, 'corpus'),
    services: freezeServices(net, net.devnet.info.trust_bundle),
    clock,
    actor: 'Test Operator',
  });
  // Frozen 21 minutes before the opening: the earliest the console allows is 20 (FREEZE_OPENING_TOO_SOON).
  const dispatch = createDispatcher(createConsoleHandlers(ui.opened.ctx));
  const frozen = await dispatch('freeze.create', { ...conformite, opens_at: OPENS_AT, closes_at: CLOSES_AT });
  if (!frozen.ok) throw new Error(`${frozen.error.code} ${frozen.error.message}`);
}, 300_000);

afterAll(async () => {
  await ui?.close();
  await net?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the Freeze screen against the anchor deadline', () => {
  it('pending 90 s before the opening: a live countdown, the replacement closed, re-check now through the quota', async () => {
    clock.set(opens - 90_000);
    const page = await ui.open();
    await freezeScreen(page);
    const timer = deadline(page).getByRole('timer');
    const first = await timer.textContent();
    expect(first).toMatch(/^1 min (29|30) s left$/);
    // It counts down on its own, without a reload.
    await page.waitForFunction(
      ([shown]) => document.querySelector('.anchor-deadline [role="timer"]')?.textContent !== shown,
      [first],
    );
    await page.getByText(/Replacements closed on .*FREEZE_OPENING_TOO_SOON/).waitFor();
    await screenshot(page, shots, 'freeze-countdown');
    expect(await seriousViolations(page)).toEqual([]);

    const before = reads();
    await deadline(page).getByRole('button', { name: 'Re-check now (uses 1 read)' }).click();
    await page
      .locator('ol.steps li')
      .nth(2)
      .getByText(/^pending: its batch is not anchored yet/)
      .waitFor();
    expect(reads()).toBe(before + 1);
    await page.close();
  }, 120_000);

  it('the moment the opening passes with the proof last seen pending, the screen asks for a check (amber)', async () => {
    clock.set(opens - 2_000);
    const page = await ui.open();
    await freezeScreen(page);
    await deadline(page).getByRole('timer').waitFor();
    await deadline(page)
      .getByText('The opening has passed and the freeze proof was last seen pending', { exact: false })
      .waitFor({ timeout: 10_000 });
    await page.getByText(/The season opened on .*FREEZE_SEASON_OPENED/).waitFor();
    await screenshot(page, shots, 'freeze-recheck-after-opening');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('a check at the opening still pending turns red "cannot score" on Freeze and Season; Season advises no close', async () => {
    clock.set(opens + 1_000);
    const page = await ui.open();
    await freezeScreen(page);
    await deadline(page).getByRole('button', { name: 'Re-check now (uses 1 read)' }).click();
    await deadline(page).getByText('Anchored after the opening: this freeze cannot score.').waitFor();
    expect(await deadline(page).getByRole('button').count()).toBe(0);
    await screenshot(page, shots, 'freeze-cannot-score');
    expect(await seriousViolations(page)).toEqual([]);

    clock.set(Date.parse(CLOSES_AT) + 60_000);
    await nav(page).getByRole('link', { name: 'Season', exact: true }).click();
    const region = page.getByRole('region', { name: REGION });
    await region.getByText('Anchored after the opening: this freeze cannot score.').waitFor();
    await region.getByText(/this track cannot be scored/).waitFor();
    expect(await region.getByText(/Run the close/).count()).toBe(0);
    await screenshot(page, shots, 'season-cannot-score');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);
});
