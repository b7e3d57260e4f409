// FO-CONTENT-ERRORS: covers, the avatar and body images are read and checked
// when the content loads; every mistake is a content error naming the file, the field or line,
// and what was expected. Each test copies the valid fixture site and changes one thing.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { type ContentError, loadContent, loadLanguages } from '../../src/records/load.ts';
import { agentImage, imageVariants, pictureSources } from '../../src/images/images.ts';
import { tempDir } from '../support/temp-dir.ts';

const VALID = join(import.meta.dirname, '..', 'fixtures', 'content-valid', 'content');
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});

/** A copy of the valid site; `edit` changes it before it loads. */
function site(edit: (dir: string) => void): string {
  const dir = join(tempDir('folio-images-'), 'content');
  cpSync(VALID, dir, { recursive: true });
  edit(dir);
  return dir;
}
const frontMatter = (file: string, lines: string) => writeFileSync(file, readFileSync(file, 'utf8').replace(/\n---\n/, `\n${lines}\n---\n`));
const alpha = (dir: string) => join(dir, 'projects/alpha.md');

describe('content images load', () => {
  test('a cover relative to the project file, its alt text, size and digest', () => {
    const dir = site((d) => {
      mkdirSync(join(d, 'images'));
      writeFileSync(join(d, 'images/alpha.png'), png);
      frontMatter(alpha(d), 'cover: ../images/alpha.png\ncoverAlt: A blue rectangle');
    });
    const cover = loadContent(dir).projects[0]!.cover!;
    expect(cover).toMatchObject({ width: 800, height: 450, type: 'png', alt: 'A blue rectangle' });
    expect(cover.digest).toMatch(/^[0-9a-f]{16}$/);
    expect(imageVariants(cover).map((v) => v.path.split('-').pop())).toEqual(['320.avif', '640.avif', '800.avif', '320.webp', '640.webp', '800.webp']);
    expect(agentImage(cover)).toMatchObject({ width: 800, height: 450, format: 'webp' });
    expect(pictureSources(cover).sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
  });

  test('an image beside the Markdown files is not taken for a record; the avatar is relative to site.md', () => {
    const dir = site((d) => {
      writeFileSync(join(d, 'projects/alpha.png'), png);
      writeFileSync(join(d, 'me.png'), png);
      frontMatter(join(d, 'site.md'), 'avatar: me.png');
    });
    const content = loadContent(dir);
    expect(content.projects.map((p) => p.slug)).toEqual(['alpha']);
    expect(content.site.avatar).toMatchObject({ alt: content.site.name, width: 800 });
  });

  test('FO-HERO: the hero image is relative to site.md, described by heroAlt', () => {
    const dir = site((d) => {
      mkdirSync(join(d, 'images'));
      writeFileSync(join(d, 'images/hills.png'), png);
      frontMatter(join(d, 'site.md'), 'hero: images/hills.png\nheroAlt: Blue hills at dusk');
    });
    const content = loadContent(dir);
    expect(content.site.hero).toMatchObject({ alt: 'Blue hills at dusk', width: 800, height: 450, type: 'png' });
  });

  test('body images: by their destination as written', () => {
    const dir = site((d) => {
      writeFileSync(join(d, 'projects/diagram.png'), png);
      writeFileSync(alpha(d), `${readFileSync(alpha(d), 'utf8')}\n![A diagram](diagram.png)\n`);
    });
    expect(loadContent(dir).projects[0]!.images['diagram.png']).toMatchObject({ alt: 'A diagram', width: 800 });
  });
});

describe('FO-CONTENT-ERRORS: content image mistakes are content errors', () => {
  test('a cover file that does not exist', () => {
    const dir = site((d) => frontMatter(alpha(d), 'cover: ../images/nope.png\ncoverAlt: Nothing'));
    expect(() => loadContent(dir)).toThrow('content/projects/alpha.md: field "cover" expected an image file, but content/images/nope.png does not exist');
  });

  test('a cover named with the wrong extension: "did you mean" the file beside it', () => {
    const dir = site((d) => {
      writeFileSync(join(d, 'projects/alpha.png'), png);
      frontMatter(alpha(d), 'cover: alpha.jpg\ncoverAlt: The alpha screen');
    });
    expect(() => loadContent(dir)).toThrow(
      /field "cover" expected an image file, but content\/projects\/alpha\.jpg does not exist \(did you mean content\/projects\/alpha\.png\?\)/,
    );
  });

  test('a cover without coverAlt', () => {
    const dir = site((d) => {
      writeFileSync(join(d, 'projects/alpha.png'), png);
      frontMatter(alpha(d), 'cover: alpha.png');
    });
    expect(() => loadContent(dir)).toThrow(
      'content/projects/alpha.md: field "coverAlt" is missing: write text describing the cover (required when "cover" is set, at most 200 characters)',
    );
  });

  test('FO-HERO: a hero without heroAlt, and a hero file that does not exist', () => {
    const dir = site((d) => {
      writeFileSync(join(d, 'hills.png'), png);
      frontMatter(join(d, 'site.md'), 'hero: hills.png');
    });
    expect(() => loadContent(dir)).toThrow(
      'content/site.md: field "heroAlt" is missing: write text describing the hero image (required when "hero" is set, at most 200 characters)',
    );
    const gone = site((d) => frontMatter(join(d, 'site.md'), 'hero: images/nope.png\nheroAlt: Nothing'));
    expect(() => loadContent(gone)).toThrow('content/site.md: field "hero" expected an image file, but content/images/nope.png does not exist');
  });

  test('a coverAlt over 200 characters', () => {
    const dir = site((d) => {
      writeFileSync(join(d, 'projects/alpha.png'), png);
      frontMatter(alpha(d), `cover: alpha.png\ncoverAlt: ${'x'.repeat(201)}`);
    });
    expect(() => loadContent(dir)).toThrow(/field "coverAlt" expected at most 200 characters/);
  });

  test('an unsupported format (a file that is not an image, or one of another kind)', () => {
    const dir = site((d) => {
      writeFileSync(join(d, 'projects/notes.png'), 'not an image');
      writeFileSync(join(d, 'projects/scan.tiff'), png);
      frontMatter(alpha(d), 'cover: notes.png\ncoverAlt: Notes');
    });
    expect(() => loadContent(dir)).toThrow(
      /content\/projects\/alpha\.md: field "cover" expected an image \(png, jpg, jpeg, webp, avif, gif, svg\), but content\/projects\/notes\.png is not one/,
    );
    const other = site((d) => {
      writeFileSync(join(d, 'projects/scan.tiff'), png);
      frontMatter(alpha(d), 'cover: scan.tiff\ncoverAlt: A scan');
    });
    expect(() => loadContent(other)).toThrow(/field "cover" expected an image \(png, jpg, jpeg, webp, avif, gif, svg\), got content\/projects\/scan\.tiff/);
  });

  test('a body image without alt text, and one whose file is missing, by line', () => {
    const dir = site((d) => {
      writeFileSync(join(d, 'projects/diagram.png'), png);
      writeFileSync(alpha(d), `${readFileSync(alpha(d), 'utf8')}\n![](diagram.png)\n\n![Gone](gone.png)\n`);
    });
    const lines = readFileSync(alpha(dir), 'utf8').split('\n');
    const noAlt = lines.indexOf('![](diagram.png)') + 1;
    const gone = lines.indexOf('![Gone](gone.png)') + 1;
    expect(() => loadContent(dir)).toThrow(
      `Invalid content (2 problems):\n  - content/projects/alpha.md: line ${noAlt}: the image "diagram.png" has no alt text; write ![what it shows](diagram.png)\n` +
        `  - content/projects/alpha.md: line ${gone}: the image expected an image file, but content/projects/gone.png does not exist`,
    );
  });
});

describe('FO-IMAGE-RELATIVE: a body image at a path from the site’s root is refused at load, naming the relative path that works', () => {
  test('in a main-language record, a translation’s and site.md, each by file and line, with the path from that file', () => {
    const dir = site((d) => {
      mkdirSync(join(d, 'images'));
      writeFileSync(join(d, 'images/a.png'), png);
      writeFileSync(alpha(d), `${readFileSync(alpha(d), 'utf8')}\n![A diagram](/images/a.png)\n`);
      mkdirSync(join(d, 'fr/projects'), { recursive: true });
      writeFileSync(join(d, 'fr/projects/alpha.md'), '---\ntitle: Alpha en français\n---\n\nTexte.\n\n![Un schéma](/content/images/a.png)\n');
      writeFileSync(join(d, 'site.md'), `${readFileSync(join(d, 'site.md'), 'utf8')}\n![Me](/images/a.png)\n`);
    });
    const lineOf = (file: string, text: string) => readFileSync(join(dir, file), 'utf8').split('\n').indexOf(text) + 1;
    let problems: string[] = [];
    try {
      loadLanguages(dir);
    } catch (error) {
      problems = (error as ContentError).problems;
    }
    expect(problems).toEqual(
      expect.arrayContaining([
        `content/projects/alpha.md: line ${lineOf('projects/alpha.md', '![A diagram](/images/a.png)')}: the image "/images/a.png" is a path from the site's root, which names no published file; write it relative to this file: ![A diagram](../images/a.png)`,
        `content/site.md: line ${lineOf('site.md', '![Me](/images/a.png)')}: the image "/images/a.png" is a path from the site's root, which names no published file; write it relative to this file: ![Me](images/a.png)`,
      ]),
    );
    // The translation's mistake is its own file's, one folder deeper (reported with the main language's, or once those are fixed).
    const fixed = site((d) => {
      mkdirSync(join(d, 'images'));
      writeFileSync(join(d, 'images/a.png'), png);
      mkdirSync(join(d, 'fr/projects'), { recursive: true });
      writeFileSync(join(d, 'fr/projects/alpha.md'), '---\ntitle: Alpha en français\n---\n\nTexte.\n\n![Un schéma](/content/images/a.png)\n');
    });
    expect(() => loadLanguages(fixed)).toThrow(
      `content/fr/projects/alpha.md: line 7: the image "/content/images/a.png" is a path from the site's root, which names no published file; write it relative to this file: ![Un schéma](../../images/a.png)`,
    );
  });

  test('the relative path it names loads; a URL with a scheme, or protocol-relative, is not a root path', () => {
    const dir = site((d) => {
      mkdirSync(join(d, 'images'));
      writeFileSync(join(d, 'images/a.png'), png);
      writeFileSync(
        alpha(d),
        `${readFileSync(alpha(d), 'utf8')}\n![A diagram](../images/a.png)\n\n![Remote](https://example.org/a.png)\n\n![Remote too](//example.org/b.png)\n`,
      );
    });
    expect(Object.keys(loadContent(dir).projects[0]!.images)).toEqual(['../images/a.png']);
  });
});
