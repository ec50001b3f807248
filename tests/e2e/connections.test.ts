import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstStartOf } from '../../main/cli/console-first-start.ts';
import { demoThread } from '../../main/demo/demo-thread.ts';
import { consoleServicesOf } from '../../main/cli/console-service-options.ts';
import { journeyCorpus } from '../devnet/support/journey-corpus.ts';
import { artefactsDir, screenshot, seriousViolations, settled } from '../renderer/screen-checks.ts';
import { startFreezeDevnet, type FreezeDevnet } from '../services/freeze/support/freeze-devnet.ts';
import { consoleInChromium, nav, type ConsoleInChromium } from './support/console-in-chromium.ts';

// The Connections screen (docs/console-backend.md "Connections") in Chromium against the real console in headless mode,
// started as `proveit console --db NEW --trust-layer --api-key-file --season-url --operator-token-file --trust
// --backup-dir` on a devnet on loopback: each service listed with its option, each "test" button answering in the
// screen's words, no key or token on the page, axe clean. Screenshots go to test-artefacts/e2e-connections/.
const shots = artefactsDir('e2e-connections');
let net: FreezeDevnet;
let ui: ConsoleInChromium;

beforeAll(async () => {
  net = await startFreezeDevnet('e2e-connections-');
  const tokenFile = join(net.dir, 'operator.token');
  writeFileSync(tokenFile, `${net.devnet.info.internal_secret}\n`);
  const services = await consoleServicesOf({
    'trust-layer': net.devnet.info.trust_layer,
    'api-key-file': net.apiKeyFile,
    'season-url': net.devnet.info.season,
    'operator-token-file': tokenFile,
    trust: net.devnet.info.trust_bundle,
  });
  if (typeof services === 'string') throw new Error(services);
  const corpusDir = join(net.dir, 'corpus');
  cpSync(journeyCorpus.dir, join(corpusDir, 'season-1', 'conformite'), { recursive: true });
  const backupDir = join(net.dir, 'backups');
  mkdirSync(backupDir);
  const dbFile = join(net.dir, 'new', 'console.sqlite');
  const start = firstStartOf({ db: dbFile, demo: false, dbFile, exists: existsSync(dbFile) });
  if (typeof start === 'string') throw new Error(start);
  ui = await consoleInChromium({
    dbFile,
    corpusDir,
    defaultCorpusDir: corpusDir,
    services,
    demo: start.demo ? demoThread : null,
    backupDir,
    actor: 'connections-test',
  });
}, 300_000);

afterAll(async () => {
  await ui?.close();
  await net?.close();
});

describe('the Connections screen', () => {
  it('comes after the nine screens and lists each service in use with its option, never a key or a token', async () => {
    const page = await ui.open();
    const names = (await nav(page).getByRole('link').allTextContents()).map((n) => n.trim());
    expect(names.at(-1)).toBe('Connections');
    await nav(page).getByRole('link', { name: 'Connections', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Connections', exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Services in use' });
    await table.waitFor();
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(6);
    for (const [service, option] of [
      ['Trust Layer', '--trust-layer'],
      ['Season base', '--season-base'],
      ['Season service', '--season-url'],
      ['Trust bundle', '--trust'],
      ['Backup folder', '--backup-dir'],
    ] as const) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: service, exact: true }) });
      expect(await row.getByRole('cell').nth(1).textContent()).toBe(option);
    }
    expect(await page.getByText('(by default: the --season-url address)').count()).toBe(1);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain(net.apiKey);
    expect(text).not.toContain(net.devnet.info.internal_secret);
    await page.close();
  });

  it('each "test" button makes its request and says whether it works; the season base warns it is not HTTPS', async () => {
    const page = await ui.open();
    await nav(page).getByRole('link', { name: 'Connections', exact: true }).click();
    const table = page.getByRole('table', { name: 'Services in use' });
    await table.waitFor();
    for (const service of ['Trust Layer', 'Season base', 'Season service', 'Trust bundle', 'Backup folder']) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: service, exact: true }) });
      await row.getByRole('button', { name: `Test ${service}` }).click();
      await row.getByRole('status').getByText('Works:').waitFor();
    }
    const base = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Season base' }) });
    expect(await base.getByText('is not HTTPS').count()).toBe(1);
    const bundle = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Trust bundle' }) });
    expect(await bundle.getByRole('status').textContent()).toMatch(/digest [0-9a-f]{64}/);
    await settled(page);
    await screenshot(page, shots, 'connections-tested');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, shots, 'connections-1024');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('heading', { level: 2, name: 'Connexions', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Tester Paquet de confiance' }).click();
    await page.getByText('Fonctionne :').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shots, 'connections-fr');
    await page.close();
  });
});
