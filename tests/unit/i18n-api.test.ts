// FO-I18N on the function side: agents ask in a language. REST search, projects, posts and the
// résumé, /ask and the MCP tools take `lang`; each answers from that language's records and index,
// with its URLs, a record not translated in the main language and marked so; an unknown tag is
// 400 `invalid_filter` on the portfolio's routes and tools (`unknown_language` on /ask), naming the site's languages. A one-language site answers as before.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataFile, SiteData } from '../../src/search/data-file.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeDataFile, writeDataFile } from '../../src/builder/data-file.ts';
import { recordTwins } from '../../src/discovery/twin.ts';
import { loadLanguages } from '../../src/records/load.ts';
import { DATA_FILE, readDataFile } from '../../src/search/data-file.ts';
import { tempDir } from '../support/temp-dir.ts';
import { agentsMarkdown } from '../../src/discovery/agents-md.ts';
import { skillMarkdown } from '../../src/discovery/skill-md.ts';
import { developerGuide } from '../../src/discovery/developers.ts';
import { loadContent } from '../../src/records/load.ts';
import { optionsHash } from '../../src/search/options.ts';
import { createApp } from '../../src/server/app.ts';
import { postSummary, projectSummary } from '../../src/server/portfolio.ts';
import { fixtureDataFile, siteDataOfFile } from '../support/site-data.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';
import { client, expectError, roomy, viaTool } from '../support/portfolio-helpers.ts';
import { connect } from '../support/mcp-helpers.ts';

const BILINGUAL = 'tests/fixtures/bilingual-site/content';
/** The site's address as loaded: site.md's, or FOLIO_SITE_URL when the run sets one (npm test does). */
const SITE_URL = loadLanguages(BILINGUAL)[0]!.content.site.url;

let file: DataFile;
let data: SiteData;
let get: ReturnType<typeof client>;

beforeAll(async () => {
  file = await fixtureDataFile(BILINGUAL);
  data = siteDataOfFile(file);
  get = client({ ...roomy, data: () => data });
});

describe('FO-I18N: the data file holds each translation, with its own index', () => {
  it('keeps the main language where it was and adds the English records and index', () => {
    expect(file.site.locale).toBe('fr');
    expect(file.projects.find((p) => p.slug === 'robotique-mobile')?.title).toBe('Robotique mobile : cartographie en temps réel');
    expect(file.translations?.map((t) => t.lang)).toEqual(['en']);
    const en = file.translations![0]!;
    expect(en.site.base).toBe('/en');
    expect(en.optionsHash).toBe(optionsHash('en'));
    expect(en.projects.find((p) => p.slug === 'robotique-mobile')?.title).toBe('Mobile robotics: mapping in real time');
    // The English twins are the function's too (MCP resources).
    expect(Object.keys(file.twins)).toContain('/en/projects/robotique-mobile.md');
  });

  it('stores an untranslated body once: its translation points at the main bytes', () => {
    const { json } = serializeDataFile(file);
    const stored = JSON.parse(json);
    const span = (list: { slug: string; body: unknown }[]) => list.find((p) => p.slug === 'banc-essai')!.body;
    expect(span(stored.translations[0].projects)).toEqual(span(stored.projects));
    expect(span(stored.translations[0].projects)).not.toBeUndefined();
  });
});

