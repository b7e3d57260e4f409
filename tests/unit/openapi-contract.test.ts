// The contract validator (tests/contract/validate.ts) and the recorder (scripts/local-server/record-exchanges.ts):
// real answers of the app pass; every kind of drift from openapi.json fails with a readable problem.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { siteData } from '../../src/server/data.ts';
import { captureExchange, recordExchanges, type Exchange } from '../../scripts/local-server/record-exchanges.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { openApiFor } from '../../src/discovery/openapi-file.ts';
import { checkStaticFiles, coverage, createAjv, readExchanges, validateExchanges, validateRecorded } from '../contract/validate.ts';
import { PUBLIC_READ_TOKEN } from '../../src/server/access/public-read.ts';
import { fixtureSiteData } from '../support/site-data.ts';
import { JSON_HEADERS } from '../support/mcp-helpers.ts';
import { roomy } from '../support/portfolio-helpers.ts';
import { routeCalls } from '../support/route-calls.ts';
import { staticFiles } from '../support/static-files.ts';
import { tempDir } from '../support/temp-dir.ts';

const doc = openApiFor(siteData().site);
const app = createApp({ routes: ROUTES, ...roomy });

async function exchange(path: string, init: RequestInit = {}): Promise<Exchange> {
  const request = new Request(new URL(path, 'http://localhost'), init);
  const response = await app.request(request);
  return captureExchange(request, response, response.body);
}

const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  method: 'POST',
  ...init,
  headers: { 'Content-Type': 'application/json', ...init.headers },
  body: JSON.stringify(body),
});

/**
 * Every route's declared example and every documented preflight (tests/support/route-calls.ts, from
 * the route table: at least one request per operation), then the variants and the error answers.
 */
