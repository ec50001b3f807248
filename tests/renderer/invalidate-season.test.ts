import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureInChromium, type FixtureInChromium } from './fixture-in-chromium.ts';
import { artefactsDir, screenshot, seriousViolations } from './screen-checks.ts';

// Issue 38, point 2 (docs/freeze.md "Invalidating a season"; docs/console.md, Freeze and Season): "Invalidate the
// season" on the Freeze screen asks first and shows what stops; off with its reason on a closed track; once
// invalidated, the Freeze screen shows when, why and its proof with the reveal, and the Season card and the context bar
// say `invalidated` with no close advice. Against the test dispatch (console-fixture.ts: its generique track open),
// in Chromium, axe-checked, in English and French: one page session.
const shots = artefactsDir('renderer-invalidate-season');
let ui: FixtureInChromium;

beforeAll(async () => {
  ui = await fixtureInChromium();
  ui.fixture.invalidation.open = true;
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

describe('invalidating a season from the Freeze screen', () => {
  it('asks for a reason, then confirms showing what stops; the invalidated track shows its state, the reveal and no close advice, in English and French, axe clean', async () => {
    const { calls } = ui.fixture;
    const invalidations = () => calls.filter((c) => c.channel === 'season.invalidate');
    const page = await ui.open('#/freeze');
    const act = page.getByRole('button', { name: 'Invalidate the season…' });

    // A published track (conformite): the act is off, with its reason beside it.
    await page.getByRole('heading', { level: 4, name: 'Invalidate the season (after opening)' }).waitFor();
    expect(await act.isDisabled()).toBe(true);
    expect(await act.getAttribute('aria-describedby')).toBe('invalidate-wait');
    expect(await page.locator('#invalidate-wait').getAttribute('data-code')).toBe('SEASON_INVALIDATE_CLOSED');
    expect(await page.locator('#invalidate-wait').textContent()).toContain('published as a correction');

    // The open track (generique): the act is on; the reveal waits for the close.
    await page.getByLabel('Track').selectOption('1/generique');
    await expect.poll(() => act.isDisabled()).toBe(false);
    expect(await page.locator('#reveal-wait').getAttribute('data-code')).toBe('FREEZE_NOT_CLOSED');

    // No reason: refused in the form, nothing asked, nothing sent.
    await act.click();
    await page.getByText('SEASON_INVALIDATE_REASON_INVALID').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // A reason: the confirmation says what stops; Cancel sends nothing.
    const reason = 'Task gen-01’s expected answer was changed after the opening';
    await page.getByLabel('Reason (published with the invalidation)').fill(reason);
    await act.click();
    const dialog = page.getByRole('dialog', { name: 'Invalidate the season (after opening)' });
    await dialog.waitFor();
    const asked = (await dialog.textContent()) ?? '';
    expect(asked).toContain('Invalidate season 1, track generique? This cannot be undone.');
    expect(asked).toContain('refuses every submission for the track (SEASON_TRACK_INVALIDATED)');
    expect(asked).toContain('The key and salt, at once: revealed right after the invalidation');
    expect(asked).toContain('nothing of this season’s track is closed, scored or ranked');
    expect(asked).toContain('the track starts over as season 2');
    expect(asked).toContain(`Reason published: ${reason}`);
    await screenshot(page, shots, 'confirmation');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(invalidations()).toEqual([]);

    // Confirmed: season.invalidate with the reason, then the reveal at once.
    await act.click();
    await dialog.getByRole('button', { name: 'Invalidate the season', exact: true }).click();
    const shown = page.getByRole('region', { name: 'Season invalidated' });
    await shown.waitFor();
    expect(invalidations()).toEqual([
      { channel: 'season.invalidate', args: { season: 1, track: 'generique', reason } },
    ]);
    expect(calls.map((c) => c.channel).slice(-3, -1)).toEqual(['season.invalidate', 'freeze.reveal']);
    const facts = (await shown.textContent()) ?? '';
    expect(facts).toContain(reason);
    expect(facts).toContain('prf_20261210_090000_dddddd');
    expect(facts).toContain('prf_20260920_120000_aaaaaa');
    expect(facts).toMatch(/Key and salt revealed at .+: anyone can check them against the commitment/);
    expect(await act.count()).toBe(0);
    await screenshot(page, shots, 'freeze-invalidated');
    expect(await seriousViolations(page)).toEqual([]);

    // The Season card and the context bar: invalidated, its reason, and the next season rather than the close.
    await page.evaluate(() => (window.location.hash = '#/season'));
    const card = page.getByRole('region', { name: 'Season 1 · generique' });
    await card.getByText('start over as season 2').waitFor();
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain('invalidated');
    expect(cardText).toContain(`reason: ${reason}`);
    expect(cardText).not.toMatch(/run the close/i);
    expect(await card.getByRole('link', { name: 'Go to Freeze' }).count()).toBe(1);
    const bar = page.getByRole('region', { name: 'Context' });
    expect(await bar.locator('.state-invalidated').textContent()).toBe('invalidated');
    expect(await bar.textContent()).toContain('none: the next step is an act');
    await screenshot(page, shots, 'season-invalidated');
    expect(await seriousViolations(page)).toEqual([]);

    // French.
    await page.getByRole('button', { name: 'Français' }).click();
    const carte = page.getByRole('region', { name: 'Saison 1 · generique' });
    await carte.getByText('recommencez comme saison 2').waitFor();
    expect(await carte.locator('.state-invalidated').textContent()).toBe('invalidée');
    expect(await carte.textContent()).toContain(`motif : ${reason}`);
    expect(await carte.textContent()).not.toMatch(/lancez la clôture/i);
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => (window.location.hash = '#/freeze'));
    const montre = page.getByRole('region', { name: 'Saison invalidée' });
    await montre.waitFor();
    expect(await montre.textContent()).toMatch(/Clé et sel révélés le .+ : chacun peut les vérifier/);
    await screenshot(page, shots, 'freeze-invalidated-fr');
    expect(await seriousViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);
});
