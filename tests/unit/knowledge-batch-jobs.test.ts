import { describe, expect, it } from 'vitest';
import { siteData } from '../../src/server/data.ts';
import { answer } from '../../src/server/knowledge.ts';
import { encodeJobId, MAX_JOB_ID_CHARS } from '../../src/server/knowledge/job-id.ts';

/** A deterministic generator (Park–Miller), so random-text cases are the same on every run. */
let seed = 42;
const next = () => (seed = (seed * 48271) % 2147483647);
/** Any BMP character but a surrogate. */
const bmp = (): number => {
  const c = next() % 0x10000;
  return c >= 0xd800 && c < 0xe000 ? bmp() : c;
};
import { batchResponse, jobAccepted, jobCompleted, jobsIndex } from '../../src/server/knowledge/schemas.ts';
import { MAX_BODY_BYTES } from '../../src/server/http.ts';
import { app, expectError, postJson } from '../support/knowledge-helpers.ts';
import { createApp } from '../../src/server/app.ts';
import { QUOTA_COST_RULE } from '../../src/server/middleware/rate-limit.ts';
import { developerGuide, developersMarkdown } from '../../src/discovery/developers.ts';
import { openApiFor } from '../../src/discovery/openapi-file.ts';
import { pricingMarkdown } from '../../src/discovery/pricing.ts';
import { loadContent } from '../../src/records/load.ts';

const QUERIES = ['search', 'job queue in postgres', '  web performance  ', 'zzqxv'];

/** The invalid bodies shared by batch and jobs (KQ-BATCH-INVALID). */
const STRUCTURAL: [string, unknown][] = [
  ['queries missing', {}],
  ['queries null', { queries: null }],
  ['queries not an array', { queries: 'search' }],
  ['queries an object', { queries: { 0: 'search' } }],
  ['queries empty', { queries: [] }],
  ['eleven queries', { queries: Array.from({ length: 11 }, (_, i) => `q${i}`) }],
  ['an empty string', { queries: ['search', ''] }],
  ['a whitespace-only string', { queries: ['search', '   '] }],
  ['a number', { queries: ['search', 42] }],
  ['null in the list', { queries: [null] }],
  ['a nested list', { queries: [['search']] }],
  ['a body that is an array', [['search']]],
  ['a body that is null', 'null'],
];

describe('KQ-BATCH: POST /api/v1/batch', () => {
  it('answers each query in order, with index, equal to asking it alone', async () => {
    const a = app();
    const res = await postJson(a, '/api/v1/batch', { queries: QUERIES });
    expect(res.status).toBe(200);
    const body = batchResponse.parse(await res.json());
    expect(body.resource).toBe(`${siteData().site.url}/api/v1/batch`);
    expect(body.count).toBe(QUERIES.length);
    expect(body.results.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    for (const [i, q] of QUERIES.entries()) {
      const alone = await (await a.request(`/ask?query=${encodeURIComponent(q)}`)).json();
      expect(body.results[i]).toEqual({ index: i, query: q.trim(), answer: alone });
    }
  });

  it('an over-long query fails alone with invalid_query while the others answer', async () => {
    const res = await postJson(app(), '/api/v1/batch', { queries: ['search', 'x'.repeat(501), 'quarry'] });
    expect(res.status).toBe(200);
    const body = batchResponse.parse(await res.json());
    expect(body.results[0]).toEqual({ index: 0, query: 'search', answer: answer(siteData(), 'search') });
    expect(body.results[1]).toMatchObject({ index: 1, error: { code: 'invalid_query', status: 400 } });
    expect(body.results[1]).not.toHaveProperty('answer');
    expect((body.results[1] as { error: { message: string } }).error.message).toContain('501 characters');
    expect(body.results[2]).toEqual({ index: 2, query: 'quarry', answer: answer(siteData(), 'quarry') });
  });

  it('KQ-IDEMPOTENCY: echoes Idempotency-Key; the same key and body get the same answer', async () => {
    const a = app();
    const [one, two] = await Promise.all([0, 1].map(() => postJson(a, '/api/v1/batch', { queries: QUERIES }, { 'Idempotency-Key': 'b-7' })));
    expect(one!.headers.get('idempotency-key')).toBe('b-7');
    expect(await one!.text()).toBe(await two!.text());
  });

  it.each(STRUCTURAL)('KQ-BATCH-INVALID ladder: %s → 400 invalid_batch', async (_name, body) => {
    await expectError(await postJson(app(), '/api/v1/batch', body), 400, 'invalid_batch');
  });

  it('ladder: the message names the item at fault', async () => {
    const body = await expectError(await postJson(app(), '/api/v1/batch', { queries: ['a', 'b', ''] }), 400, 'invalid_batch');
    expect(body.error.message).toMatch(/^queries\.2: /);
  });

  it('ladder: non-JSON → 400 invalid_json; wrong Content-Type → 415; over 64 KiB → 413', async () => {
    const a = app();
    await expectError(await postJson(a, '/api/v1/batch', '{"queries": ['), 400, 'invalid_json');
    const form = await a.request('/api/v1/batch', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'queries=a' });
    await expectError(form, 415, 'unsupported_media_type');
    await expectError(await postJson(a, '/api/v1/batch', { queries: ['x'.repeat(MAX_BODY_BYTES)] }), 413, 'payload_too_large');
  });
});

