import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import { operatorApiKey } from '../devnet/support/trust-layer-calls.ts';
import { consoleServicesOf } from '../../main/cli/console-service-options.ts';
import { DEFAULT_CORPUS_DIR } from '../../devnet/season/demo-corpus.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { latestSeasonClose } from '../../main/db/publications.ts';
import { systemClock, type Clock } from '../../main/services/clock.ts';
import { defaultKeyFile } from '../../main/services/index-export/signing-key.ts';
import { artefactsDir, screenshot, seriousViolations, tabTo } from '../renderer/screen-checks.ts';
import { consoleInChromium, everyScreen, nav, type ConsoleInChromium } from './support/console-in-chromium.ts';
import { playParticipants, type Submitted } from './support/scripted-participants.ts';

// A season's whole life from a track with no freeze, in Chromium against the real console in headless mode: a real
// devnet (Trust Layer, TSA, log, corpus hosts, season service), the console given its Trust Layer and season service
// as `proveit console --trust-layer --api-key-file --season-base --season-url --operator-token-file --trust` gives them
// (consoleServicesOf), an empty operator database. The track is frozen from the Freeze screen by keyboard and
// published; scripted participants enroll, read and submit while the window is open; the first close runs from the
// Scoring screen (reading the season service's export) once the window has closed, then publish → dispute →
// correction → Index export → verify.
// One clock for all of them, which the test moves: the devnet's (TSA genTime, proof timestamps, the season host's
// window and export), the console's and its job workers' (the close reveals the key only from closes_at on it and dates
// its record by it: docs/console-backend.md "Background work (migrations 9, 10 and 12)"). It is the system clock moved
// forward to each of the season's instants, so the freeze is anchored before the opening and the reads fall between
// opening and close (spec §8, §9) because the test says so, never by waiting for them. The opening is picked 30 minutes
// ahead, as the console asks of an operator (20 at least, the Trust Layer's batch age plus the margin:
// FREEZE_OPENING_TOO_SOON, docs/freeze.md "Timeline"); the freeze's batch is closed by the test before the opening, as
// that rule guarantees in production.
// Screenshots go to test-artefacts/e2e-season-from-freeze/.
const shots = artefactsDir('e2e-season-from-freeze');
const REGION = 'Season 1 · conformite';
const AGENTS = ['reference', 'careful', 'overclaims', 'abstains'] as const;
let dir: string;
let devnet: Devnet;
let dbFile: string;
let ui: ConsoleInChromium;
let window: { opensAt: number; closesAt: number };
let participants: Submitted[];
let disputeId: string;
/** How far the season's clock runs ahead of the system's: 0 at the freeze, then as far as the test moved it. */
let aheadMs = 0;
/** The season's clock: the system's, moved forward by the test (it runs on between the instants, as time does). */
const clock: Clock = { now: () => Date.now() + aheadMs, sleep: systemClock.sleep };

/** Moves the season's clock on to `at` (the opening, the close, a dispute's receipt): never back, never waited for. */
function moveTo(at: number): void {
  aheadMs = Math.max(aheadMs, at - Date.now());
}

/** A whole second at or before `at`, as the date-time pickers take it (YYYY-MM-DDTHH:MM:SSZ). */
const wholeSecond = (at: number) => new Date(Math.floor(at / 1000) * 1000).toISOString().replace('.000', '');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'proveit-e2e-freeze-'));
  const seasonDir = join(dir, 'corpus', 'season-1');
  cpSync(DEFAULT_CORPUS_DIR, seasonDir, { recursive: true });
  devnet = await startDevnet({
    stateDir: join(dir, 'devnet'),
    corpusDir: seasonDir,
    batchSize: 10_000,
    // Batches are anchored when the test says (the freeze before the opening, the reads before the close), never by
    // age: the clock jumps by hours.
    batchAgeSeconds: 10 * 365 * 24 * 3600,
    now: () => new Date(clock.now()),
  });
  const apiKeyFile = join(dir, 'operator.key');
  writeFileSync(
    apiKeyFile,
    `${await operatorApiKey(devnet.info.trust_layer, 'operator@e2e.example.org', devnet.info.operator_key_file as string)}\n`,
  );
  const tokenFile = join(dir, 'operator.token');
  writeFileSync(tokenFile, `${devnet.info.internal_secret}\n`);
  const services = await consoleServicesOf({
    'trust-layer': devnet.info.trust_layer,
    'api-key-file': apiKeyFile,
    'season-base': devnet.info.virtual_hosts.season,
    'season-url': devnet.info.season,
    'operator-token-file': tokenFile,
    trust: devnet.info.trust_bundle,
  });
  if (typeof services === 'string') throw new Error(services);
  // An empty operator database (a missing one would be filled with the demo season), and beside it the operator key
  // the devnet's season host accepts freezes from: the Freeze screen signs with the key beside the database.
  dbFile = join(dir, 'console.sqlite');
  openDatabase(dbFile).close();
  copyFileSync(devnet.info.operator_key_file as string, defaultKeyFile(dbFile));
  ui = await consoleInChromium({
    dbFile,
    corpusDir: join(dir, 'corpus'),
    defaultCorpusDir: join(dir, 'corpus'),
    services,
    clock,
  });
}, 300_000);

