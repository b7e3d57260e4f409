// The Content-Security-Policy is strict and correct — Chromium loads the built
// pages under it with no violation, and the stylesheet it allows is applied.
import { test, expect, type Page } from '@playwright/test';

async function violationsOn(page: Page, path: string) {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const res = await page.goto(path, { waitUntil: 'load' });
  expect(res!.headers()['content-security-policy']).toContain("default-src 'self'");
  const fromEvents = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  return [...violations, ...fromEvents];
}

for (const path of ['/', '/projects', '/projects/quarry', '/about', '/no-such-page']) {
  test(`no CSP violation on ${path}`, async ({ page }) => {
    expect(await violationsOn(page, path)).toEqual([]);
    // The site's stylesheet is allowed and applied (a blocked stylesheet would leave no rules).
    const rules = await page.evaluate(() => [...document.styleSheets].reduce((n, s) => n + s.cssRules.length, 0));
    expect(rules).toBeGreaterThan(0);
  });
}

test('the policy really is enforced: an injected inline script is refused', async ({ page }) => {
  await page.goto('/');
  const ran = await page.evaluate(async () => {
    const seen = new Promise<string>((resolve) => document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true }));
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.append(s);
    return { directive: await seen, ran: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true };
  });
  expect(ran.ran).toBe(false);
  expect(ran.directive).toMatch(/^script-src/);
});

test('an injected <style> element is refused too (only style attributes may be inline)', async ({ page }) => {
  await page.goto('/');
  const directive = await page.evaluate(async () => {
    const seen = new Promise<string>((resolve) => document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true }));
    const s = document.createElement('style');
    s.textContent = 'body { display: none }';
    document.head.append(s);
    return seen;
  });
  expect(directive).toMatch(/^style-src/);
  expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe('none');
});
