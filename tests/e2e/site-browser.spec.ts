// The site in Chromium: home → a project → its twin, with screenshots at phone (390 px) and
// desktop (1280 px) widths; and the accessibility basics checked in the rendered page: landmarks,
// skip link, heading order, no sideways scrolling, WCAG AA contrast.
import { test, expect, type Page } from '@playwright/test';
import { loadContent } from '../../src/records/load.ts';
import { SCHEMES } from './design-support.ts';
import { picture } from './pictures.ts';

const content = loadContent();
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/**
 * The page never scrolls sideways: nothing is wider than the viewport, once laid out. Polled: on a
 * loaded machine one reading right after `load` measured 1,608 px at 1,280 and the next passed; an
 * element that really overflows keeps failing until the poll gives up.
 */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: 'px wider than the viewport' })
    .toBeLessThanOrEqual(0);
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.name} (${viewport.width}px): home → featured project → its Markdown twin`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    const featured = content.projects.find((p) => p.slug === content.site.featured[0])!;

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.site.name);
    await expectNoSidewaysScroll(page);
    await picture(page, testInfo, `home-${viewport.width}`);

    await page.getByRole('link', { name: featured.title }).first().click();
    await expect(page).toHaveURL(featured.href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured.title);
    await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', featured.twin);
    await expectNoSidewaysScroll(page);
    await picture(page, testInfo, `project-${viewport.width}`);

    await page.getByRole('link', { name: 'Read this page as Markdown' }).click();
    await expect(page).toHaveURL(featured.twin);
    await expect(page.locator('body')).toContainText(`# ${featured.title}`);
    await picture(page, testInfo, `twin-${viewport.width}`);
  });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test("FO-WORK: the projects index filters by category and type through real URLs (no script), archived apart; the one script is the search box's enhancement", async ({
    page,
  }) => {
    await page.goto('/projects');
    // The page's scripts are the layout's enhancements only, every one external; the listing adds none.
    const scripts = page.locator('script:not([type="application/ld+json"])');
    expect(await scripts.evaluateAll((els) => els.filter((e) => !e.getAttribute('src')).length)).toBe(0);
    expect(await scripts.evaluateAll((els) => els.map((e) => e.getAttribute('src')))).toContain('/search.js');
    // One listing: every project once, the archived in their own section.
    const archived = content.projects.filter((p) => p.archived);
    await expect(page.locator('.card__title a')).toHaveCount(content.projects.length);
    const section = page.locator('#archived');
    for (const p of archived) await expect(section.getByRole('link', { name: p.title })).toBeVisible();
    const filters = page.getByRole('navigation', { name: 'Filter projects' });
    await expect(filters.getByRole('link', { name: /^All \d/ })).toHaveAttribute('aria-current', 'page');
    await filters.getByRole('link', { name: /^Libraries/ }).click();
    await expect(page).toHaveURL(/\/projects\/type\/library$/);
    const libraries = content.projects.filter((p) => p.type === 'library');
    // Every library, and nothing else (in the listing's order: active newest first, then archived).
    expect((await page.locator('.card__title a').allTextContents()).sort()).toEqual(libraries.map((p) => p.title).sort());
    await expect(page.getByRole('navigation', { name: 'Filter projects' }).getByRole('link', { name: /^Libraries/ })).toHaveAttribute('aria-current', 'page');
  });
});

const A11Y_PAGES = ['/', '/projects', `/projects/${content.site.featured[0]}`, ...content.pages.map((p) => p.href)];
/** The pages whose every text is held to WCAG AA contrast, in both schemes: a page of each kind and a page of prose. */
const CONTRAST_PAGES = ['/', '/projects', `/projects/${content.site.featured[0]}`, '/uses'];

// One load of each page for both checks: the contrast is read first in each scheme (the scheme
// switched with page.emulateMedia, which the stylesheet's light-dark() colours follow; no colour has
// a transition), then the keyboard walk, whose focus would restyle what it reaches.
for (const path of new Set([...A11Y_PAGES, ...CONTRAST_PAGES])) {
  const contrast = CONTRAST_PAGES.includes(path);
  test(`accessibility basics${contrast ? ' and WCAG AA contrast (light and dark: every text at least 4.5:1, large text 3:1)' : ''} on ${path}`, async ({
    page,
  }) => {
    await page.goto(path);
    if (contrast) {
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), colorScheme).toBe(colorScheme === 'dark');
        expect(await page.evaluate(contrastFailures), colorScheme).toEqual([]);
      }
    }
    // Landmarks: one banner, one main, one contentinfo, a labelled main navigation.
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
    // The skip link is the first thing a keyboard reaches, and it lands on main.
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Skip to content');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    // One h1, and no heading skips a level on the way down.
    const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i}: h${levels[i - 1]} → h${levels[i]}`).toBeLessThanOrEqual(1);
    // Images carry alt text.
    expect(await page.locator('img:not([alt])').count()).toBe(0);
  });
}

/** Runs in the page: each visible element with its own text, whose colour contrast misses WCAG 1.4.3. */
function contrastFailures(): string[] {
  const parse = (c: string) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return [0, 0, 0, 0];
    const [r, g, b, a = '1'] = m[1]!.split(/[\s,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  };
  const luminance = ([r, g, b]: number[]) => {
    const [R, G, B] = [r!, g!, b!].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
  };
  const over = (top: number[], bottom: number[]) => {
    const a = top[3]!;
    return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1);
  };
  // The backdrop an element's text sits on: its own and its ancestors' backgrounds, composed.
  const backdrop = (el: Element): number[] => {
    const layers: number[][] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg[3]! > 0) layers.push(bg);
      if (bg[3] === 1) break;
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const failures: string[] = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    if (!own) continue;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    if (style.visibility === 'hidden' || rect.width <= 1 || rect.height <= 1 || el.closest('.skip-link')) continue;
    const bg = backdrop(el);
    const fg = over(parse(style.color), bg);
    const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    const ratio = (hi! + 0.05) / (lo! + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) failures.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent!.trim().slice(0, 30)}": ${ratio.toFixed(2)}`);
  }
  return failures;
}
