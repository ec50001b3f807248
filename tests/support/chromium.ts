import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (design brief §5): playwright cannot download its own browser here.
 * The flags keep Chromium from dialling out on a closed network; CI installs /usr/bin/chromium.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
