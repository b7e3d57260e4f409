// The smoke over the socket: `npm start` serving the sample fixture site's build, asked what only a
// real server and a real client can show. The unit tier proves each answer through app.request and
// the router over a fixture output (tests/unit/serve-router.test.ts); here the same decisions are
// made by vercel.json's routes, the middleware and the function as the local server runs them
// (FO-LOCAL-AS-DEPLOYED): the negotiation ladder, redirects, the three 404s and 405, the header
// rules, the socket's guards, 304 on real conditional requests, the CORS preflight, the event stream
// read by a real parser, MCP with the official client, every route's example (the contract step
// checks every answer recorded here against openapi.json), and one page in Chromium.
// What moved where from the HTTP-only specs this replaces: docs/decisions.md § Where the end-to-end
// HTTP tests went.
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect, test } from '@playwright/test';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { HOME_LINKS, homeLinkHeader } from '../../src/discovery/links.ts';
import { CONTENT_SECURITY_POLICY } from '../../src/builder/vercel-config.ts';
import { PAGE_MANIFEST_FILE, type PageManifest } from '../../src/routing/page-manifest.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { routeCalls } from '../support/route-calls.ts';
import { raw } from './serve-support.ts';

const MARKDOWN = 'text/markdown; charset=utf-8';
const HTML = 'text/html; charset=utf-8';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const dist = (file: string) => readFileSync(`dist/${file}`, 'utf8');
const manifest = JSON.parse(readFileSync(PAGE_MANIFEST_FILE, 'utf8')) as PageManifest;
const tokens = (twin: string) => String(manifest.markdown[twin]);
/** raw() with its options named. */
const send = (base: string, path: string, { headers = {}, method = 'GET', body }: { headers?: Record<string, string>; method?: string; body?: string } = {}) =>
  raw(base, path, headers, method, body);
const ABOUT_LINK = '</about.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt"';

/** What an answer must be: its status, its body (a file of the build, or text), and headers (`null`: absent). */
interface Want {
  status: number;
  body?: string;
  headers?: Record<string, string | RegExp | null>;
}
type Case = [label: string, path: string, request: { headers?: Record<string, string>; method?: string; body?: string }, want: Want];

async function expectCases(base: string, cases: Case[]) {
  for (const [label, path, request, want] of cases) {
    const res = await send(base, path, request);
    const where = `${label}: ${request.method ?? 'GET'} ${path} ${JSON.stringify(request.headers ?? {})}`;
    expect(res.status, where).toBe(want.status);
    if (want.body !== undefined) expect(res.body, where).toBe(want.body);
    for (const [name, value] of Object.entries(want.headers ?? {})) {
      if (value === null) expect(res.headers[name], `${where}: ${name}`).toBeUndefined();
      else if (value instanceof RegExp) expect(res.headers[name], `${where}: ${name}`).toMatch(value);
      else expect(res.headers[name], `${where}: ${name}`).toBe(value);
    }
  }
}

/** A twin through the middleware: the file, its media type and token estimate, varying on Accept, no middleware header leaking. */
const twinAnswer = (twin: string, type = MARKDOWN): Want => ({
  status: 200,
  body: dist(twin.slice(1)),
  headers: {
    'content-type': type,
    'x-markdown-tokens': tokens(twin),
    vary: 'Accept',
    'x-folio-compute': 'middleware',
    'x-middleware-rewrite': null,
    'x-middleware-next': null,
  },
});