describe('FO-I18N: the written data file, read back as the function reads it', () => {
  it('answers each language from the files: its index, its records, bodies from the texts file', async () => {
    const root = tempDir('folio-i18n-');
    const [main, ...translations] = loadLanguages(BILINGUAL, { drafts: false });
    const twins = Object.assign({}, ...(await Promise.all([main!, ...translations].map(recordTwins))));
    const written = await writeDataFile(main!, twins, root, {}, translations);
    const read = readDataFile(join(root, DATA_FILE));
    expect(read.buildId).toBe(written.buildId);
    const app = client({ ...roomy, data: () => read });
    const search = await app('/api/v1/search?q=mapping&lang=en');
    expect(search.body.hits.map((h: { href: string }) => h.href)).toContain('/en/projects/robotique-mobile');
    const untranslated = await app('/api/v1/projects/banc-essai?lang=en');
    expect(untranslated.body).toMatchObject({ lang: 'fr', href: '/en/projects/banc-essai' });
    expect(untranslated.body.body).toContain('Une présentation donnée à Lyon');
    const translated = await app('/api/v1/projects/robotique-mobile?lang=en');
    expect(translated.body.body).toContain('The robot fuses odometry');
    expect(read.twinOf('/en/projects/robotique-mobile.md')).toContain('Mobile robotics');
  });

  it('a translation indexed with other options is refused at load, as the main index is', () => {
    const root = tempDir('folio-i18n-');
    const { json, texts } = serializeDataFile(file);
    const path = join(root, 'data.json');
    writeFileSync(path.replace(/\.json$/, '.texts'), texts);
    writeFileSync(path, json.replace(`"optionsHash":"${optionsHash('en')}"`, '"optionsHash":"0000000000000000"'));
    expect(() => readDataFile(path)).toThrow(/^Folio index mismatch: .*"en" translation/);
  });
});

