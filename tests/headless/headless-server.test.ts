import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { startHeadlessServer, type HeadlessServer } from '../../main/headless/headless-server.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { builtRenderer } from '../support/build-renderer.ts';
import { launchChromium } from '../support/chromium.ts';

const corpusDir = resolve(import.meta.dirname, '../../corpus');
const token = randomBytes(32).toString('hex');
let server: HeadlessServer;
let browser: Browser;

beforeAll(async () => {
  const rendererDir = builtRenderer();
  const dispatch = createDispatcher(createConsoleHandlers({ corpusDir, mode: 'headless' }));
  server = await startHeadlessServer({ dispatch, rendererDir, token });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const call = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}/api/invoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });

describe('headless console in Chromium', () => {
  it('the page opened with the launch token shows both demo tracks, their manifest hashes and tasks', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Season 1 · conformite' }).waitFor();
    await page.getByRole('heading', { name: 'Season 1 · generique' }).waitFor();
    // Each track's tasks are folded under the tiles (season/TaskPrompts.svelte): opened, they show every task.
    for (const summary of await page.locator('details > summary').all()) await summary.click();
    expect(await page.getByRole('cell', { name: 'conf-10', exact: true }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: 'gen-01', exact: true }).count()).toBe(1);
    expect(await page.locator('code.hash').count()).toBe(2);
    // The token leaves the address bar once read.
    expect(page.url()).not.toContain(token);
    await page.close();
  });

  it('the page opened without the token shows HEADLESS_TOKEN_REQUIRED and no season data', async () => {
    const page = await browser.newPage();
    await page.goto(server.origin);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('HEADLESS_TOKEN_REQUIRED');
    expect(await page.getByRole('heading', { name: /Season 1/ }).count()).toBe(0);
    await page.close();
  });
});

describe('headless API guards', () => {
  it('a call with a wrong token is refused with 401 HEADLESS_TOKEN_REQUIRED', async () => {
    const response = await call(
      { channel: 'console.overview', args: {} },
      { Authorization: `Bearer ${'0'.repeat(64)}` },
    );
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('HEADLESS_TOKEN_REQUIRED');
  });

  it('a request under another Host name (DNS rebinding) is refused with 421', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((done, reject) => {
      const req = request(
        `${server.origin}/api/invoke`,
        { method: 'POST', headers: { Host: 'attacker.example:80' } },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(421);
  });

  it('an unknown channel and unexpected arguments come back as IPC codes, not exceptions', async () => {
    const unknown = (await (await call({ channel: 'fs.readFile', args: { path: '/etc/passwd' } })).json()) as {
      error: { code: string };
    };
    expect(unknown.error.code).toBe('IPC_UNKNOWN_CHANNEL');
    const extra = (await (await call({ channel: 'console.overview', args: { x: 1 } })).json()) as {
      error: { code: string };
    };
    expect(extra.error.code).toBe('IPC_BAD_ARGUMENTS');
  });

  it('the overview never carries the sealed answer key', async () => {
    const text = await (await call({ channel: 'console.overview', args: {} })).text();
    expect(text).not.toMatch(/grounding|equivalent_forms|"verdict"|sealed/);
  });

  it('a path that climbs out of the renderer folder is not served', async () => {
    const response = await fetch(`${server.origin}/..%2f..%2fpackage.json`);
    expect(response.status).toBe(404);
  });

  it('the server refuses to bind a non-loopback address', async () => {
    const dispatch = createDispatcher(createConsoleHandlers({ corpusDir, mode: 'headless' }));
    await expect(startHeadlessServer({ dispatch, rendererDir: '.', token, host: '0.0.0.0' })).rejects.toThrow(
      /loopback only/,
    );
  });
});
