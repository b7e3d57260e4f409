// FO-WORK: presenting the work, below the pages: the listing and its filters and pages, link
// order and labels, status wording, cover focal points, video embeds, code blocks, and the
// loader refusing raw <iframe>/<script> in a body with file and line.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { projectsIndexPages } from '../../src/render/page-inputs.ts';
import { drawCard } from '../../src/builder/social-cards.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { projectsPageTwin, projectsTwin, projectTwin } from '../../src/discovery/twin.ts';
import {
  ALL_PROJECTS,
  filteredProjects,
  listingOf,
  parseProjectsParam,
  PROJECTS_PER_PAGE,
  projectFilters,
  projectLinkList,
  projectsListPath,
  projectsPageCount,
  projectsParam,
  factContext,
} from '../../src/records/collections.ts';
import { pageFacts } from '../../src/records/facts.ts';
import { embedOf } from '../../src/records/embeds.ts';
import { loadContent } from '../../src/records/load.ts';
import { PROJECT_TYPES, siteTypes } from '../../src/records/schema.ts';
import { contentProblemsOf } from '../support/content-fixtures.ts';
import { tempDir } from '../support/temp-dir.ts';
import { Catalog } from '../../src/records/catalog.ts';

const WORK_SITE = join(import.meta.dirname, '..', 'fixtures', 'work-site', 'content');
const work = loadContent(WORK_SITE);
const project = (slug: string) => work.projects.find((p) => p.slug === slug)!;

