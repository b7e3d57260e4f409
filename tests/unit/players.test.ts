// FO-PLAYERS: a video line asks first. By default a YouTube or Vimeo line is a facade — a link to the
// video on the provider's site, named "Play <title> on <provider>", over the site's own poster or a
// drawn one — and nothing on the page names a provider's address the browser would fetch before
// the click; `players: direct` in site.md shows the player itself. What the click does (the player
// framed, playing) is proven in Chromium on the kitchen-sink build (tests/e2e/kitchen-sink.spec.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ContentImage } from '../../src/images/images.ts';
import { hasEmbed, renderMarkdown } from '../../src/render/markdown.ts';
import { loadContent } from '../../src/records/load.ts';
import { parseHtml, type Doc } from '../support/html-query.ts';
import { contentErrorOf } from '../support/content-fixtures.ts';

const BODY = [
  'The talk:',
  '',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  '',
  '[Questions and answers](https://vimeo.com/76979871)',
  '',
  '[![A frame of the demo](../images/wide.png)](https://youtu.be/aqz-KE-bpKQ "The demo, in full")',
  '',
  '[![A provider thumbnail](https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg)](https://youtu.be/aqz-KE-bpKQ)',
  '',
].join('\n');
// The poster as the loader resolves a body image (src/images/images.ts): the site's own file.
const POSTER: ContentImage = {
  file: 'tests/fixtures/work-site/content/images/wide.png',
  digest: 'p55poster',
  width: 1600,
  height: 900,
  type: 'png',
  alt: 'A frame of the demo',
};
const IMAGES = { '../images/wide.png': POSTER };

const PROVIDER = /youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|vimeo\.com|vimeocdn\.com/;

/** Every address in the markup a browser fetches on its own (no click): src, srcset, poster, data, and link preloads/preconnects. */
function fetchedAddresses(page: Doc): string[] {
  const fetched = ['src', 'srcset', 'poster', 'data'].flatMap((name) => page.root.all(`[${name}]`).map((el) => el.attr(name)!));
  const hinted = page.root.all('link').map((el) => `${el.attr('rel')} ${el.attr('href')}`);
  return [...fetched, ...hinted];
}

