// FO-GALLERY, FO-LIGHTBOX over the renderer alone (src/render/markdown.ts, src/render/gallery-rows.ts):
// the rows a gallery's shapes make, each item's aspect ratio and sizes, captions from Markdown
// titles (escaped as text), and a lone image's figure. What the pages carry (the lightbox script)
// is in tests/unit/pages-kitchen-sink.test.ts; what a browser shows, in tests/e2e/kitchen-sink.spec.ts.
import { describe, expect, test } from 'vitest';
import type { ContentImage } from '../../src/images/images.ts';
import { galleryRows } from '../../src/render/gallery-rows.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { parseHtml } from '../support/html-query.ts';

const image = (digest: string, width: number, height: number): ContentImage => ({
  file: `content/images/${digest}.png`,
  digest,
  width,
  height,
  type: 'png',
  alt: '',
});

describe('galleries and figures', () => {
  test('FO-GALLERY: a panorama takes a row of its own, phone screenshots gather in one, a lone portrait’s row is narrowed', () => {
    // 4:1, 3:4, 3:4, and three phone screenshots (390×844).
    const rows = galleryRows([4, 0.75, 0.75, 390 / 844, 390 / 844, 390 / 844]);
    expect(rows.map((r) => r.items)).toEqual([[0], [1, 2, 3, 4, 5]]);
    expect(rows.map((r) => r.fill)).toEqual([1, 1]);
    const [, portrait] = galleryRows([4, 9 / 16]);
    expect(portrait!.items).toEqual([1]);
    // 300 px tall at 9:16 is 168.75 px of the 640 px column.
    expect(portrait!.fill).toBeCloseTo(168.75 / 640, 3);
  });

  test('FO-GALLERY, FO-LIGHTBOX: each item carries its aspect ratio, sizes from its row and its title as an escaped caption; the zoom link stays', async () => {
    const images = {
      '../images/a.png': image('a1a1a1a1a1a1a1a1', 1600, 400),
      '../images/b.png': image('b2b2b2b2b2b2b2b2', 800, 600),
      '../images/c.png': image('c3c3c3c3c3c3c3c3', 800, 600),
    };
    const markdown =
      '![Wide](../images/a.png "The <b>room</b> $& all")\n![Left](../images/b.png)\n![Right](../images/c.png "Right side")\n\n![Alone](../images/b.png "A lone one")';
    const { html } = await renderMarkdown(markdown, images);
    const page = parseHtml(`<main>${html}</main>`);
    const items = page.all('.gallery > .gallery__row > figure.gallery__item');
    expect(items.map((i) => i.attr('style'))).toEqual(['--ratio: 4', '--ratio: 1.3333', '--ratio: 1.3333']);
    expect(items.map((i) => i.one('figcaption')?.text ?? null)).toEqual(['The <b>room</b> $& all', null, 'Right side']);
    expect(html).toContain('<figcaption>The &lt;b&gt;room&lt;/b&gt; $&amp; all</figcaption>');
    expect(page.all('img[title]')).toHaveLength(0);
    // Two 4:3 images of one row: each half of it, the whole column on a phone.
    expect(items[1]!.get('source').attr('sizes')).toBe('(max-width: 30rem) calc(100vw - 2.25rem), (min-width: 44rem) 320px, calc((100vw - 2.25rem) * 0.5)');
    expect(items[0]!.get('source').attr('sizes')).toBe('(max-width: 30rem) calc(100vw - 2.25rem), (min-width: 44rem) 640px, calc((100vw - 2.25rem) * 1)');
    expect(items.map((i) => i.get('a.gallery__link').attr('href'))).toEqual([
      '/_images/a1a1a1a1a1a1a1a1-1600.webp',
      '/_images/b2b2b2b2b2b2b2b2-800.webp',
      '/_images/c3c3c3c3c3c3c3c3-800.webp',
    ]);
    const lone = page.get('main > figure.figure');
    expect(lone.get('a.figure__link').attr('href')).toBe('/_images/b2b2b2b2b2b2b2b2-800.webp');
    expect(lone.get('figcaption').text).toBe('A lone one');
    expect(lone.get('img').attr('alt')).toBe('Alone');
  });
});
