import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstStartOf } from '../../main/cli/console-first-start.ts';
import { challengeDidOf } from '../../main/core/operator/challenge-did.ts';
import { defaultKeyFile, readSigningKey } from '../../main/services/index-export/signing-key.ts';
import { demoThread } from '../../main/demo/demo-thread.ts';
import { consoleServicesOf } from '../../main/cli/console-service-options.ts';
import { journeyCorpus } from '../devnet/support/journey-corpus.ts';
import { freeSignupKey } from '../devnet/support/trust-layer-calls.ts';
import { artefactsDir, screenshot, seriousViolations, settled } from '../renderer/screen-checks.ts';
import { startFreezeDevnet, type FreezeDevnet } from '../services/freeze/support/freeze-devnet.ts';
import { consoleInChromium, nav, type ConsoleInChromium } from './support/console-in-chromium.ts';

// The Connections screen (docs/console-backend.md "Connections", "Set-up") in Chromium against the real console in
// headless mode, started as `proveit console --db NEW --trust-layer --api-key-file --season-url --operator-token-file
// --trust --backup-dir` on a devnet on loopback, with a new API key bound to no DID and no operator key: the set-up
// checklist creates the operator key, shows its challenge DID, binds the API key to it, and tests every connection;
// each service listed with its option, each "test" button answering in the screen's words, no key or token on the
// page, axe clean. Screenshots go to test-artefacts/e2e-connections/.
const shots = artefactsDir('e2e-connections');
let net: FreezeDevnet;
let ui: ConsoleInChromium;
let apiKey: string;
let dbFile: string;

beforeAll(async () => {
  net = await startFreezeDevnet('e2e-connections-');
  const tokenFile = join(net.dir, 'operator.token');
  writeFileSync(tokenFile, `${net.devnet.info.internal_secret}\n`);
  apiKey = await freeSignupKey(net.devnet.info.trust_layer, 'connections@example.org');
  const apiKeyFile = join(net.dir, 'unbound.key');
  writeFileSync(apiKeyFile, `${apiKey}\n`);
  const services = await consoleServicesOf({
    'trust-layer': net.devnet.info.trust_layer,
    'api-key-file': apiKeyFile,
    'season-url': net.devnet.info.season,
    'operator-token-file': tokenFile,
    trust: net.devnet.info.trust_bundle,
  });
  if (typeof services === 'string') throw new Error(services);
  const corpusDir = join(net.dir, 'corpus');
  cpSync(journeyCorpus.dir, join(corpusDir, 'season-1', 'conformite'), { recursive: true });
  const backupDir = join(net.dir, 'backups');
  mkdirSync(backupDir);
  dbFile = join(net.dir, 'new', 'console.sqlite');
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
    expect(await rows.count()).toBe(8);
    for (const [service, option] of [
      ['Trust Layer', '--trust-layer'],
      ['API key', '--api-key-file'],
      ['Season base', '--season-base'],
      ['Season service', '--season-url'],
      ['Operator token', '--operator-token-file'],
      ['Trust bundle', '--trust'],
      ['Backup folder', '--backup-dir'],
    ] as const) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: service, exact: true }) });
      expect(await row.getByRole('cell').nth(1).textContent()).toBe(option);
    }
    expect(await page.getByText('(by default: the --season-url address)').count()).toBe(1);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(net.devnet.info.internal_secret);
    await page.close();
  });

  it('the set-up checklist creates the operator key, binds the API key to its challenge DID, and every test works', async () => {
    const page = await ui.open();
    await nav(page).getByRole('link', { name: 'Connections', exact: true }).click();
    const checklist = page.getByRole('region', { name: 'Season set-up' });
    await checklist.waitFor();
    const step = (name: string) => checklist.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    expect(await step('The operator key').getByText('To do').count()).toBe(1);
    await checklist.getByRole('button', { name: 'Create the operator key' }).click();
    await step('The operator key').getByText('Done').waitFor();
    const key = readSigningKey(defaultKeyFile(dbFile));
    if (!key.ok) throw new Error(key.error.message);
    const did = challengeDidOf(key.value.publicKeyHex) as string;
    expect(await step('The operator key').getByText(did, { exact: true }).count()).toBe(1);

    const binding = step('The API key bound to the challenge’s DID');
    await binding.getByRole('button', { name: 'Check the binding' }).click();
    const bindStatus = binding.getByRole('status');
    await bindStatus.getByText('Does not work:').waitFor();
    expect(await bindStatus.getByText('CONNECTION_API_KEY_UNBOUND').count()).toBe(1);
    expect(await bindStatus.textContent()).toContain('--api-key-file');
    await binding.getByRole('button', { name: 'Bind the API key to the challenge’s DID' }).click();
    await bindStatus.getByText(`Bound to the challenge’s DID ${did}`, { exact: false }).waitFor();
    await bindStatus.getByText('Works:').waitFor();
    expect(await bindStatus.textContent()).toContain(`bound to the challenge's DID ${did}`);
    expect(await binding.getByText('Done').count()).toBe(1);

    await checklist.getByRole('button', { name: 'Test every connection' }).click();
    await step('Every connection tested').getByText('7 of 7 work').waitFor();
    expect(await checklist.getByText('Done').count()).toBe(3);
    await settled(page);
    await screenshot(page, shots, 'setup-done');
    expect(await seriousViolations(page)).toEqual([]);
    expect((await page.locator('main').textContent()) ?? '').not.toContain(apiKey);
    await page.close();
  });

  it('each "test" button makes its request and says whether it works; the season base warns it is not HTTPS', async () => {
    const page = await ui.open();
    await nav(page).getByRole('link', { name: 'Connections', exact: true }).click();
    const table = page.getByRole('table', { name: 'Services in use' });
    await table.waitFor();
    for (const service of [
      'Trust Layer',
      'API key',
      'Season base',
      'Season service',
      'Operator token',
      'Trust bundle',
      'Backup folder',
    ]) {
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