describe('FO-PLAYERS: a video line asks first', () => {
  test('by default no provider address is fetched before a click: no iframe, no preconnect, no provider image', async () => {
    const { html } = await renderMarkdown(BODY, IMAGES, 'en');
    const page = parseHtml(html);
    expect(page.root.all('iframe')).toHaveLength(0);
    expect(page.root.all('.embed__facade')).toHaveLength(4);
    const fetched = fetchedAddresses(page);
    // The poster's own files are fetched; nothing else.
    expect(fetched.length).toBeGreaterThan(0);
    for (const address of fetched) expect(address).not.toMatch(PROVIDER);
    expect(html).not.toContain('ytimg');
    // The page still allows the players' frames: the click frames one.
    expect(hasEmbed(html)).toBe(true);
  });

  test("each facade is a link to the video's own page, named Play <title> on <provider>, carrying the player to frame on a click", async () => {
    const page = parseHtml((await renderMarkdown(BODY, IMAGES, 'en')).html);
    const facades = page.root.all('a.embed__facade');
    expect(facades.map((a) => a.accessibleName())).toEqual([
      'Play the video on YouTube',
      'Play Questions and answers on Vimeo',
      'Play The demo, in full on YouTube',
      'Play the video on YouTube',
    ]);
    // Without JavaScript the visitor still chooses: the link goes to the provider's page, nothing is framed.
    expect(facades.map((a) => a.attr('href'))).toEqual([
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    ]);
    // One click plays: autoplay, from the privacy-enhanced hosts; Vimeo told not to track.
    expect(facades.map((a) => a.attr('data-player'))).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1',
    ]);
    // The label is shown as named (label in name); the note says what the click does.
    expect(facades[1]!.get('.embed__label').text).toBe('Play Questions and answers on Vimeo');
    const note = facades[1]!.get('.embed__note');
    expect(note.text).toBe('Nothing loads from Vimeo until you press play.');
    expect(facades[1]!.attr('aria-describedby')).toBe(note.attr('id'));
    expect(new Set(facades.map((a) => a.attr('aria-describedby'))).size).toBe(4);
  });

  test("the poster is the site's own file (the line's image), else a drawn placeholder; another site's image is never shown", async () => {
    const page = parseHtml((await renderMarkdown(BODY, IMAGES, 'en')).html);
    const [bare, titled, withPoster, withThumbnail] = page.root.all('a.embed__facade');
    expect(bare!.one('.embed__poster--drawn')).toBeDefined();
    expect(titled!.one('.embed__poster--drawn')).toBeDefined();
    const poster = withPoster!.get('picture.embed__poster img');
    expect(poster.attr('src')).toMatch(/^\/_images\//);
    // Part of the link its label names: its own alt text would only repeat it.
    expect(poster.attr('alt')).toBe('');
    expect(withThumbnail!.one('img')).toBeUndefined();
    expect(withThumbnail!.one('.embed__poster--drawn')).toBeDefined();
  });

  test("in the site's language; a link that is not a video, or a video link inside a sentence, stays a link", async () => {
    const page = parseHtml(
      (await renderMarkdown(`${BODY}\nSee [the talk](https://vimeo.com/76979871) too.\n\n[Slides](https://slides.example.org/x)\n`, IMAGES, 'de')).html,
    );
    expect(page.root.all('a.embed__facade').map((a) => a.accessibleName())).toEqual([
      'Video auf YouTube abspielen',
      'Questions and answers auf Vimeo abspielen',
      'The demo, in full auf YouTube abspielen',
      'Video auf YouTube abspielen',
    ]);
    expect(page.root.all('p a').map((a) => a.attr('href'))).toEqual(['https://vimeo.com/76979871', 'https://slides.example.org/x']);
  });

  test('players: direct shows the player itself, lazily, from the privacy-enhanced hosts, titled', async () => {
    const { html } = await renderMarkdown(BODY, IMAGES, 'en', 'direct');
    const page = parseHtml(html);
    expect(page.root.all('.embed__facade')).toHaveLength(0);
    const frames = page.root.all('.embed iframe');
    expect(frames.map((f) => f.attr('src'))).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://player.vimeo.com/video/76979871?dnt=1',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    ]);
    expect(frames.map((f) => f.attr('loading'))).toEqual(['lazy', 'lazy', 'lazy', 'lazy']);
    expect(frames[1]!.attr('title')).toBe('Questions and answers (Video on Vimeo)');
    expect(hasEmbed(html)).toBe(true);
  });
});

describe('FO-PLAYERS: the players setting in site.md', () => {
  const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'themed-site', 'content');
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const siteWith = (line: string) => {
    const content = join(mkdtempSync(join(tmpdir(), 'folio-players-')), 'content');
    dirs.push(join(content, '..'));
    cpSync(FIXTURE, content, { recursive: true });
    const site = readFileSync(join(content, 'site.md'), 'utf8').replace(/^---\n/, `---\n${line}\n`);
    writeFileSync(join(content, 'site.md'), site);
    return content;
  };
  const problemsOf = contentErrorOf;

  test('absent it asks first; direct is read; anything else is refused naming the field, the values and a fix', () => {
    expect(loadContent(FIXTURE).site.players).toBe('ask');
    expect(loadContent(siteWith('players: direct')).site.players).toBe('direct');
    expect(loadContent(siteWith('players: ask')).site.players).toBe('ask');
    const message = problemsOf(siteWith('players: drect'));
    expect(message).toContain('content/site.md: field "players" expected one of ask, direct, got "drect" (did you mean "direct"?)');
  });
});
