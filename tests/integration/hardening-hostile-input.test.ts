// Hostile input, through the function as Vercel calls it (createApp().request, and the function's
// fetch): the search page and replacement patterns, bodies that break off or stall, the rate
// limiter's memory of clients over quota, and what reaches the function under another spelling.
// The local server's side of the same rules is in hardening-hostile-socket.test.ts.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { runs } from '../support/property-runs.ts';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as textOf } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import ts from 'typescript';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { siteData } from '../../src/server/data.ts';
import { openApiFor } from '../../src/discovery/openapi-file.ts';
import fn from '../../src/server/function.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { BODY_TIMEOUT_MS } from '../../src/server/http.ts';
import { ERRORS, errorResponse } from '../../src/server/errors.ts';
import { RateLimiter, rateLimitsFromEnv } from '../../src/server/middleware/rate-limit.ts';
import { SEARCH_CACHE_MAX, searchCacheSize } from '../../src/search/rank.ts';
import { limitRows, rateLimitSentence } from '../../src/discovery/limits.ts';
import { SEARCH_PAGE_FILE, SEARCH_PAGE_LIMIT } from '../../src/server/search-page.ts';
import { corpus, project, testSite } from '../support/search-fixtures.ts';

const PATTERNS = ['$&', '$`', "$'", '$$', '$1', '$<name>'];
const template = readFileSync(SEARCH_PAGE_FILE, 'utf8');
const dollars = corpus([
  project('price-model', { title: "Price model $` $& $' $$ kit", summary: "Costs $` and $' and $& and $$ per call." }),
  project('plain', { title: 'Plain kit', summary: 'Nothing special.' }),
]);
// Many requests from one address: a quota that none of these tests meets (the rate-limit tests set their own).
const ROOMY = { portfolio: { limit: 1_000_000, window: 60 }, knowledge: { limit: 1_000_000, window: 60 } };
const search = createApp({ data: () => dollars, rateLimits: ROOMY });

afterEach(() => vi.restoreAllMocks());

