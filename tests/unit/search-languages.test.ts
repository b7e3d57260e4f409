// Search and /ask in every language, over the German fixture (de-AT, with English translations):
// a title that holds a form of the query word ranks as a title match (FO-SEARCH-FORMS), /ask ranks
// a question without its language's stop words (FO-ASK-STOP-WORDS), and a query that finds nothing
// in the language asked is answered from the site's other languages, on REST, /ask, the batch and
// MCP alike (FO-SEARCH-FALLBACK). Unit tier: the app through app.request over the fixture's data.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../../src/search/data-file.ts';
import { searchRecords, TITLE_PART_MIN_LENGTH } from '../../src/search/rank.ts';
import { stopWordsOf, withoutStopWords } from '../../src/search/stop-words.ts';
import { LOCALES } from '../../src/records/strings.ts';
import { createApp } from '../../src/server/app.ts';
import { fixtureDataFile, siteDataOfFile } from '../support/site-data.ts';
import { client, roomy, viaTool } from '../support/portfolio-helpers.ts';
import { connect } from '../support/mcp-helpers.ts';
import { corpus, project } from '../support/search-fixtures.ts';
import { captureExchange } from '../../scripts/local-server/record-exchanges.ts';
import { openApiFor } from '../../src/discovery/openapi-file.ts';
import { validateExchanges } from '../contract/validate.ts';
import { loadContent, loadLanguages } from '../../src/records/load.ts';
import { developerGuide } from '../../src/discovery/developers.ts';
import { agentsMarkdown } from '../../src/discovery/agents-md.ts';
import { FALLBACK_RULE } from '../../src/server/language.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

const GERMAN = 'tests/fixtures/german-site/content';
/** The site's address as loaded: site.md's, or FOLIO_SITE_URL when the run sets one. */
const SITE_URL = loadLanguages(GERMAN)[0]!.content.site.url;
const JSON_ACCEPT = { headers: { Accept: 'application/json' } };
const TALK = 'vortrag-gestaltung';

let data: SiteData;
let get: ReturnType<typeof client>;

beforeAll(async () => {
  data = siteDataOfFile(await fixtureDataFile(GERMAN));
  get = client({ ...roomy, data: () => data });
});

const search = async (q: string, extra = '') => (await get(`/api/v1/search?q=${encodeURIComponent(q)}${extra}`)).body;

describe('FO-SEARCH-FORMS: a title holding a form of the query word is a title match', () => {
  it('stem in the title: "gestalten" lists "Nutzerzentrierte Gestaltungsprozessoptimierung" first, above the body hits, as title_substring', async () => {
    const { hits } = await search('gestalten');
    expect(hits.map((h: { slug: string; match: string }) => `${h.slug}:${h.match}`)).toEqual([`${TALK}:title_substring`, 'strom:body', 'ueber:body']);
  });

  it('a compound’s part in another form: "Prozesse" and "optimieren" find the talk in the title tier', async () => {
    for (const q of ['Prozesse', 'optimieren', 'Nutzerzentrierte Prozesse']) {
      const { hits } = await search(q);
      expect(hits[0], q).toMatchObject({ slug: TALK, match: 'title_substring' });
    }
  });

  it(`a stem shorter than ${TITLE_PART_MIN_LENGTH} letters counts only as a whole title word: "apps" does not lift "Happy hour"`, () => {
    const en = corpus([project('happy', { title: 'Happy hour', body: 'apps' }), project('apps', { title: 'Apps for kids' })]);
    expect(searchRecords(en, 'apps').map((h) => `${h.record.slug}:${h.match}`)).toEqual(['apps:title_substring', 'happy:body']);
  });
});

describe('FO-ASK-STOP-WORDS: /ask ranks a question without its language’s stop words', () => {
  const QUESTION = 'Welche Projekte hat Jonas zur Barrierefreiheit gemacht?';

  it('every language Folio speaks has a list; a region reads its language; another language has none', () => {
    for (const locale of LOCALES) expect(stopWordsOf(locale)?.size, locale).toBeGreaterThan(50);
    expect(stopWordsOf('de-AT')).toBe(stopWordsOf('de'));
    expect(stopWordsOf('it')).toBeUndefined();
    expect(stopWordsOf('constructor')).toBeUndefined();
    expect(withoutStopWords(QUESTION, 'de-AT')).toBe('Projekte Jonas Barrierefreiheit gemacht');
    // Folded as query words are: "für", "Über".
    expect(withoutStopWords('Projekte für Behörden über Formulare', 'de')).toBe('Projekte Behörden Formulare');
    // A question of stop words only is searched as it is.
    expect(withoutStopWords('Über mich', 'de')).toBe('Über mich');
  });

  it('the German question finds the accessibility project first, not the Impressum; the answer echoes the question', async () => {
    const res = await get(`/ask?query=${encodeURIComponent(QUESTION)}`, JSON_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.body.query).toBe(QUESTION);
    expect(res.body.results[0]).toMatchObject({ url: `${SITE_URL}/projects/formulare`, name: 'Formularbaukasten' });
    const posted = await get('/ask', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ query: QUESTION }),
    });
    expect(posted.body.results).toEqual(res.body.results);
    const mcp = viaTool('ask', data, { query: QUESTION }) as { answer: any };
    expect(mcp.answer.results[0].url).toBe(`${SITE_URL}/projects/formulare`);
  });

  it('REST search stays lexical: it ranks every word it is given', async () => {
    const { hits } = await search(QUESTION);
    expect(hits[0].slug).toBe('impressum');
  });
});

