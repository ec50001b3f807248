// Helpers shared by the renderer and end-to-end tests: screenshots kept as test artefacts, the axe-core check, and
// keyboard-only moves (Tab until the focus reaches an element, never a click).
import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** Where screenshots go: test-artefacts/ at the repository root (gitignored), one folder per test file. */
export function artefactsDir(name: string): string {
  const dir = join(resolve(import.meta.dirname, '../..'), 'test-artefacts', name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function screenshot(page: Page, dir: string, name: string): Promise<void> {
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * axe-core on the page as it is: the serious and critical violations, as "rule: target" lines (empty when none).
 * The Index previews' frames are left out: they run no script (sandbox=""), and axe waits for ever on a frame where
 * it cannot run. The page they show is checked by axe in a page of its own (tests/services/index-export/
 * demo-season-index.test.ts).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('iframe.index-preview')
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${v.help}`));
}

/** The focused element's accessible text (its aria-label, else its text), for keyboard-only walks. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim();
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name is `name` (exactly); fails after `max` presses. */
export async function tabTo(page: Page, name: string | RegExp, max = 80, key = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const current = await focusedName(page);
    if (typeof name === 'string' ? current === name : name.test(current)) return;
  }
  throw new Error(`the keyboard never reached ${String(name)} in ${max} presses of Tab`);
}

/**
 * Waits until no panel says it is loading and the navigation has its counters (network idle never comes: the event
 * stream stays open).
 */
export async function settled(page: Page): Promise<void> {
  // Quiet for five frames running: no panel loading, no navigation counter awaited (its arrival would move the links
  // under a click) — so an answer that starts another query is waited for too, without a sleep.
  await page.evaluate(() => {
    (window as unknown as { quietFrames?: number }).quietFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const quiet = () =>
        !/Loading…|Chargement…/.test(document.querySelector('main')?.textContent ?? '') &&
        document.querySelector('nav[aria-busy="true"]') === null;
      const w = window as unknown as { quietFrames?: number };
      w.quietFrames = quiet() ? (w.quietFrames ?? 0) + 1 : 0;
      return w.quietFrames >= 5;
    },
    undefined,
    { polling: 'raf' },
  );
}

/**
 * Opens a screen from the navigation as a person would, once the page is quiet (a counter arriving moves the links),
 * and waits for its heading.
 */
export async function goToScreen(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  await settled(page);
}