describe('FO-TEXT-SAFE: request and content text never reaches replace as a replacement pattern', () => {
  test("/search?q= with $&, $`, $', $$ (250 times each) answers a page the size of any other query of that length", async () => {
    const control = await (await search.request(`/search?q=${encodeURIComponent('x'.repeat(500))}`)).text();
    for (const pattern of PATTERNS) {
      const query = pattern.repeat(Math.floor(500 / pattern.length));
      const res = await search.request(`/search?q=${encodeURIComponent(query)}`);
      expect(res.status, pattern).toBe(200);
      const page = await res.text();
      // Same template, same (empty) results: only the query's own escaping may change the size (it
      // appears in the title, the input, the message and the twin link, each character escaped to
      // at most 6). Expanded as patterns, it grew with the square of its length: 161 MB at 250 `` $` ``.
      expect(Math.abs(page.length - control.length), pattern).toBeLessThan(4 * 6 * 500);
      expect(page, pattern).toContain(`<title>`);
      expect(page.match(/<!doctype html>/gi)?.length, pattern).toBe(1);
    }
  });

  test("a record title and summary holding $` $& $' $$ appear as written, once each, and the page stays one page", async () => {
    const res = await search.request('/search?q=price+model');
    const page = await res.text();
    expect(page).toContain("Price model $` $&amp; $' $$ kit");
    expect(page).toContain("Costs $` and $' and $&amp; and $$ per call.");
    expect(page.match(/<!doctype html>/gi)?.length).toBe(1);
    expect(page.length).toBeLessThan(template.length + 2_000);
  });

  test('the Markdown form escapes the query and keeps the title as written', async () => {
    const res = await search.request(`/search.md?q=${encodeURIComponent('price $` [x](http://evil.example)')}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    // FO-MARKDOWN-SAFE: the client's text, escaped so a parser reads the query as written, and links nowhere.
    expect(text).toContain('# Search results for “price $\\` \\[x](http\\://evil.example)”');
    const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    expect(textOf(tree.children[0]!)).toBe('Search results for “price $` [x](http://evil.example)”');
    // GFM's syntax as GitHub reads it, which honours the escapes (remark's extra pass links any address in text, escaped or not).
    const syntax = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: gfmFromMarkdown().map((e) => ({ ...e, transforms: [] })) });
    type Node = { type: string; url?: string; children?: Node[] };
    const urls = (node: Node): string[] => [...(node.type === 'link' ? [node.url!] : []), ...(node.children ?? []).flatMap(urls)];
    expect(urls(syntax as Node).filter((url) => new URL(url).hostname === 'evil.example')).toEqual([]);
  });

  test('property: any query mixing patterns, markup and text answers one page, bounded by the query’s length and the hits (both forms)', async () => {
    const piece = fc.constantFrom('$&', '$`', "$'", '$$', '$1', '$<a>', 'price', 'kit', ' ', '<', '&', '"', '[', ']');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 200 }), fc.boolean(), async (parts, markdown) => {
        const query = parts.join('');
        const res = await search.request(`/search${markdown ? '.md' : ''}?q=${encodeURIComponent(query)}`);
        const text = await res.text();
        expect(res.status).toBe(200);
        expect(text.length).toBeLessThan((markdown ? 0 : template.length) + 2 * 2_000 + 4 * 6 * query.length + 1_000);
        if (!markdown) expect(text.match(/<!doctype html>/gi)).toHaveLength(1);
      }),
      { numRuns: runs(60), seed: 2026 },
    );
  });

  test('FO-BOUNDED: an answer is bounded by the result count: at most SEARCH_PAGE_LIMIT hits, whatever the query', async () => {
    const many = corpus(Array.from({ length: 80 }, (_, i) => project(`kit-${i}`, { title: `Kit ${i}` })));
    const res = await createApp({ data: () => many }).request('/search?q=kit');
    expect((await res.text()).match(/class="rows__item search-result"/g)).toHaveLength(SEARCH_PAGE_LIMIT);
  });

  test('no replace or replaceAll call in src/, scripts/, api/ or middleware.ts takes a computed replacement string', () => {
    const files = ['middleware.ts', ...['src', 'scripts', 'api'].flatMap((dir) => walk(dir))].filter((f) => f.endsWith('.ts'));
    const offenders: string[] = [];
    for (const file of files) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          ['replace', 'replaceAll'].includes(node.expression.name.text) &&
          node.arguments.length === 2
        ) {
          const replacement = node.arguments[1]!;
          const safe =
            ts.isStringLiteral(replacement) ||
            ts.isNoSubstitutionTemplateLiteral(replacement) ||
            ts.isArrowFunction(replacement) ||
            ts.isFunctionExpression(replacement);
          if (!safe) offenders.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText().slice(0, 80)}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(files.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});

describe('docs/decisions.md § Rate limits: /search is a page, rate-limited like the other search surfaces', () => {
  const limited = () => createApp({ data: () => dollars, rateLimits: { portfolio: { limit: 2, window: 60 } } });

  test('it carries the portfolio policy’s headers, and over the quota answers a 429 page for people', async () => {
    const app = limited();
    const first = await app.request('/search?q=kit');
    expect(first.headers.get('ratelimit-policy')).toBe('"portfolio";q=2;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"portfolio";r=1;t=\d+$/);
    await app.request('/search?q=kit');
    const refused = await app.request('/search?q=kit');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const page = await refused.text();
    expect(page).toMatch(/^<!doctype html>/i);
    // In the site's language (FO-LANGUAGE: this one is English), with the seconds Retry-After names.
    expect(page).toContain(
      `Too many searches in a short time: wait ${refused.headers.get('retry-after')} seconds, then search again. (error code: rate_limited)`,
    );
  });

  test('over the quota, the Markdown form answers a Markdown 429', async () => {
    const app = limited();
    await app.request('/search.md?q=kit');
    await app.request('/search.md?q=kit');
    const refused = await app.request('/search.md?q=kit');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await refused.text()).toContain('rate_limited');
  });
});