describe('FO-SEARCH-FALLBACK: a query that finds nothing in the language asked is tried in the site’s other languages', () => {
  const english = { slug: 'formulare', title: 'Form kit', lang: 'en', url: `${SITE_URL}/en/projects/formulare` };

  it('REST: "accessibility" on the German site answers the English record, with its lang and URL', async () => {
    const { hits } = await search('accessibility');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject(english);
    expect(await search('accessibility', '&lang=en')).toEqual(await search('accessibility'));
  });

  it('REST: a query found in the language asked stays in it; asked in English, a German word falls back to the main language', async () => {
    expect((await search('Barrierefreiheit')).hits.map((h: { lang: string; slug: string }) => `${h.lang}:${h.slug}`)).toEqual(['de-AT:formulare']);
    const fromEnglish = await search('Barrierefreiheit', '&lang=en');
    expect(fromEnglish.hits[0]).toMatchObject({ slug: 'formulare', lang: 'de-AT', url: `${SITE_URL}/projects/formulare` });
    // Found nowhere: an empty answer, in the language asked.
    expect((await search('zzqxv')).hits).toEqual([]);
  });

  it('/ask: GET, POST (flat and v0.55), streamed and in a batch, "accessibility" answers the English record', async () => {
    const res = await get('/ask?query=accessibility', JSON_ACCEPT);
    expect(res.body.results).toHaveLength(1);
    expect(res.body.results[0]).toMatchObject({ url: english.url, name: english.title, lang: 'en' });
    const post = (body: unknown, path = '/ask') =>
      get(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
    expect((await post({ query: 'accessibility' })).body.results).toEqual(res.body.results);
    expect((await post({ query: { text: 'accessibility' } })).body.results).toEqual(res.body.results);
    const streamed = await createApp({ ...roomy, data: () => data }).request('/ask?query=accessibility&streaming=true');
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await streamed.text()).toContain(JSON.stringify(english.url));
    // A batch's answer equals each question asked alone.
    const items = await post({ queries: ['accessibility', 'Kiesel'] }, '/api/v1/batch');
    expect(items.body.results[0].answer.results).toEqual(res.body.results);
    expect(items.body.results[1].answer.results[0]).toMatchObject({ url: `${SITE_URL}/projects/kiesel`, lang: 'de-AT' });
  });

  it('MCP: search_portfolio and ask through the official client answer the English record', async () => {
    const { client: mcp } = await connect(createApp({ ...roomy, data: () => data }), '2025-11-25');
    const { tools } = await mcp.listTools();
    for (const name of ['search_portfolio', 'ask']) expect(tools.find((t) => t.name === name)?.description, name).toContain(FALLBACK_RULE);
    const found = await mcp.callTool({ name: 'search_portfolio', arguments: { query: 'accessibility' } });
    expect((found.structuredContent as any).hits).toEqual([expect.objectContaining(english)]);
    const asked = await mcp.callTool({ name: 'ask', arguments: { query: 'accessibility' } });
    expect((asked.structuredContent as any).results).toEqual([expect.objectContaining({ url: english.url, lang: 'en' })]);
    await mcp.close();
  });

  it('the answers from another language match openapi.json’s response schemas (the contract test’s validator)', async () => {
    const app = createApp({ ...roomy, data: () => data });
    const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
    const requests = [
      new Request(`${SITE_URL}/api/v1/search?q=accessibility`),
      new Request(`${SITE_URL}/ask?query=accessibility`, { headers: { Accept: 'application/json' } }),
      new Request(`${SITE_URL}/ask?query=accessibility&streaming=true`),
      new Request(`${SITE_URL}/ask`, { method: 'POST', headers: json, body: JSON.stringify({ query: { text: 'accessibility' } }) }),
      new Request(`${SITE_URL}/api/v1/batch`, { method: 'POST', headers: json, body: JSON.stringify({ queries: ['accessibility'] }) }),
    ];
    const exchanges = [];
    for (const request of requests) {
      const response = await app.request(request.clone());
      expect(response.status, request.url).toBe(200);
      exchanges.push(await captureExchange(request, response, response.body));
    }
    expect(exchanges.every((e) => JSON.stringify(e).includes('/en/projects/formulare'))).toBe(true);
    expect(validateExchanges(openApiFor(data.site), exchanges)).toEqual([]);
  });

  it('openapi.json and /developers say so: the search and /ask operations, and the language sentence naming the routes and tools that fall back', () => {
    const german = loadContent(GERMAN, { drafts: false });
    const guide = developerGuide(german);
    const operations = guide.sections.flatMap((s) => s.operations);
    for (const id of ['searchPortfolio', 'askGet', 'askPost']) expect(operations.find((o) => o.id === id)?.description, id).toContain(FALLBACK_RULE);
    for (const text of [guide.sections.find((s) => s.id === 'mcp-server')!.intro, agentsMarkdown(german)]) {
      expect(text).toContain('`GET /api/v1/search`, `GET /ask`, `POST /ask`, `search_portfolio` and `ask` need no `lang` to find a record');
    }
    // A one-language site's documents say nothing of languages.
    expect(agentsMarkdown(loadContent(SAMPLE_SITE_CONTENT, { drafts: false }))).not.toContain('need no `lang`');
  });
});