test('PF-TWINS, FO-ZERO-COMPUTE, PF-AGENT-VIEW (docs/decisions.md § Markdown twins): the negotiation ladder as the platform runs it', async ({ baseURL }) => {
  // An Accept that names Markdown may want it: the middleware decides, once (FO-ZERO-COMPUTE); a browser's runs nothing.
  const htmlPage = (file: string, link: string, compute = 'none'): Want => ({
    status: 200,
    body: dist(file),
    headers: { 'content-type': HTML, vary: 'Accept', link, 'x-folio-compute': compute },
  });
  await expectCases(baseURL!, [
    ['Markdown asked for', '/about', { headers: { accept: 'text/markdown' } }, twinAnswer('/about.md')],
    ['an agent’s Accept', '/about', { headers: { accept: 'text/markdown, */*;q=0.1' } }, twinAnswer('/about.md')],
    ['weighted for Markdown', '/about', { headers: { accept: 'text/html;q=0.5, text/markdown;q=0.9' } }, twinAnswer('/about.md')],
    ['text/plain preferred to HTML', '/about', { headers: { accept: 'text/plain' } }, twinAnswer('/about.md', 'text/plain; charset=utf-8')],
    ['a nested page', '/projects/quarry', { headers: { accept: 'text/markdown' } }, twinAnswer('/projects/quarry.md')],
    ['the home page', '/', { headers: { accept: 'text/markdown' } }, twinAnswer('/index.md')],
    ['no Accept at all', '/about', {}, htmlPage('about.html', ABOUT_LINK)],
    ['a browser’s Accept', '/about', { headers: { accept: BROWSER } }, htmlPage('about.html', ABOUT_LINK)],
    ['weighted for HTML', '/about', { headers: { accept: 'text/html;q=0.9, text/markdown;q=0.5' } }, htmlPage('about.html', ABOUT_LINK, 'middleware')],
    // PF-DISCOVERY: the home page's Link names its twin and the discovery files.
    [
      'the home page for a browser',
      '/',
      { headers: { accept: BROWSER } },
      htmlPage('index.html', `</index.md>; rel="alternate"; type="text/markdown", ${homeLinkHeader()}`),
    ],
    // FO-TWIN-CANONICAL: a twin asked for by name names its page canonical.
    [
      'a twin by name',
      '/about.md',
      {},
      {
        status: 200,
        body: dist('about.md'),
        headers: { 'content-type': MARKDOWN, 'x-markdown-tokens': tokens('/about.md'), link: /, <\/about>; rel="canonical"$/ },
      },
    ],
    ...['', 'text/html'].map(
      (accept): Case => [
        'the agent view',
        '/?mode=agent',
        { headers: accept ? { accept } : {} },
        { status: 200, body: dist('agent-view.md'), headers: { 'content-type': MARKDOWN } },
      ],
    ),
    ['HEAD on a page', '/about', { method: 'HEAD' }, { status: 200, body: '', headers: { 'content-type': HTML, link: ABOUT_LINK } }],
  ]);
});

