// The test browser is found, or named as missing with how to install one.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type BrowserHost, browserInstallPlan, ensureTestBrowser, HOW_TO_INSTALL, INSTALL_OPT_OUT, SYSTEM_BROWSERS, testBrowser } from '../support/browser.ts';

afterEach(() => vi.unstubAllEnvs());

describe('the test browser', () => {
  test('FOLIO_BROWSER names it', () => {
    vi.stubEnv('FOLIO_BROWSER', process.execPath);
    expect(testBrowser()).toEqual({ path: process.execPath });
  });

  test('a FOLIO_BROWSER that does not exist is an error that says how to install one, not a stack trace', () => {
    vi.stubEnv('FOLIO_BROWSER', '/no/such/chromium');
    const found = testBrowser();
    expect(found).toEqual({ error: `FOLIO_BROWSER is /no/such/chromium, which does not exist.\n${HOW_TO_INSTALL}` });
    expect(HOW_TO_INSTALL).toContain('sudo apt-get install chromium-headless-shell');
    expect(HOW_TO_INSTALL).toContain('npx playwright install chromium');
  });
});

/** A machine for the plan: Debian as root with every command, unless a case says otherwise. */
const host = (over: Partial<BrowserHost> & { commands?: string[]; sudoOk?: boolean } = {}): BrowserHost => {
  const { commands = ['apt-get', 'sudo', 'npx'], sudoOk = false, ...rest } = over;
  return { platform: 'linux', uid: 0, has: (c) => commands.includes(c), passwordlessSudo: () => sudoOk, env: {}, ...rest };
};
const APT = [
  ['apt-get', 'update'],
  ['apt-get', 'install', '-y', 'chromium-headless-shell'],
];
const APT_FULL = [['apt-get', 'install', '-y', 'chromium']];
const PLAYWRIGHT = [['npx', 'playwright', 'install', 'chromium']];
const commandsOf = (h: BrowserHost) => browserInstallPlan(h).map((a) => a.commands);

describe('FO-TEST-BROWSER: npm test gets its browser itself where it can', () => {
  test('FO-TEST-BROWSER: of the system’s browsers, Debian’s Chromium headless shell comes before the full Chromium', () => {
    expect(SYSTEM_BROWSERS[0]).toBe('/usr/bin/chromium-headless-shell');
    expect(SYSTEM_BROWSERS.indexOf('/usr/bin/chromium')).toBeGreaterThan(0);
  });

  test('FO-TEST-BROWSER: as root on Debian or Ubuntu: apt-get update and install the headless shell, else the full chromium, then Playwright’s download as a fallback', () => {
    expect(commandsOf(host())).toEqual([APT, APT_FULL, PLAYWRIGHT]);
  });

  test('FO-TEST-BROWSER: not root: apt-get through sudo only when sudo needs no password (never a prompt); else Playwright’s download alone', () => {
    expect(commandsOf(host({ uid: 1000, sudoOk: true }))).toEqual([
      APT.map((c) => ['sudo', '-n', ...c]),
      APT_FULL.map((c) => ['sudo', '-n', ...c]),
      PLAYWRIGHT,
    ]);
    expect(commandsOf(host({ uid: 1000, sudoOk: false }))).toEqual([PLAYWRIGHT]);
    expect(commandsOf(host({ uid: 1000, sudoOk: true, commands: ['apt-get', 'npx'] }))).toEqual([PLAYWRIGHT]);
  });

  test('FO-TEST-BROWSER: no apt-get (Fedora, macOS, Windows): Playwright’s download where Playwright ships a build; elsewhere nothing (the instructions)', () => {
    expect(commandsOf(host({ commands: ['npx', 'dnf'] }))).toEqual([PLAYWRIGHT]);
    expect(commandsOf(host({ platform: 'darwin', uid: 501 }))).toEqual([PLAYWRIGHT]);
    expect(commandsOf(host({ platform: 'win32', uid: undefined }))).toEqual([PLAYWRIGHT]);
    expect(commandsOf(host({ platform: 'freebsd' }))).toEqual([]);
    expect(commandsOf(host({ commands: [] }))).toEqual([]);
  });

  test('FO-TEST-BROWSER: nothing is installed when the person chose a browser, said not to, or turned Playwright’s download off', () => {
    expect(commandsOf(host({ env: { FOLIO_BROWSER: '/opt/chrome' } }))).toEqual([]);
    expect(commandsOf(host({ env: { [INSTALL_OPT_OUT]: '0' } }))).toEqual([]);
    expect(commandsOf(host({ env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } }))).toEqual([APT, APT_FULL]);
  });

  test('FO-TEST-BROWSER: a browser already there is used as is: nothing runs', () => {
    const ran: string[][] = [];
    const got = ensureTestBrowser({ host: host(), find: () => ({ path: '/usr/bin/chromium' }), run: (c) => ran.push(c) > 0, log: () => {} });
    expect(got).toEqual({ path: '/usr/bin/chromium' });
    expect(ran).toEqual([]);
  });

  test('FO-TEST-BROWSER: each command is printed before it runs; a failed step (offline) moves on to the next way; the first way that yields a browser ends it', () => {
    const ran: string[][] = [];
    const logged: string[] = [];
    let installed = false;
    const got = ensureTestBrowser({
      host: host(),
      find: () => (installed ? { path: '/root/.cache/ms-playwright/chromium/chrome' } : { error: 'No test browser found.' }),
      // apt-get update fails (offline mirror); Playwright's download works.
      run: (c) => {
        ran.push(c);
        if (c[0] === 'npx') installed = true;
        return c[0] !== 'apt-get';
      },
      log: (line) => logged.push(line),
    });
    expect(got).toEqual({ path: '/root/.cache/ms-playwright/chromium/chrome' });
    expect(ran).toEqual([APT[0], APT_FULL[0], PLAYWRIGHT[0]]);
    expect(logged).toEqual([
      "No test browser found; getting Debian's Chromium headless shell, with apt-get (FOLIO_INSTALL_BROWSER=0 stops this):",
      '> apt-get update',
      "No test browser found; getting the system's Chromium, with apt-get (FOLIO_INSTALL_BROWSER=0 stops this):",
      '> apt-get install -y chromium',
      "No test browser found; getting Playwright's own Chromium (a download) (FOLIO_INSTALL_BROWSER=0 stops this):",
      '> npx playwright install chromium',
    ]);
  });

  test('FO-TEST-BROWSER: when every way fails, today’s message with how to install one, and what was tried', () => {
    const got = ensureTestBrowser({ host: host(), find: () => ({ error: `No test browser found.\n${HOW_TO_INSTALL}` }), run: () => false, log: () => {} });
    expect(got).toEqual({
      error: `No test browser found.\n${HOW_TO_INSTALL}\n(Tried: apt-get update failed; apt-get install -y chromium failed; npx playwright install chromium failed.)`,
    });
    // Nowhere to get one from: the message alone.
    expect(ensureTestBrowser({ host: host({ platform: 'freebsd' }), find: () => ({ error: 'none' }), run: () => true, log: () => {} })).toEqual({
      error: 'none',
    });
  });
});