describe('PF-TWINS: /search behaves like every other page', () => {
  test('Accept: text/markdown and /search.md answer the results as Markdown with absolute links to the twins, varying on Accept', async () => {
    for (const [path, accept] of [
      ['/search?q=kit', 'text/markdown'],
      ['/search.md?q=kit', '*/*'],
    ] as const) {
      const res = await search.request(path, { headers: { accept } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
      expect(res.headers.get('vary'), path).toBe('Accept');
      const text = await res.text();
      expect(text, path).toContain(`(${testSite.url}/projects/plain.md)`);
      expect(text, path).toContain(`[llms.txt](${testSite.url}/llms.txt)`);
    }
  });

  test('the HTML page varies on Accept and links its Markdown form', async () => {
    const res = await search.request('/search?q=plain+kit', { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('link')).toBe('</search.md?q=plain%20kit>; rel="alternate"; type="text/markdown"');
    expect(await res.text()).toContain('href="/search.md?q=plain%20kit"');
  });

  test('POST, PUT, DELETE and OPTIONS get 405 with Allow: GET, HEAD, not the API’s JSON 404; HEAD gets no body', async () => {
    for (const path of ['/search', '/search.md']) {
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
        const res = await search.request(`${path}?q=kit`, { method });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow'), `${method} ${path}`).toBe('GET, HEAD');
        expect(res.headers.get('content-type'), `${method} ${path}`).not.toContain('json');
        expect(await res.text(), `${method} ${path}`).toContain('method_not_allowed');
      }
    }
    const head = await search.request('/search?q=kit', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

/** A body that sends some bytes and then fails, as a client's broken upload reaches the function. */
const brokenBody = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"query": "se'));
      setTimeout(() => controller.error(new Error('aborted')), 5);
    },
  });
/** A body that sends some bytes and then nothing, ever. */
const stalledBody = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"query": "se'));
    },
  });

const POSTS = ROUTES.filter((r) => r.method === 'POST');
// Every POST endpoint takes JSON (the OAuth ones forms too); MCP also needs both types in Accept.
const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The error code an answer carries, whatever its shape (catalog, OAuth, JSON-RPC with the catalog object in data). */
async function codeOf(res: Response): Promise<string> {
  const body = await res.json();
  if (typeof body.error === 'string') return body.error;
  if (body.jsonrpc) return body.error.data.code;
  return errorResponse.parse(body).error.code;
}

describe('FO-BOUNDED, docs/decisions.md § Limits: request bodies that break off or stall', () => {
  test(`there are 10 POST endpoints, and each answers a body that errors part-way with 400 incomplete_body (OAuth: invalid_request), logging no stack`, async () => {
    expect(POSTS).toHaveLength(10);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const route of POSTS) {
      const request = new Request(`http://127.0.0.1${route.path}`, {
        method: 'POST',
        headers: POST_HEADERS,
        body: brokenBody(),
        duplex: 'half',
      } as RequestInit);
      const res = await fn.fetch(request);
      expect(res.status, route.path).toBe(400);
      expect(await codeOf(res), route.path).toBe(route.errorShape === 'oauth' ? 'invalid_request' : 'incomplete_body');
    }
    expect(errors).not.toHaveBeenCalled();
  });

  test(`a body that stalls is answered 408 request_timeout after ${BODY_TIMEOUT_MS / 1000} s on every POST endpoint, logging nothing`, {
    timeout: BODY_TIMEOUT_MS + 20_000,
  }, async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const started = Date.now();
    const answers = await Promise.all(
      POSTS.map(async (route) => {
        const res = await fn.fetch(
          new Request(`http://127.0.0.1${route.path}`, { method: 'POST', headers: POST_HEADERS, body: stalledBody(), duplex: 'half' } as RequestInit),
        );
        return { route, res, waited: Date.now() - started };
      }),
    );
    for (const { route, res, waited } of answers) {
      expect(res.status, route.path).toBe(408);
      expect(await codeOf(res), route.path).toBe(route.errorShape === 'oauth' ? 'invalid_request' : 'request_timeout');
      expect(waited, route.path).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    }
    expect(errors).not.toHaveBeenCalled();
  });

  test('the catalog’s hint states the same wait the reader enforces', () => {
    expect(ERRORS.request_timeout.hint).toContain(`${BODY_TIMEOUT_MS / 1000} seconds`);
    expect(limitRows(testSite).find((r) => r.what === 'Request body')!.limit).toContain(`${BODY_TIMEOUT_MS / 1000} seconds`);
  });

  test('a POST with neither body nor Content-Type names the missing field (400), not a media type (415)', async () => {
    const app = createApp();
    for (const [path, code] of [
      ['/ask', 'invalid_query'],
      ['/api/v1/batch', 'invalid_batch'],
      ['/api/v1/jobs', 'invalid_job'],
    ] as const) {
      const res = await app.request(path, { method: 'POST' });
      expect(res.status, path).toBe(400);
      const { error } = errorResponse.parse(await res.json());
      expect(error.code, path).toBe(code);
      expect(error.message, path).toMatch(/^query|^queries/);
    }
    // A body that is there still needs its media type.
    expect((await app.request('/ask', { method: 'POST', body: '{"query":"x"}', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
  });
});

describe('docs/decisions.md § Rate limits: a client over its quota stays limited until its window ends', () => {
  test('12,000 other addresses arriving in its window do not make the limiter forget it', () => {
    const limiter = new RateLimiter('portfolio', { limit: 3, window: 60 }, { maxClients: 1_000, now: () => 0 });
    for (let i = 0; i < 4; i++) limiter.take('hot');
    expect(limiter.take('hot').allowed).toBe(false);
    for (let i = 0; i < 12_000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.take('hot').allowed).toBe(false);
    expect(limiter.size).toBeLessThanOrEqual(2 * limiter.maxClients);
  });

  test('after its window it is let in again', () => {
    let now = 0;
    const limiter = new RateLimiter('portfolio', { limit: 1, window: 60 }, { now: () => now });
    limiter.take('a');
    expect(limiter.take('a').allowed).toBe(false);
    now = 60_001;
    expect(limiter.take('a').allowed).toBe(true);
  });

  test('a refused batch spends nothing, and refusing it does not lock out the requests that still fit', () => {
    const limiter = new RateLimiter('portfolio', { limit: 5, window: 60 }, { now: () => 0 });
    limiter.take('a');
    expect(limiter.take('a', 9).allowed).toBe(false);
    limiter.refund('a', 1);
    for (let i = 0; i < 5; i++) expect(limiter.take('a').allowed, `request ${i + 1}`).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });

  test('through the app: a 429 MCP batch leaves the client’s whole quota', async () => {
    const app = createApp({ rateLimits: { portfolio: { limit: 5, window: 60 } } });
    const batch = Array.from({ length: 8 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }));
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const refused = await app.request('/api/mcp', { method: 'POST', headers, body: JSON.stringify(batch) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit')).toMatch(/^"portfolio";r=5;/);
    const next = await app.request('/api/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
    expect(next.headers.get('ratelimit')).toMatch(/^"portfolio";r=4;/);
  });
});

describe('docs/decisions.md § Rate limits: whatever reaches the function is counted and answered as JSON', () => {
  test('upper-case /API/V1/… and /API take quota, carry the rate headers and answer JSON route_not_found', async () => {
    const app = createApp({ rateLimits: { portfolio: { limit: 2, window: 60 } } });
    for (const path of ['/API/V1/projects', '/API', '/Api/v1/search?q=x']) {
      const res = await app.request(path);
      expect(res.headers.get('content-type'), path).toBe('application/json');
      expect(res.headers.get('ratelimit-policy'), path).toBe('"portfolio";q=2;w=60');
    }
    // Three requests against a quota of two: the third was refused.
    const last = await app.request('/API/V1/projects');
    expect(last.status).toBe(429);
  });
});

describe('hostile input: settings state and enforce their maximum', () => {
  test('FOLIO_RATE_LIMITS’ message names its caps', () => {
    expect(() => rateLimitsFromEnv('portfolio=1000000/60')).toThrow(/requests 1 to 999999, seconds 1 to 99999/);
    expect(rateLimitsFromEnv('portfolio=999999/99999')).toEqual({ portfolio: { limit: 999_999, window: 99_999 } });
  });

  test(`FOLIO_SEARCH_CACHE takes 0 to ${SEARCH_CACHE_MAX}; above that it stops the server with the range`, () => {
    expect(searchCacheSize(String(SEARCH_CACHE_MAX))).toBe(SEARCH_CACHE_MAX);
    for (const bad of ['9999999', String(SEARCH_CACHE_MAX + 1), '-1', 'lots']) expect(() => searchCacheSize(bad), bad).toThrow(`0 to ${SEARCH_CACHE_MAX}`);
  });
});

describe('hostile input: the audit of both service descriptions', () => {
  test('a query of white space alone is refused (400 invalid_query), and the schema says so with a pattern', async () => {
    const app = createApp();
    for (const path of ['/api/v1/search?q=%20%20', '/ask?q=%09']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(400);
      expect((await res.json()).error.code, path).toBe('invalid_query');
    }
    const openapi = JSON.parse(JSON.stringify(openApiFor(siteData().site)));
    const q = openapi.paths['/api/v1/search'].get.parameters.find((p: { name: string }) => p.name === 'q');
    expect(q.schema.pattern).toBe('\\S');
  });

  test('KQ-IDEMPOTENCY, docs/decisions.md § NLWeb ask: GET /ask does not echo Idempotency-Key (its answer is shared-cacheable); POST /ask does', async () => {
    const app = createApp();
    const get = await app.request('/ask?q=search', { headers: { 'idempotency-key': 'client-a' } });
    expect(get.headers.get('cache-control')).toBe('public, max-age=300');
    expect(get.headers.get('idempotency-key')).toBeNull();
    const post = await app.request('/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'client-a' },
      body: '{"query":"search"}',
    });
    expect(post.headers.get('idempotency-key')).toBe('client-a');
  });

  test('the JSON and event-stream forms of GET /ask carry different ETags, and each validates only itself', async () => {
    const app = createApp();
    const json = await app.request('/ask?q=search', { headers: { accept: 'application/json' } });
    const events = await app.request('/ask?q=search', { headers: { accept: 'text/event-stream' } });
    await events.text();
    const [a, b] = [json.headers.get('etag'), events.headers.get('etag')];
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(a).not.toBe(b);
    const crossed = await app.request('/ask?q=search', { headers: { accept: 'text/event-stream', 'if-none-match': a! } });
    expect(crossed.status).toBe(200);
    await crossed.text();
    expect((await app.request('/ask?q=search', { headers: { accept: 'application/json', 'if-none-match': a! } })).status).toBe(304);
  });

  test('the agent docs say the OAuth endpoints refuse with slow_down, as they do', () => {
    for (const text of [rateLimitSentence(testSite), limitRows(testSite).find((r) => r.what === 'Over the limit')!.limit]) {
      expect(text).toContain('"error": "slow_down"');
    }
  });

  test('.env and .env.* are ignored by git', () => {
    const lines = readFileSync('.gitignore', 'utf8').split('\n');
    expect(lines).toContain('.env');
    expect(lines).toContain('.env.*');
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
