// The human site's pages on the second fixture site (covers in JPEG, PNG and SVG, an AVIF avatar, a
// GIF in a body, tags, twelve pages, Spanish: FO-LANGUAGE): pictures, social card metadata, the
// feed, tags, the search page without JavaScript and the bounded header, as a build makes them,
// rendered with no build (tests/support/render-page.ts). What the served site and a browser add
// (each image and card file served, images loaded, the live search, WebMCP, the phone layout) stays
// in tests/e2e/site-human.spec.ts, and its pages at 390 and 1280 px in both schemes in
// tests/e2e/design.spec.ts, over the run's shared build of the site.
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseHtml } from '../support/html-query.ts';
import { fixtureSite, siteFunction } from '../support/render-page.ts';

const site = fixtureSite('tests/fixtures/second-site/content');

/** The site's address, as its pages and files write it. */
let url = '';
beforeAll(async () => {
  url = (await site.content()).site.url;
});
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the second site', () => {
  const fn = siteFunction(site);

  test('covers: <picture> with AVIF and WebP srcsets, size set, the cover above the fold eager and first, cards lazy', async () => {
    const page = await site.page('/projects/lumen-meter');
    const cover = page.get('.record__cover');
    expect(cover.get('source[type="image/avif"]').attr('srcset')).toMatch(/\/_images\/[0-9a-f]{16}-320\.avif 320w, .*-1200\.avif 1200w$/);
    expect(cover.get('source[type="image/webp"]').attr('sizes')).toMatch(/100vw/);
    const img = cover.get('img');
    expect(img.attr('alt')).toBe('Night sky over a dark coastline, the kind of scene the meter was built for');
    expect(img.attr('width')).toBe('1200');
    expect(img.attr('height')).toBe('675');
    expect(img.attr('loading')).toBe('eager');
    expect(img.attr('fetchpriority')).toBe('high');

    const cards = (await site.page('/projects')).all('.card__cover img');
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(card.attr('loading')).toBe('lazy');
  });

  test('an SVG cover passes through as it is; the avatar and a body GIF go through the pipeline', async () => {
    const svg = await site.page('/projects/nachtlicht');
    expect(svg.get('.record__cover img').attr('src')).toMatch(/^\/_images\/[0-9a-f]{16}\.svg$/);
    expect(svg.all('.record__cover source')).toHaveLength(0);

    const avatar = (await site.page('/')).get('.hero__avatar img');
    expect(avatar.attr('alt')).toBe('Zoë Ñúñez-Økland');
    expect(avatar.attr('fetchpriority')).toBe('high');

    const page = await site.page('/talleres');
    const body = page.get('.record__body picture img');
    expect(body.attr('alt')).toBe('Three soldered sensor boards in red, green and blue');
    expect(body.attr('loading')).toBe('lazy');
    expect(body.attr('width')).toBe('480');
    expect(page.get('.record__body picture source[type="image/avif"]').attr('srcset')).toMatch(/-480\.avif 480w$/);
  });

  test('FO-ONE-RECORD: twins, llms-full.txt, REST and JSON-LD carry each image with its alt text and an absolute URL', async () => {
    const twin = await site.text('/projects/lumen-meter.md');
    const line = twin.match(
      new RegExp(
        `^!\\[Night sky over a dark coastline, the kind of scene the meter was built for\\]\\((${escapeRegex(url)}/_images/[0-9a-f]{16}-\\d+\\.webp)\\)$`,
        'm',
      ),
    );
    expect(line, twin.slice(0, 500)).toBeTruthy();
    expect(await site.text('/talleres.md')).toMatch(
      new RegExp(`!\\[Three soldered sensor boards in red, green and blue\\]\\(${escapeRegex(url)}/_images/[0-9a-f]{16}-480\\.webp\\)`),
    );
    expect(await site.text('/llms-full.txt')).toContain(line![0]!);

    const project = await (await fn('/api/v1/projects/lumen-meter')).json();
    expect(project.image).toEqual({
      url: line![1],
      alt: 'Night sky over a dark coastline, the kind of scene the meter was built for',
      width: 1200,
      height: 675,
    });
    expect((await (await fn('/api/v1/projects/taller-sensores')).json()).image).toBeNull();
    const listed = (await (await fn('/api/v1/projects?limit=20')).json()).projects.find((p: { slug: string }) => p.slug === 'lumen-meter');
    expect(listed.image).toEqual(project.image);

    const ld = (await site.page('/projects/lumen-meter')).jsonLd[0]!;
    expect(ld.image).toEqual({ '@type': 'ImageObject', url: line![1], width: 1200, height: 675, caption: project.image.alt });
  });

  test('social cards: every page has og:image (a card the build draws), og:image:alt and a large Twitter card', async () => {
    const paths = await site.pagePaths();
    expect(paths.length).toBeGreaterThan(30);
    const pages = await Promise.all(paths.map(async (path) => [path, await site.text(path)] as const));
    pages.push(['/search?q=luz', await (await fn('/search?q=luz')).text()], ['/404', await site.text('/404')]);
    for (const [path, html] of pages) {
      const page = parseHtml(html);
      const image = page.get('meta[property="og:image"]').attr('content')!;
      expect(image, path).toMatch(new RegExp(`^${escapeRegex(url)}/og/.+\\.png$`));
      expect(await site.has(new URL(image).pathname), image).toBe(true);
      expect(page.get('meta[property="og:image:alt"]').attr('content')!.length, path).toBeGreaterThanOrEqual(10);
      expect(page.get('meta[name="twitter:card"]').attr('content'), path).toBe('summary_large_image');
    }
  });

  test('the feed: RSS 2.0 of projects, newest first, absolute links, dates and categories; every page links it', async () => {
    const feed = new XMLParser({ ignoreAttributes: false }).parse(await site.text('/feed.xml'));
    expect(feed.rss['@_version']).toBe('2.0');
    const { channel } = feed.rss;
    expect(channel.title).toBe('Zoë Ñúñez-Økland: proyectos'); // in the site's language (FO-LANGUAGE)
    expect(channel.link).toBe(`${url}/`);
    expect(channel.description).toBeTruthy();
    const items = [channel.item].flat();
    expect(items.map((i: { link: string }) => i.link)).toEqual(
      ['lumen-meter', 'nachtlicht', 'camara-estenopeica', 'taller-sensores', 'hokkaido-notes', 'viejo-escaner'].map((s) => `${url}/projects/${s}`),
    );
    const dates = items.map((i: { pubDate: string }) => Date.parse(i.pubDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(items[0].pubDate).toMatch(/^\w{3}, \d{2} \w{3} \d{4} 00:00:00 GMT$/); // RFC 822, as RSS 2.0 asks
    expect([items[0].category].flat()).toEqual(['Hardware & sensores', 'sensors', 'rust', 'night']);
    expect(items[0].description).toContain('−6 EV');
    const pages = [await site.text('/'), await site.text('/projects/nachtlicht'), await site.text('/tags'), await (await fn('/search?q=x')).text()];
    for (const html of pages) {
      const feedLink = parseHtml(html).get('link[rel="alternate"][type="application/rss+xml"]');
      expect([feedLink.attr('href'), feedLink.attr('title')]).toEqual(['/feed.xml', 'Zoë Ñúñez-Økland: proyectos']);
    }
  });

  // This site is `locale: es` (FO-LANGUAGE): its interface words are Spanish.
  test('tags link to their pages; a tag page lists every project and page with it, with a twin; /tags counts them; all in the sitemap', async () => {
    const project = await site.page('/projects/lumen-meter');
    expect(project.get('.facts').getNamed('a', 'Etiqueta: night').attr('href')).toBe('/tags/night');
    const night = await site.page('/tags/night');
    expect(night.get('h1').text).toBe('Etiqueta «night»');
    const titles = night.all('a').map((a) => a.accessibleName());
    for (const title of [
      'Lumen·Meter: a spot meter for night photography',
      'Nachtlicht — Küstenserie',
      'Cámara estenopeica de 6×17',
      '北海道 field notes (冬)',
    ])
      expect(titles).toContain(title);
    expect(night.get('link[rel="alternate"][type="text/markdown"]').attr('href')).toBe('/tags/night.md');
    const twin = await site.text('/tags/night.md');
    expect(twin).toMatch(/^# Etiqueta «night»$/m);
    expect(twin).toContain(`](${url}/projects/hokkaido-notes.md)`);

    const studio = await site.page('/tags/studio');
    expect(studio.texts('h2')).toContain('Páginas');
    expect(studio.get('main').named('a', 'Talleres')).toHaveLength(1);

    expect((await site.page('/tags')).getNamed('a', 'night 4').attr('href')).toBe('/tags/night');
    const sitemap = await site.text('/sitemap.xml');
    for (const path of ['/tags', '/tags/night', '/tags/studio']) expect(sitemap).toContain(`<loc>${url}${path}</loc>`);
  });

  // The interface words are Spanish (`locale: es`, FO-LANGUAGE), the function's result line too.
  test('FO-TEXT-SAFE: search without JavaScript: the labelled form asks /search, answered in the site layout, the query HTML-escaped', async () => {
    const projects = await site.page('/projects');
    const form = projects.get('form[role="search"]');
    expect([form.attr('action'), form.attr('method')]).toEqual(['/search', 'get']);
    const input = form.get(`#${form.get('label.sr-only').attr('for')}`);
    expect(form.get('label.sr-only').text).toBe('Buscar en este sitio');
    expect(input.attr('name')).toBe('q');

    const answer = await fn('/search?q=pinhole');
    expect(answer.status).toBe(200);
    const page = parseHtml(await answer.text());
    expect(page.get('h1').text).toBe('Búsqueda');
    expect(page.get('[role="status"]').text).toBe('3 resultados para «pinhole»');
    expect(page.named('a', 'Cámara estenopeica de 6×17').length).toBeGreaterThan(0);
    expect(page.get('#site-search-q').attr('value')).toBe('pinhole');
    expect(page.all('header.site-header')).toHaveLength(1);
    expect(page.all('footer.site-footer')).toHaveLength(1);
    // What is not a query is answered on the page, not as an error.
    const empty = await fn('/search');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Escribe una o dos palabras');
    expect(await (await fn(`/search?q=${'x'.repeat(501)}`)).text()).toContain('busca con 500 como máximo');
    const escaped = await fn('/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(escaped.status).toBe(200);
    const body = await escaped.text();
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('WebMCP: the search form is annotated as the read-only search_site tool, its field described', async () => {
    const page = await site.page('/');
    const form = page.get('form[role="search"]');
    expect(form.attr('toolname')).toBe('search_site');
    expect(form.attr('tooldescription')).toMatch(/Search Zoë Ñúñez-Økland's projects and pages/);
    expect(form.get('input[name="q"]').attr('toolparamdescription')).toBe('Words to look for in titles, tags, summaries and text');
  });

  // This site is `locale: es` (FO-LANGUAGE): the header and menu speak Spanish.
  test("FO-DESIGN: bounded header: at most five entries (Projects first), the rest in the footer menu, with the owner's name and a search icon", async () => {
    const page = await site.page('/');
    const main = page.getNamed('nav', 'Principal');
    expect(main.all('a')).toHaveLength(5);
    expect(main.get('a').text).toBe('Proyectos');
    expect(page.getNamed('nav', 'Sitio').getNamed('a', 'Todas las páginas').attr('href')).toBe('/#pages');
    expect(page.get('section[aria-labelledby="pages"]').all('a')).toHaveLength(12);
    const header = page.get('header.site-header');
    expect(header.getNamed('a', 'Menú').attr('href')).toBe('#site-menu');
    expect(header.get('.site-name__text').text).toBe('Zoë Ñúñez-Økland');
    expect(header.all('label.site-search__open[for="site-search-q"]')).toHaveLength(1);
  });
});
