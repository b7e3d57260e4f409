// The sample fixture site as `npm run build` wrote it (dist/, generated/): what only a build makes,
// checked against the builders the unit tier tests over data made in memory. In the integration
// tier: its global setup (tests/support/build-setup.ts) builds the site when it is missing or stale.
// The same build served over HTTP, every file of it: served-sample-site.test.ts.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, test } from 'vitest';
import { agentSkillsIndex } from '../../src/discovery/agent-skills.ts';
import { skillName } from '../../src/discovery/skill-md.ts';
import { withoutFrontMatter } from '../../src/discovery/front-matter.ts';
import { HOME_TWIN, PROJECTS_TWIN } from '../../src/discovery/twin.ts';
import { initialsOf } from '../../src/records/collections.ts';
import { resumeDocument } from '../../src/records/resume.ts';
import { developerGuide } from '../../src/discovery/developers.ts';
import { deprecationMarkdown } from '../../src/discovery/deprecation.ts';
import { operationExampleTitle } from '../../src/discovery/examples.ts';
import { loadContent } from '../../src/records/load.ts';
import { PAGE_MANIFEST_FILE, type PageManifest } from '../../src/routing/page-manifest.ts';
import { authorizationServerMetadata, metadataDocument, protectedResourceMetadata } from '../../src/server/access/oauth-metadata.ts';
import { siteData } from '../../src/server/data.ts';
import { site } from '../support/access-support.ts';
import middleware from '../../middleware.ts';

describe('prerendered discovery files (one builder for the files and the function)', () => {
  // The build that wrote the data file wrote dist/ too, for the same site URL.
  it.each([
    ['dist/.well-known/oauth-protected-resource', () => protectedResourceMetadata(site())],
    ['dist/.well-known/oauth-authorization-server', () => authorizationServerMetadata(site())],
  ])('%s (no extension) holds exactly the builder output', async (file, build) => {
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(await metadataDocument(build()).text());
  });

  it('dist/auth.md exists and names the token endpoint and the public token', () => {
    const guide = readFileSync('dist/auth.md', 'utf8');
    expect(guide).toContain(`${site().url}/oauth/token`);
    expect(guide).toContain('folio-public-read');
  });
});

