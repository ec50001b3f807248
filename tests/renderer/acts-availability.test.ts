import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isoUtc } from '../../main/core/time/iso-utc.ts';
import type { IpcAnswer } from '../../main/ipc/contract.ts';
import type { FreezeView, SeasonTrackStatus } from '../../renderer/src/api/operations.ts';
import { fixtureInChromium, type FixtureInChromium } from './fixture-in-chromium.ts';
import { artefactsDir, screenshot, seriousViolations } from './screen-checks.ts';

// Issue 37, point 4, "acts that know the season's state" (docs/console.md "Acts that know the season's state"): each
// act's button is off with its reason and, when time alone lifts it, the instant with the time left on the console's
// clock. Against the test dispatch (console-fixture.ts) served by the real headless server, in Chromium, axe-checked;
// the page's clock is moved, never waited for.
const shots = artefactsDir('renderer-acts-availability');
let ui: FixtureInChromium;
let fixture: FixtureInChromium['fixture'];

const MIN = 60_000;
/**
 * "closes in N min S s" with up to a minute of real time gone: between the test's moves the page's clock runs as the
 * real one (the console's countdown ticks on it), and a loaded machine spends tens of seconds on axe and screenshots.
 */
const closesIn = (minutes: number) => `closes in (?:${minutes} min [0-3]\\d|${minutes - 1} min [0-5]\\d) s`;
/** The open season: when it set in (the console's `now`), its close 9 min 30 s later; null: the fixture's season. */
let openAt: number | null = null;
/** Nothing of the season published yet, nothing exported. */
let nothingPublished = false;
/** How far main's clock was moved, as the page's is: a view read later says a later `now`. */
let movedMs = 0;
const mainNow = () => isoUtc(Date.now() + movedMs);

/** The fixture's answers, turned into an open track (conformite) or a season with nothing published. */
function reshape(channel: string, answer: IpcAnswer<unknown>): IpcAnswer<unknown> {
  if (!answer.ok) return answer;
  if (openAt !== null && channel === 'season.status') {
    const tracks = (answer.value as { tracks: SeasonTrackStatus[] }).tracks.map((t) =>
      t.track !== 'conformite'
        ? t
        : {
            ...t,
            state: 'open' as const,
            opens_at: isoUtc(openAt! - 10 * MIN),
            closes_at: isoUtc(openAt! + 9.5 * MIN),
            revealed_at: null,
            latest_close_at: null,
            published_at: null,
            latest_version: null,
            dispute_window_ends_at: null,
            disputes_open: 0,
            disputes_at_risk: 0,
            disputes_overdue: 0,
            now: mainNow(),
          },
    );
    return { ok: true, value: { tracks } };
  }
  if (openAt !== null && channel === 'freeze.view') {
    const v = answer.value as FreezeView;
    return {
      ok: true,
      value: {
        ...v,
        revealed_at: null,
        freezes: v.freezes.map((f) => ({ ...f, closes_at: isoUtc(openAt! + 9.5 * MIN) })),
        anchor_deadline: v.anchor_deadline && { ...v.anchor_deadline, now: mainNow() },
      },
    };
  }
  if (nothingPublished && channel === 'index.status') return { ok: true, value: { season: 1, newest: null } };
  return answer;
}

beforeAll(async () => {
  ui = await fixtureInChromium((dispatch) => async (channel, args) => {
    if (nothingPublished && channel === 'index.preview')
      return {
        ok: false,
        error: {
          code: 'INDEX_NOTHING_PUBLISHED',
          message: 'season 1 has no publication: run proveit season publish first',
          details: { season: 1 },
        },
      };
    return reshape(String(channel), await dispatch(channel, args));
  });
  fixture = ui.fixture;
}, 180_000);

beforeEach(() => {
  openAt = null;
  nothingPublished = false;
  movedMs = 0;
  fixture.index.anchor = 'pending';
});

afterAll(async () => {
  await ui?.close();
});