test('KQ-PUBLIC-FILES, KQ-NOT-FOUND, PF-ROUTE-404, RFC 9110 § 15.5.6: redirects, the three 404s and 405 with Allow', async ({ baseURL }) => {
  const notFoundPage: Want = {
    status: 404,
    body: dist('404.html'),
    headers: { 'content-type': HTML, vary: 'Accept', 'content-security-policy': CONTENT_SECURITY_POLICY },
  };
  const notFoundTwin: Want = { status: 404, body: dist('404.md'), headers: { 'content-type': MARKDOWN } };
  await expectCases(baseURL!, [
    // As Vercel redirects before the middleware: a trailing slash, then cleanUrls.
    ['a trailing slash', '/about/', { headers: { accept: 'text/markdown' } }, { status: 308, headers: { location: '/about' } }],
    ['cleanUrls', '/about.html', {}, { status: 308, headers: { location: '/about' } }],
    ['cleanUrls for the home page', '/index.html', {}, { status: 308, headers: { location: '/' } }],
    ['no such page', '/no-such-page', { headers: { accept: 'text/html' } }, notFoundPage],
    [
      'no such page, Markdown preferred',
      '/no-such-page',
      { headers: { accept: 'text/markdown' } },
      { ...notFoundTwin, headers: { ...notFoundTwin.headers, vary: 'Accept' } },
    ],
    ['no such twin', '/no-such-page.md', {}, notFoundTwin],
    ['a malformed path as Markdown', '/%ff.md', {}, notFoundTwin],
    ['the 404 page by name', '/404', { headers: { accept: 'text/html' } }, notFoundPage],
    ['the 404 twin by name', '/404.md', {}, { status: 404, headers: { 'content-type': MARKDOWN } }],
    ...['text/html', 'text/markdown'].map(
      (accept): Case => [
        'an unknown API path, whatever Accept says',
        '/api/v1/no-such-route',
        { headers: { accept } },
        { status: 404, body: undefined, headers: { 'content-type': /^application\/json/, 'x-folio-compute': 'function' } },
      ],
    ),
    ['a write to a page', '/about', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }, { status: 405, headers: { allow: 'GET, HEAD' } }],
    ['a method an API route does not answer', '/api/v1/sandbox', { method: 'DELETE' }, { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' } }],
  ]);
  expect(JSON.parse((await raw(baseURL!, '/api/v1/no-such-route')).body).error.code).toBe('route_not_found');
});

test('FO-LOCAL-AS-DEPLOYED (docs/decisions.md § Caching): the header rules of vercel.json on pages, twins, files, assets and the API', async ({ baseURL }) => {
  const asset = readdirSync('dist/_astro').find((f) => f.endsWith('.css'))!;
  await expectCases(baseURL!, [
    [
      'a page',
      '/projects/quarry',
      {},
      {
        status: 200,
        headers: {
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'strict-origin-when-cross-origin',
          'content-security-policy': CONTENT_SECURITY_POLICY,
          'cache-control': REVALIDATE,
        },
      },
    ],
    [
      'a twin',
      '/about',
      { headers: { accept: 'text/markdown' } },
      { status: 200, headers: { 'cache-control': REVALIDATE, 'x-content-type-options': 'nosniff' } },
    ],
    ['a hashed asset', `/_astro/${asset}`, {}, { status: 200, headers: { 'cache-control': 'public, max-age=31536000, immutable' } }],
    ['llms.txt', '/llms.txt', {}, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } }],
    ['an extension-less discovery file', '/.well-known/oauth-protected-resource', {}, { status: 200, headers: { 'content-type': 'application/json' } }],
    // RFC 9727 § 3: the api-catalog answers HEAD with its own Link.
    [
      'the api-catalog',
      '/.well-known/api-catalog',
      { method: 'HEAD' },
      { status: 200, body: '', headers: { link: /<[^>]*\/\.well-known\/api-catalog>;\s*rel="api-catalog"/ } },
    ],
    [
      'an API answer',
      '/api/v1/sandbox?limit=1',
      {},
      { status: 200, headers: { 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff', 'content-security-policy': null } },
    ],
  ]);
});

test('FO-LOCAL-GUARDS: the socket’s guards — a foreign Host is refused, no open redirect, an encoded slash escapes no header rule', async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const foreign = await send(baseURL!, '/about', { headers: { host: `rebound.example:${port}` } });
  expect(foreign.status).toBe(403);
  expect(JSON.parse(foreign.body).error).toMatchObject({ code: 'forbidden_host', status: 403, hint: expect.stringContaining('FOLIO_ALLOWED_HOSTS') });
  expect((await send(baseURL!, '/api/v1/projects', { headers: { origin: 'http://rebound.example' } })).status).toBe(403);
  // playwright.config.ts lists evil.example for the CORS checks below.
  expect((await send(baseURL!, '/about', { headers: { host: 'evil.example' } })).status).toBe(200);
  for (const path of ['//evil.com/', '///evil.com/', '//evil.com/index.html']) {
    const res = await raw(baseURL!, path);
    expect([res.status, res.headers.location], path).toEqual([308, '/evil.com']);
    expect((await raw(baseURL!, res.headers.location!)).status, path).toBe(404);
  }
  const api = await raw(baseURL!, '/api/..%2fabout');
  expect([api.status, JSON.parse(api.body).error.code]).toEqual([404, 'route_not_found']);
  const asset = await raw(baseURL!, '/_astro/..%2fabout');
  expect([asset.status, asset.headers['content-type'], asset.headers['cache-control']]).toEqual([404, HTML, REVALIDATE]);
});

test('PF-CACHE, PF-CORS: real conditional requests get 304 (the API and a static file); the preflight and the grant', async ({ baseURL }) => {
  const first = await raw(baseURL!, '/api/v1/projects');
  expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
  const again = await send(baseURL!, '/api/v1/projects', { headers: { 'if-none-match': first.headers.etag! } });
  expect([again.status, again.body, again.headers.etag, again.headers['cache-control']]).toEqual([304, '', first.headers.etag, 'public, max-age=300']);
  expect(again.headers.ratelimit).toMatch(/^"portfolio";r=\d+;t=\d+$/);
  const twin = await raw(baseURL!, '/about.md');
  const unchanged = await send(baseURL!, '/about.md', { headers: { 'if-none-match': twin.headers.etag! } });
  expect([unchanged.status, unchanged.body]).toEqual([304, '']);

  const origin = new URL(baseURL!).origin;
  const preflight = await send(baseURL!, '/api/v1/compare', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
  expect([preflight.status, preflight.headers['access-control-allow-origin'], preflight.headers['access-control-allow-methods']]).toEqual([
    204,
    origin,
    'GET, HEAD, OPTIONS',
  ]);
  expect((await send(baseURL!, '/api/v1/search', { headers: { origin } })).headers['access-control-allow-origin'], 'granted on an error too').toBe(origin);
  const other = await send(baseURL!, '/api/v1/projects', { headers: { origin: 'https://evil.example' } });
  expect(other.headers['access-control-allow-origin']).toBeUndefined();
  expect(other.headers.vary).toContain('Origin');
});

/** Reads a whole event stream with eventsource-parser. */
async function events(res: Response): Promise<EventSourceMessage[]> {
  const messages: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (m) => messages.push(m) });
  const decoder = new TextDecoder();
  for await (const chunk of res.body!) parser.feed(decoder.decode(chunk, { stream: true }));
  return messages;
}

