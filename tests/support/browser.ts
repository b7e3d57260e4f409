// The browser the end-to-end tests drive: FOLIO_BROWSER when set, else a browser Playwright
// installed (`npx playwright install chromium`), else the system's Chromium headless shell, else the
// system's Chromium. `npm test` checks for one before it starts and, when there is none, gets one
// itself where it can (FO-TEST-BROWSER): the system's package manager when it may use it (root, or
// passwordless sudo, on Debian or Ubuntu), else Playwright's own download; else it stops with one
// message that says how to install one.
//
// The headless shell first: it is Chromium's own engine without the desktop browser around it, what
// Playwright itself runs for headless tests, and measured here it drove the same specs on 42% less
// CPU than the full browser (98 → 57 s) and `npm run test:all` on 394 s instead of 470 s, every test
// and Lighthouse score the same (docs/decisions.md § The headless shell).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';

/** The system's browsers, in the order they are preferred: the headless shell before the full browsers. */
export const SYSTEM_BROWSERS = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export const HOW_TO_INSTALL = `The browser tests need Chromium (or Chrome). Install one:
  Debian, Ubuntu:  sudo apt-get install chromium-headless-shell   (or chromium)
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

/** What decides how a missing browser can be got: the machine and the environment. */
export interface BrowserHost {
  platform: NodeJS.Platform;
  /** The user id (undefined on Windows); 0 is root. */
  uid: number | undefined;
  /** Whether a command is on PATH (`apt-get`, `sudo`, `npx`). */
  has: (command: string) => boolean;
  /** Whether `sudo -n true` succeeds: sudo without a password. Asked only when it matters. */
  passwordlessSudo: () => boolean;
  env: NodeJS.ProcessEnv;
}

/** One way to get a browser: what it is, and the commands it runs, in order. */
export interface InstallAttempt {
  how: string;
  commands: string[][];
}

/** Setting it to 0 keeps `npm test` from installing anything: it stops with the instructions instead. */
export const INSTALL_OPT_OUT = 'FOLIO_INSTALL_BROWSER';

/**
 * The ways `npm test` may get a browser on this machine, in the order to try them (FO-TEST-BROWSER):
 * none when the person named one (FOLIO_BROWSER) or said not to (FOLIO_INSTALL_BROWSER=0); Debian's
 * Chromium headless shell with apt-get, as root or with passwordless sudo (never asking for a
 * password), or its full Chromium where the release has no headless shell package; then
 * Playwright's own download, where Playwright ships a build and it is not turned off
 * (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD). A pure function of `host`: the tests try every machine.
 */
export function browserInstallPlan(host: BrowserHost): InstallAttempt[] {
  const { platform, uid, has, env } = host;
  if (env.FOLIO_BROWSER || env[INSTALL_OPT_OUT] === '0') return [];
  const attempts: InstallAttempt[] = [];
  if (platform === 'linux' && has('apt-get')) {
    const sudo = uid === 0 ? [] : has('sudo') && host.passwordlessSudo() ? ['sudo', '-n'] : undefined;
    if (sudo) {
      const through = sudo.length ? ' (through sudo)' : '';
      attempts.push(
        {
          how: `Debian's Chromium headless shell, with apt-get${through}`,
          commands: [
            [...sudo, 'apt-get', 'update'],
            [...sudo, 'apt-get', 'install', '-y', 'chromium-headless-shell'],
          ],
        },
        // The package lists are fresh from the attempt before.
        { how: `the system's Chromium, with apt-get${through}`, commands: [[...sudo, 'apt-get', 'install', '-y', 'chromium']] },
      );
    }
  }
  const playwrightShips = platform === 'linux' || platform === 'darwin' || platform === 'win32';
  if (playwrightShips && !env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD && has('npx')) {
    attempts.push({ how: "Playwright's own Chromium (a download)", commands: [['npx', 'playwright', 'install', 'chromium']] });
  }
  return attempts;
}

/** This machine, as browserInstallPlan reads it. */
export function thisHost(env = process.env): BrowserHost {
  const has = (command: string) =>
    (env.PATH ?? '').split(delimiter).some((dir) => {
      try {
        accessSync(join(dir, command), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  return {
    platform: process.platform,
    uid: process.getuid?.(),
    has,
    passwordlessSudo: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
    env,
  };
}

/** Runs one command where the person sees it; whether it succeeded. apt-get asks no questions. */
const runVisibly = (command: string[]) =>
  spawnSync(command[0]!, command.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;

/**
 * The test browser, got first when there is none (browserInstallPlan), each step printed before it
 * runs; a step that fails (offline, say) moves on to the next way. When none works: today's error,
 * with what was tried. `find`, `run` and `log` are this machine's unless a test says otherwise.
 */
export function ensureTestBrowser({
  host = thisHost(),
  find = testBrowser,
  run = runVisibly,
  log = (line: string) => console.log(line),
}: {
  host?: BrowserHost;
  find?: typeof testBrowser;
  run?: (command: string[]) => boolean;
  log?: (line: string) => void;
} = {}): { path: string } | { error: string } {
  const first = find();
  if ('path' in first) return first;
  const tried: string[] = [];
  for (const attempt of browserInstallPlan(host)) {
    log(`No test browser found; getting ${attempt.how} (${INSTALL_OPT_OUT}=0 stops this):`);
    let ok = true;
    for (const command of attempt.commands) {
      log(`> ${command.join(' ')}`);
      if (!run(command)) {
        ok = false;
        tried.push(`${command.join(' ')} failed`);
        break;
      }
    }
    if (!ok) continue;
    const found = find();
    if ('path' in found) return found;
    tried.push(`${attempt.how} installed no browser Folio looks for`);
  }
  return tried.length
    ? {
        error: `${first.error}
(Tried: ${tried.join('; ')}.)`,
      }
    : first;
}

/** The test browser, launched with the flags every test uses, for a Vitest file that drives one (the integration tier). */
export async function launchTestBrowser(): Promise<Browser> {
  const found = testBrowser();
  if ('error' in found) throw new Error(found.error);
  return chromium.launch({ executablePath: found.path, args: CHROMIUM_FLAGS });
}
