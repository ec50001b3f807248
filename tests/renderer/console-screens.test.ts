import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readsUsed } from './console-fixture.ts';
import { fixtureInChromium, type FixtureInChromium } from './fixture-in-chromium.ts';
import { artefactsDir, screenshot, seriousViolations, settled, tabTo } from './screen-checks.ts';

// The screens against a test dispatch (console-fixture.ts) served by the real headless server: every screen's
// structure, wording, accessibility and keyboard path, with 1,000 participants. The season's life against the real
// backend is tests/e2e/.
const SCREENS = [
  'Season',
  'Freeze',
  'Corpus',
  'Proofs',
  'Scoring',
  'Participants',
  'Disputes',
  'Incidents',
  'Index',
  'Audit',
  'Backups',
  'Connections',
];
const shots = artefactsDir('renderer-screens');
let ui: FixtureInChromium;
let fixture: FixtureInChromium['fixture'];

beforeAll(async () => {
  ui = await fixtureInChromium();
  fixture = ui.fixture;
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

async function open(screen = 'season'): Promise<Page> {
  return ui.open(screen === 'season' ? undefined : `#/${screen}`);
}

const nav = (page: Page) => page.getByRole('navigation');

describe('navigation and languages', () => {
  it('one navigation landmark whose links are named exactly Season … Backups, then Connections, in that order', async () => {
    const page = await open();
    expect(await page.getByRole('navigation').count()).toBe(1);
    const names = await nav(page).getByRole('link').allTextContents();
    expect(names.map((n) => n.trim())).toEqual(SCREENS);
    expect(await nav(page).getByRole('link', { name: 'Season', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    for (const name of SCREENS) {
      await nav(page).getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
      expect(await nav(page).getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    await page.close();
  });

  it('the switch offers French: links, headings and <html lang> change, and English comes back', async () => {
    const page = await open('scoring');
    await page.getByRole('heading', { level: 2, name: 'Scoring' }).waitFor();
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('heading', { level: 2, name: 'Notation' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    const names = await nav(page).getByRole('link').allTextContents();
    expect(names.map((n) => n.trim())).toEqual([
      'Saison',
      'Gel',
      'Corpus',
      'Preuves',
      'Notation',
      'Participants',
      'Contestations',
      'Incidents',
      'Index',
      'Journal',
      'Sauvegardes',
      'Connexions',
    ]);
    await page.locator('.table-label', { hasText: 'Étalonnage, pas un classement.' }).waitFor();
    expect(await page.getByText('12,5 % = 5/40').count()).toBeGreaterThan(0);
    await screenshot(page, shots, 'scoring-fr');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 2, name: 'Scoring' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.close();
  });
});

describe('Season', () => {
  it('shows each track’s state, dates, deadlines and what to do next', async () => {
    const page = await open();
    const track = page.getByRole('region', { name: 'Season 1 · conformite' });
    await track.getByText('published', { exact: true }).waitFor();
    await track
      .getByText('1 undecided', { exact: false })
      .or(track.getByText('3 undecided', { exact: false }))
      .waitFor();
    await track.getByRole('heading', { name: 'What to do next' }).waitFor();
    expect(await track.getByText(/Handle the disputes until/).count()).toBe(1);
    expect(await track.getByRole('link', { name: 'Go to Disputes' }).count()).toBe(1);
    await page.close();
  });
});

describe('Freeze', () => {
  it('once the season has opened, the replacement form gives way to why, and a reveal says where it wrote', async () => {
    const page = await open('freeze');
    await page.getByRole('heading', { name: 'Freeze of Season 1 · conformite' }).waitFor();
    await page
      .getByText(
        'The season opened on Oct 1, 2026, 8:00 AM UTC: the freeze can no longer be replaced (FREEZE_SEASON_OPENED).',
      )
      .waitFor();
    expect(await page.getByRole('button', { name: 'Replace the freeze' }).count()).toBe(0);
    // The replacement's reason field is gone; the invalidation's own reason field (an open season can be invalidated) stays.
    expect(await page.getByLabel('Reason', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Reason (published with the invalidation)').count()).toBe(1);
    await page.getByRole('button', { name: 'Reveal key and salt (at close)' }).click();
    await page
      .getByRole('status')
      .getByText(
        'Key and salt revealed (Nov 1, 2026, 8:00 AM UTC): the reveal document is written beside the database, in freezes/.',
      )
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('a refusal main sends', () => {
  it('in French, says what happened in French from its facts, with main’s English kept as details marked lang="en"', async () => {
    const page = await open('freeze');
    await page.getByRole('heading', { name: 'Freeze of Season 1 · conformite' }).waitFor();
    await page.getByRole('button', { name: 'Check the anchor' }).click();
    const english = page.getByRole('alert').filter({ hasText: 'FREEZE_RECHECK_NO_READ_LEFT' });
    await english.waitFor();
    expect(await english.textContent()).toContain(
      'What happened: The reads of this hour are used: the next read is possible at Oct 28, 2026, 11:00 AM UTC.',
    );
    // In English the catalogue's sentence says it all: no second, English copy.
    expect(await english.locator('[lang="en"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'Vérifier l’ancrage' }).click();
    const french = page.getByRole('alert').filter({ hasText: 'FREEZE_RECHECK_NO_READ_LEFT' });
    await french.getByText('Ce qui s’est passé :').waitFor();
    const text = (await french.textContent()) ?? '';
    expect(text).toMatch(
      /Ce qui s’est passé : Les lectures de cette heure sont épuisées : la prochaine lecture est possible le 28 oct\. 2026,? 11:00 UTC\./,
    );
    expect(text).not.toContain('The reads of this hour');
    const said = french.locator('[lang="en"]');
    expect(await said.textContent()).toBe(readsUsed.message);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'refusal-fr');
    await page.close();
  });
});

describe('Proofs', () => {
  it('a read with nothing pending or refused says so: the read job done, nothing to read, no pending proof', async () => {
    const page = await open('proofs');
    await page.getByText('No proof is pending.').waitFor();
    await page.getByRole('button', { name: 'Read proofs' }).click();
    const status = page.getByRole('status');
    await status.getByText('Read job 7: done').waitFor();
    await status.getByText('Nothing to read: no proof in the cache is pending or refused.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('a pending proof names the participants its latest close left waiting on it, by name with the id, else the id', async () => {
    fixture.proofs.pending = [
      {
        proof_id: 'prf_20261028_101500_00a1b2',
        participant_id: 'p-dan',
        waiting: [
          { season: 1, track: 'conformite', participant_id: 'p-dan', name: 'Dan' },
          { season: 1, track: 'conformite', participant_id: 'p-nameless', name: null },
        ],
        first_seen_pending_at: '2026-10-28T10:20:00Z',
        next_recheck_at: '2026-10-28T10:30:00Z',
      },
    ];
    try {
      const page = await open('proofs');
      const row = page.getByRole('row', { name: /prf_20261028_101500_00a1b2/ });
      await row.getByRole('cell', { name: 'Dan (p-dan), p-nameless' }).waitFor();
      expect(await page.getByRole('columnheader', { name: 'Waiting on it (latest close)' }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    } finally {
      fixture.proofs.pending = [];
    }
  });

  it('a read under way shows its progress in the screen’s language, not in main’s English', async () => {
    fixture.proofs.reading = true;
    try {
      const page = await open('proofs');
      await page.getByText('proof reads: reading (3/10)').waitFor();
      await page.getByRole('button', { name: 'Français' }).click();
      await page.getByText('lectures des preuves : lecture (3/10)').waitFor();
      expect(await page.getByText('proof reads: reading').count()).toBe(0);
      await page.close();
    } finally {
      fixture.proofs.reading = false;
    }
  });
});

describe('French wording', () => {
  it('counts agree with their number and quoted verdicts keep their guillemets on one line', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Français' }).click();
    const track = page.getByRole('region', { name: 'Saison 1 · conformite' });
    await track.getByText('1 ouvert', { exact: true }).waitFor();
    await nav(page).getByRole('link', { name: 'Notation', exact: true }).click();
    const best = page.locator('section.score-table').first().locator('tbody tr').first();
    expect(await best.textContent()).toContain('(\u00ab\u00a0refus\u00a0\u00bb partout)');
    await page.getByRole('button', { name: 'Agent 3', exact: true }).click();
    const tasks = page.getByRole('table', { name: 'Tâches' });
    await tasks.getByText('3 étayées, 1 non étayée, 0 défaut d’instrument').waitFor();
    await page.getByRole('button', { name: 'Voir les témoins' }).first().click();
    await page.getByText('Vérification : VERIFIED · Heure RFC 3161 : 2026-10-12T14:00:03Z').waitFor();
    await page.close();
  });
});

describe('Scoring', () => {
  it('per track two tables, labelled, best constant answer on top, rates with their counts, the reading rule beside', async () => {
    const page = await open('scoring');
    const reference = page.getByRole('region', { name: 'Reference runs' }).first();
    await reference.getByRole('table').waitFor();
    await page.locator('.table-label', { hasText: 'Calibration, not a ranking.' }).waitFor();
    const community = page.locator('section.score-table').nth(1);
    // The fixed row comes first in both tables.
    for (const table of [page.locator('section.score-table').nth(0), community]) {
      const first = table.locator('tbody tr').first();
      expect(await first.textContent()).toContain('Best constant answer');
      expect(await first.textContent()).toContain('40 % = 4/10');
      expect(await first.textContent()).toContain('not applicable');
      expect(await table.locator('.reading-rule').textContent()).toContain(
        'Compare overclaim rates only between agents of equal success rate',
      );
    }
    // Reference runs: p-0000..p-0002; the community table starts at p-0003 with 5/40.
    const p3 = community.getByRole('row', { name: /Agent 3\b/ });
    expect(await p3.textContent()).toContain('12.5 % = 5/40');
    // "declared stack, not verified" on every community row drawn, never on a reference row.
    const communityRows = community.locator('tbody tr:not(.best-constant):not(.spacer)');
    const drawn = await communityRows.count();
    expect(drawn).toBeGreaterThan(5);
    expect(await community.locator('.stack-label').count()).toBe(drawn);
    expect(await page.locator('section.score-table').nth(0).locator('.stack-label').count()).toBe(0);
    // Pending rows show "pending" and no figure; a participant with no task submitted shows "—".
    const pending = community.getByRole('row', { name: /Agent 5\b/ });
    expect(await pending.textContent()).toContain('pending');
    expect(await pending.textContent()).not.toMatch(/%/);
    const noTask = community.getByRole('row', { name: /Agent 7\b/ });
    expect(await noTask.textContent()).toContain('—');
    expect(await noTask.textContent()).not.toMatch(/%/);
    // The two rates are never combined: no column beyond the spec's.
    expect(await community.getByRole('columnheader').allTextContents()).toEqual([
      'Agent',
      'DID',
      'Overclaim rate',
      'Success rate',
      'Tasks submitted',
      'Declared stack',
    ]);
    await screenshot(page, shots, 'scoring');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('1,000 participants: only the rows in view are drawn, and scrolling reaches the last one', async () => {
    const page = await open('scoring');
    const community = page.locator('section.score-table').nth(1);
    await community.locator('tbody tr').nth(3).waitFor();
    expect(await community.locator('table').getAttribute('aria-rowcount')).toBe(String(997 + 2));
    expect(await community.locator('tbody tr:not(.spacer)').count()).toBeLessThan(80);
    const started = Date.now();
    await community.locator('.table-scroller').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await community.getByRole('row', { name: /Agent 999\b/ }).waitFor();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await community.locator('tbody tr:not(.spacer)').count()).toBeLessThan(80);
    // Finding a participant filters both tables without ranking anyone.
    await page.getByLabel('Find a participant (name, id or DID)').fill('agent-512.');
    await community.getByRole('row', { name: /Agent 512\b/ }).waitFor();
    await page.getByText('1 of 1000 participants shown').waitFor();
    await page.close();
  });

  it('a participant’s report, then an assertion’s witnesses, opened hashes and the frozen value at the pointer', async () => {
    const page = await open('scoring');
    await page.getByRole('button', { name: 'Agent 3', exact: true }).click();
    const report = page.getByRole('region', { name: 'Report of Agent 3' });
    await report.getByRole('table', { name: 'Assertions' }).waitFor();
    expect(await report.textContent()).toContain('unsupported assertion');
    expect(await report.textContent()).toContain('value mismatch');
    expect(await report.textContent()).toContain('rejected at close');
    expect(await report.textContent()).toContain('instrument fault');
    await report.getByRole('button', { name: 'Show witnesses' }).first().click();
    const drill = page.getByRole('region', { name: 'Witnesses of conf-01/a3' });
    await drill.getByRole('table', { name: 'Checks and witnesses' }).waitFor();
    expect(await drill.textContent()).toContain('50000');
    expect(await drill.textContent()).toContain('differs from the claim');
    expect(await drill.getByRole('cell', { name: 'rfc3161' }).count()).toBe(0);
    expect(await drill.getByRole('rowheader', { name: 'rfc3161' }).count()).toBe(1);
    await screenshot(page, shots, 'scoring-report');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('running the close before main offers it shows what happened, what to do and the code', async () => {
    const page = await open('scoring');
    // Publish is off on this published track (PUBLISH_ALREADY_PUBLISHED, tests/renderer/scoring-figures.test.ts): the
    // replay, which the test dispatch does not serve, shows a refusal.
    await page.getByRole('button', { name: 'Replay the latest close' }).click();
    const alert = page.getByRole('alert').first();
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('What happened:');
    expect(text).toContain('What to do:');
    expect(text).toContain('IPC_UNKNOWN_CHANNEL');
    await page.close();
  });
});

describe('Disputes', () => {
  it('the queue is sorted by deadline with overdue and at-risk flags from the calendar rule', async () => {
    const page = await open('disputes');
    const queue = page.getByRole('table', { name: 'Disputes, by decision deadline' });
    await queue.waitFor();
    const ids = await queue.locator('tbody th').allTextContents();
    expect(ids.map((s) => s.trim())).toEqual([
      'dsp-1-conformite-0003',
      'dsp-1-conformite-0002',
      'dsp-1-conformite-0001',
    ]);
    const rows = queue.locator('tbody tr');
    expect(await rows.nth(0).textContent()).toContain('overdue');
    expect(await rows.nth(1).textContent()).toContain('at risk');
    expect(await rows.nth(2).textContent()).toContain('on time');
    // The participant by the name staff know it by, its id beside.
    expect(await rows.nth(0).textContent()).toContain('Agent 3 (p-0003)');
    await screenshot(page, shots, 'disputes');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("the receive form offers the track's participants by name, then the chosen one's assertions with their status", async () => {
    const page = await open('disputes');
    await page.getByRole('button', { name: 'Receive a dispute…' }).click();
    const form = page.getByRole('form', { name: /Receive a dispute on/ });
    const participant = form.getByLabel('Participant (participant_id)');
    const offered = async (input: typeof participant) =>
      page.locator(`datalist[id="${await input.getAttribute('list')}"] option`);
    await expect.poll(async () => (await offered(participant)).count()).toBe(1000);
    expect(await (await offered(participant)).nth(3).evaluate((o: HTMLOptionElement) => [o.value, o.label])).toEqual([
      'p-0003',
      'Agent 3',
    ]);
    await participant.fill('p-0003');
    const assertion = form.getByLabel('Disputed assertion (TASK_ID/ASSERTION_ID)');
    await expect.poll(async () => (await offered(assertion)).count()).toBeGreaterThan(0);
    expect(await (await offered(assertion)).first().evaluate((o: HTMLOptionElement) => [o.value, o.label])).toEqual([
      'conf-01/a3',
      'unsupported assertion',
    ]);
    await page.close();
  });

  it('the receive form’s optional receipt: text that is no JSON object is refused in the form (DISPUTE_RECEIPT_INVALID); a pasted one travels as the receipt argument', async () => {
    const page = await open('disputes');
    await page.getByRole('button', { name: 'Receive a dispute…' }).click();
    const form = page.getByRole('form', { name: /Receive a dispute on/ });
    await form.getByLabel('Participant (participant_id)').fill('p-0003');
    await form.getByLabel('Disputed assertion (TASK_ID/ASSERTION_ID)').fill('conf-01/a3');
    await form.getByLabel('Reason, as received').fill('The service acknowledged version 2.');
    const receipt = form.getByLabel('Submission receipt (JSON, optional)');
    const opens = () => fixture.calls.filter((c) => c.channel === 'dispute.open');
    const before = opens().length;
    for (const text of ['version 2, I promise', '["recorded", true]']) {
      await receipt.fill(text);
      await form.getByRole('button', { name: 'Record the dispute' }).click();
      await form.getByText('DISPUTE_RECEIPT_INVALID').waitFor();
    }
    expect(opens().length).toBe(before);
    const answer = { recorded: true, season: 1, version: 2, task_id: 'conf-01' };
    await receipt.fill(JSON.stringify(answer));
    await form.getByRole('button', { name: 'Record the dispute' }).click();
    await form.getByText(/Dispute dsp-1-conformite-0001 received/).waitFor();
    expect(opens().at(-1)!.args).toMatchObject({ assertion: 'conf-01/a3', receipt: answer });
    expect(await receipt.inputValue()).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('a dispute’s stored evidence shows the submission receipt it carried against the close’s export', async () => {
    const page = await open('disputes');
    await page.getByRole('button', { name: 'dsp-1-conformite-0002' }).click();
    const review = page.getByRole('region', { name: 'Review of dsp-1-conformite-0002' });
    await review.getByRole('heading', { name: 'Stored evidence' }).waitFor();
    await review
      .getByText(
        'version 2, received 2026-10-20T09:00:00.000Z: not in the export the close scored, which has version 1',
        { exact: false },
      )
      .waitFor();
    expect(await review.textContent()).toContain(`${'0'.repeat(62)}16`);
    await page.close();
  });

  it('review with the stored evidence; a decision without reason is refused with its code; upheld publishes a correction', async () => {
    const page = await open('disputes');
    await page.getByRole('button', { name: 'dsp-1-conformite-0001' }).click();
    const review = page.getByRole('region', { name: 'Review of dsp-1-conformite-0001' });
    await review.getByRole('heading', { name: 'Stored evidence' }).waitFor();
    await review.getByRole('button', { name: 'Review and decide…' }).click();
    await review.getByLabel('Reviewer').fill('Bea');
    await review.getByLabel('upheld').check();
    await review.getByLabel('What the assertion becomes').selectOption('instrument_fault');
    await review.getByRole('button', { name: 'Record the decision' }).click();
    await review.getByText('DISPUTE_REASON_REQUIRED').waitFor();
    expect(fixture.calls.some((c) => c.channel === 'dispute.decide')).toBe(false);
    await review.getByLabel('Reason (published)').fill('The 503 came from the corpus frontend during its outage.');
    await review.getByRole('button', { name: 'Record the decision' }).click();
    // A decision is recorded once confirmed (tests/renderer/dispute-decision.test.ts guards the dialog).
    await page
      .getByRole('dialog', { name: 'Record the decision on dsp-1-conformite-0001?' })
      .getByRole('button', { name: 'Confirm the decision' })
      .click();
    await page.getByText('corrects version 1 (dsp-1-conformite-0001)').waitFor();
    await page.getByText(/overclaim 12.5 % = 5\/40, success 30 % = 3\/10 → overclaim 10 % = 4\/40/).waitFor();
    await screenshot(page, shots, 'disputes-decided');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('Incidents and Audit', () => {
  it('an incident’s detail lists what it affected; resolving requires a resolution', async () => {
    const page = await open('incidents');
    await page.getByRole('button', { name: 'Incident 1' }).click();
    const detail = page.getByRole('region', { name: 'Incident 1' });
    const affected = detail.getByRole('table', { name: /Affected/ });
    await affected.waitFor();
    expect(await detail.textContent()).toContain('never counts against anyone');
    // Each affected participant by the name staff know it by, its id beside.
    expect(await affected.locator('tbody td').first().textContent()).toContain('Agent 3 (p-0003)');
    // "Tell participants": the notice drafted from the incident, each text editable, published in one more click.
    await detail.getByRole('button', { name: 'Draft the notice' }).click();
    expect(await detail.getByLabel('Text in English').inputValue()).toContain('Corpus outage');
    await detail.getByRole('button', { name: 'Publish the notice' }).click();
    await detail
      .getByRole('status')
      .getByText(/Notice published/)
      .waitFor();
    await detail.getByRole('button', { name: 'Resolve the incident' }).click();
    await detail.getByText('INCIDENT_RESOLUTION_REQUIRED').waitFor();
    await detail.getByLabel('Resolution').fill('frontend restarted');
    await detail.getByRole('button', { name: 'Resolve the incident' }).click();
    await page.getByRole('cell', { name: 'resolved' }).waitFor();
    await screenshot(page, shots, 'incidents');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('the audit log is paged and its verification failure shows its code', async () => {
    const page = await open('audit');
    await page.getByRole('table', { name: 'Audit log (120 entries)' }).waitFor();
    await page.getByText('Page 1 of 3').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 3').waitFor();
    await page.getByRole('button', { name: 'Verify the audit log' }).click();
    await page.getByText('AUDIT_LOG_TRUNCATED').waitFor();
    await screenshot(page, shots, 'audit');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('Index', () => {
  it('lists the publication rules’ findings before any export (code, file and place, what to do), Export off and saying why, in English and French', async () => {
    const page = await open('index');
    const findings = page.getByRole('table', { name: '1 finding blocks the export' });
    await findings.waitFor();
    const row = findings.locator('tbody tr');
    expect(await row.count()).toBe(1);
    const cells = (await row.locator('td').allTextContents()).map((c) => c.trim());
    expect(cells[0]).toBe('LINT_MODEL_NAME_NEGATIVE');
    expect(cells[1]).toContain('reports/conformite/p-0003.html');
    expect(cells[1]).toContain('agent name heading the negative lists');
    // The finding in the screen's words from its facts: main's sentence is the CLI's, naming its flags.
    expect(cells[2]).toContain(
      'The model or provider name “Claude” appears in the agent name heading the negative lists of a participant whose report lists unsupported assertions and instrument faults',
    );
    // The finding's fix in place (docs/console.md "Screens"): the rename control, not a CLI command.
    expect(cells[3]).toContain('Display name the Index shows');
    expect(cells[3]).toContain(
      'Give the participant a display name here, then press “Rename the participant”: the findings are checked again.',
    );
    for (const cell of cells.slice(2)) expect(cell).not.toMatch(/proveit|--[a-z]/);
    expect(await row.getByRole('button', { name: 'Rename the participant' }).count()).toBe(1);
    expect(await page.getByText('What the next export writes, as Index version 2').count()).toBe(1);
    const exportButton = page.getByRole('button', { name: 'Export the Index' });
    expect(await exportButton.isDisabled()).toBe(true);
    const describedBy = await exportButton.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe(
      'Export is off while this finding remains: do what each one says, then Check again.',
    );
    await screenshot(page, shots, 'index-findings');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Français' }).click();
    const constats = page.getByRole('table', { name: '1 constat bloque l’export' });
    await constats.waitFor();
    expect(await constats.getByRole('columnheader').allTextContents()).toEqual([
      'Code :',
      'Où',
      'Constat',
      'Que faire',
    ]);
    expect(await constats.locator('tbody td').nth(3).textContent()).toContain('Nom affiché par l’Index');
    const frCells = (await constats.locator('tbody td').allTextContents()).map((c) => c.trim());
    expect(frCells[2]).toContain('Le nom de modèle ou de fournisseur « Claude » figure dans le nom d’agent');
    expect(frCells[3]).toContain(
      'Donnez ici au participant un nom d’affichage, puis appuyez sur « Renommer le participant »',
    );
    for (const cell of frCells.slice(2)) expect(cell).not.toMatch(/proveit|--[a-z]|display name/);
    expect(await page.getByRole('button', { name: 'Exporter l’Index' }).isDisabled()).toBe(true);
    expect(fixture.calls.some((c) => c.channel === 'index.export')).toBe(false);
    await page.close();
  });

  it('the previews run no script: sandboxed without allow-scripts, under a policy with no script source, and a script injected into the page does not run', async () => {
    fixture.index.injectScript = true;
    try {
      const page = await open('index');
      const frames = page.locator('iframe.index-preview');
      // One language shown at a time, a tab each: both frames are in the page, the one not chosen hidden.
      await frames.nth(1).waitFor({ state: 'attached' });
      expect(await frames.count()).toBe(2);
      for (const i of [0, 1]) {
        await page.getByRole('tab', { name: i === 0 ? 'Preview in French (authority)' : 'Preview in English' }).click();
        expect(await frames.nth(i).getAttribute('sandbox')).toBe('');
        const srcdoc = (await frames.nth(i).getAttribute('srcdoc')) ?? '';
        expect(srcdoc).toMatch(/<head><meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
        expect(srcdoc).toContain(`<script>document.body.setAttribute('data-script-ran', 'yes')</script>`);
        const inside = page.frameLocator('iframe.index-preview').nth(i);
        // The page itself is shown (its heading), so an absent mark means the script was stopped, not unloaded.
        await inside.getByRole('heading', { name: 'Index' }).waitFor();
        expect(await inside.locator('body').getAttribute('data-script-ran')).toBeNull();
      }
      await page.close();
    } finally {
      fixture.index.injectScript = false;
    }
  });
});

describe('Connections', () => {
  it('a service not given says so; a failed test says it in the screen’s words, with its code and the option', async () => {
    const page = await open('connections');
    const table = page.getByRole('table', { name: 'Services in use' });
    await table.waitFor();
    const row = (name: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    expect(await row('Season service').getByText('not given').count()).toBe(1);
    expect(await row('Trust bundle').getByText('(by default: the production bundle)').count()).toBe(1);
    await row('Trust Layer').getByRole('button', { name: 'Test Trust Layer' }).click();
    await row('Trust Layer').getByText('Works:').waitFor();
    await row('Season service').getByRole('button', { name: 'Test Season service' }).click();
    const status = row('Season service').getByRole('status');
    await status.getByText('Does not work:').waitFor();
    expect(await status.textContent()).toContain('restart it with the option shown');
    expect(await status.getByText('CONNECTION_NOT_CONFIGURED').count()).toBe(1);
    expect(await status.textContent()).toContain('--season-url URL --operator-token-file FILE');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('every screen', () => {
  it('has no serious or critical axe violation, in English and in French, and a screenshot', async () => {
    const page = await open();
    for (const lang of ['en', 'fr'] as const) {
      if (lang === 'fr') await page.getByRole('button', { name: 'Français' }).click();
      for (const [i, screen] of [
        'season',
        'freeze',
        'corpus',
        'proofs',
        'scoring',
        'participants',
        'disputes',
        'incidents',
        'index',
        'audit',
        'backups',
        'connections',
      ].entries()) {
        await nav(page).getByRole('link').nth(i).click();
        await page.locator('h2#screen-title').waitFor();
        await settled(page);
        await screenshot(page, shots, `${screen}-${lang}`);
        const violations = await seriousViolations(page);
        expect(violations, `${screen} (${lang})`).toEqual([]);
      }
    }
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.close();
    // Twenty-four pages, each checked by axe: on the 2-core build machines that takes longer than one test's default.
  }, 300_000);

  it('keyboard only: nav → Scoring → a report → witnesses → Disputes → decision form', async () => {
    const page = await open();
    await tabTo(page, 'Scoring');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Scoring' }).waitFor();
    await tabTo(page, 'Agent 3');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Report of Agent 3' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('report-title');
    await tabTo(page, 'Show witnesses');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Checks and witnesses' }).waitFor();
    // Back up to the navigation.
    await tabTo(page, 'Disputes', 200, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Disputes' }).waitFor();
    await tabTo(page, 'dsp-1-conformite-0002');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Review of dsp-1-conformite-0002' }).waitFor();
    await tabTo(page, 'Review and decide…');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Reviewer');
    await page.keyboard.type('Bea');
    await tabTo(page, 'Record the decision');
    await page.keyboard.press('Enter');
    await page.getByText('DISPUTE_DECISION_REQUIRED').waitFor();
    await page.close();
  });
});
