// The sample fixture site as `npm run build` wrote it (dist/, generated/): what only a build makes,
// checked against the builders the unit tier tests over data made in memory. In the integration
// tier: its global setup (tests/support/build-setup.ts) builds the site when it is missing or stale.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it, test } from 'vitest';
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

describe('the manifest of the real build (npm test builds first)', () => {
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
  test('answers with the built manifest (npm test builds first)', async () => {
    const res = await middleware(new Request('https://folio.test/about', { headers: { accept: 'text/markdown' } }));
    expect(res.headers.get('x-middleware-rewrite')).toBe('https://folio.test/about.md');
    expect(Number(res.headers.get('x-markdown-tokens'))).toBeGreaterThan(0);
  });
});