describe('/developers as built: the page and its twin', () => {
  const content = loadContent();
  const { site } = content;
  const guide = developerGuide(content);

  it('FO-CHECKERS: the page heads each operation\'s example as its twin does ("Example: <title>"); the quick start by the title alone', () => {
    const html = readFileSync('dist/developers.html', 'utf8');
    const decode = (t: string) =>
      t.replace(/&(amp|lt|gt|quot|#39|#34);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#34': '"' })[e]!);
    const headings = (level: number) =>
      [...html.matchAll(new RegExp(`<h${level}[^>]*>(.*?)</h${level}>`, 'gs'))].map((m) => decode(m[1]!.replace(/<[^>]+>/g, '')));
    const lines = readFileSync('dist/developers.md', 'utf8').split('\n');
    const examples = guide.sections.flatMap((s) => s.operations.flatMap((o) => o.examples));
    expect(examples.length).toBeGreaterThan(3);
    expect(headings(4)).toEqual(examples.map((e) => `Example: ${e.title}`));
    for (const e of examples) {
      expect(operationExampleTitle(e)).toBe(`Example: ${e.title}`);
      expect(lines, e.id).toContain(`#### ${operationExampleTitle(e)}`);
    }
    for (const e of guide.quickStart) {
      expect(headings(3), e.id).toContain(e.title);
      expect(lines, e.id).toContain(`### ${e.title}`);
    }
  });

  it("FO-CHECKERS: /developers/deprecation closes with its twin's sentence, the same addresses in the same words", () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    const sentence = deprecationMarkdown(site).trim().split('\n').at(-1)!;
    // The build's site URL is the page's; the sentence is rebuilt from it.
    const built = readFileSync('dist/developers/deprecation.md', 'utf8').trim().split('\n').at(-1)!;
    expect(built.replace(/https?:\/\/[^/\s]+/g, '')).toBe(sentence.replace(/https?:\/\/[^/\s]+/g, ''));
    expect(text(readFileSync('dist/developers/deprecation.html', 'utf8'))).toContain(built);
  });
});

describe('the manifest of the real build (npm run test:all builds first)', () => {
  const manifest: PageManifest = JSON.parse(readFileSync(PAGE_MANIFEST_FILE, 'utf8'));
  test('PF-TWINS: every page of the content has a twin', () => {
    expect(manifest.pages['/']).toBe('/index.md');
    for (const slug of ['about', 'now', 'uses']) expect(manifest.pages[`/${slug}`]).toBe(`/${slug}.md`);
    expect(manifest.pages['/projects/quarry']).toBe('/projects/quarry.md');
  });
  test('the agent view is among the Markdown files, and the 404 is the site’s own', () => {
    expect(manifest.markdown['/agent-view.md']).toBeGreaterThan(100);
    expect(manifest.notFound.body).toBe(readFileSync('dist/404.md', 'utf8'));
  });
});

describe('the data file the build wrote', () => {
  it('the data file the build wrote loads with this code (a stale or mismatched build fails here, not in production)', () => {
    const data = siteData();
    expect(data.projects.length).toBeGreaterThan(0);
    // FO-POSTS, FO-RESUME: posts and the résumé are indexed beside projects and pages.
    expect(data.index.documentCount).toBe(data.projects.length + data.posts.length + data.pages.length + (data.resume ? 1 : 0));
    expect(siteData()).toBe(data); // loaded once per instance, then reused
  });
});

describe('middleware.ts default export over the real build', () => {
  test('answers with the built manifest (npm run test:all builds first)', async () => {
    const res = await middleware(new Request('https://folio.test/about', { headers: { accept: 'text/markdown' } }));
    expect(res.headers.get('x-middleware-rewrite')).toBe('https://folio.test/about.md');
    expect(Number(res.headers.get('x-markdown-tokens'))).toBeGreaterThan(0);
  });
});

const dist = (file: string) => readFileSync(join('dist', file), 'utf8');

describe('the pages and twins as built', () => {
  // The content, for the site URL the build was made for (the data file's).
  const content = { ...loadContent(), site: siteData().site };
  const decode = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
  const pages: { path: string; twin: string; ldType: string[]; title: string }[] = [
    { path: '/', twin: HOME_TWIN, ldType: ['Person'], title: content.site.name },
    { path: '/projects', twin: PROJECTS_TWIN, ldType: ['CollectionPage'], title: 'Projects' },
    ...content.projects.map((p) => ({ path: p.href, twin: p.twin, ldType: ['SoftwareSourceCode', 'CreativeWork'], title: p.title })),
    ...content.pages.map((p) => ({ path: p.href, twin: p.twin, ldType: ['WebPage'], title: p.title })),
  ];
  const htmlFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

  test('each page of a record links its twin in its head, has one h1 and one JSON-LD object of its kind, and states its title', () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) {
      const html = dist(htmlFile(page.path));
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, page.path).toContain(`<link rel="alternate" type="text/markdown" href="${page.twin}"`);
      expect(html.match(/<h1[\s>]/g), page.path).toHaveLength(1);
      const ld = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
      expect(ld, page.path).toHaveLength(1);
      expect(ld[0]['@context'], page.path).toBe('https://schema.org');
      expect(page.ldType, page.path).toContain(ld[0]['@type']);
      expect(decode(html), page.path).toContain(page.title);
    }
  });

  test('PF-TWINS: each twin opens with its title and names its page, which is the page it is the twin of', () => {
    for (const page of pages) {
      const text = withoutFrontMatter(dist(page.twin.slice(1)));
      expect(text.split('\n')[0], page.twin).toBe(`# ${page.title}`);
      const web = /^- Web page: <([^>]+)>$/m.exec(text)?.[1];
      expect(web && new URL(web).pathname, page.twin).toBe(page.path);
    }
  });

  test('the 404 page and its Markdown twin are built; the favicon is the owner’s initials as SVG', () => {
    expect(dist('404.md')).toMatch(/^# Page not found\n/);
    expect(dist('404.html')).toContain('<h1>Page not found</h1>');
    expect(dist('favicon.svg')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(dist('favicon.svg')).toContain(`>${initialsOf(content.site.name)}</text>`);
  });

  test('FO-THEME: every page links Folio’s one stylesheet first, /folio.css; only the developer guide’s two pages add one of their own (hashed)', () => {
    const files = readdirSync('dist', { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.html'))
      .map((e) => relative('dist', join(e.parentPath, e.name)));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const sheets = [...dist(file).matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
      expect(sheets[0], file).toBe('/folio.css');
      const own = file === 'developers.html' || file === join('developers', 'deprecation.html');
      expect(sheets.slice(1), file).toEqual(own ? [expect.stringMatching(/^\/_astro\/[\w.-]+\.css$/)] : []);
    }
  });

  test('FO-RESUME: /resume.json as built is the JSON Resume document GET /api/v1/resume answers', () => {
    expect(JSON.parse(dist('resume.json'))).toEqual(JSON.parse(JSON.stringify(resumeDocument(content.site, content.resume!, content.projects))));
  });

  test('FO-AGENT-SKILLS: the index’s digest is the SHA-256 of the SKILL.md bytes built, the same at /SKILL.md and at /.well-known/agent-skills/<name>/SKILL.md', () => {
    const index = JSON.parse(dist('.well-known/agent-skills/index.json'));
    expect(index).toEqual(JSON.parse(JSON.stringify(agentSkillsIndex(content))));
    const bytes = readFileSync('dist/SKILL.md');
    expect(index.skills[0].digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    expect(readFileSync(`dist/.well-known/agent-skills/${skillName(content.site.name)}/SKILL.md`).equals(bytes)).toBe(true);
  });
});
