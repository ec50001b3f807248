import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startHeadlessServer, type HeadlessServer } from '../../../main/headless/headless-server.ts';
import { createDispatcher } from '../../../main/ipc/dispatcher.ts';
import type { BackupPolicy } from '../../../main/services/backup/backup-after-act.ts';
import { withBackupsAfterActs } from '../../../main/console/backups-after-acts.ts';
import { createConsoleHandlers } from '../../../main/console/console-handlers.ts';
import { openConsole, type OpenConsoleOptions, type OpenedConsole } from '../../../main/console/open-console.ts';
import { builtRenderer } from '../../support/build-renderer.ts';
import { launchChromium } from '../../support/chromium.ts';
import { screenshot, seriousViolations, settled } from '../../renderer/screen-checks.ts';

/**
 * The screens of the one navigation landmark before Connections, named as the English UI names them (docs/console.md
 * "Screens").
 */
export const SCREENS = [
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
];

export interface ConsoleInChromium {
  opened: OpenedConsole;
  /** A new page in its own browser context, on the console's Season screen. */
  open(): Promise<Page>;
  /** Closes the pages' contexts, the browser, the server and the console, in that order. */
  close(): Promise<void>;
}

/**
 * The real console in headless mode (real handlers, events and per-launch token) with its renderer built, served to
 * Debian's Chromium: what both season e2e tests drive.
 */
export async function consoleInChromium(
  options: Omit<OpenConsoleOptions, 'mode'>,
  /** `--backup-dir DIR` with its passphrase: backups after acts and the Backups screen, as `proveit console` wraps them. */
  backup?: BackupPolicy,
): Promise<ConsoleInChromium> {
  const rendererDir = builtRenderer();
  // Started for a named person (--actor), unless a test gives its own actor (or none, to meet the name dialog).
  const opened = openConsole({
    mode: 'headless',
    actor: 'Ana Lima',
    ...options,
    ...(backup ? { backupDir: backup.dir } : {}),
  });
  expect(await opened.ready).toBe(true);
  const handlers = createConsoleHandlers(opened.ctx);
  const backups = backup === undefined ? null : withBackupsAfterActs(handlers, opened.ctx, backup, () => {});
  const server: HeadlessServer = await startHeadlessServer({
    dispatch: createDispatcher(backups?.handlers ?? handlers),
    rendererDir,
    token: randomBytes(32).toString('hex'),
    subscribe: (listener) => opened.ctx.events.subscribe(listener),
  });
  const browser: Browser = await launchChromium();
  const contextCloses: Promise<void>[] = [];
  // The contexts still open: close() closes them itself, since a page closed by the browser's own close would ask its
  // context to close after close() stopped listening (CI: "Target page, context or browser has been closed", unhandled).
  const openContexts = new Set<BrowserContext>();
  return {
    opened,
    async open() {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      // Each context is closed with its page, and close() waits for those closes before closing the browser: a
      // close still in flight when the browser goes would reject with nobody listening.
      openContexts.add(context);
      page.on('close', () => {
        openContexts.delete(context);
        contextCloses.push(context.close());
      });
      // A script error leaves the screens as they were while the test waits for a change: say it where CI prints.
      page.on('pageerror', (error) => console.error(`script error in ${page.url()}: ${error.stack ?? error.message}`));
      await page.goto(server.url);
      await page.getByRole('heading', { level: 2, name: 'Season' }).waitFor();
      return page;
    },
    async close() {
      await Promise.all([...openContexts].map((context) => context.close()));
      await Promise.all(contextCloses);
      await browser.close();
      await server.close();
      backups?.stop();
      await backups?.idle();
      await opened.close();
    },
  };
}

export const nav = (page: Page) => page.getByRole('navigation');

/** Every screen in turn: a screenshot named `<stage>-<screen>` and no serious or critical axe violation. */
export async function everyScreen(page: Page, shots: string, stage: string | null): Promise<void> {
  for (const name of SCREENS) {
    await nav(page).getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    await settled(page);
    await screenshot(page, shots, stage === null ? name.toLowerCase() : `${stage}-${name.toLowerCase()}`);
    expect((await seriousViolations(page)).join('\n'), stage === null ? name : `${stage}: ${name}`).toBe('');
  }
}