describe('FO-WORK: the projects index, its pages and filters', () => {
  test('past a page of projects the listing pages: 30 projects are 24 on /projects and 6 on /projects/page/2, active first, archived last', () => {
    const listing = listingOf(work);
    expect(work.projects).toHaveLength(30);
    expect(PROJECTS_PER_PAGE).toBe(24);
    expect(projectsPageCount(listing, ALL_PROJECTS)).toBe(2);
    const all = filteredProjects(listing, ALL_PROJECTS);
    const firstArchived = all.findIndex((p) => p.archived);
    expect(firstArchived).toBeGreaterThan(0);
    expect(all.slice(firstArchived).every((p) => p.archived)).toBe(true);
    expect(new Set(all.map((p) => p.slug)).size).toBe(30);
  });

  test('every filter that lists something is a page of its own, with its path and the rest parameter that names it', () => {
    const paths = projectsIndexPages(new Catalog(work)).map(({ params }) => {
      const at = parseProjectsParam(params.page, siteTypes(work.site));
      return at && projectsListPath(at.filter, at.page);
    });
    expect(paths).toEqual([
      '/projects',
      '/projects/page/2',
      '/projects/category/tools',
      '/projects/category/talks',
      '/projects/category/lab',
      '/projects/type/library',
      '/projects/type/tool',
      '/projects/type/research',
      '/projects/type/talk',
    ]);
    for (const { params } of projectsIndexPages(new Catalog(work))) {
      const at = parseProjectsParam(params.page, siteTypes(work.site));
      expect(at, params.page).toBeDefined();
      expect(projectsParam(at!.filter, at!.page)).toBe(params.page);
    }
    const { types } = projectFilters(listingOf(work));
    // No app or service in the fixture: no page and no link for them.
    expect(types.map((t) => t.href)).not.toContain('/projects/type/app');
  });

  test('a rest parameter that names no page is refused (the route answers 404)', () => {
    for (const bad of [
      'page/1',
      'page/0',
      'page/x',
      'type/website',
      'category/Bad',
      'category/tools/page/1',
      'categorytools',
      'tools',
      'category/tools/extra',
    ]) {
      expect(parseProjectsParam(bad, PROJECT_TYPES), bad).toBeUndefined();
    }
    expect(parseProjectsParam('type/talk/page/3', PROJECT_TYPES)).toEqual({ filter: { kind: 'type', id: 'talk' }, page: 3 });
  });

  test('each page past the first has a twin listing that page, which names /projects.md; /projects.md lists every project once, no copy by type', async () => {
    const catalog = new Catalog(work);
    const { listing } = catalog;
    const second = projectsPageTwin(catalog, ALL_PROJECTS, 2)!;
    expect(second.path).toBe('/projects/page/2.md');
    expect(second.markdown.match(/^- \[/gm)).toHaveLength(6 + 0);
    expect(second.markdown).toContain('[Projects](/projects.md)');
    const talks = projectsPageTwin(catalog, { kind: 'type', id: 'talk' }, 1)!;
    expect(talks.path).toBe('/projects/type/talk.md');
    expect(talks.summary).toBe('1 talk by Ada Work.');
    expect(projectsPageTwin(catalog, ALL_PROJECTS, 1)).toBeUndefined();
    const index = (await projectsTwin(listing)).markdown;
    expect(index).not.toContain('## By type');
    for (const p of work.projects) expect(index.split(`](${p.twin})`).length - 1, p.slug).toBe(1);
  });
});

describe('FO-WORK: a project as a case study', () => {
  test('links keep the order the owner wrote, each with its own label, `more` where it was written', () => {
    expect(projectLinkList(project('portrait-camera'))).toEqual([
      { key: 'demo', label: 'Demo', url: 'https://demo.example.org/camera' },
      { key: 'repo', label: 'Repository', url: 'https://github.com/example-ada/camera' },
      { key: 'video', label: 'Video', url: 'https://videos.example.org/camera' },
      { key: 'more', label: 'Press kit', url: 'https://press.example.org/camera' },
      { key: 'docs', label: 'Documentation', url: 'https://docs.example.org/camera' },
    ]);
    expect(projectLinkList(project('stage-talk')).map((l) => l.label)).toEqual(['Slides', 'Video']);
    expect(projectLinkList(project('sensor-study')).map((l) => l.label)).toEqual(['Paper', 'Website']);
  });

  test('the twin lists the links in the same order, and words status and date for the type', async () => {
    const camera = (await projectTwin(project('portrait-camera'), new Catalog(work))).markdown;
    const order = ['- Demo:', '- Repository:', '- Video:', '- Press kit:', '- Documentation:'].map((l) => camera.indexOf(l));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(camera).toContain('- Status: active');
    const talk = (await projectTwin(project('stage-talk'), new Catalog(work))).markdown;
    expect(talk).toContain('- Given: 2025-11-12');
    expect(talk).not.toContain('Status:');
    // The twin keeps the video's address as written.
    expect(talk).toContain('https://vimeo.com/76979871');
    const paper = (await projectTwin(project('sensor-study'), new Catalog(work))).markdown;
    expect(paper).toContain('- Published: 2024-03-02');
    expect(paper).not.toContain('Status:');
  });

  test('status wording: a talk is "Given", research "Published", neither "Active"; archived says so (the page\'s facts)', () => {
    // The date's label and the status, as the page's facts list (src/records/facts.ts) states them.
    const worded = (type: 'talk' | 'research' | 'tool', archived: boolean) => {
      const facts = pageFacts('project', { ...project('portrait-camera'), type, archived }, factContext(work.site));
      const text = (label: string) => facts.map((f) => ('text' in f.value && f.label === label ? f.value.text : undefined)).find(Boolean);
      return { date: ['Given', 'Published', 'Started'].find((label) => text(label)), status: text('Status') };
    };
    expect(worded('talk', false)).toEqual({ date: 'Given', status: undefined });
    expect(worded('research', false)).toEqual({ date: 'Published', status: undefined });
    expect(worded('tool', false)).toEqual({ date: 'Started', status: 'Active' });
    expect(worded('talk', true)).toEqual({ date: 'Given', status: 'Archived' });
  });

  test('coverPosition is read (top), optional (center when unset), and anything else is a content error naming the field', () => {
    expect(project('portrait-camera').coverPosition).toBe('top');
    expect(project('stage-talk').coverPosition).toBeUndefined();
    const dir = tempDir('folio-work-');
    cpSync(WORK_SITE, dir, { recursive: true });
    const file = join(dir, 'projects', 'stage-talk.md');
    writeFileSync(file, `---\ntitle: T\nsummary: S\ntype: talk\ncategory: talks\ndate: 2025-01-01\ncoverPosition: left\n---\n\nBody.\n`);
    expect(() => loadContent(dir)).toThrow(/projects\/stage-talk\.md: field "coverPosition" expected one of top, center, bottom, got "left"/);
  });
});

describe('FO-WORK: the social card fits the cover', () => {
  test('a portrait cover stands whole in the card, its top and bottom bands both shown, not cut to the panel', async () => {
    const camera = project('portrait-camera');
    const png = await drawCard(process.cwd(), { path: camera.href, title: camera.title, summary: camera.summary, cover: camera.cover! }, 'Ada Work');
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect([info.width, info.height]).toEqual([1200, 630]);
    // The cover (600×1000) is 378×630 in the 440-wide panel: the red band at its top and the green
    // band at its bottom (each 8% of its height) are both in the card; a crop to fill would cut them.
    const [r1, g1] = at(980, 15);
    expect(r1).toBeGreaterThan(180);
    expect(g1).toBeLessThan(100);
    const [r2, g2] = at(980, 615);
    expect(g2).toBeGreaterThan(180);
    expect(r2).toBeLessThan(100);
    // Beside the narrower cover, the card's own background, not the cover.
    // (JPEG rounds a colour by a step or two.)
    const background = [0xfb, 0xfa, 0xf7];
    for (const [i, channel] of at(770, 300).entries()) expect(Math.abs(channel! - background[i]!)).toBeLessThanOrEqual(3);
  });
});

describe('FO-WORK: bodies: raw <iframe> and <script> are refused with file and line', () => {
  const withBody = (body: string) => {
    const dir = tempDir('folio-work-');
    cpSync(WORK_SITE, dir, { recursive: true });
    writeFileSync(join(dir, 'projects', 'sensor-study.md'), `---\ntitle: T\nsummary: S\ntype: research\ncategory: lab\ndate: 2024-01-01\n---\n\n${body}`);
    return contentProblemsOf(dir);
  };

  test('a <script> block names the file, its line, and the embed syntax as the fix', () => {
    // Front matter is lines 1–7, a blank line, then the body from line 9.
    const problems = withBody('One paragraph.\n\n<div>\n<script>alert(1)</script>\n</div>\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/projects\/sensor-study\.md: line 12: a raw <script> in the text/);
    expect(problems[0]).toContain('put the video address alone on its own line');
  });

  test('an inline <iframe> in a paragraph is refused too, at its line', () => {
    const problems = withBody('Watch <iframe src="https://example.com"></iframe> here.\n');
    expect(problems).toEqual([expect.stringMatching(/sensor-study\.md: line 9: a raw <iframe> in the text/)]);
  });

  test('`<script>` in code is text, not HTML: no problem', () => {
    expect(withBody('Use `<script>` tags sparingly.\n\n```html\n<script src="x.js"></script>\n```\n')).toEqual([]);
  });
});

describe('FO-WORK: video embeds and code blocks', () => {
  test('embedOf: YouTube and Vimeo addresses map to the privacy-enhanced players; anything else is no embed', () => {
    expect(embedOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      autoplay: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      watch: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      host: 'YouTube',
    });
    expect(embedOf('https://youtu.be/dQw4w9WgXcQ')?.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedOf('https://vimeo.com/76979871')).toEqual({
      src: 'https://player.vimeo.com/video/76979871?dnt=1',
      autoplay: 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
      watch: 'https://vimeo.com/76979871',
      host: 'Vimeo',
    });
    for (const other of [
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=bad"id',
      'https://vimeo.com/channels/x',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(embedOf(other), other).toBeUndefined();
    }
  });

  test('a paragraph holding only a video address renders as a lazy, titled player (players: direct); an address inside a sentence stays a link', async () => {
    const { html } = await renderMarkdown(
      'Intro.\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\nSee https://vimeo.com/76979871 for more.\n',
      {},
      'en',
      'direct',
    );
    expect(html).toContain('<div class="embed"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Video on YouTube" loading="lazy"');
    expect(html).not.toContain('youtube.com/watch');
    expect(html).toContain('<a href="https://vimeo.com/76979871">');
    expect(html.match(/<iframe/g)).toHaveLength(1);
  });

  test("FO-LANGUAGE: the player's title is in the site's language; a body without a video is one render for every language", async () => {
    const body = 'https://vimeo.com/76979871\n';
    expect((await renderMarkdown(body, {}, 'fr', 'direct')).html).toContain(' title="Vidéo sur Vimeo"');
    expect((await renderMarkdown(body, {}, 'de-AT', 'direct')).html).toContain(' title="Video auf Vimeo"');
    expect((await renderMarkdown(body, {}, 'en', 'direct')).html).toContain(' title="Video on Vimeo"');
    // The facade's words and the title of the player it frames, likewise (FO-PLAYERS).
    expect((await renderMarkdown(body, {}, 'fr')).html).toContain(
      'aria-label="Lire la vidéo sur Vimeo" aria-describedby="video-note-1" data-player="https://player.vimeo.com/video/76979871?dnt=1&amp;autoplay=1" data-player-title="Vidéo sur Vimeo"',
    );
    const plain = 'Just *text*.\n';
    expect(renderMarkdown(plain, {}, 'fr')).toBe(renderMarkdown(plain, {}, 'en'));
  });

  test('a code block with a language gets a bar naming it; the copy button is left to /code-copy.js', async () => {
    const { html } = await renderMarkdown('```ts\nconst a = 1;\n```\n\n```\nplain\n```\n');
    expect(html).toContain('<div class="code-block"><div class="code-block__bar"><span class="code-block__lang">ts</span></div><pre');
    expect(html.match(/class="code-block"/g)).toHaveLength(1);
    expect(html).not.toContain('<button');
  });
});
