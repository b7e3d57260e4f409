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
    const items = post.all('.prose .gallery .gallery__item > a.gallery__link');
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
    // The portrait above the gallery, alone in its paragraph, is a figure of its own that links its largest file (FO-LIGHTBOX).
    expect(post.all('.prose > figure.figure > a.figure__link > picture img[alt="Le portrait du capteur, vu de face"]')).toHaveLength(1);
    const home = await site.page('/');
    const profiles = home.all('ul').find((list) => list.one('a[rel="me"]') && list.accessibleName() !== '')!;
    const link = (name: string) => profiles.all('a').find((a) => a.accessibleName() === name)!;
    expect(link('GitHub').all('svg.service-icon')).toHaveLength(1);
    expect(link('LinkedIn').all('svg')).toHaveLength(0);
    expect(link('Mastodon').all('svg.service-icon')).toHaveLength(1);
  });

  test('FO-GALLERY, FO-LIGHTBOX: a designer’s gallery keeps each image’s shape in rows the build chose, captions what the owner titled, sizes each image as its row shows it, and brings the lightbox script', async () => {
    const page = await site.page('/projects/banc-vision');
    const gallery = page.get('.prose .gallery');
    const rows = gallery.all('.gallery__row');
    // The panorama (4:1) takes a row of its own; the portraits and phone screenshots share the next.
    expect(rows.map((row) => row.all('.gallery__item').length)).toEqual([1, 5]);
    const { projects } = await site.content();
    const images = projects.find((p) => p.slug === 'banc-vision')!.images;
    const byPath = new Map(Object.values(images).flatMap((image) => imageVariants(image).map((v) => [v.path, image] as const)));
    const sums = rows.map((row) => row.all('.gallery__item img').reduce((total, img) => total + Number(img.attr('width')) / Number(img.attr('height')), 0));
    for (const [r, row] of rows.entries()) {
      for (const item of row.all('.gallery__item')) {
        const img = item.get('img');
        const image = byPath.get(item.get('a.gallery__link').attr('href')!)!;
        const ratio = image.width / image.height;
        // Each item grows by its own aspect ratio, from the image's size the build knows (no crop: FO-GALLERY).
        expect(item.attr('style'), img.attr('alt')).toBe(`--ratio: ${Math.round(ratio * 10_000) / 10_000}`);
        expect([img.attr('width'), img.attr('height')]).toEqual([String(image.width), String(image.height)]);
        // sizes: the whole column less the gutters on a phone; on a wide screen its share of the 640 px column.
        const share = ratio / sums[r]!;
        for (const source of item.all('source')) {
          expect(source.attr('sizes')).toBe(
            `(max-width: 30rem) calc(100vw - 2.25rem), (min-width: 44rem) ${Math.ceil(640 * share)}px, calc((100vw - 2.25rem) * ${Math.ceil(share * 10_000) / 10_000})`,
          );
        }
      }
    }
    // A title is a visible caption; an untitled image has none, and its alt text stays its description.
    const captions = gallery.all('figure.gallery__item').map((f) => f.one('figcaption')?.text ?? null);
    expect(captions).toEqual(['La salle du banc en panorama', 'La mire, de face', null, 'L’écran de calibration', null, 'Les réglages']);
    expect(gallery.all('img[title]')).toHaveLength(0);
    // A lone image with a title is a captioned figure that links its largest file.
    const figure = page.get('.prose > figure.figure');
    expect(figure.get('figcaption').text).toBe('La diapositive d’ouverture');
    expect(figure.get('a.figure__link').attr('href')).toMatch(/^\/_images\/[\w-]+\.webp$/);
    // The lightbox script, deferred, in the site's language; a page with no figure has none.
    const script = page.get('script[src="/lightbox.js"]');
    expect(script.has('defer')).toBe(true);
    expect([script.attr('data-close'), script.attr('data-previous'), script.attr('data-next')]).toEqual(['Fermer', 'Image précédente', 'Image suivante']);
    expect((await site.page('/projects/talk-roscon')).all('script[src="/lightbox.js"]')).toHaveLength(0);
    // The twin keeps each caption as the image's Markdown title.
    expect(await site.text('/projects/banc-vision.md')).toMatch(/!\[La mire vue de face, cadre rouge\]\([^)]+\.webp "La mire, de face"\)/);
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