describe('FO-I18N: REST answers in the language asked', () => {
  it('?lang=en search for "mapping" finds robotique-mobile with its English title and /en URLs', async () => {
    const res = await get('/api/v1/search?q=mapping&lang=en');
    expect(res.status).toBe(200);
    const hit = res.body.hits.find((h: { slug: string }) => h.slug === 'robotique-mobile');
    expect(hit).toMatchObject({
      title: 'Mobile robotics: mapping in real time',
      href: '/en/projects/robotique-mobile',
      twin: '/en/projects/robotique-mobile.md',
      url: `${SITE_URL}/en/projects/robotique-mobile`,
      lang: 'en',
    });
    // The main language's index knows no word "mapping": without lang, the answer is English's (FO-SEARCH-FALLBACK).
    const fr = await get('/api/v1/search?q=mapping');
    expect(fr.body).toEqual(res.body);
  });

  it('without lang, "robots" finds "Robotique mobile…" in French (French stemming), marked fr', async () => {
    const res = await get('/api/v1/search?q=robots');
    const hit = res.body.hits.find((h: { slug: string }) => h.slug === 'robotique-mobile');
    expect(hit).toMatchObject({ title: 'Robotique mobile : cartographie en temps réel', href: '/projects/robotique-mobile', lang: 'fr' });
  });

  it('?lang=en stems English words: "robots" finds "Mobile robotics…"', async () => {
    const res = await get('/api/v1/search?q=robots&lang=en');
    expect(res.body.hits.find((h: { slug: string }) => h.slug === 'robotique-mobile')).toMatchObject({ title: 'Mobile robotics: mapping in real time' });
  });

  it('the main language named by its tag answers as without lang', async () => {
    const a = await get('/api/v1/search?q=robots');
    const b = await get('/api/v1/search?q=robots&lang=fr');
    expect(b.body).toEqual(a.body);
  });

  it('?lang=en on banc-essai (not translated) answers its French text, marked lang fr, at its /en URL', async () => {
    const res = await get('/api/v1/projects/banc-essai?lang=en');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Banc d’essai pour moteurs', lang: 'fr', href: '/en/projects/banc-essai' });
    expect(res.body.body).toContain('Une présentation donnée à Lyon');
    const translated = await get('/api/v1/projects/robotique-mobile?lang=en');
    expect(translated.body).toMatchObject({ title: 'Mobile robotics: mapping in real time', lang: 'en' });
    expect(translated.body.body).toContain('The robot fuses odometry');
  });

  it('a project and a post answer every field of their schemas, lang included', async () => {
    // Every field the schema requires, and each optional one the record sets (JSON leaves an unset one out).
    const fieldsOf = (shape: Record<string, { safeParse: (v: unknown) => { success: boolean } }>, answer: object) =>
      Object.keys(shape)
        .filter((key) => key in answer || !shape[key]!.safeParse(undefined).success)
        .sort();
    const project = await get('/api/v1/projects?lang=en&limit=1');
    expect(Object.keys(project.body.projects[0]).sort()).toEqual(fieldsOf(projectSummary.shape, project.body.projects[0]));
    expect(Object.keys(project.body.projects[0])).toContain('lang');
    const post = await get('/api/v1/posts?lang=en&limit=1');
    expect(Object.keys(post.body.posts[0]).sort()).toEqual(fieldsOf(postSummary.shape, post.body.posts[0]));
    expect(Object.keys(post.body.posts[0])).toContain('lang');
  });

  it('lists projects and posts in the language asked, each record marked', async () => {
    const list = await get('/api/v1/projects?lang=en&archive=1');
    expect(list.status).toBe(200);
    const bySlug = Object.fromEntries(list.body.projects.map((p: { slug: string; lang: string }) => [p.slug, p.lang]));
    expect(bySlug).toMatchObject({ 'robotique-mobile': 'en', 'banc-essai': 'fr' });
    const posts = await get('/api/v1/posts?lang=en');
    expect(posts.status).toBe(200);
    expect(posts.body.posts.every((p: { href: string }) => p.href.startsWith('/en/'))).toBe(true);
  });

  it('/ask takes lang too (GET and POST)', async () => {
    const res = await get('/ask?query=mapping&lang=en', { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(200);
    const result = res.body.results.find((r: { name: string }) => r.name === 'Mobile robotics: mapping in real time');
    expect(result).toMatchObject({ url: `${SITE_URL}/en/projects/robotique-mobile`, lang: 'en' });
    const posted = await get('/ask', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'mapping', lang: 'en' }),
    });
    expect(posted.body.results).toEqual(res.body.results);
  });

  it('PF-ERRORS: ?lang=xx on the portfolio routes is 400 invalid_filter (lang is a filter), its hint naming the site languages', async () => {
    const slug = data.posts[0]?.slug;
    for (const path of [
      '/api/v1/search?q=robots&lang=xx',
      '/api/v1/projects?lang=xx',
      '/api/v1/projects/banc-essai?lang=xx',
      '/api/v1/compare?slugs=banc-essai,robotique-mobile&lang=xx',
      '/api/v1/posts?lang=xx',
      ...(slug ? [`/api/v1/posts/${slug}?lang=xx`] : []),
      '/api/v1/resume?lang=xx',
      '/api/search?q=robots&lang=XX-nope',
    ]) {
      const res = await get(path);
      expectError(res, 400, 'invalid_filter');
      expect(res.body.error.hint, path).toContain('fr, en');
    }
    const long = await get(`/api/v1/search?q=robots&lang=${'x'.repeat(5000)}`);
    expectError(long, 400, 'invalid_filter');
    expect(long.body.error.hint).toContain('fr, en');
    expect(long.body.error.message.length).toBeLessThan(100);
    // A tool's lang that is not text is the same code as its route's.
    expect(viaTool('search_portfolio', data, { query: 'robots', lang: 7 })).toEqual({ code: 'invalid_filter' });
  });

  it("FO-I18N: /ask and its tool keep the knowledge service's own code, unknown_language", async () => {
    const res = await get('/ask?query=robots&lang=xx');
    expectError(res, 400, 'unknown_language');
    expect(res.body.error.hint).toContain('fr, en');
    expect(viaTool('ask', data, { query: 'robots', lang: 'xx' })).toEqual({ code: 'unknown_language' });
  });
});

