// The knowledge service over real HTTP against `npm start`. The e2e server is shared and the
// knowledge policy allows 120 requests a minute per client across ALL e2e tests, so this file
// spends about 30 requests and leaves the exhaustive ladders to the app.request tests.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { test, expect } from '@playwright/test';
import { createParser } from 'eventsource-parser';
import { askResponse, askStreamEvent, batchResponse, catalogResponse, jobAccepted, jobCompleted, jobsIndex } from '../../src/server/knowledge/schemas.ts';
import { errorResponse } from '../../src/server/errors.ts';

const QUERY = 'search';

/** A plain node:http request; resolves with the response once headers arrive. */
function raw(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, resolve);
    req.on('error', reject);
    req.end();
  });
}

function rawWithBody(url: string, headers: Record<string, string>, write: (req: ReturnType<typeof httpRequest>) => void) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    write(req);
  });
}

async function readAll(res: IncomingMessage): Promise<string> {
  res.setEncoding('utf8');
  let text = '';
  for await (const chunk of res) text += chunk;
  return text;
}

test.describe('KQ-OPEN: the knowledge service over HTTP, with no token', () => {
  test('KQ-ASK, PF-ASK, PF-ASK-META: GET /ask answers JSON; the SSE stream read by eventsource-parser carries the same results', async ({
    request,
    baseURL,
  }) => {
    const json = await request.get(`/ask?q=${QUERY}`);
    expect(json.status()).toBe(200);
    // The shared e2e server raises the quota (playwright.config.ts); the header's presence and form is what is checked here.
    expect(json.headers()['ratelimit-limit']).toMatch(/^\d+$/);
    expect(json.headers()['ratelimit-policy']).toMatch(/^"knowledge";q=\d+;w=60$/);
    const answer = askResponse.parse(await json.json());
    expect(answer.results.length).toBeGreaterThan(3);
    expect(answer.results.every((r) => r.url.startsWith(`${baseURL}/`))).toBe(true);

    const res = await fetch(`${baseURL}/ask?q=${QUERY}&streaming=true`);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const events: unknown[] = [];
    const parser = createParser({ onEvent: (m) => events.push(askStreamEvent.parse(JSON.parse(m.data))) });
    const decoder = new TextDecoder();
    for await (const chunk of res.body!) parser.feed(decoder.decode(chunk, { stream: true }));
    const parsed = events as ReturnType<typeof askStreamEvent.parse>[];
    expect(parsed[0]).toMatchObject({ message_type: 'begin-nlweb-response', query: QUERY });
    expect(parsed.at(-1)).toEqual({ message_type: 'end-nlweb-response', _meta: answer._meta, count: answer.results.length });
    expect(parsed.flatMap((e) => (e.message_type === 'result' ? e.results : []))).toEqual(answer.results);
  });

  test('KQ-ASK: a plain node:http client reads the raw event stream frame by frame', async ({ baseURL }) => {
    const res = await raw(`${baseURL}/ask?q=${QUERY}`, { headers: { Accept: 'text/event-stream' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = await readAll(res);
    expect(text.endsWith('\n\n')).toBe(true);
    const frames = text.slice(0, -2).split('\n\n');
    for (const frame of frames) expect(frame).toMatch(/^data: \{.*\}$/);
    const types = frames.map((f) => JSON.parse(f.slice('data: '.length)).message_type);
    expect(types[0]).toBe('begin-nlweb-response');
    expect(types.at(-1)).toBe('end-nlweb-response');
    expect(types.slice(1, -1).every((t) => t === 'result')).toBe(true);
  });

  test('a client that disconnects mid-stream leaves the server healthy', async ({ baseURL, request }) => {
    const res = await raw(`${baseURL}/ask?q=${QUERY}&streaming=true`);
    const first = await new Promise<string>((resolve) => res.once('data', (c: Buffer) => resolve(c.toString('utf8'))));
    expect(first).toContain('begin-nlweb-response');
    res.destroy();
    const after = await request.get(`/ask?q=quarry`);
    expect(after.status()).toBe(200);
  });

  test('KQ-ASK, PF-ASK, KQ-IDEMPOTENCY, FO-NLWEB-055: POST /ask takes the NLWeb structured body, streams v0.55 events on prefer.streaming and echoes Idempotency-Key', async ({
    request,
  }) => {
    const res = await request.post('/ask', {
      data: { query: { text: QUERY }, prefer: { streaming: true }, meta: { version: '0.55' } },
      headers: { 'Idempotency-Key': 'e2e-ask-1' },
    });
    expect(res.status()).toBe(200);
    expect(res.headers()['idempotency-key']).toBe('e2e-ask-1');
    expect(res.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
    // FO-NLWEB-055: the v0.55 object gets v0.55's named events; a string query keeps the older frames.
    const named: { event?: string; data: string }[] = [];
    createParser({ onEvent: (m) => named.push(m) }).feed(await res.text());
    expect(named.map((m) => m.event)).toEqual(['start', ...named.slice(1, -1).map(() => 'result'), 'complete']);
    const json = await (await request.post('/ask', { data: { query: QUERY } })).json();
    expect(named.slice(1, -1).map((m) => JSON.parse(m.data))).toEqual(json.results.map((item: unknown, index: number) => ({ index, item })));
    const flat = await request.post('/ask', { data: { query: QUERY, prefer: { streaming: true } } });
    expect(await flat.text()).toContain('"message_type":"end-nlweb-response"');
  });

  test('KQ-ASK, KQ-ERROR-SHAPE, FO-BOUNDED: ask ladder over HTTP: no query 400, wrong Content-Type 415, over 64 KiB 413 (declared and chunked)', async ({
    request,
    baseURL,
  }) => {
    const missing = await request.get('/ask');
    expect(missing.status()).toBe(400);
    expect(errorResponse.parse(await missing.json()).error.code).toBe('invalid_query');

    const text = await request.post('/ask', { data: 'query=search', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status()).toBe(415);
    expect((await text.json()).error.code).toBe('unsupported_media_type');

    const big = await request.post('/ask', { data: { query: QUERY, meta: { pad: 'x'.repeat(65 * 1024) } } });
    expect(big.status()).toBe(413);
    expect((await big.json()).error.code).toBe('payload_too_large');

    const chunked = await rawWithBody(`${baseURL}/ask`, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, (req) => {
      req.write(`{"query":"search","pad":"`);
      for (let i = 0; i < 5; i++) req.write('x'.repeat(16 * 1024));
      req.end('"}');
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error.code).toBe('payload_too_large');
  });

  test('KQ-SANDBOX: CatalogResponse with X-Sandbox; page 0 and limit 101 → 400 invalid_filter', async ({ request, baseURL }) => {
    const res = await request.get('/api/v1/sandbox?limit=5');
    expect(res.status()).toBe(200);
    expect(res.headers()['x-sandbox']).toBe('true');
    const body = catalogResponse.parse(await res.json());
    expect(body.pages).toHaveLength(5);
    expect(body.pages[0]!.url).toBe(`${baseURL}/`);
    expect(body.pagination).toMatchObject({ page: 1, limit: 5, has_more: true, next_page: 2 });
    for (const bad of ['page=0', 'limit=101']) {
      const r = await request.get(`/api/v1/sandbox?${bad}`);
      expect(r.status()).toBe(400);
      expect((await r.json()).error.code).toBe('invalid_filter');
    }
  });

  test('KQ-BATCH, KQ-BATCH-INVALID: batch results equal the same queries asked one by one; an 11-query batch is 400 invalid_batch', async ({ request }) => {
    const queries = ['search', 'job queue', 'web performance'];
    const res = await request.post('/api/v1/batch', { data: { queries } });
    expect(res.status()).toBe(200);
    const batch = batchResponse.parse(await res.json());
    for (const [index, query] of queries.entries()) {
      const alone = askResponse.parse(await (await request.get(`/ask?query=${encodeURIComponent(query)}`)).json());
      expect(batch.results[index]).toEqual({ index, query, answer: alone });
    }
    const tooMany = await request.post('/api/v1/batch', { data: { queries: Array(11).fill('search') } });
    expect(tooMany.status()).toBe(400);
    expect((await tooMany.json()).error.code).toBe('invalid_batch');
  });

  test('KQ-JOBS-INDEX, KQ-JOB-CREATE, KQ-JOB-READ: index, 202 with absolute Location, poll → completed equal to the batch, tampered id → 404', async ({
    request,
    baseURL,
  }) => {
    jobsIndex.parse(await (await request.get('/api/v1/jobs')).json());

    const queries = ['search', 'x'.repeat(501), 'tracing'];
    const created = await request.post('/api/v1/jobs', { data: { queries } });
    expect(created.status()).toBe(202);
    const accepted = jobAccepted.parse(await created.json());
    const location = created.headers().location!;
    expect(location).toBe(`${baseURL}/api/v1/jobs/${accepted.job_id}`);
    expect(created.headers()['retry-after']).toBe('1');

    const polled = await request.get(location);
    expect(polled.status()).toBe(200);
    const completed = jobCompleted.parse(await polled.json());
    const batch = batchResponse.parse(await (await request.post('/api/v1/batch', { data: { queries } })).json());
    expect(completed.results).toEqual(batch.results);
    expect(completed.results[1]).toMatchObject({ index: 1, error: { code: 'invalid_query' } });

    const tampered = await request.get(`/api/v1/jobs/${accepted.job_id.slice(0, -1)}${accepted.job_id.endsWith('A') ? 'B' : 'A'}`);
    expect(tampered.status()).toBe(404);
    expect((await tampered.json()).error.code).toBe('job_not_found');
  });
});
