// FO-IMAGES-NAMED: the images a build writes are exactly the image files its outputs name, in every
// language, collected where they are named (src/images/images.ts nameFile), not from a list of the
// content's image holders. The build's own run is tests/integration/content-model-sites.test.ts; here
// the rule's parts, and a bilingual site rendered with no build whose translation shows a cover and a
// body image no main-language record uses.
//
// The unit tier shares one process between files (vitest's isolate: false), and so one list of named
// files: every image here is drawn in a colour of its own, so that its files are named by this file's
// outputs alone, and a test that starts the list afresh puts back what it found.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { buildDataFile, resumeParts, serializeDataFile, translationData } from '../../src/builder/data-file.ts';
import {
  agentImage,
  type ContentImage,
  forgetNamedImages,
  imageVariants,
  namedImages,
  nameFile,
  pictureSources,
  servedImage,
  thumbnailImage,
  zoomImage,
} from '../../src/images/images.ts';
import { loadLanguages } from '../../src/records/load.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { fixtureSite } from '../support/render-page.ts';
import { fixtureDataFile } from '../support/site-data.ts';
import { tempDir } from '../support/temp-dir.ts';

const IMAGE_PATH = /\/_images\/[\w-]+\.(?:avif|webp|svg)/g;

/** A PNG no other test draws: its own colour, so its own digest. */
const png = (width: number, height: number, red: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 7, b: 201 } } })
    .png()
    .toBuffer();

/** An image as the loader describes it, for a file that need not exist (naming reads no file). */
const described = (digest: string, width = 700, height = 400, type = 'png'): ContentImage => ({
  file: `content/images/${digest}.${type}`,
  digest,
  width,
  height,
  type,
  alt: 'x',
});

/** Runs `test` with the list of named files started afresh, then puts back what was there. */
async function afresh(run: () => Promise<void> | void) {
  const saved = [...namedImages().values()];
  forgetNamedImages();
  try {
    await run();
  } finally {
    forgetNamedImages();
    for (const file of saved) nameFile(file.image, file.variant);
  }
}

