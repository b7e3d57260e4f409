// What the loader warns of without failing: scheduled posts (FO-SCHEDULED), left out of the records
// until their date, and source images too large for a repository (FO-IMAGE-SIZE). Each warning is
// one line, file first, as the build logs it and `npm run check` prints it.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { contentWarnings, loadContent, today } from '../../src/records/load.ts';
import { tempDir } from '../support/temp-dir.ts';

const VALID = join(import.meta.dirname, '..', 'fixtures', 'content-valid', 'content');

let dir = '';
beforeEach(() => {
  dir = join(tempDir('folio-warnings-'), 'content');
  cpSync(VALID, dir, { recursive: true });
  mkdirSync(join(dir, 'posts'));
});

const post = (slug: string, front: string, body = 'Text.') =>
  writeFileSync(join(dir, 'posts', `${slug}.md`), `---\ntitle: ${slug}\nsummary: S\n${front}\n---\n\n${body}\n`);
const slugs = (options?: Parameters<typeof loadContent>[1]) => loadContent(dir, options).posts.map((p) => p.slug);

describe('FO-SCHEDULED: a post dated after today is left out until its date, and named with its date', () => {
  const saved = process.env.FOLIO_NOW;
  afterEach(() => {
    if (saved === undefined) delete process.env.FOLIO_NOW;
    else process.env.FOLIO_NOW = saved;
  });

  test('left out of the records every surface is made from; a post dated today is published', () => {
    post('past', 'date: 2027-01-09');
    post('due', 'date: 2027-01-10');
    post('later', 'date: 2027-01-11');
    const content = loadContent(dir, { today: '2027-01-10' });
    expect(content.posts.map((p) => p.slug)).toEqual(['due', 'past']);
    expect(contentWarnings(content)).toEqual(['content/posts/later.md: scheduled for 2027-01-11, left out until then']);
    // On its date it is published like any post, with no warning.
    const then = loadContent(dir, { today: '2027-01-11' });
    expect(then.posts.map((p) => [p.slug, p.draft])).toEqual([
      ['later', false],
      ['due', false],
      ['past', false],
    ]);
    expect(contentWarnings(then)).toEqual([]);
  });

  test('FOLIO_NOW sets the date when no option does; without either it is the date in UTC', () => {
    post('later', 'date: 2027-01-11');
    process.env.FOLIO_NOW = '2027-01-10';
    expect(today()).toBe('2027-01-10');
    expect(slugs()).toEqual([]);
    process.env.FOLIO_NOW = '2027-01-11';
    expect(slugs()).toEqual(['later']);
    delete process.env.FOLIO_NOW;
    expect(today()).toBe(new Date().toISOString().slice(0, 10));
    process.env.FOLIO_NOW = 'tomorrow';
    expect(() => today()).toThrow('FOLIO_NOW expected a date as YYYY-MM-DD, got "tomorrow"');
  });

  test('under npm run dev (drafts) it shows as a draft, so no published surface lists it even there', () => {
    post('later', 'date: 2027-01-11');
    post('past', 'date: 2027-01-01');
    expect(loadContent(dir, { today: '2027-01-10', drafts: true }).posts.map((p) => [p.slug, p.draft])).toEqual([
      ['later', true],
      ['past', false],
    ]);
  });

  test('a future-dated draft is a draft: never published on its date, so not named as scheduled', () => {
    post('idea', 'date: 2027-02-01\ndraft: true');
    const content = loadContent(dir, { today: '2027-01-10' });
    expect(content.posts).toEqual([]);
    expect(contentWarnings(content)).toEqual([]);
  });

  test('it is still checked: a mistake in it stops the build now, not on its date', () => {
    post('later', 'date: 2027-01-11\ncover: ./nowhere.png\ncoverAlt: A');
    expect(() => loadContent(dir, { today: '2027-01-10' })).toThrow('content/posts/later.md: field "cover" expected an image file');
  });

  test('projects are never scheduled: a talk or a launch may be announced ahead', () => {
    writeFileSync(join(dir, 'projects', 'beta.md'), '---\ntitle: Beta\nsummary: S\ntype: talk\ncategory: tools\ndate: 2099-05-01\n---\n\nA talk to come.\n');
    const content = loadContent(dir, { today: '2027-01-10' });
    expect(content.projects.map((p) => p.slug)).toEqual(['beta', 'alpha']);
    expect(contentWarnings(content)).toEqual([]);
  });
});

describe('FO-IMAGE-SIZE: a source image over 5 MB or 4000 px is a warning naming it, its size and the fix; never an error', () => {
  /** A PNG of one colour, or (`noise`) of random pixels stored uncompressed: width × height × 3 bytes. */
  const png = async (file: string, width: number, height: number, noise = false) => {
    const image = noise
      ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      : sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
    await image.png({ compressionLevel: noise ? 0 : 9 }).toFile(join(dir, file));
  };

  test('too many pixels, too many bytes, or both: one line each, file first; the content loads', async () => {
    mkdirSync(join(dir, 'images'));
    await png('images/wide.png', 4200, 3200);
    await png('images/heavy.png', 1500, 1200, true);
    await png('images/fine.png', 4000, 2000);
    post(
      'one',
      'date: 2025-01-01\ncover: ../images/wide.png\ncoverAlt: A wide cover',
      '![A heavy photo](../images/heavy.png)\n\n![A fine one](../images/fine.png)',
    );
    // The same file used twice is named once.
    post('two', 'date: 2025-01-02\ncover: ../images/wide.png\ncoverAlt: The wide cover again');
    const content = loadContent(dir);
    expect(content.posts.map((p) => p.slug)).toEqual(['two', 'one']);
    const fix = 'resize it to 2400 px wide or less (the site serves at most 1600 px): a big file slows every clone, build and deploy';
    const warnings = contentWarnings(content);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^content\/images\/heavy\.png: a large source image \(5\.\d MB, 1500×1200 px\); /);
    expect(warnings[0]).toContain(fix);
    expect(warnings[1]).toMatch(/^content\/images\/wide\.png: a large source image \(0\.\d\d MB, 4200×3200 px\); /);
    expect(warnings[1]).toContain(fix);
  });

  test('an SVG is judged by its bytes only, with advice for a vector', () => {
    // 9000 px wide says nothing of an SVG's weight; past 5 MB (a comment pads it) is a warning.
    writeFileSync(join(dir, 'projects', 'small.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="9000"><rect width="9" height="9"/></svg>');
    writeFileSync(
      join(dir, 'projects', 'big.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"><!--${'x'.repeat(5_100_000)}--><rect width="9" height="9"/></svg>`,
    );
    writeFileSync(
      join(dir, 'projects', 'alpha.md'),
      '---\ntitle: A\nsummary: S\ntype: tool\ncategory: tools\ndate: 2024-05-01\ncover: ./small.svg\ncoverAlt: A\n---\n\n![Big](./big.svg)\n',
    );
    expect(contentWarnings(loadContent(dir))).toEqual([
      'content/projects/big.svg: a large source image (5.1 MB); simplify or optimise it (e.g. with SVGO): an SVG is served as it is',
    ]);
  });
});
