// FO-KITCHEN-SINK, FO-TYPOGRAPHY, FO-STEMMING, FO-DESIGN, FO-HERO on the kitchen-sink fixture (every
// field of every content kind, an image in every place, every link kind, a draft and a future post,
// French): what its pages, twins and function say, as a build makes them, rendered with no build
// (tests/support/render-page.ts). `npm run check` on it, every file it names served, and what a
// browser shows of it (images loaded, layout, shapes, the hero's paint) stay in
// tests/e2e/kitchen-sink.spec.ts, over one build.
import { describe, expect, test } from 'vitest';
import { imageVariants } from '../../src/images/images.ts';
import { parseHtml } from '../support/html-query.ts';
import { fixtureSite, siteFunction } from '../support/render-page.ts';

const site = fixtureSite('tests/fixtures/kitchen-sink/content');

describe('the kitchen-sink site', () => {
  const fn = siteFunction(site);

  test('FO-KITCHEN-SINK: every link kind is on the page and the twin in the owner’s order; drafts and future posts are nowhere', async () => {
    const twin = await site.text('/projects/talk-roscon.md');
    const links = [...twin.matchAll(/^- (.+): <(https:[^>]+)>$/gm)].map((m) => m[2]);
    expect(links.slice(0, 4)).toEqual([
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://slides.example.fr/roscon-2025',
      'https://vimeo.com/76979871',
      'https://roscon.example.org/2025/program?day=2#talk-14',
    ]);
    const page = await site.text('/projects/talk-roscon');
    expect(page).toContain('data-player="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"');
    expect(page).toContain('data-player="https://player.vimeo.com/video/76979871?dnt=1&amp;autoplay=1"');
    // FO-PLAYERS: the twin keeps each video line as written, the poster's line too (its image at its published address).
    expect(twin).toContain('\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n');
    expect(twin).toMatch(/\n\[!\[La première diapositive\]\([^)]+\)\]\(https:\/\/youtu\.be\/aqz-KE-bpKQ "La démo complète"\)\n/);
    for (const path of ['/posts/brouillon', '/posts/billet-futur', '/posts/brouillon.md', '/posts/billet-futur.md'])
      expect(await site.has(path), path).toBe(false);
    for (const path of ['/llms.txt', '/feed.xml', '/sitemap.xml', '/posts.md']) {
      const body = await site.text(path);
      expect(body, path).not.toContain('billet-futur');
      expect(body, path).not.toContain('brouillon');
      // The future post's cover (a source image past the size limit) is published with it, not before.
      expect(body, path).not.toContain('grand-format');
    }
    const api = await (await fn('/api/v1/posts')).text();
    expect(api).not.toContain('billet-futur');
    expect(api).not.toContain('brouillon');
  });

  test('FO-TYPOGRAPHY, FO-STEMMING: French pages set the owner’s titles with U+202F; REST and twins keep them as written; search stems French', async () => {
    const title = 'Navigation sous contraintes : ROSCon 2025';
    const set = 'Navigation sous contraintes\u202F: ROSCon 2025';
    const page = await site.text('/projects/talk-roscon');
    expect(page).toContain(`<h1>${set}</h1>`);
    expect(page).toContain('data-player-title="Vidéo sur YouTube"');
    expect(page).toContain('aria-label="Lire la vidéo sur YouTube"');
    expect(page).not.toContain('Video on YouTube');
    expect(await site.text('/projects')).toContain(set);
    const twin = await site.text('/projects/talk-roscon.md');
    expect(twin).toContain(`# ${title}\n`);
    expect(twin).toContain('- Type\u202F: Conférence (talk)');
    expect(twin).not.toContain('Content signals');
    const record = (await (await fn('/api/v1/projects/talk-roscon')).json()) as { title: string };
    expect(record.title).toBe(title);
    const hits = (await (await fn('/api/v1/search?q=robots')).json()) as { hits: { slug: string; match: string }[] };
    expect(hits.hits.filter((h) => h.match === 'category').map((h) => h.slug)).toEqual(expect.arrayContaining(['rover-slam', 'ancien-banc']));
    expect(await site.text('/resume')).toContain('\u202F: Langue maternelle');
  });

  test('FO-DESIGN: the header holds at most eight links on every page; the filter bar of a site with few projects starts folded', async () => {
    const paths = [...(await site.pagePaths()), '/404'];
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const links = (await site.page(path)).all('header.site-header a').length;
      expect(links, path).toBeGreaterThan(2);
      expect(links, path).toBeLessThanOrEqual(8);
    }
    const projects = await site.page('/projects');
    const bar = projects.get('details.work-filters');
    expect(bar.has('open')).toBe(false);
    expect(
      bar
        .getNamed('nav', 'Filtrer les projets')
        .all('a')
        .some((a) => /^Robotique/.test(a.text)),
    ).toBe(true);
  });

  test('FO-DESIGN: a search result shows its kind, its date and its cover’s thumbnail', async () => {
    const page = parseHtml(await (await fn('/search?q=rover')).text());
    const slam = page.all('.search-result').find((r) => /^Rover SLAM/.test(r.get('.rows__title').text))!;
    expect(slam.get('.search-result__kind').text).toBe('Recherche');
    expect(slam.get('time').attr('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(slam.get('img.search-result__thumb').attr('src')).toMatch(/^\/_images\//);
    // The kind comes before the title in the result, never under it.
    expect(slam.all('.search-result__kind, .rows__title').map((e) => e.classes[0])).toEqual(['search-result__kind', 'rows__title']);
  });

  test('FO-DESIGN: images on consecutive lines of a body are a gallery, each a link to its largest file; profile links carry their service’s icon', async () => {
    const post = await site.page('/posts/telemetrie-ota');
    const items = post.all('.prose .gallery > a.gallery__item');
    expect(items).toHaveLength(3);
    expect(items[0]!.accessibleName()).toBe('Le banc de test, vu de dessus');
    // Each links the largest file the build writes of its image.
    const { posts } = await site.content();
    const variants = Object.values(posts.find((p) => p.slug === 'telemetrie-ota')!.images).flatMap(imageVariants);
    for (const item of items) {
      const href = item.attr('href')!;
      const shown = variants.find((v) => v.path === href);
      expect(shown, href).toBeDefined();
      expect(
        variants.filter((v) => v.path.split('-')[0] === href.split('-')[0] && v.format === shown!.format).every((v) => v.width <= shown!.width),
        href,
      ).toBe(true);
    }
    // The portrait above the gallery, alone in its paragraph, stays a full-width picture.
    expect(post.all('.prose > p > picture img[alt="Le portrait du capteur, vu de face"]')).toHaveLength(1);
    const home = await site.page('/');
    const profiles = home.all('ul').find((list) => list.one('a[rel="me"]') && list.accessibleName() !== '')!;
    const link = (name: string) => profiles.all('a').find((a) => a.accessibleName() === name)!;
    expect(link('GitHub').all('svg.service-icon')).toHaveLength(1);
    expect(link('LinkedIn').all('svg')).toHaveLength(0);
    expect(link('Mastodon').all('svg.service-icon')).toHaveLength(1);
  });

  test('FO-HERO: site.md’s hero leads the home page, sized, eager and at high priority; the avatar loads at once without competing; the twin names it', async () => {
    const home = await site.page('/');
    const hero = home.get('main .hero > picture.hero__image img');
    expect(hero.attr('alt')).toBe('Un rover sur des collines vertes, sous une lune pâle');
    expect(hero.attr('width')).toBe('1600');
    expect(hero.attr('height')).toBe('600');
    expect(hero.attr('loading')).toBe('eager');
    expect(hero.attr('fetchpriority')).toBe('high');
    const avatar = home.get('main .hero__avatar img');
    expect(avatar.attr('loading')).toBe('eager');
    expect(avatar.attr('fetchpriority')).not.toBe('high');
    expect(await site.text('/index.md')).toMatch(/!\[Un rover sur des collines vertes, sous une lune pâle\]\([^)]*\/_images\/[\w-]+\.webp\)/);
  });
});
