import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PendingProof } from '../../renderer/src/api/operations.ts';
import { fixtureInChromium, type FixtureInChromium } from './fixture-in-chromium.ts';
import { artefactsDir, screenshot, seriousViolations, tabTo } from './screen-checks.ts';

// The Proofs screen's "re-check now (uses 1 read)" (docs/console.md "Screens", Proofs) against the test dispatch
// (console-fixture.ts) served by the real headless server: the button on pending rows only, its outcome in the row or
// above the table, the reads used going up by one, the refusal in the screen's words, and all of it by keyboard.
const shots = artefactsDir('renderer-proofs-recheck');
let ui: FixtureInChromium;
let fixture: FixtureInChromium['fixture'];

const ANCHORS = 'prf_20261028_101500_00a1b2';
const STAYS = 'prf_20261028_102000_00c3d4';
const pendingProof = (proofId: string): PendingProof => ({
  proof_id: proofId,
  participant_id: 'p-dan',
  waiting: [{ season: 1, track: 'conformite', participant_id: 'p-dan', name: 'Dan' }],
  first_seen_pending_at: '2026-10-28T10:20:00Z',
  next_recheck_at: '2026-10-28T10:30:00Z',
});
const buttonName = (proofId: string) => `Re-check now (uses 1 read): proof ${proofId}`;

beforeAll(async () => {
  ui = await fixtureInChromium();
  fixture = ui.fixture;
}, 180_000);

beforeEach(() => {
  fixture.proofs.pending = [pendingProof(ANCHORS), pendingProof(STAYS)];
  fixture.proofs.anchorOnRecheck = [ANCHORS];
  fixture.proofs.readsUsed = 3;
  fixture.proofs.trustLayerDown = false;
});

afterAll(async () => {
  await ui?.close();
});

async function openProofs(): Promise<Page> {
  const page = await ui.open('#/proofs');
  await page.getByRole('heading', { level: 2, name: 'Proofs', exact: true }).waitFor();
  await page.getByRole('row', { name: new RegExp(STAYS) }).waitFor();
  return page;
}

const quota = (page: Page, used: number, left: number) =>
  page.getByText(`Quota now: ${used} reads used, ${left} left of 100 per hour`);
const row = (page: Page, proofId: string) => page.getByRole('row', { name: new RegExp(proofId) });

describe('Proofs: re-check now (uses 1 read)', () => {
  it('each pending row, and only a pending row, has the button named with its proof id', async () => {
    const page = await openProofs();
    expect(await page.getByRole('button', { name: /^Re-check now \(uses 1 read\)/ }).count()).toBe(2);
    expect(
      await row(page, ANCHORS)
        .getByRole('button', { name: buttonName(ANCHORS) })
        .count(),
    ).toBe(1);
    expect(
      await row(page, STAYS)
        .getByRole('button', { name: buttonName(STAYS) })
        .count(),
    ).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Re-check' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();

    fixture.proofs.pending = [];
    const empty = await ui.open('#/proofs');
    await empty.getByText('No proof is pending.').waitFor();
    expect(await empty.getByRole('button', { name: /^Re-check now/ }).count()).toBe(0);
    await empty.close();
  });

  it('a proof still pending says so in its row with its next recheck, and the reads used go up by one', async () => {
    const page = await openProofs();
    await quota(page, 3, 97).waitFor();
    await row(page, STAYS)
      .getByRole('button', { name: buttonName(STAYS) })
      .click();
    await row(page, STAYS)
      .getByRole('status')
      .getByText(/^Re-checked \(1 read\): still pending; next recheck at .+ UTC\.$/)
      .waitFor();
    await quota(page, 4, 96).waitFor();
    expect(fixture.calls.filter((c) => c.channel === 'proofs.recheck')).toContainEqual({
      channel: 'proofs.recheck',
      args: { proof_id: STAYS },
    });
    await screenshot(page, shots, 'still-pending');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('a proof found anchored leaves the pending rows and the screen says so; the reads used go up by one', async () => {
    const page = await openProofs();
    await row(page, ANCHORS)
      .getByRole('button', { name: buttonName(ANCHORS) })
      .click();
    await page
      .getByRole('status')
      .getByText(`Proof ${ANCHORS} re-checked (1 read): now anchored; it has left the pending proofs.`)
      .waitFor();
    await quota(page, 4, 96).waitFor();
    expect(await row(page, ANCHORS).count()).toBe(0);
    await page.getByRole('table').getByText('Pending proofs (1)').waitFor();
    await screenshot(page, shots, 'anchored');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('with no read left this hour the row shows the refusal: when the next read is, what to do, its code; nothing counted', async () => {
    fixture.proofs.readsUsed = 100;
    const page = await openProofs();
    await quota(page, 100, 0).waitFor();
    await row(page, STAYS)
      .getByRole('button', { name: buttonName(STAYS) })
      .click();
    const alert = row(page, STAYS).getByRole('alert');
    await alert
      .getByText(
        'No read is left this hour: the next read is possible at Oct 28, 2026, 11:00 AM UTC. The proof stays pending.',
      )
      .waitFor();
    await alert
      .getByText(
        'The hourly read limit is shared by every read of this database: re-check this proof at the time named above.',
      )
      .waitFor();
    await alert.getByText('PROOF_RECHECK_NO_READ_LEFT').waitFor();
    await quota(page, 100, 0).waitFor();
    expect(await row(page, STAYS).count()).toBe(1);
    await screenshot(page, shots, 'no-read-left');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Français' }).click();
    await row(page, STAYS)
      .getByRole('alert')
      .getByText(
        /Plus aucune lecture cette heure-ci : la prochaine lecture est possible le .+ UTC\. La preuve reste en attente\./,
      )
      .waitFor();
    await page.close();
  });

  it('with the Trust Layer unreachable the row says the proof stays pending and to re-check later; the read is counted', async () => {
    fixture.proofs.trustLayerDown = true;
    const page = await openProofs();
    await row(page, STAYS)
      .getByRole('button', { name: buttonName(STAYS) })
      .click();
    const alert = row(page, STAYS).getByRole('alert');
    await alert
      .getByText(`The Trust Layer (https://trust.arkforge.tech) could not be reached: proof ${STAYS} stays pending.`)
      .waitFor();
    await alert.getByText(/Re-check it later, or read the proofs later \(Read proofs\)/).waitFor();
    await alert.getByText('PROOF_RECHECK_TRUST_LAYER_UNREACHABLE').waitFor();
    await quota(page, 4, 96).waitFor();
    expect(await row(page, STAYS).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('by keyboard alone: Tab reaches a row’s button, Enter re-checks, and the focus stays on the button', async () => {
    const page = await openProofs();
    await tabTo(page, buttonName(STAYS));
    await page.keyboard.press('Enter');
    await row(page, STAYS)
      .getByRole('status')
      .getByText(/still pending/)
      .waitFor();
    await quota(page, 4, 96).waitFor();
    await page.waitForFunction(
      (name) =>
        document.activeElement?.getAttribute('aria-label') === name &&
        !(document.activeElement as HTMLButtonElement).disabled,
      buttonName(STAYS),
    );
    await page.keyboard.press('Enter');
    await quota(page, 5, 95).waitFor();
    await page.close();
  });
});