describe('the close and the reveal during the open season', () => {
  it('"Run the close" is off during the open season and names the instant ("closes in 9 min 30 s"); on at closes_at; offered once the batch age has passed; the reveal likewise', async () => {
    openAt = Date.now();
    const page = await ui.open('#/scoring', { clock: true });
    const runClose = page.getByRole('button', { name: 'Run the close', exact: true });
    const why = page.locator('#close-wait');
    await why.waitFor();
    await expect.poll(() => runClose.isDisabled()).toBe(true);
    expect(await runClose.getAttribute('aria-describedby')).toBe('close-wait');
    expect(await why.getAttribute('data-code')).toBe('FREEZE_NOT_CLOSED');
    const closesAt = new Date(openAt + 9.5 * MIN);
    const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      closesAt,
    );
    expect(await why.textContent()).toMatch(
      new RegExp(`^\\s*The season is open: it ${closesIn(9)} \\(${shown.replace(/[()]/g, '\\$&')} UTC\\)`),
    );
    // Publication and replay wait for a close, and say so.
    expect(await page.locator('#publish-wait').textContent()).toContain('No close yet: run the close first.');
    expect(await page.locator('#replay-wait').textContent()).toContain('No close yet: there is nothing to replay.');
    expect(await page.getByRole('button', { name: 'Run the close now' }).count()).toBe(0);
    await screenshot(page, shots, 'close-waits');
    expect(await seriousViolations(page)).toEqual([]);

    // The console's clock runs: five minutes on, the countdown says what is left.
    await page.clock.fastForward('05:00');
    movedMs += 5 * MIN;
    await expect.poll(async () => (await why.textContent()) ?? '').toMatch(new RegExp(closesIn(4)));

    // The reveal, on the Freeze screen, waits for the same instant.
    await page.evaluate(() => (window.location.hash = '#/freeze'));
    const reveal = page.getByRole('button', { name: 'Reveal key and salt (at close)' });
    await reveal.waitFor();
    await expect.poll(() => reveal.isDisabled()).toBe(true);
    expect(await page.locator('#reveal-wait').textContent()).toMatch(new RegExp(closesIn(4)));
    expect(await seriousViolations(page)).toEqual([]);

    // Past closes_at, both are on, with no reason left beside them.
    await page.clock.fastForward('04:31');
    movedMs += 4.5 * MIN + 1000;
    await expect.poll(() => reveal.isEnabled()).toBe(true);
    expect(await page.locator('#reveal-wait').count()).toBe(0);
    await page.evaluate(() => (window.location.hash = '#/scoring'));
    await expect.poll(() => runClose.isEnabled()).toBe(true);
    expect(await why.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Run the close now' }).count()).toBe(0);

    // Once closes_at plus the batch age (10 min) has passed with no close, the close is offered, not run.
    await page.clock.fastForward('10:00');
    movedMs += 10 * MIN;
    const offer = page.getByRole('button', { name: 'Run the close now' });
    await offer.waitFor();
    expect(await page.locator('.close-offer').textContent()).toContain(
      'The close is due: the season has closed and its last Trust Layer batches were anchored by',
    );
    expect(fixture.calls.some((c) => c.channel === 'close.run')).toBe(false);
    await screenshot(page, shots, 'close-offered');
    expect(await seriousViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});

describe('the Index acts', () => {
  it('nothing published: export, verify and anchor are off and say why; none is called', async () => {
    nothingPublished = true;
    const page = await ui.open('#/index');
    const exportButton = page.getByRole('button', { name: 'Export the Index' });
    await page.locator('#export-blocked').waitFor();
    expect(await exportButton.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Verify the export' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Anchor the exported Index' }).isDisabled()).toBe(true);
    expect(await page.locator('#export-blocked').getAttribute('data-code')).toBe('INDEX_NOTHING_PUBLISHED');
    expect(await page.locator('#anchor-wait').textContent()).toContain('Nothing of this season is published yet');
    expect(await page.getByText('No export yet: there is nothing to anchor.').count()).toBe(1);
    expect(fixture.calls.filter((c) => ['index.export', 'index.verify', 'index.anchor'].includes(c.channel))).toEqual(
      [],
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('the anchor on screen goes pending → anchored with its RFC 3161 time; Verify names the version, the folder and the files it checked', async () => {
    const page = await ui.open('#/index');
    const state = page.locator('.anchor-state');
    await expect
      .poll(async () => (await state.textContent())?.trim())
      .toBe(
        'Index version 1: pending, proof prf_20261203_100000_cccccc; its Trust Layer batch is not anchored in the view kept yet (check the anchor again in a few minutes).',
      );
    // Anchored once already: anchoring again is off, and the anchor is checked instead.
    expect(await page.getByRole('button', { name: 'Anchor the exported Index' }).isDisabled()).toBe(true);
    expect(await page.locator('#anchor-wait').getAttribute('data-code')).toBe('INDEX_ALREADY_ANCHORED');
    await page.getByRole('button', { name: 'Check the anchor (uses 1 read)' }).click();
    await expect
      .poll(async () => (await state.textContent())?.trim())
      .toBe(
        'Index version 1: anchored by proof prf_20261203_100000_cccccc, RFC 3161 time Dec 3, 2026, 10:04 AM UTC (the version existed by then).',
      );
    expect(fixture.calls.filter((c) => c.channel === 'index.status').at(-1)!.args).toEqual({
      season: 1,
      recheck: true,
    });

    // The linter's finding blocks the export; Verify checks the newest export and says which.
    await page.getByRole('button', { name: 'Verify the export' }).click();
    await page
      .getByText(
        'Index version 1 in /var/lib/proveit/index-exports/season-1-1790000000000 verifies: the signature and the 264 files the manifest lists, every row untouched.',
      )
      .waitFor();
    await screenshot(page, shots, 'index-anchor-verify');
    expect(await seriousViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
