// FO-POSTS, FO-RESUME, FO-RESUME-PDF: what only a browser shows of the posts and the résumé, in
// Chromium over real HTTP, on the sample fixture site (the suite's own server): /resume printed
// (no chrome, black on white, link addresses, each job on one page), the PDF button that opens the
// print dialog, what hides without script, and the social cards the build draws, served. What the
// pages and files say (the posts' listing, pages, twins, feed, sitemap, llms.txt, the résumé, the
// draft, a site with neither: the second fixture site, and what `npm run dev` shows) is tested
// with no build in tests/unit/pages-posts.test.ts.
import { test, expect } from '@playwright/test';

test.describe('the sample site', () => {
  test('FO-POSTS, FO-RESUME: a post’s and the résumé’s social cards are served, as PNG', async ({ page }) => {
    for (const path of ['/posts/measure-before-you-shard', '/resume']) {
      await page.goto(path);
      const card = await page.locator('meta[property="og:image"]').getAttribute('content');
      const png = await page.request.get(new URL(card!).pathname);
      expect(png.status(), card!).toBe(200);
      expect(png.headers()['content-type'], card!).toBe('image/png');
    }
  });

  test('FO-RESUME: printed, /resume drops the header, navigation, search, footer and skip link, prints black on white with link addresses, and keeps each job on one page', async ({
    page,
  }) => {
    await page.goto('/resume');
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.site-header', '.site-nav', '.site-search', '.site-footer', '.skip-link', '.twin-link', '.resume__formats']) {
      await expect(page.locator(selector).first(), selector).toBeHidden();
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.resume-entry').first()).toBeVisible();
    const style = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      const link = document.querySelector('section[aria-labelledby="resume-work"] a[href^="http"]')!;
      const entry = document.querySelector('.resume-entry')!;
      return {
        color: body.color,
        background: body.backgroundColor,
        after: getComputedStyle(link, '::after').content,
        breakInside: getComputedStyle(entry).breakInside,
      };
    });
    expect(style).toEqual({ color: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)', after: '" (https://example.com/nordfrakt)"', breakInside: 'avoid' });
    // On screen, none of that.
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('.site-header')).toBeVisible();
  });

  test('FO-RESUME-PDF: "Download résumé (PDF)" opens the print dialog, with a hint to save as PDF; neither shows in print', async ({ page }) => {
    // The dialog itself is the browser's: a stand-in counts the calls.
    await page.addInitScript(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => {
        w.printed += 1;
      };
    });
    await page.goto('/resume');
    const button = page.getByRole('button', { name: 'Download résumé (PDF)' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleDescription('Opens the print dialog: choose “Save as PDF”.');
    await expect(page.locator('#resume-pdf-hint')).toBeVisible();
    await expect(page.locator('script[src="/resume-print.js"]')).toHaveCount(1);
    await button.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(button).toBeHidden();
    await expect(page.locator('#resume-pdf-hint')).toBeHidden();
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });
    test('FO-RESUME-PDF: without script there is no PDF button that could do nothing, nor its hint; the other formats stay', async ({ page }) => {
      await page.goto('/resume');
      await expect(page.getByRole('button', { name: 'Download résumé (PDF)' })).toHaveCount(0);
      await expect(page.locator('.resume__pdf')).toBeHidden();
      await expect(page.locator('#resume-pdf-hint')).toBeHidden();
      await expect(page.getByRole('link', { name: 'JSON Resume' })).toBeVisible();
    });
  });
});