const LADDER: [string, RequestInit?][] = [
  ...routeCalls(ROUTES, doc, siteData().site.url).map((call): [string, RequestInit] => [call.path, call.init]),
  ['/api/search?q=rust&limit=2'],
  ['/api/v1/search'],
  ['/api/v1/search?q=rust&type=spaceship'],
  ['/api/projects?archive=1'],
  ['/api/v1/projects?cursor=nonsense'],
  ['/api/v1/projects/no-such-project'],
  ['/api/v1/projects/Not_A_Slug'],
  ['/api/v1/posts?limit=1'],
  ['/api/posts?tag=postgres'],
  ['/api/v1/posts?limit=0'],
  ['/api/v1/posts/no-such-post'],
  ['/api/v1/posts/Not_A_Slug'],
  ['/api/v1/search?q=shard&type=post'],
  ['/api/v1/compare?slugs=quarry'],
  ['/ask?q=search&streaming=true'],
  ['/ask'],
  ['/ask', json({ query: { text: 'search' }, prefer: { streaming: true } })],
  ['/ask', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'search' }],
  ['/ask', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }],
  ['/api/v1/sandbox?page=0'],
  ['/api/v1/batch', json({ queries: [] })],
  ['/api/v1/jobs/not-a-job'],
  ['/api/v1'],
  ['/api', { headers: { Authorization: 'Bearer wrong' } }],
  ['/oauth/register', json({ token_endpoint_auth_method: 'client_secret_basic' })],
  ['/oauth/token', { method: 'POST' }],
  ['/oauth/token', json({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' })],
  ['/oauth/revoke', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'token=x' }],
  ['/agent/identity', json({ type: 'service_auth' })],
  ['/agent/identity', json({ type: 'robot' })],
  ['/agent/events', json({ nope: true })],
  ['/api/v1/search?q=rust', { method: 'HEAD' }],
  ['/api/v1/search?q=rust', { method: 'DELETE' }],
  ['/oauth/token', { method: 'GET' }],
  ['/api/v1/search', { method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' } }],
  ['/api/v1/nothing-here'],
  ['/api/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{' }],
  ['/api/mcp'],
  ['/api/v1/search?q=rust', { headers: { 'If-None-Match': `W/"${siteData().buildId}"` } }],
];

describe('contract validator: real answers pass', () => {
  it('PF-DISCOVERY: every answer of a request ladder over every route matches openapi.json', async () => {
    const exchanges = await Promise.all(LADDER.map(([path, init]) => exchange(path, init)));
    expect(validateExchanges(doc, exchanges)).toEqual([]);
    // The ladder reaches every documented operation.
    // The root OAuth metadata are static files: checked as built, not over the app (docs/decisions.md § What openapi.json lists).
    const { missed } = coverage(doc, exchanges);
    const files = checkStaticFiles(doc, await staticFiles(), missed);
    expect(files.problems).toEqual([]);
    expect(missed.filter((id) => !files.checked.includes(id))).toEqual([]);
    // And it saw the answers the rules in openapi.json's prose describe.
    expect(exchanges.map((e) => e.status)).toEqual(expect.arrayContaining([200, 201, 202, 204, 304, 400, 401, 404, 405, 415]));
  });
});

/**
 * FO-URI-FIELDS: the hostile fixture (tests/fixtures/markdown-hostile-site) holds, in every URL
 * field of every kind (the site's links, a project's repo, demo, docs and more, the résumé's work,
 * education, certificate, publication and volunteer URLs), URLs with quotes, angle brackets,
 * spaces, non-ASCII, parentheses, pipes, braces, a stray `%` and a second `#`. Every operation's
 * answers over its data are checked by the contract validator (ajv's `format: uri` among the rest),
 * and every address-named string of a 2xx body is an RFC 3986 URI or reference as well.
 */
describe('FO-URI-FIELDS: the contract holds on the hostile site, every URL a URI', () => {
  const mcp = (id: number, name: string, args: Record<string, unknown>): [string, RequestInit] => [
    '/api/mcp',
    {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'Mcp-Protocol-Version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
    },
  ];
  const ajv = createAjv();
  const isUri = ajv.compile({ type: 'string', format: 'uri-reference' });
  /** Keys that name an address: `url`, `href`, `…Url`, `…_uri`, `$schema`, `@id`, `sameAs`… */
  const ADDRESS_KEY = /(?:^|_)(?:url|uri|href)$|(?:Url|Uri)$|^(?:\$schema|@id|sameAs|issuer|resource)$/;
  /** The jobs descriptor's poll address is a URI template (RFC 6570), braces and all: not a URI, and documented as a plain string. */
  const TEMPLATES = new Set(['GET /api/v1/jobs /poll/url']);
  /** Every address-named string of a JSON value, with its JSON Pointer. */
  const addresses = (value: unknown, pointer = ''): [string, string][] =>
    typeof value === 'string'
      ? ADDRESS_KEY.test(pointer.split('/').pop()!)
        ? [[pointer, value]]
        : []
      : Array.isArray(value)
        ? value.flatMap((v, i) => addresses(v, `${pointer}/${i}`))
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([k, v]) => addresses(v, `${pointer}/${k}`))
          : [];

  it('FO-URI-FIELDS: every operation’s answers about the hostile records match openapi.json, and every URL field is a URI', async () => {
    const HOSTILE = 'tests/fixtures/markdown-hostile-site/content';
    const data = await fixtureSiteData(HOSTILE);
    const hostileDoc = openApiFor(data.site);
    const hostileApp = createApp({ routes: ROUTES, ...roomy, data: () => data });
    const send = async (path: string, init: RequestInit = {}) => {
      const request = new Request(new URL(path, 'http://localhost'), init);
      const response = await hostileApp.request(request);
      return captureExchange(request, response, response.body);
    };
    const projects = data.projects.map((p) => p.slug);
    const posts = data.posts.map((p) => p.slug);
    const ladder: [string, RequestInit?][] = [
      ...routeCalls(ROUTES, hostileDoc, data.site.url).map((call): [string, RequestInit] => [call.path, call.init]),
      ...projects.flatMap((slug): [string][] => [[`/api/v1/projects/${slug}`], [`/api/projects/${slug}`]]),
      ...posts.map((slug): [string] => [`/api/v1/posts/${slug}`]),
      ['/api/v1/projects?archive=1&limit=20'],
      ['/api/v1/posts?limit=20'],
      ['/api/v1/resume'],
      ['/api/resume'],
      ...['evil', 'lantern', 'alert', 'javascript', 'logs'].flatMap((q): [string][] => [[`/api/v1/search?q=${q}&limit=20`], [`/ask?query=${q}`]]),
      ['/ask?query=evil&streaming=true'],
      [`/api/v1/compare?slugs=${projects.slice(0, 3).join(',')}`],
      ['/api/v1/sandbox?limit=100'],
      ['/api/v1?limit=100', { headers: { Authorization: `Bearer ${PUBLIC_READ_TOKEN}` } }],
      ['/api/v1/batch', json({ queries: ['evil', 'lantern'] })],
      mcp(1, 'get_project', { slug: 'evil' }),
      mcp(2, 'get_resume', {}),
      mcp(3, 'list_projects', { archive: '1', detail: 'full' }),
      mcp(4, 'search_portfolio', { query: 'evil' }),
    ];
    const exchanges = [];
    for (const [path, init] of ladder) exchanges.push(await send(path, init));
    const job = exchanges.find((e) => e.path === '/api/v1/jobs' && e.status === 202);
    if (job?.headers.location) exchanges.push(await send(new URL(job.headers.location, 'http://localhost').pathname));
    expect(validateExchanges(hostileDoc, exchanges)).toEqual([]);
    // The hostile records were answered, not only refused.
    expect(exchanges.filter((e) => e.status === 200 && /^\/api\/v1\/projects\/[^/]+$/.test(e.path)).length).toBe(projects.length);
    const notUris: string[] = [];
    for (const e of exchanges.filter((x) => x.status < 300 && x.contentType?.startsWith('application/json'))) {
      const body = JSON.parse(e.body) as unknown;
      for (const [pointer, value] of addresses(body))
        if (!isUri(value) && !TEMPLATES.has(`${e.method} ${e.path.split('?')[0]} ${pointer}`))
          notUris.push(`${e.method} ${e.path}: ${pointer} ${JSON.stringify(value)}`);
    }
    expect(notUris).toEqual([]);
    // Every kind of URL field was answered: the site's links, a project's links, the résumé's.
    const bodies = exchanges.map((e) => e.body).join('\n');
    for (const encoded of [
      'https://xn--bcher-kva.example/',
      'https://code.example/%C3%BCn%C3%AF/',
      'https://xn--r8jz45g.example/',
      'https://vol.example/100%25/',
    ])
      expect(bodies, encoded).toContain(encoded);
  });
});

describe('contract validator: drift fails, with a readable reason', () => {
  const problemsOf = (e: Exchange) => validateExchanges(doc, [e]).map((p) => p.problem);

  it('a body missing a required field', async () => {
    const e = await exchange('/api/v1/projects/quarry');
    const body = JSON.parse(e.body);
    delete body.slug;
    expect(problemsOf({ ...e, body: JSON.stringify(body) })).toEqual([expect.stringContaining("must have required property 'slug'")]);
  });

  it('a field of the wrong type', async () => {
    const e = await exchange('/api/v1/sandbox?limit=3');
    const body = JSON.parse(e.body);
    body.pagination.page = 'one';
    expect(problemsOf({ ...e, body: JSON.stringify(body) })).toEqual([expect.stringContaining('body/pagination/page must be integer')]);
  });

  it('a field openapi.json does not document', async () => {
    const e = await exchange('/api/v1/search?q=rust');
    const body = { ...JSON.parse(e.body), secret: true };
    expect(problemsOf({ ...e, body: JSON.stringify(body) })).toEqual([expect.stringContaining('must NOT have additional properties (secret)')]);
  });

  it('an error code outside the catalog', async () => {
    const e = await exchange('/api/v1/compare?slugs=quarry');
    const body = JSON.parse(e.body);
    body.error.code = 'oops';
    expect(problemsOf({ ...e, body: JSON.stringify(body) })).toEqual([expect.stringContaining('body/error/code must be equal to one of the allowed values')]);
  });

  it('a status the operation does not document', async () => {
    const e = await exchange('/api/v1/search?q=rust');
    expect(problemsOf({ ...e, status: 500 })).toEqual([expect.stringMatching(/^status 500 is not documented for searchPortfolio/)]);
  });

  it('a required header missing', async () => {
    const e = await exchange('/api/v1/jobs', json({ queries: ['search'] }));
    const { location: _, ...headers } = e.headers;
    expect(problemsOf({ ...e, headers })).toEqual(['required header Location is missing']);
  });

  it('a header of the wrong form', async () => {
    const e = await exchange('/api/v1/search?q=rust');
    expect(problemsOf({ ...e, headers: { ...e.headers, 'ratelimit-remaining': 'lots' } })).toEqual([
      'header RateLimit-Remaining should be an integer, is "lots"',
    ]);
  });

  it('an undocumented media type', async () => {
    const e = await exchange('/api/v1/search?q=rust');
    expect(problemsOf({ ...e, contentType: 'text/html' })).toEqual([expect.stringMatching(/^content type text\/html is not documented/)]);
  });

  it('a body that is not JSON', async () => {
    const e = await exchange('/api/v1/search?q=rust');
    expect(problemsOf({ ...e, body: '<html>' })).toEqual([expect.stringMatching(/^the body is not JSON/)]);
  });

  it('an invalid server-sent event', async () => {
    const e = await exchange('/ask?q=search&streaming=true');
    expect(e.contentType).toMatch(/^text\/event-stream/);
    const broken = e.body.replace('"message_type":"result"', '"message_type":"resulted"');
    expect(problemsOf({ ...e, body: broken })[0]).toMatch(/^event \d+: body/);
  });

  it('a path openapi.json does not list, answered as if it existed', async () => {
    const e = await exchange('/api/v1/nothing-here');
    expect(problemsOf({ ...e, status: 200, body: '{}' })).toEqual(['path is not in openapi.json, so the answer must be 404 route_not_found, not 200']);
    expect(problemsOf({ ...e, body: JSON.stringify({ error: { code: 'not_found', message: 'x', status: 404 } }) })).toEqual([
      'error.code should be route_not_found',
    ]);
  });

  it('an undocumented method answered without Allow', async () => {
    const e = await exchange('/api/v1/search?q=rust', { method: 'DELETE' });
    const { allow: _, ...headers } = e.headers;
    expect(problemsOf({ ...e, headers })).toContain('405 without an Allow header');
  });

  it('a body on a 304 or a HEAD answer', async () => {
    const e = await exchange('/api/v1/search?q=rust', { method: 'HEAD' });
    expect(problemsOf({ ...e, body: '{}' })).toContain('a HEAD 200 answer must have no body');
  });
});

describe('recordExchanges (the function wrapper the e2e server uses)', () => {
  it('without a file it returns the fetch unchanged: production pays nothing', () => {
    const fetch = (request: Request) => new Response(request.url);
    expect(recordExchanges(fetch, undefined)).toBe(fetch);
    expect(recordExchanges(fetch, '')).toBe(fetch);
  });

  it('appends one JSON line per exchange, and the client still gets the whole answer, streams included', async () => {
    const file = join(tempDir('folio-record-'), 'exchanges.jsonl');
    const fetch = recordExchanges((request: Request) => app.request(request), file);
    const plain = await fetch(new Request('http://localhost/api/v1/projects/quarry'));
    const stream = await fetch(new Request('http://localhost/ask?q=search&streaming=true'));
    const [plainText, streamText] = [await plain.text(), await stream.text()];
    expect(JSON.parse(plainText).slug).toBe('quarry');
    expect(streamText).toContain('end-nlweb-response');
    // The recorder writes when it has read its copy of the body; give it the turn.
    for (let i = 0; i < 50 && readFileSync(file, 'utf8').split('\n').length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Exchange);
    expect(lines.map((l) => `${l.method} ${l.path} ${l.status}`).sort()).toEqual(['GET /api/v1/projects/quarry 200', 'GET /ask?q=search&streaming=true 200']);
    const recordedStream = lines.find((l) => l.path.startsWith('/ask'))!;
    expect(recordedStream).toMatchObject({ body: streamText, truncated: false, contentType: expect.stringMatching(/^text\/event-stream/) });
    expect(lines.find((l) => l.path.endsWith('quarry'))!.body).toBe(plainText);
  });

  it('FO-TYPES: with a site’s openapi.json, each line names a copy of it kept beside the log, and each answer is checked against its own site’s description', async () => {
    const dir = tempDir('folio-record-');
    const file = join(dir, 'exchanges.jsonl');
    const description = join(dir, 'openapi.json');
    writeFileSync(description, JSON.stringify(doc));
    const fetch = recordExchanges((request: Request) => app.request(request), file, description);
    await (await fetch(new Request('http://localhost/api/v1/projects/quarry'))).text();
    for (let i = 0; i < 50 && !(existsSync(file) && readFileSync(file, 'utf8').includes('\n')); i++) await new Promise((r) => setTimeout(r, 10));
    const [recorded] = readExchanges(file);
    expect(recorded!.description).toMatch(/^exchanges\.jsonl\.openapi-[0-9a-f]{16}\.json$/);
    expect(readFileSync(join(dir, recorded!.description!), 'utf8')).toBe(JSON.stringify(doc));
    // Grouped by description: the same answer passes against its own site's and fails against another that lacks the path.
    expect(validateRecorded(doc, [recorded!], dir)).toEqual([]);
    writeFileSync(join(dir, recorded!.description!), JSON.stringify({ ...doc, paths: {} }));
    expect(validateRecorded(doc, [recorded!], dir).map((p) => p.problem)).toEqual([expect.stringContaining('path is not in openapi.json')]);
    expect(validateRecorded(doc, [{ ...recorded!, description: undefined }], dir)).toEqual([]);
  });

  it('cuts a body over the cap and says so', async () => {
    const request = new Request('http://localhost/api/v1/projects/quarry');
    const response = await app.request(request);
    const e = await captureExchange(request, response, response.body, 100);
    expect(e.truncated).toBe(true);
    expect(e.body.length).toBeLessThanOrEqual(100);
    expect(validateExchanges(doc, [e]).map((p) => p.problem)).toEqual(['the body was cut at the recording cap; it cannot be checked']);
  });
});
