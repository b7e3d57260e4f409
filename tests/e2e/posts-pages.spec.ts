// FO-POSTS, FO-DRAFTS, FO-RESUME: the pages people see, in Chromium over real HTTP. The sample
// fixture site (the shared server: three posts, a draft, a résumé) has /posts (newest first, by
// year, no draft), post pages (date, reading time, table of contents, tags, older and newer posts,
// BlogPosting JSON-LD), latest writing on the home page, Writing and Résumé in the header, and
// /resume (experience, education, skills, its Person JSON-LD, a print stylesheet). The second
// fixture site has neither posts nor a résumé, and shows no trace of them; it is built and served by
// `npm start` in a throwaway copy of the repository, where `npm run dev` then shows the sample
// site's draft, marked as one.
import { rmSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { freePort } from '../../scripts/free-port.ts';
import { loadContent } from '../../src/records/load.ts';
import { cleanEnv, raw, repoCopy, startServer, type Server } from './serve-support.ts';

const DRAFT = 'notes-on-tracing-costs';

/** Every JSON-LD object the page carries, parsed. */
const jsonLd = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);

test.describe('the sample site', () => {
  test('FO-POSTS, FO-DRAFTS: /posts lists the three published posts newest first, grouped by year, each with date, summary and reading time; never the draft', async ({
    page,
  }) => {
    await page.goto('/posts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Writing');
    await expect(page.locator('.post-year > h2')).toHaveText(['2026', '2025']);
    const titles = page.locator('.post-list__title a');
    await expect(titles).toHaveText(['Measure before you shard', 'A search index in one file', 'Why I shut down a service that paid for itself']);
    expect(await titles.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/posts/measure-before-you-shard',
      '/posts/a-search-index-in-one-file',
      '/posts/leaving-quarry-cloud',
    ]);
    const dates = await page.locator('.post-list__meta time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')));
    expect(dates).toEqual(['2026-10-06', '2026-04-21', '2025-02-11']);
    await expect(page.locator('.post-list__meta').first()).toContainText(/\d+ min read/);
    await expect(page.locator('.post-list__summary').first()).toContainText('single measurement');
    // The draft is neither listed nor built (FO-DRAFTS).
    await expect(page.getByText('What tracing really costs')).toHaveCount(0);
    expect((await page.request.get(`/posts/${DRAFT}`)).status()).toBe(404);
    // Three posts fit on one page: no pager, no second page.
    await expect(page.locator('.pager')).toHaveCount(0);
    expect((await page.request.get('/posts/page/2')).status()).toBe(404);
    await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', '/posts.md');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Writing', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('FO-POSTS: a post shows its date, reading time, a table of contents of its four sections, tags, older and newer posts, and BlogPosting JSON-LD', async ({
    page,
  }) => {
    await page.goto('/posts/measure-before-you-shard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Measure before you shard');
    const meta = page.locator('.post__meta');
    await expect(meta.locator('time')).toHaveAttribute('datetime', '2026-10-06');
    await expect(meta).toContainText('October 6, 2026');
    await expect(meta).toContainText(/\b\d+ min read\b/);
    const toc = page.getByRole('navigation', { name: 'In this post' });
    await expect(toc.getByRole('link')).toHaveText(['The symptom', 'The measurement', 'What we changed', 'What I tell teams now']);
    // Each entry leads to its section's heading.
    for (const href of await toc.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      await expect(page.locator(`h2${href}`)).toHaveCount(1);
    }
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText(['Tag: postgres', 'Tag: performance', 'Tag: consulting']);
    // The newest post: an older one, no newer one.
    const more = page.getByRole('navigation', { name: 'More posts' });
    await expect(more.locator('a[rel="prev"]')).toHaveAttribute('href', '/posts/a-search-index-in-one-file');
    await expect(more.locator('a[rel="next"]')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    const [ld] = await jsonLd(page);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Measure before you shard',
      datePublished: '2026-10-06',
      dateModified: '2026-10-06',
      keywords: 'postgres, performance, consulting',
      author: { '@type': 'Person', name: 'Mara Lindqvist' },
    });
    expect(ld!.url).toMatch(/\/posts\/measure-before-you-shard$/);
    // Its social card is drawn and served.
    const card = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(card).toMatch(/\/og\/posts\/measure-before-you-shard\.png$/);
    const png = await page.request.get(new URL(card!).pathname);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');

    // The middle post links both ways, shows when it was updated, and its cover.
    await page.goto('/posts/a-search-index-in-one-file');
    await expect(more.locator('a[rel="next"]')).toHaveAttribute('href', '/posts/measure-before-you-shard');
    await expect(more.locator('a[rel="prev"]')).toHaveAttribute('href', '/posts/leaving-quarry-cloud');
    await expect(meta).toContainText('Updated May 2, 2026');
    await expect(page.locator('.record__cover img')).toHaveAttribute('alt', /single-file index layout/);
    const [middle] = await jsonLd(page);
    expect(middle).toMatchObject({ '@type': 'BlogPosting', dateModified: '2026-05-02' });
    expect((middle!.image as { '@type': string })['@type']).toBe('ImageObject');
    // Two sections only: no table of contents.
    await expect(page.getByRole('navigation', { name: 'In this post' })).toHaveCount(0);
  });

  test('FO-POSTS, FO-RESUME: the home page shows the latest writing, and the header and footer link Writing and the Résumé', async ({ page }) => {
    await page.goto('/');
    const latest = page.locator('section[aria-labelledby="latest-writing"]');
    await expect(latest.getByRole('heading', { level: 2 })).toHaveText('Latest writing');
    await expect(latest.locator('.post-list__title a')).toHaveText([
      'Measure before you shard',
      'A search index in one file',
      'Why I shut down a service that paid for itself',
    ]);
    await expect(latest.getByRole('link', { name: /All 3 posts/ })).toHaveAttribute('href', '/posts');
    const header = page.getByRole('navigation', { name: 'Main' });
    await expect(header.getByRole('link', { name: 'Writing', exact: true })).toHaveAttribute('href', '/posts');
    await expect(header.getByRole('link', { name: 'Résumé' })).toHaveAttribute('href', '/resume');
    // Still one bounded row: Projects and at most six more.
    expect(await header.getByRole('link').count()).toBeLessThanOrEqual(7);
    await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Résumé' })).toHaveAttribute('href', '/resume');
    // The owner's Person says what the résumé says.
    const person = (await jsonLd(page)).find((o) => o['@type'] === 'Person')!;
    expect(person.worksFor).toEqual([{ '@type': 'Organization', name: 'Lindqvist Software AB' }]);
    expect(person.knowsAbout).toContain('Rust');
  });

  test('FO-POSTS: tag pages list the posts that carry the tag, and the tags index counts them', async ({ page }) => {
    await page.goto('/tags/postgres');
    const posts = page.locator('section[aria-labelledby="tag-posts"]');
    await expect(posts.locator('.post-list__title a')).toHaveText(['Measure before you shard']);
    await expect(page.locator('.lead')).toContainText('1 post');
    // The count is of everything with the tag: projects, posts and pages.
    const { projects, posts: all, pages } = loadContent();
    const carrying = [...projects, ...all, ...pages].filter((r) => r.tags.includes('consulting'));
    expect(carrying.map((r) => r.kind)).toContain('post');
    await page.goto('/tags');
    await expect(page.locator('a.chip[href="/tags/consulting"] .chip__count')).toHaveText(String(carrying.length));
  });

  test('FO-RESUME: /resume shows the name, title, contact, summary, experience, education, skills and languages, links JSON Resume and the twin, and carries the Person JSON-LD', async ({
    page,
  }) => {
    await page.goto('/resume');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mara Lindqvist');
    await expect(page.locator('.resume__head .lead')).toHaveText('Independent software engineer — search, data systems and web performance');
    const contact = page.locator('address.resume__contact');
    await expect(contact.getByRole('link', { name: 'mara@example.com' })).toHaveAttribute('href', 'mailto:mara@example.com');
    // One line of details, as printed (and as read as text: FO-CHECKERS' content-start-position).
    await expect(contact).toContainText('Contact: mara@example.com · Gothenburg, Sweden');
    await expect(contact.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/example-mara');
    await expect(page.locator('#resume-summary + .prose')).toContainText('twelve years of experience');

    const headings = page.locator('.resume__section > h2');
    await expect(headings).toHaveText(['Summary', 'Experience', 'Education', 'Skills', 'Languages', 'Awards', 'Publications']);
    const jobs = page.locator('section[aria-labelledby="resume-work"] .resume-entry');
    await expect(jobs).toHaveCount(3);
    await expect(jobs.first().locator('h3')).toHaveText('Independent software engineer');
    await expect(jobs.first().locator('.resume-entry__when')).toHaveText('Sep 2020 – present');
    await expect(jobs.first().locator('li')).toHaveCount(3);
    await expect(jobs.nth(1).getByRole('link', { name: 'Nordfrakt Logistics' })).toHaveAttribute('href', 'https://example.com/nordfrakt');
    await expect(jobs.nth(1).locator('.resume-entry__when')).toHaveText('May 2016 – Aug 2020');
    await expect(page.locator('section[aria-labelledby="resume-education"]')).toContainText('Chalmers University of Technology');
    await expect(page.locator('.resume-skills dt').first()).toContainText('Systems programming');
    await expect(page.locator('.resume-skills dd').first()).toHaveText('Rust, C, Go');
    await expect(page.locator('.resume-languages li')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'JSON Resume' })).toHaveAttribute('href', '/resume.json');
    await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', '/resume.md');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Résumé' })).toHaveAttribute('aria-current', 'page');
    expect((await page.request.get('/og/resume.png')).status()).toBe(200);

    const person = (await jsonLd(page)).find((o) => o['@type'] === 'Person')!;
    expect(person).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Mara Lindqvist',
      hasOccupation: [{ '@type': 'Occupation', name: 'Independent software engineer' }],
      worksFor: [{ '@type': 'Organization', name: 'Lindqvist Software AB' }],
      alumniOf: [{ '@type': 'EducationalOrganization', name: 'Chalmers University of Technology' }],
      knowsLanguage: [
        { '@type': 'Language', name: 'Swedish' },
        { '@type': 'Language', name: 'English' },
        { '@type': 'Language', name: 'German' },
      ],
    });
    // Past employers are not current ones.
    expect(JSON.stringify(person.worksFor)).not.toContain('Nordfrakt');
    expect(person.knowsAbout).toEqual(expect.arrayContaining(['Systems programming', 'Rust', 'PostgreSQL', 'OpenTelemetry']));
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