describe('jobs: the async pattern, creation and polling', () => {
  it('KQ-JOBS-INDEX: GET /api/v1/jobs describes the async pattern', async () => {
    const res = await app().request('/api/v1/jobs');
    expect(res.status).toBe(200);
    const body = jobsIndex.parse(await res.json());
    const base = siteData().site.url;
    expect(body).toMatchObject({ pattern: 'async', openapi: `${base}/openapi.json` });
    expect(body.create).toMatchObject({ method: 'POST', url: `${base}/api/v1/jobs` });
    expect(body.poll).toMatchObject({ method: 'GET', url: `${base}/api/v1/jobs/{job_id}` });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('KQ-JOB-CREATE, KQ-JOB-READ: POST → 202 pending with absolute Location and Retry-After: 1; GET Location → completed, equal to the batch', async () => {
    const a = app();
    const created = await postJson(a, '/api/v1/jobs', { queries: [...QUERIES, 'y'.repeat(600)] });
    expect(created.status).toBe(202);
    const accepted = jobAccepted.parse(await created.json());
    const location = created.headers.get('location')!;
    expect(location).toBe(`${siteData().site.url}/api/v1/jobs/${accepted.job_id}`);
    expect(created.headers.get('retry-after')).toBe('1');
    expect(accepted).toMatchObject({ status: 'pending', id: accepted.job_id, poll: location, status_url: location, resource: location });

    const polled = await a.request(new URL(location).pathname);
    expect(polled.status).toBe(200);
    const completed = jobCompleted.parse(await polled.json());
    expect(completed).toMatchObject({ job_id: accepted.job_id, status: 'completed', resource: location, count: 5 });

    const batch = batchResponse.parse(await (await postJson(a, '/api/v1/batch', { queries: [...QUERIES, 'y'.repeat(600)] })).json());
    expect(completed.results).toEqual(batch.results);
  });

  it('KQ-JOB-STATELESS: polling twice gives the same completed job (no state, nothing consumed)', async () => {
    const a = app();
    const { job_id } = await (await postJson(a, '/api/v1/jobs', { queries: ['search'] })).json();
    const one = await (await a.request(`/api/v1/jobs/${job_id}`)).text();
    expect(await (await a.request(`/api/v1/jobs/${job_id}`)).text()).toBe(one);
  });

  it('KQ-IDEMPOTENCY: the same queries get the same job id, so retries with Idempotency-Key are safe', async () => {
    const a = app();
    const one = await postJson(a, '/api/v1/jobs', { queries: QUERIES }, { 'Idempotency-Key': 'j-1' });
    const two = await postJson(a, '/api/v1/jobs', { queries: QUERIES }, { 'Idempotency-Key': 'j-1' });
    expect(one.headers.get('idempotency-key')).toBe('j-1');
    expect((await one.json()).job_id).toBe((await two.json()).job_id);
  });

  it.each(STRUCTURAL)('KQ-BATCH-INVALID ladder: %s → 400 invalid_job', async (_name, body) => {
    await expectError(await postJson(app(), '/api/v1/jobs', body), 400, 'invalid_job');
  });

  it.each([
    ['CJK', () => 0x4e00 + (next() % 20_000)],
    ['any BMP character', () => bmp()],
    ['astral (emoji, historic scripts)', () => 0x10000 + (next() % 0xfffff)],
    ['random BMP text mixed with control characters', () => (next() % 5 === 0 ? next() % 32 : bmp())],
  ])('docs/decisions.md § Jobs: ten 500-character queries of random text (%s) are accepted, and the id answers', async (_name, codePoint) => {
    const queries = Array.from({ length: 10 }, () => {
      let text = '';
      while (text.length < 500) {
        const char = String.fromCodePoint(codePoint());
        if (text.length + char.length > 500) break;
        text += char;
      }
      return text;
    });
    const created = await postJson(app(), '/api/v1/jobs', { queries });
    expect(created.status).toBe(202);
    const { job_id } = await created.json();
    expect(job_id.length).toBeLessThanOrEqual(MAX_JOB_ID_CHARS);
    expect((await app().request(`/api/v1/jobs/${job_id}`)).status).toBe(200);
  });

  it('a query that is not well-formed Unicode (a lone surrogate) → 400 invalid_job', async () => {
    await expectError(await postJson(app(), '/api/v1/jobs', '{"queries": ["search \\ud800"]}'), 400, 'invalid_job');
  });

  it.each<[string, () => string]>([
    ['an unknown id', () => 'nope'],
    ['a tampered id', () => encodeJobId(['search']).replace('.', '.A')],
    ['a tampered checksum', () => `${encodeJobId(['search']).slice(0, -1)}${encodeJobId(['search']).endsWith('A') ? 'B' : 'A'}`],
    ['a future version', () => encodeJobId(['search']).replace(/^j1/, 'j9')],
    ['an over-long id', () => `j1.${'A'.repeat(MAX_JOB_ID_CHARS)}.AAAAAAAA`],
  ])('KQ-JOB-READ ladder: %s → 404 job_not_found', async (_name, id) => {
    await expectError(await app().request(`/api/v1/jobs/${id()}`), 404, 'job_not_found');
  });
});

describe('FO-QUOTA-COST: each question costs one unit of the knowledge quota, so RateLimit predicts what a client may send', () => {
  const limited = (limit: number) => createApp({ rateLimits: { knowledge: { limit, window: 60 } } });
  /** RateLimit's `r`, as the older RateLimit-Remaining also carries it. */
  const remaining = (res: Response) => res.headers.get('ratelimit-remaining');
  const ten = Array.from({ length: 10 }, (_, i) => `question ${i}`);

  it('a 10-question batch lowers RateLimit remaining by 10 (120 → 110)', async () => {
    const res = await postJson(app(), '/api/v1/batch', { queries: ten });
    expect(res.status).toBe(200);
    expect(remaining(res)).toBe('110');
    expect(res.headers.get('ratelimit')).toMatch(/^"knowledge";r=110;t=\d+$/);
  });

  it('a batch larger than what remains is 429 before any work, spends nothing, and says what is left', async () => {
    const a = limited(12);
    expect(remaining(await postJson(a, '/api/v1/batch', { queries: ten }))).toBe('2');
    const refused = await postJson(a, '/api/v1/batch', { queries: ['a', 'b', 'c'] });
    await expectError(refused, 429, 'rate_limited');
    expect(remaining(refused)).toBe('2');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Nothing of the refused batch was counted: two questions still fit.
    const fits = await postJson(a, '/api/v1/batch', { queries: ['a', 'b'] });
    expect(fits.status).toBe(200);
    expect(remaining(fits)).toBe('0');
  });

  it('a job costs 1 to create and one unit per question each time it is collected; over the quota, 429', async () => {
    const a = limited(12);
    const created = await postJson(a, '/api/v1/jobs', { queries: ten });
    expect(created.status).toBe(202);
    expect(remaining(created)).toBe('11');
    const poll = new URL(created.headers.get('location')!).pathname;
    const collected = await a.request(poll);
    expect(collected.status).toBe(200);
    expect(remaining(collected)).toBe('1');
    await expectError(await a.request(poll), 429, 'rate_limited');
  });

  it('the rule is stated where a client reads the limits: openapi.json (batch, jobs, MCP), /developers, /pricing.md', () => {
    const doc = JSON.parse(JSON.stringify(openApiFor(siteData().site)));
    for (const [path, method] of [
      ['/api/v1/batch', 'post'],
      ['/api/v1/jobs', 'post'],
      ['/api/v1/jobs/{job_id}', 'get'],
      ['/api/mcp', 'post'],
    ] as const) {
      expect(doc.paths[path][method].description, `${method} ${path}`).toContain(QUOTA_COST_RULE);
    }
    const content = loadContent();
    for (const [file, text] of [
      ['/developers.md', developersMarkdown(developerGuide(content))],
      ['/pricing.md', pricingMarkdown(content.site)],
    ])
      expect(text, file).toContain(QUOTA_COST_RULE);
  });
});
