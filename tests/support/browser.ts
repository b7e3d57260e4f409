// The browser the end-to-end tests drive: FOLIO_BROWSER when set, else a browser Playwright
// installed (`npx playwright install chromium`), else the system's Chromium. `npm test` checks for
// one before it starts, so a missing browser is one message that says how to install it.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export const HOW_TO_INSTALL = `The browser tests need Chromium (or Chrome). Install one:
  Debian, Ubuntu:  sudo apt-get install chromium
  Fedora:          sudo dnf install chromium
  macOS:           brew install --cask chromium
  Any platform:    npx playwright install chromium
or point FOLIO_BROWSER at a Chromium or Chrome executable.`;

/** The executable to launch, or an explanation of why there is none. */
export function testBrowser(): { path: string } | { error: string } {
  const chosen = process.env.FOLIO_BROWSER;
  if (chosen) return existsSync(chosen) ? { path: chosen } : { error: `FOLIO_BROWSER is ${chosen}, which does not exist.\n${HOW_TO_INSTALL}` };
  const candidates = [chromium.executablePath(), ...SYSTEM_BROWSERS];
  const found = candidates.find((path) => path && existsSync(path));
  return found ? { path: found } : { error: `No test browser found (looked for ${candidates.join(', ')}).\n${HOW_TO_INSTALL}` };
}

/** How the tests start Chromium: headless, sandbox off (root in CI), nothing fetched from the network on its own. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