describe('FO-I18N: MCP tools answer in the language asked', () => {
  it('search_portfolio, get_project and list_projects take lang; an unknown one is the same tool error', () => {
    const search = viaTool('search_portfolio', data, { query: 'mapping', lang: 'en' }) as { answer: any };
    expect(search.answer.hits.find((h: { slug: string }) => h.slug === 'robotique-mobile')).toMatchObject({
      title: 'Mobile robotics: mapping in real time',
      lang: 'en',
    });
    const project = viaTool('get_project', data, { slug: 'banc-essai', lang: 'en' }) as { answer: any };
    expect(project.answer).toMatchObject({ title: 'Banc d’essai pour moteurs', lang: 'fr', href: '/en/projects/banc-essai' });
    const list = viaTool('list_projects', data, { lang: 'en' }) as { answer: any };
    expect(list.answer.projects.every((p: { href: string }) => p.href.startsWith('/en/'))).toBe(true);
    expect(viaTool('search_portfolio', data, { query: 'robots', lang: 'xx' })).toEqual({ code: 'invalid_filter' });
    expect(viaTool('get_project', data, { slug: 'banc-essai', lang: 'xx' })).toEqual({ code: 'invalid_filter' });
  });

  it('through the official MCP client', async () => {
    const { client: mcp } = await connect(createApp({ ...roomy, data: () => data }), '2025-11-25');
    const tools = await mcp.listTools();
    const search = tools.tools.find((t) => t.name === 'search_portfolio')!;
    expect(Object.keys((search.inputSchema as { properties: object }).properties)).toContain('lang');
    const result = await mcp.callTool({ name: 'search_portfolio', arguments: { query: 'mapping', lang: 'en' } });
    expect((result.structuredContent as any).hits.map((h: { url: string }) => h.url)).toContain(`${SITE_URL}/en/projects/robotique-mobile`);
    const bad = await mcp.callTool({ name: 'get_project', arguments: { slug: 'banc-essai', lang: 'xx' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0]!.text).toMatch(/^invalid_filter: .*fr, en/);
    await mcp.close();
  });
});

describe('FO-I18N: a one-language site answers as before', () => {
  let sample: DataFile;
  beforeAll(async () => {
    sample = await fixtureDataFile(SAMPLE_SITE_CONTENT);
  });

  it('its data file has no translations and its build id is the records and options alone', () => {
    expect(sample.site.languages).toHaveLength(1);
    expect(sample).not.toHaveProperty('translations');
    expect(serializeDataFile(sample).json).not.toContain('"translations"');
    const records = JSON.stringify([sample.site, sample.projects, sample.pages, sample.posts, sample.resume ?? null]);
    const id = createHash('sha256').update(optionsHash(sample.site.locale)).update('').update(records).digest('base64url').slice(0, 20);
    expect(sample.buildId).toBe(id);
  });

  it('its answers carry no lang field; lang naming its language answers the same; another is invalid_filter', async () => {
    const one = client({ ...roomy, data: () => siteDataOfFile(sample) });
    const res = await one('/api/v1/search?q=rust');
    expect(res.status).toBe(200);
    expect(res.body.hits.length).toBeGreaterThan(0);
    expect(res.text).not.toContain('"lang"');
    const project = await one('/api/v1/projects/quarry');
    expect(project.body).not.toHaveProperty('lang');
    const tag = sample.site.languages[0]!.lang;
    expect((await one(`/api/v1/search?q=rust&lang=${tag}`)).text).toBe(res.text);
    const other = await one('/api/v1/search?q=rust&lang=fr');
    expectError(other, 400, 'invalid_filter');
    expect(other.body.error.hint).toContain(tag);
  });
});

describe('FO-I18N: the agent documents say how to ask in a language, from the route and tool tables', () => {
  it('AGENTS.md, SKILL.md and /developers of a bilingual site name lang, its routes and tools; a one-language site says nothing of it', () => {
    const bilingual = loadContent(BILINGUAL, { drafts: false });
    const sample = loadContent(SAMPLE_SITE_CONTENT, { drafts: false });
    const mcpIntro = (content: typeof sample) => developerGuide(content).sections.find((s) => s.id === 'mcp-server')!.intro;
    for (const text of [agentsMarkdown(bilingual), skillMarkdown(bilingual), mcpIntro(bilingual)]) {
      expect(text).toContain('`lang=en`');
      expect(text).toContain('`GET /api/v1/search`');
      expect(text).toContain('`GET /ask`');
      expect(text).toContain('`search_portfolio`');
      expect(text).toContain('An unknown tag is 400 `invalid_filter` (`unknown_language` on `/ask` and `ask`)');
    }
    for (const text of [agentsMarkdown(sample), skillMarkdown(sample), mcpIntro(sample)]) expect(text).not.toContain('unknown_language');
  });
});
