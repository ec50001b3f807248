import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIndexFiles } from '../../../main/core/index/render-files.ts';
import { launchChromium } from '../../support/chromium.ts';
import { craftedDocument } from './support/crafted-season.ts';

/** Screenshots are kept as test artefacts (gitignored): test-artefacts/index-export/. */
const SHOTS = join(resolve(import.meta.dirname, '../../..'), 'test-artefacts', 'index-export');

let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'index-html-'));
  const files = renderIndexFiles(craftedDocument(), {
    reportJson: new Map(),
    prompts: new Map([['ref-1', new TextEncoder().encode('prompt')]]),
  });
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(path: string): Promise<Page> {
  // A context of its own per page; no network: the export is self-contained, so every request is a file:// one.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('file://')) outside.push(r.url());
  });
  await page.goto(pathToFileURL(join(dir, path)).href);
  expect(outside).toEqual([]);
  return page;
}

async function serious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

describe('the exported Index in Chromium: rendered offline, screenshots kept, no serious axe-core violation', () => {
  for (const [path, shot] of [
    ['index.html', 'index-fr'],
    ['index.en.html', 'index-en'],
    ['reports/conformite/p-ada.html', 'report-fr'],
    ['reports/conformite/p-ada.en.html', 'report-en'],
  ] as const)
    it(`${path}`, async () => {
      const page = await open(path);
      await page.screenshot({ path: join(SHOTS, `${shot}.png`), fullPage: true });
      expect(await serious(page)).toEqual([]);
      await page.context().close();
    });

  it('tables have headers, each chart is an image with a title and a description, one per track', async () => {
    const page = await open('index.en.html');
    expect(await page.locator('table[data-track] thead th[scope="col"]').count()).toBeGreaterThan(10);
    const charts = page.getByRole('img');
    expect(await charts.count()).toBe(2);
    await expect.poll(() => charts.first().getAttribute('data-track')).toBe('conformite');
    expect(await page.locator('svg[data-track="conformite"] circle').count()).toBe(2);
    expect(await page.locator('svg[data-track="generique"] circle').count()).toBe(1);
    await page.context().close();
  });
});
