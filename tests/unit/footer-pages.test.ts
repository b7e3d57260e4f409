// FO-FOOTER-PAGES: a page with `footer: true` (an Impressum, a privacy page, a licence) is linked from
// every page's footer in every language, in its translated title; and FO-HEADER-NAME's markup: what
// a phone's header has no room for (the language switch, the theme toggle) is in the footer's menu
// too. Rendered with no build (tests/support/render-page.ts) over the bilingual fixture, whose
// Impressum ("Mentions légales", "Legal notice" in English) says `footer: true`. The layout itself
// (the name whole at 320 and 390 px) is a browser's: tests/e2e/bilingual-site.spec.ts.
import { describe, expect, test } from 'vitest';
import { footerPages, pageFrame } from '../../src/records/collections.ts';
import type { Content, Page } from '../../src/records/schema.ts';
import { fixtureSite } from '../support/render-page.ts';

const site = fixtureSite('tests/fixtures/bilingual-site/content');
const english = (path: string) => path === '/en' || path.startsWith('/en/');

describe('FO-FOOTER-PAGES: pages marked footer: true are linked from every page’s footer', () => {
  test('FO-FOOTER-PAGES: every page of a two-language site, the 404 page too, links the Impressum from its footer, in the page’s language and not from the header', async () => {
    const paths = [...(await site.pagePaths()), '/404'];
    expect(paths).toContain('/en/mentions-legales');
    let checked = 0;
    for (const path of paths) {
      if (!(await site.has(path))) continue;
      const page = await site.page(path);
      const links = page.all('footer.site-footer .site-footer__pages a').map((a) => ({ href: a.attr('href'), text: a.text }));
      // The developer pages are English once (translated: false) but live in the main language's frame.
      const inEnglish = english(path);
      expect(links, path).toEqual([
        inEnglish ? { href: '/en/mentions-legales', text: 'Legal notice' } : { href: '/mentions-legales', text: 'Mentions légales' },
      ]);
      // A legal page is the footer's: by default it does not take one of the header's few places.
      expect(
        page.all('.site-nav a').map((a) => a.attr('href')),
        path,
      ).not.toContain(links[0]!.href);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(40);
    // The Impressum's own page marks its footer link as the current page.
    expect((await site.page('/en/mentions-legales')).get('.site-footer__pages a').attr('aria-current')).toBe('page');
  });

  test('FO-FOOTER-PAGES: the footer lists its pages by `order`, then slug; `nav: true` also puts one in the header; a site without any has no list', () => {
    const page = (slug: string, order: number, more: Partial<Page> = {}) => ({ slug, title: slug, href: `/${slug}`, order, ...more }) as Page;
    const pages = [
      page('about', 1),
      page('imprint', 900, { footer: true }),
      page('licence', 900, { footer: true, nav: true }),
      page('privacy', 950, { footer: true }),
    ];
    const content = { site: {} as Content['site'], pages, posts: [], resume: undefined };
    expect(footerPages(content).map((p) => p.slug)).toEqual(['imprint', 'licence', 'privacy']);
    const frame = pageFrame(content);
    expect(frame.footer.map((l) => l.href)).toEqual(['/imprint', '/licence', '/privacy']);
    expect(frame.nav.map((l) => l.href)).toEqual(['/licence']);
    // Without `nav: true` anywhere, the header takes the pages by order, leaving the footer's out.
    const plain = pageFrame({ ...content, pages: pages.map((p) => ({ ...p, nav: undefined })) });
    expect(plain.nav.map((l) => l.href)).toEqual(['/about']);
    // Every page is in the header or the footer: no "All pages" link is needed.
    expect(plain.morePages).toBe(false);
    expect(pageFrame({ ...content, pages: [page('about', 1)] }).footer).toEqual([]);
  });
});

describe('FO-HEADER-NAME: what a phone’s header moves into the menu is there', () => {
  test('FO-HEADER-NAME: the footer’s menu has the language switch’s links (each language named in full) and a labelled theme toggle, on every page in both languages', async () => {
    for (const path of ['/', '/en', '/projects/robotique-mobile', '/en/mentions-legales', '/en/tags']) {
      const page = await site.page(path);
      const header = page.all('header .lang-switch a').map((a) => ({ href: a.attr('href'), hreflang: a.attr('hreflang'), current: a.attr('aria-current') }));
      const menu = page.get('#site-menu');
      const footer = menu.all('.site-footer__langs a').map((a) => ({ href: a.attr('href'), hreflang: a.attr('hreflang'), current: a.attr('aria-current') }));
      expect(header, path).toHaveLength(2);
      expect(footer, path).toEqual(header);
      expect(
        menu.all('.site-footer__langs a').map((a) => a.text),
        path,
      ).toEqual(['Français', 'English']);
      expect(menu.get('.site-footer__langs').attr('aria-label'), path).toBe(english(path) ? 'Languages' : 'Langues');
      // Its toggle shows its name (the header's says it to screen readers only); both start hidden until /theme-scheme.js runs.
      const toggle = menu.get('button.scheme-toggle');
      expect(toggle.text, path).toBe(english(path) ? 'Dark theme' : 'Thème sombre');
      expect(toggle.has('hidden'), path).toBe(true);
      expect(page.all('button.scheme-toggle'), path).toHaveLength(2);
    }
  });
});
