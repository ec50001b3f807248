import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startHeadlessServer, type HeadlessServer } from '../../main/headless/headless-server.ts';
import type { Dispatch } from '../../main/ipc/dispatcher.ts';
import { builtRenderer } from '../support/build-renderer.ts';
import { launchChromium } from '../support/chromium.ts';
import { createFixture } from './console-fixture.ts';

/** A page that keeps the errors its scripts threw or logged, for "no page error" checks. */
export type CheckedPage = Page & { errors: string[] };

export interface FixtureInChromium {
  fixture: ReturnType<typeof createFixture>;
  /**
   * A new page in a context of its own (axe-core's builder needs one, and each page starts with empty storage), on
   * the Season screen with the token kept, then on `hash` (e.g. '#/scoring/conformite/p-0007') when one is given.
   * `clock` installs Playwright's page clock before the page loads, so a test moves time instead of waiting for it.
   */
  open(hash?: string, options?: BrowserContextOptions & { clock?: boolean }): Promise<CheckedPage>;
  /** Closes the pages' contexts, the browser and the server, in that order. */
  close(): Promise<void>;
}

/**
 * The renderer built and served by the real headless server (per-launch token, loopback) over the test dispatch
 * (console-fixture.ts), opened in Debian's Chromium: what every renderer test drives. `wrap` changes the dispatch's
 * answers for one test file (a track turned back to a draft, say).
 */
export async function fixtureInChromium(wrap: (d: Dispatch) => Dispatch = (d) => d): Promise<FixtureInChromium> {
  const rendererDir = builtRenderer();
  const fixture = createFixture();
  const server: HeadlessServer = await startHeadlessServer({
    dispatch: wrap(fixture.dispatch),
    rendererDir,
    token: randomBytes(32).toString('hex'),
    subscribe: () => () => {},
  });
  const browser: Browser = await launchChromium();
  // Each context is closed with its page, and close() waits for those closes before closing the browser: a close
  // still in flight when the browser goes would reject with nobody listening.
  const contextCloses: Promise<void>[] = [];
  // The contexts still open: close() closes them itself, since a page closed by the browser's own close would ask its
  // context to close after close() stopped listening (CI: "Target page, context or browser has been closed", unhandled).
  const openContexts = new Set<BrowserContext>();
  return {
    fixture,
    async open(hash, options = {}) {
      const { clock, ...contextOptions } = options;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
      const page = (await context.newPage()) as CheckedPage;
      openContexts.add(context);
      page.on('close', () => {
        openContexts.delete(context);
        contextCloses.push(context.close());
      });
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(String(e)));
      // Chromium asks for /favicon.ico, which the console does not serve: that 404 is the browser's, not a screen's.
      page.on('console', (m) => {
        if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) page.errors.push(m.text());
      });
      if (clock) await page.clock.install();
      await page.goto(server.url);
      await page.getByRole('heading', { level: 2, name: 'Season' }).waitFor();
      if (hash) await page.evaluate((h) => (window.location.hash = h), hash);
      return page;
    },
    async close() {
      await Promise.all([...openContexts].map((context) => context.close()));
      await Promise.all(contextCloses);
      await browser.close();
      await server.close();
    },
  };
}