test('KQ-ASK, PF-ASK, FO-NLWEB-055: /ask streams server-sent events a real parser reads as the JSON answer; a client that leaves mid-stream leaves the server healthy', async ({
  baseURL,
}) => {
  const json = await (await fetch(`${baseURL}/ask?q=search`)).json();
  expect(json.results.length).toBeGreaterThan(3);
  const streamed = await fetch(`${baseURL}/ask?q=search&streaming=true`);
  expect([streamed.headers.get('content-type'), streamed.headers.get('x-accel-buffering')]).toEqual(['text/event-stream; charset=utf-8', 'no']);
  const older = (await events(streamed)).map((m) => JSON.parse(m.data));
  expect(older[0]).toMatchObject({ message_type: 'begin-nlweb-response', query: 'search' });
  expect(older.at(-1)).toEqual({ message_type: 'end-nlweb-response', _meta: json._meta, count: json.results.length });
  expect(older.flatMap((e) => (e.message_type === 'result' ? e.results : []))).toEqual(json.results);

  // The v0.55 structured body gets v0.55's named events.
  const posted = await fetch(`${baseURL}/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: { text: 'search' }, prefer: { streaming: true }, meta: { version: '0.55' } }),
  });
  const named = await events(posted);
  expect(named.map((m) => m.event)).toEqual(['start', ...json.results.map(() => 'result'), 'complete']);
  expect(named.slice(1, -1).map((m) => JSON.parse(m.data))).toEqual(json.results.map((item: unknown, index: number) => ({ index, item })));

  const first = await new Promise<string>((resolve, reject) => {
    const req = httpRequest(`${baseURL}/ask?q=search&streaming=true`, (res) =>
      res.once('data', (chunk: Buffer) => {
        resolve(chunk.toString('utf8'));
        res.destroy();
      }),
    );
    req.on('error', reject);
    req.end();
  });
  expect(first).toContain('begin-nlweb-response');
  expect((await fetch(`${baseURL}/ask?q=quarry`)).status).toBe(200);
});

test('PF-MCP, PF-TOOLS: the official MCP client over HTTP initializes, calls a tool and reads a resource, as REST and the twin say', async ({ baseURL }) => {
  const client = new Client({ name: 'folio-smoke', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', baseURL)));
  try {
    expect(client.getServerCapabilities()).toMatchObject({ tools: expect.any(Object), resources: expect.any(Object) });
    const { posts } = await (await fetch(`${baseURL}/api/v1/posts?limit=1`)).json();
    const slug = posts[0].slug as string;
    const tool = await client.callTool({ name: 'get_post', arguments: { slug } });
    expect(tool.isError).toBeFalsy();
    expect(tool.structuredContent).toEqual(await (await fetch(`${baseURL}/api/v1/posts/${slug}`)).json());
    const uri = `${baseURL}/posts/${slug}.md`;
    const read = await client.readResource({ uri });
    expect((read.contents[0] as { text: string }).text).toBe(await (await fetch(uri)).text());
  } finally {
    await client.close();
  }
});

test('FO-ROUTE-EXAMPLE: every route’s declared example answers its status, every documented preflight 204', async ({ baseURL }) => {
  const doc = await (await fetch(`${baseURL}/openapi.json`)).json();
  const calls = routeCalls(ROUTES, doc, baseURL!);
  expect(calls.length).toBeGreaterThan(ROUTES.length);
  for (const call of calls) {
    const res = await fetch(new URL(call.path, baseURL), call.init);
    expect(res.status, call.label).toBe(call.status);
    await res.arrayBuffer();
  }
});

test('one page in Chromium: the home page loads under its CSP with no violation, console error or failed request, runs no code, and links the discovery files', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
  );
  const res = await page.goto('/', { waitUntil: 'load' });
  expect(res!.status()).toBe(200);
  expect(res!.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  // FO-ZERO-COMPUTE: a browser's view of a page runs neither the middleware nor the function.
  expect(res!.headers()['x-folio-compute']).toBe('none');
  // The stylesheet the policy allows is applied.
  expect(await page.evaluate(() => [...document.styleSheets].reduce((n, s) => n + s.cssRules.length, 0))).toBeGreaterThan(0);
  for (const link of HOME_LINKS) await expect(page.locator(`head link[rel="${link.rel}"][href="${link.href}"]`), link.href).toHaveCount(1);
  expect(problems).toEqual([]);
});