describe('FO-IMAGES-NAMED: an image file is published because an output names it', () => {
  test('the functions that give a file’s path name exactly the files they give; imageVariants lists, naming none', () =>
    afresh(() => {
      const image = described('a1a1a1a1a1a1a1a1');
      expect(imageVariants(image)).toHaveLength(6);
      expect(namedImages().size, 'a list is not a name').toBe(0);
      const agent = agentImage(image);
      expect([...namedImages().keys()]).toEqual([agent.path]);
      const thumbnail = thumbnailImage(image);
      const zoom = zoomImage(image);
      expect(new Set(namedImages().keys())).toEqual(new Set([agent.path, thumbnail.path, zoom.path]));
      // A <picture> names every file its srcsets and <img> name, and no other.
      const picture = pictureSources(described('b2b2b2b2b2b2b2b2'));
      const inPicture = [picture.img.src, ...picture.sources.flatMap((s) => [...s.srcset.matchAll(IMAGE_PATH)].map((m) => m[0]))];
      expect(new Set([...namedImages().keys()].filter((p) => p.includes('b2b2'))), 'the picture’s files').toEqual(new Set(inPicture));
      // What the function names at request time: REST's image and the search page's thumbnail.
      const served = servedImage(described('c3c3c3c3c3c3c3c3', 700, 400));
      expect(served.agent.path).not.toBe(served.thumbnail.path);
      expect([...namedImages().keys()].filter((p) => p.includes('c3c3'))).toEqual([served.agent.path, served.thumbnail.path]);
    }));

  test('a body’s render names its pictures and gallery links, and names them again when its kept render is given after the list starts afresh', async () => {
    const image = described('d4d4d4d4d4d4d4d4', 1000, 500);
    const other = described('e5e5e5e5e5e5e5e5', 300, 300, 'svg');
    const markdown = 'Two in a row:\n\n![One](../images/one.png)\n![Two](../images/two.svg)\n\nFO-IMAGES-NAMED render test.';
    const images = { '../images/one.png': image, '../images/two.svg': other };
    await afresh(async () => {
      const { html } = await renderMarkdown(markdown, images);
      const inHtml = new Set([...html.matchAll(IMAGE_PATH)].map((m) => m[0]));
      expect(inHtml.size).toBeGreaterThan(2);
      expect(new Set(namedImages().keys())).toEqual(inHtml);
      // Made once per process: given again, its files are named again.
      forgetNamedImages();
      await renderMarkdown(markdown, images);
      expect(new Set(namedImages().keys())).toEqual(inHtml);
    });
  });

  test('the data file names every image it carries as the function names it, a translation’s own cover too', async () => {
    const dir = join(tempDir('folio-named-data-'), 'content');
    cpSync('tests/fixtures/bilingual-site/content', dir, { recursive: true });
    writeFileSync(join(dir, 'images/english-cover.png'), await png(640, 360, 17));
    const english = join(dir, 'en/projects/robotique-mobile.md');
    writeFileSync(english, readFileSync(english, 'utf8').replace('coverAlt:', 'cover: ../../images/english-cover.png\ncoverAlt:'));
    const [main, ...translations] = loadLanguages(dir, { drafts: false });
    const cover = translations[0]!.content.projects.find((p) => p.slug === 'robotique-mobile')!.cover!;
    expect(cover.file).toMatch(/english-cover\.png$/);
    const served = servedImage(cover);
    await afresh(() => {
      const data = buildDataFile(main!.content, {}, undefined, undefined, resumeParts(main!.content), undefined, translations.map(translationData));
      serializeDataFile(data);
      expect(namedImages().has(served.agent.path), 'REST’s image of the English record').toBe(true);
      expect(namedImages().has(served.thumbnail.path), 'the English search page’s thumbnail').toBe(true);
      // The French record's cover, carried too.
      const french = servedImage(main!.content.projects.find((p) => p.slug === 'robotique-mobile')!.cover!);
      expect(namedImages().has(french.agent.path)).toBe(true);
    });
  });

  test('a bilingual site whose translation shows a cover and a body image no main-language record uses: every image path any output names is one the build writes, those two included', async () => {
    const dir = join(tempDir('folio-named-site-', 'file'), 'content');
    cpSync('tests/fixtures/bilingual-site/content', dir, { recursive: true });
    writeFileSync(join(dir, 'images/english-only-cover.png'), await png(800, 450, 33));
    writeFileSync(join(dir, 'images/english-only-figure.png'), await png(900, 300, 34));
    const english = join(dir, 'en/projects/robotique-mobile.md');
    writeFileSync(
      english,
      `${readFileSync(english, 'utf8').replace('coverAlt:', 'cover: ../../images/english-only-cover.png\ncoverAlt:')}\n![The map after one lap of the park](../../images/english-only-figure.png)\n`,
    );
    const site = fixtureSite(dir);
    const texts: [string, string][] = [['the data file', JSON.stringify(await fixtureDataFile(dir))]];
    for (const path of await site.paths()) if (!path.startsWith('/og/') && (await site.has(path))) texts.push([path, await site.text(path)]);
    const named = namedImages();
    const unwritten = texts.flatMap(([path, text]) => [...text.matchAll(IMAGE_PATH)].filter((m) => !named.has(m[0])).map((m) => `${m[0]} (named by ${path})`));
    expect(unwritten).toEqual([]);
    // The English page names both images, and each of its files the page names is written (read by
    // digest, so that nothing here names a file itself).
    const page = await site.text('/en/projects/robotique-mobile');
    const translation = loadLanguages(dir, { drafts: false })[1]!.content.projects.find((p) => p.slug === 'robotique-mobile')!;
    const figure = Object.values(translation.images)[0]!;
    for (const image of [translation.cover!, figure]) {
      expect(image.file).toMatch(/english-only-/);
      const onPage = new Set([...page.matchAll(IMAGE_PATH)].map((m) => m[0]).filter((path) => path.includes(image.digest)));
      expect(onPage.size, image.file).toBeGreaterThan(1);
      for (const path of onPage) expect(named.has(path), path).toBe(true);
    }
  });
});