test.describe('a site with neither posts nor a résumé (the second fixture site), and npm run dev', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let copy = '';
  let server: Server | undefined;
  let base = '';

  test.beforeAll(async () => {
    copy = repoCopy('folio-posts-');
    base = `http://127.0.0.1:${await freePort()}`;
  });

  const start = async (script: string, env: Record<string, string>) => {
    server = await startServer(
      copy,
      script,
      cleanEnv({ PORT: new URL(base).port, HOST: '127.0.0.1', FOLIO_RATE_LIMITS: 'knowledge=100000/60,portfolio=100000/60', ...env }),
      `${base}/ready-check`,
      200_000,
    );
  };
  const stop = async () => {
    if (server && server.process.exitCode === null) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    server = undefined;
  };

  test.afterAll(async () => {
    await stop();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  test('FO-POSTS, FO-RESUME: no posts and no résumé: /posts and /resume are 404, no Writing or Résumé link, no latest writing', async ({ page }) => {
    await start('scripts/start.ts', { FOLIO_CONTENT: 'tests/fixtures/second-site/content' });
    for (const path of ['/posts', '/posts/page/2', '/resume', '/og/posts.png', '/og/resume.png']) {
      expect((await raw(base, path, { accept: 'text/html' })).status, path).toBe(404);
    }
    for (const path of ['/', '/projects', '/tags']) {
      await page.goto(`${base}${path}`);
      const text = await page.locator('body').textContent();
      expect(text, path).not.toMatch(/Writing|Résumé|Latest writing/);
      await expect(page.locator('a[href="/posts"], a[href="/resume"]'), path).toHaveCount(0);
    }
    await page.goto(`${base}/`);
    await expect(page.locator('section[aria-labelledby="latest-writing"]')).toHaveCount(0);
    const person = (await jsonLd(page)).find((o) => o['@type'] === 'Person')!;
    for (const field of ['hasOccupation', 'worksFor', 'alumniOf', 'knowsAbout', 'knowsLanguage']) expect(person, field).not.toHaveProperty(field);
    await stop();
  });

  test('FO-DRAFTS: under npm run dev the draft is listed and has its page, marked as a draft and kept out of search engines', async ({ page }) => {
    await start('scripts/dev.ts', {});
    await page.goto(`${base}/posts`);
    const draft = page.locator('.post-list__item', { hasText: 'What tracing really costs' });
    await expect(draft).toHaveCount(1);
    await expect(draft.locator('.badge')).toHaveText('Draft');
    await page.goto(`${base}/posts/${DRAFT}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What tracing really costs');
    await expect(page.locator('.notice--draft')).toContainText('Draft.');
    await expect(page).toHaveTitle(/^Draft: /);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // A published post is not marked.
    await page.goto(`${base}/posts/measure-before-you-shard`);
    await expect(page.locator('.notice--draft')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await stop();
  });
});
