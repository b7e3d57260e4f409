// The test browser is found, or named as missing with how to install one.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { HOW_TO_INSTALL, testBrowser } from '../support/browser.ts';

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
    expect(HOW_TO_INSTALL).toContain('sudo apt-get install chromium');
    expect(HOW_TO_INSTALL).toContain('npx playwright install chromium');
  });
});