afterAll(async () => {
  await ui?.close();
  await devnet?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const open = () => ui.open();

describe('a season from its freeze to its verified Index, in the console', () => {
  it('draft: the track has no freeze; Season says to freeze it; every screen passes axe', async () => {
    const page = await open();
    const region = page.getByRole('region', { name: REGION });
    await region.getByText('draft', { exact: true }).waitFor();
    expect(await region.getByRole('link', { name: 'Go to Freeze' }).count()).toBe(1);
    await everyScreen(page, shots, 'draft');
    await page.close();
  }, 120_000);

  it('freeze from the keyboard: the window picked in UTC, key → commit → anchor, then published', async () => {
    const page = await open();
    await tabTo(page, 'Freeze');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Freeze the track (before opening)' }).waitFor();
    // Refused in the form first: no instant picked.
    await tabTo(page, 'Freeze the track', 120);
    await page.keyboard.press('Enter');
    await page.getByText('FREEZE_TIME_FORMAT').waitFor();
    // Opens in 30 minutes (the console refuses under 20, FREEZE_OPENING_TOO_SOON) for a day: the clock is moved to
    // the opening and the close, so four participants' reads and submissions fit in the window whatever the
    // machine's load (spec §8, §9).
    const opensAt = wholeSecond(clock.now() + 30 * 60_000);
    const closesAt = wholeSecond(Date.parse(opensAt) + 24 * 3600_000);
    window = { opensAt: Date.parse(opensAt), closesAt: Date.parse(closesAt) };
    // The pickers read what they hold as UTC (components/UtcInstantInput.svelte): the instants without their Z.
    await page.getByLabel('Opens at (UTC)').fill(opensAt.slice(0, 19));
    await page.getByLabel('Closes at (UTC)').fill(closesAt.slice(0, 19));
    await page.getByLabel('Closes at (UTC)').focus();
    await tabTo(page, 'Freeze the track', 20);
    await page.keyboard.press('Enter');
    const steps = page.locator('ol.steps li');
    await steps.first().waitFor({ timeout: 60_000 });
    expect(await steps.allTextContents()).toHaveLength(4);
    expect(await steps.nth(3).textContent()).toContain('not yet');
    // The freeze's batch is anchored now, before the opening (the close checks it).
    expect(await devnet.closeBatch()).not.toBeNull();
    await page.getByRole('button', { name: 'Check the anchor' }).click();
    await steps
      .nth(2)
      .getByText(/RFC 3161 time/)
      .waitFor();
    await tabTo(page, 'Publish the freeze');
    await page.keyboard.press('Enter');
    await page.getByText('The freeze publication is written beside the database, in freezes/.').waitFor();
    expect(await steps.nth(3).textContent()).toContain('published');
    expect(readFileSync(join(dir, 'freezes', 'season-1-conformite-publication.json'), 'utf8')).toContain('in_force');
    // Before the close the key stays sealed: the reveal is off, naming the close (main refuses it, FREEZE_NOT_CLOSED).
    const reveal = page.getByRole('button', { name: 'Reveal key and salt (at close)' });
    await expect.poll(() => reveal.isDisabled()).toBe(true);
    expect(await page.locator('#reveal-wait').getAttribute('data-code')).toBe('FREEZE_NOT_CLOSED');
    expect(await page.locator('#reveal-wait').textContent()).toMatch(/closes in .+ \(.+ UTC\)/);
    await screenshot(page, shots, 'freeze-published');
    expect(await seriousViolations(page)).toEqual([]);
    await nav(page).getByRole('link', { name: 'Season', exact: true }).click();
    await page.getByRole('region', { name: REGION }).getByText('frozen', { exact: true }).waitFor();
    await page.close();
  }, 120_000);

  it('open: the scripted participants enroll, read through the proxy and submit inside the window', async () => {
    moveTo(window.opensAt + 1000);
    // Four of the demo's five: the devnet allows five signups per address and hour, and the operator took one (the
    // constant-verdict agent is left to tests/e2e/season-life.test.ts's demo season).
    participants = await playParticipants(devnet, join(dir, 'corpus', 'season-1', 'conformite'), AGENTS);
    expect(participants.map((p) => p.agent)).toEqual(AGENTS);
    expect(await devnet.closeBatch()).not.toBeNull();
    expect(clock.now()).toBeLessThan(window.closesAt);
    const page = await open();
    await page.getByRole('region', { name: REGION }).getByText('open', { exact: true }).waitFor();
    await screenshot(page, shots, 'season-open');
    // During the open season "Run the close" is off and names the instant it becomes possible, on the console's clock.
    await nav(page).getByRole('link', { name: 'Scoring', exact: true }).click();
    const runClose = page.getByRole('button', { name: 'Run the close' });
    // Off while the status loads too: wait for the reason the loaded status gives, then check the button is off.
    await expect.poll(() => runClose.getAttribute('aria-describedby')).toBe('close-wait');
    expect(await runClose.isDisabled()).toBe(true);
    expect(await page.locator('#close-wait').textContent()).toMatch(/closes in .+ \(.+ UTC\)/);
    await page.close();
  }, 240_000);

  it('close: the first close runs from Scoring (the export read in main), scores both tables, then publish and export the Index', async () => {
    // The system clock is still a day before closes_at: the close job's worker reveals the key on the console's clock.
    moveTo(window.closesAt + 1000);
    const page = await open();
    await nav(page).getByRole('link', { name: 'Scoring', exact: true }).click();
    await page.getByRole('button', { name: 'Run the close' }).click();
    await page.getByText(/^Close job \d+: done/).waitFor({ timeout: 150_000 });
    const tables = page.locator('section.score-table');
    await tables.nth(1).locator('tbody tr').nth(1).waitFor();
    const drawn = (n: number) => tables.nth(n).locator('tbody tr:not(.best-constant):not(.spacer)');
    expect((await drawn(0).count()) + (await drawn(1).count())).toBe(AGENTS.length);
    await page.getByRole('button', { name: 'Publish the scores' }).click();
    // Nothing was published before: the preview shows every scored participant's figures, then asks.
    await page
      .getByRole('dialog', { name: 'Publish version 1?' })
      .getByRole('button', { name: 'Publish version 1' })
      .click({ timeout: 60_000 });
    await page.getByText(/^Published as version 1/).waitFor({ timeout: 60_000 });
    await screenshot(page, shots, 'scoring-published');
    expect(await seriousViolations(page)).toEqual([]);
    await nav(page).getByRole('link', { name: 'Season', exact: true }).click();
    await page.getByRole('region', { name: REGION }).getByText('published', { exact: true }).waitFor();
    // The next step: the Index, from which the scores are public and the dispute windows run (docs/disputes.md).
    await nav(page).getByRole('link', { name: 'Index', exact: true }).click();
    await page.getByRole('button', { name: 'Export the Index' }).click();
    const exported = page.getByText(/^Version 1 exported: \d+ files written in /);
    await exported.or(page.getByRole('alert')).first().waitFor({ timeout: 60_000 });
    expect(await exported.count(), (await page.getByRole('alert').allTextContents()).join('\n')).toBe(1);
    await page.close();
  }, 300_000);

  it('dispute → correction: a participant’s dispute, upheld from the keyboard with its reason, is version 2', async () => {
    // The participant disputes an unsupported assertion of its published report (docs/disputes.md).
    const overclaims = participants.find((p) => p.agent === 'overclaims') as Submitted;
    let disputed: { task_id: string; assertion_id: string; status: string } | undefined;
    const db = openDatabase(dbFile);
    try {
      const close = latestSeasonClose(db, 1, 'conformite');
      const report = JSON.parse(
        readFileSync(join(close?.outDir ?? '', 'reports', `${overclaims.participantId}.json`), 'utf8'),
      ) as { assertions: { task_id: string; assertion_id: string; status: string }[] };
      disputed = report.assertions.find((a) => a.status === 'unsupported');
      expect(disputed).toBeDefined();
    } finally {
      db.close();
    }
    // Staff receive it on the Disputes screen an hour after the publication, from the keyboard; the receipt time is
    // picked in UTC (docs/console.md "Screens"), the date-time picker's value set as a whole: a whole second, after the
    // publication and not later than the console's now (DISPUTE_RECEIVED_IN_FUTURE otherwise).
    moveTo(clock.now() + 3600_000);
    const receiving = await open();
    await tabTo(receiving, 'Disputes');
    await receiving.keyboard.press('Enter');
    // The form opens in a dialog, on its Close button; Tab reaches the participant field next.
    await tabTo(receiving, 'Receive a dispute…', 200);
    await receiving.keyboard.press('Enter');
    await receiving.getByRole('heading', { name: /^Receive a dispute on/ }).waitFor();
    await tabTo(receiving, 'Participant (participant_id)', 200);
    await receiving.keyboard.type(overclaims.participantId);
    await tabTo(receiving, 'Disputed assertion (TASK_ID/ASSERTION_ID)', 5);
    await receiving.keyboard.type(`${disputed?.task_id}/${disputed?.assertion_id}`);
    await tabTo(receiving, 'Reason, as received', 5);
    await receiving.keyboard.type('The participant states that the value claimed is the one the resource served.');
    await tabTo(receiving, 'Received at (UTC)', 5);
    const receivedAt = wholeSecond(clock.now()).slice(0, 19);
    await receiving.getByLabel('Received at (UTC)').fill(receivedAt);
    // Tab walks the picker's date and time parts before it leaves the field.
    await tabTo(receiving, 'Record the dispute', 20);
    await receiving.keyboard.press('Enter');
    const receipt = receiving.getByText(/^Dispute \S+ received; decision due/);
    await receipt.or(receiving.getByRole('alert')).first().waitFor({ timeout: 60_000 });
    const said = (await receipt.count()) === 1 ? await receipt.textContent() : null;
    expect(said, (await receiving.getByRole('alert').allTextContents()).join('\n')).not.toBeNull();
    disputeId = /^Dispute (\S+) received/.exec(said ?? '')?.[1] ?? '';
    await receiving.close();
    const page = await open();
    await tabTo(page, 'Disputes');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Disputes, by decision deadline' }).waitFor();
    await tabTo(page, disputeId);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Stored evidence' }).waitFor();
    await tabTo(page, 'Review and decide…', 200);
    await page.keyboard.press('Enter');
    await tabTo(page, 'Reviewer', 200);
    // The reviewer starts as the person acting (docs/console-backend.md "Who acts"): another reviewer is typed over it.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Bea');
    await tabTo(page, 'upheld', 20);
    await page.keyboard.press('Space');
    await tabTo(page, 'What the assertion becomes', 20);
    await page.keyboard.press('ArrowDown');
    await tabTo(page, 'Reason (published)', 20);
    await page.keyboard.type('The value is served at the pointer in the frozen body; the claim is supported.');
    await tabTo(page, 'Record the decision', 20);
    await page.keyboard.press('Enter');
    // The confirmation opens on its first button (tests/renderer/dispute-decision.test.ts guards what it shows).
    await page.getByRole('dialog', { name: `Record the decision on ${disputeId}?` }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Confirm the decision');
    await page.keyboard.press('Enter');
    await page.getByText(`corrects version 1 (${disputeId})`).waitFor();
    await screenshot(page, shots, 'disputes-corrected');
    expect(await seriousViolations(page)).toEqual([]);
    await nav(page).getByRole('link', { name: 'Season', exact: true }).click();
    await page.getByRole('region', { name: REGION }).getByText('corrected', { exact: true }).waitFor();
    await page.close();
  }, 120_000);

  it('verify: the freeze against its reveal, the Index exported and verified, the audit log intact', async () => {
    const page = await open();
    await nav(page).getByRole('link', { name: 'Freeze', exact: true }).click();
    await page.getByRole('button', { name: 'Verify the freeze' }).click();
    await page.getByText('The freeze verifies: rules, manifest, key commitment and proof match.').waitFor();
    await nav(page).getByRole('link', { name: 'Index', exact: true }).click();
    await page.getByRole('button', { name: 'Export the Index' }).click();
    const exported = page.getByText(
      /^Version \d+ exported: \d+ files written in .+, the \d+ files the signed manifest lists/,
    );
    await exported.or(page.getByRole('alert')).first().waitFor({ timeout: 60_000 });
    expect(await exported.count(), (await page.getByRole('alert').allTextContents()).join('\n')).toBe(1);
    await page.getByRole('button', { name: 'Verify the export' }).click();
    await page
      .getByText(
        /^Index version \d+ in .+ verifies: the signature and the \d+ files the manifest lists, every row untouched\.$/,
      )
      .waitFor();
    await screenshot(page, shots, 'index-verified');
    await nav(page).getByRole('link', { name: 'Audit', exact: true }).click();
    await page.getByRole('button', { name: 'Verify the audit log' }).click();
    await page.getByText(/^Intact: \d+ entries/).waitFor();
    const actions = await page
      .getByRole('table', { name: /Audit log/ })
      .locator('tbody td code')
      .allTextContents();
    for (const action of ['freeze.create', 'freeze.publish', 'season.publish']) expect(actions).toContain(action);
    await everyScreen(page, shots, 'corrected');
    await page.close();
  }, 180_000);
});
