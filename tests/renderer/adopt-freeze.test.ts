import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatch } from '../../main/ipc/dispatcher.ts';
import { fixtureInChromium, type FixtureInChromium } from './fixture-in-chromium.ts';
import { artefactsDir, screenshot, seriousViolations } from './screen-checks.ts';

// Issue 38, point 1 (docs/freeze.md "Adopting a freeze made elsewhere"; docs/console.md, Freeze): a track with no
// freeze offers "Adopt a freeze made elsewhere" beside the freeze form: the chain and the seals pasted, a confirmation
// listing what main checks, a refusal shown with its code and never the salt, then the adopted freeze's steps. Against
// the test dispatch (console-fixture.ts; its compliance track turned back to a track with no freeze until adopted), in
// Chromium, axe-checked, in English and French: one page session.
const shots = artefactsDir('renderer-adopt-freeze');
const hex = (n: number) => n.toString(16).padStart(64, '0');
const WRONG_SALT = 'ab'.repeat(32);
const chain = '{"season": 1, "track": "conformite", "in_force": "prf_20260920_120000_aaaaaa", "freezes": []}';
const seals = (salt: string) =>
  `{"freezes": [{"proof_id": "prf_20260920_120000_aaaaaa", "salt": "${salt}", "key": {"tasks": []}}]}`;
let ui: FixtureInChromium;
let adopted = false;

/** conformite has no freeze until freeze.adopt succeeds (the fixture's own freeze view after). */
const unfrozen =
  (d: Dispatch): Dispatch =>
  async (channel, args) => {
    const track = (args as { track?: string } | undefined)?.track;
    if (channel === 'freeze.view' && track === 'conformite' && !adopted)
      return {
        ok: false,
        error: { code: 'FREEZE_NOT_FOUND', message: 'season 1, track conformite has no freeze in this database' },
      };
    const answer = await d(channel, args);
    if (channel === 'freeze.adopt' && answer.ok) adopted = true;
    return answer;
  };

beforeAll(async () => {
  ui = await fixtureInChromium(unfrozen);
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

describe('adopting a freeze made elsewhere from the Freeze screen', () => {
  it('pastes the chain and seals, confirms what is checked, shows a refusal with its code and no salt, then the adopted freeze, in English and French, axe clean', async () => {
    const adoptions = () => ui.fixture.calls.filter((c) => c.channel === 'freeze.adopt');
    const page = await ui.open('#/freeze');
    const form = page.getByRole('form', { name: 'Adopt a freeze made elsewhere' });
    await form.waitFor();
    const act = form.getByRole('button', { name: 'Check and adopt…' });
    // Off until both documents are pasted, saying so.
    expect(await act.isDisabled()).toBe(true);
    expect(await form.textContent()).toContain('Paste both documents to adopt.');
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('Published freeze chain').fill(chain);
    await form.getByLabel('Sealed salt and key of each freeze').fill(seals(WRONG_SALT));
    await expect.poll(() => act.isDisabled()).toBe(false);

    // The confirmation lists what main checks; Cancel sends nothing.
    await act.click();
    const dialog = page.getByRole('dialog', { name: 'Adopt a freeze made elsewhere' });
    await dialog.waitFor();
    const asked = (await dialog.textContent()) ?? '';
    expect(asked).toContain('Adopt the pasted freeze chain for season 1, track conformite?');
    expect(asked).toContain('verified with both witnesses (RFC 3161 token and Rekor entry), under the challenge’s DID');
    expect(asked).toContain('season.json, the rules text and the manifest');
    expect(asked).toContain('sha256(salt ‖ key) against the commitment anchored');
    expect(asked).toContain('nothing is recorded');
    await screenshot(page, shots, 'confirmation');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(adoptions()).toEqual([]);

    // Confirmed with a salt that is not the committed one: refused with its code; the salt is nowhere on the page.
    await act.click();
    await dialog.getByRole('button', { name: 'Check and adopt', exact: true }).click();
    await form.getByRole('alert').getByText('FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH', { exact: true }).waitFor();
    expect(adoptions()).toEqual([
      {
        channel: 'freeze.adopt',
        args: { season: 1, track: 'conformite', freeze_chain: chain, seals: seals(WRONG_SALT) },
      },
    ]);
    expect(await page.locator('body').innerText()).not.toContain(WRONG_SALT);
    await screenshot(page, shots, 'refused');
    expect(await seriousViolations(page)).toEqual([]);

    // French: the form and the refusal in the screen's language; adopted with the committed salt.
    await page.getByRole('button', { name: 'Français' }).click();
    const formulaire = page.getByRole('form', { name: 'Adopter un gel fait ailleurs' });
    await formulaire.waitFor();
    expect(await formulaire.getByRole('alert').textContent()).toContain('FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH');
    await formulaire.getByLabel('Sel et clé scellés de chaque gel').fill(seals(hex(34)));
    await formulaire.getByRole('button', { name: 'Vérifier et adopter…' }).click();
    const dialogue = page.getByRole('dialog', { name: 'Adopter un gel fait ailleurs' });
    await dialogue.waitFor();
    expect(await dialogue.textContent()).toContain('sha256(sel ‖ clé) contre l’engagement ancré');
    expect(await seriousViolations(page)).toEqual([]);
    await dialogue.getByRole('button', { name: 'Vérifier et adopter', exact: true }).click();

    // The adopted freeze's steps replace the forms.
    await formulaire.waitFor({ state: 'detached' });
    await page.getByText('prf_20260920_120000_aaaaaa').first().waitFor();
    expect(adoptions()).toHaveLength(2);
    expect(await page.locator('body').innerText()).not.toContain(hex(34));
    await screenshot(page, shots, 'adopted-fr');
    expect(await seriousViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);
});
