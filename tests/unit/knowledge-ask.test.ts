import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteData, setSiteData } from '../../src/server/data.ts';
import { answer } from '../../src/server/knowledge.ts';
import { ASK_EVENT_NAMES, askEvent055, askResponse, askStreamEvent, type AskStreamEvent } from '../../src/server/knowledge/schemas.ts';
import { schemaObjectFor } from '../../src/records/schema-org.ts';
import { searchRecords } from '../../src/search/rank.ts';
import { MAX_BODY_BYTES } from '../../src/server/http.ts';
import { app, expectError, postJson, readSse } from '../support/knowledge-helpers.ts';

// "search" appears in ten records, so its answer spans several stream batches.
const QUERY = 'search';

const base = siteData();
afterEach(() => setSiteData(base));

describe('answer() (docs/decisions.md § NLWeb ask)', () => {
  it('PF-ASK, PF-ASK-META: answers in the NLWeb v0.55 shape with absolute URLs and schema_object, in search order', () => {
    const data = siteData();
    const result = answer(data, QUERY);
    askResponse.parse(result);
    expect(result._meta).toEqual({ response_type: 'answer', version: '0.55' });
    expect(result.query).toBe(QUERY);
    const hits = searchRecords(data, QUERY, { limit: 10 });
    expect(hits.length).toBeGreaterThan(6);
    expect(result.results.map((r) => r.url)).toEqual(hits.map((h) => new URL(h.record.href, `${data.site.url}/`).href));
    expect(result.results.map((r) => r.score)).toEqual(hits.map((h) => h.score));
    for (const [i, r] of result.results.entries()) {
      expect(r.url.startsWith(`${data.site.url}/`)).toBe(true);
      expect(r.name).toBe(hits[i]!.record.title);
      expect(r.description).toBe(hits[i]!.record.summary);
      expect(r.schema_object).toEqual(schemaObjectFor(hits[i]!.record as Parameters<typeof schemaObjectFor>[0], data.site));
    }
  });

  it('covers projects and pages alike', () => {
    const data = siteData();
    const page = data.pages[0]!;
    const project = data.projects[0]!;
    expect(answer(data, page.title).results.some((r) => r.url.endsWith(page.href))).toBe(true);
    expect(answer(data, project.title).results.some((r) => r.url.endsWith(project.href))).toBe(true);
  });

  it('is deterministic: the same question gives the same answer', () => {
    expect(answer(siteData(), QUERY)).toEqual(answer(siteData(), QUERY));
  });
});

describe('KQ-ASK: GET /ask', () => {
  it('KQ-RATE-LIMIT: answers ?query= as JSON AskResponse with RateLimit-Limit and RateLimit-Remaining', async () => {
    const res = await app().request(`/ask?query=${QUERY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    expect(res.headers.get('ratelimit-remaining')).toBe('119');
    expect(askResponse.parse(await res.json())).toEqual(answer(siteData(), QUERY));
  });

  it('PF-ASK, docs/decisions.md § NLWeb ask: q is an alias of query; query wins when both are sent', async () => {
    const a = app();
    expect(await (await a.request(`/ask?q=${QUERY}`)).json()).toEqual(answer(siteData(), QUERY));
    expect((await (await a.request(`/ask?query=quarry&q=${QUERY}`)).json()).query).toBe('quarry');
  });

  it('docs/decisions.md § Limits: the query is trimmed before it is answered', async () => {
    const body = await (await app().request(`/ask?q=${encodeURIComponent(`  ${QUERY}  `)}`)).json();
    expect(body).toEqual(answer(siteData(), QUERY));
  });

  it('docs/decisions.md § Limits: exactly 500 characters is accepted', async () => {
    const res = await app().request(`/ask?q=${'a'.repeat(500)}`);
    expect(res.status).toBe(200);
    askResponse.parse(await res.json());
  });

  it.each([
    ['no query', '/ask'],
    ['an empty query', '/ask?query='],
    ['a whitespace-only query', '/ask?query=%20%20%09'],
    ['an empty q', '/ask?q='],
    ['an over-long query (501 characters)', `/ask?query=${'a'.repeat(501)}`],
    ['a streaming flag other than true or false', `/ask?query=${QUERY}&streaming=yes`],
  ])('KQ-ASK ladder: %s → 400 invalid_query', async (_name, path) => {
    const body = await expectError(await app().request(path), 400, 'invalid_query');
    expect(body.error.docs).toBe(`${siteData().site.url}/developers#error-invalid_query`);
  });

  it('PF-ERRORS: an unsupported method → 405 method_not_allowed with Allow', async () => {
    const res = await app().request('/ask', { method: 'DELETE' });
    await expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });
});

describe('KQ-ASK: POST /ask', () => {
  it('answers the flat body {query}', async () => {
    const res = await postJson(app(), '/ask', { query: QUERY });
    expect(res.status).toBe(200);
    expect(askResponse.parse(await res.json())).toEqual(answer(siteData(), QUERY));
  });

  it('docs/decisions.md § NLWeb ask: answers the v0.55 structured body {query: {text}, prefer, meta}', async () => {
    const res = await postJson(app(), '/ask', {
      query: { text: ` ${QUERY} `, site: 'all', itemType: 'SoftwareSourceCode' },
      prefer: { streaming: false, mode: 'list' },
      context: { prev: ['queues'] },
      meta: { version: '0.55' },
    });
    expect(res.status).toBe(200);
    expect(askResponse.parse(await res.json())).toEqual(answer(siteData(), QUERY));
  });

  it('KQ-IDEMPOTENCY: Idempotency-Key is echoed, and the same key and body get the same answer', async () => {
    const a = app();
    const first = await postJson(a, '/ask', { query: QUERY }, { 'Idempotency-Key': '"8e03978e-40d5-43e8-bc93-6894a57f9324"' });
    const second = await postJson(a, '/ask', { query: QUERY }, { 'Idempotency-Key': '"8e03978e-40d5-43e8-bc93-6894a57f9324"' });
    expect(first.headers.get('idempotency-key')).toBe('"8e03978e-40d5-43e8-bc93-6894a57f9324"');
    expect(second.headers.get('idempotency-key')).toBe('"8e03978e-40d5-43e8-bc93-6894a57f9324"');
    expect(await second.text()).toBe(await first.text());
    const without = await postJson(a, '/ask', { query: QUERY });
    expect(without.headers.has('idempotency-key')).toBe(false);
  });

  it.each<[string, unknown]>([
    ['no query', {}],
    ['an empty query', { query: '' }],
    ['a whitespace-only query', { query: '  \n ' }],
    ['an over-long query', { query: 'x'.repeat(501) }],
    ['a number as query', { query: 42 }],
    ['null as query', { query: null }],
    ['an array as query', { query: ['search'] }],
    ['a structured query with an empty text', { query: { text: '' } }],
    ['a structured query with a whitespace text', { query: { text: '   ' } }],
    ['a structured query without text', { query: {} }],
    ['a structured query with a numeric text', { query: { text: 7 } }],
    ['a structured query with an over-long text', { query: { text: 'x'.repeat(501) } }],
    ['a non-boolean prefer.streaming', { query: QUERY, prefer: { streaming: 'yes' } }],
    ['a body that is an array', [{ query: QUERY }]],
    ['a body that is a string', '"search"'],
    ['a body that is null', 'null'],
  ])('KQ-ASK ladder: %s → 400 invalid_query', async (_name, body) => {
    await expectError(await postJson(app(), '/ask', body), 400, 'invalid_query');
  });

  it('names the field at fault in the message', async () => {
    const body = await expectError(await postJson(app(), '/ask', { query: { text: '' } }), 400, 'invalid_query');
    expect(body.error.message).toMatch(/^query\.text: /);
    const long = await expectError(await postJson(app(), '/ask', { query: 'x'.repeat(501) }), 400, 'invalid_query');
    expect(long.error.message).toContain('501 characters');
  });

  it('ladder: a body that is not JSON → 400 invalid_json', async () => {
    await expectError(await postJson(app(), '/ask', '{"query": '), 400, 'invalid_json');
  });

  it('ladder: a wrong Content-Type → 415 unsupported_media_type', async () => {
    const res = await app().request('/ask', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ query: QUERY }) });
    await expectError(res, 415, 'unsupported_media_type');
  });

  it('ladder: no Content-Type → 415 unsupported_media_type', async () => {
    const res = await app().request('/ask', { method: 'POST', body: new Blob([JSON.stringify({ query: QUERY })]) });
    await expectError(res, 415, 'unsupported_media_type');
  });

  it('docs/decisions.md § Limits: a body over 64 KiB → 413 payload_too_large', async () => {
    const body = JSON.stringify({ query: QUERY, meta: { pad: 'x'.repeat(MAX_BODY_BYTES) } });
    await expectError(await postJson(app(), '/ask', body), 413, 'payload_too_large');
  });

  it('docs/decisions.md § Limits: a chunked body over 64 KiB (no Content-Length) → 413 payload_too_large', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await app().request('/ask', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'payload_too_large');
  });
});

describe('KQ-ASK: streaming /ask (docs/decisions.md § NLWeb ask: server-sent events)', () => {
  const full = () => answer(siteData(), QUERY);

  async function expectStream(res: Response) {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const { messages, events } = await readSse(res.body);
    for (const m of messages) expect(m.event).toBeUndefined();
    return events.map((e) => askStreamEvent.parse(e));
  }

  it('frames begin (with _meta and query), result batches of up to 3, then end with the count', async () => {
    const events = await expectStream(await app().request(`/ask?query=${QUERY}&streaming=true`));
    const expected = full();
    expect(events[0]).toEqual({ message_type: 'begin-nlweb-response', _meta: expected._meta, query: QUERY });
    const batches = events.slice(1, -1);
    expect(batches.every((e) => e.message_type === 'result' && e.results.length >= 1 && e.results.length <= 3)).toBe(true);
    expect(batches.length).toBe(Math.ceil(expected.results.length / 3));
    expect(events.at(-1)).toEqual({ message_type: 'end-nlweb-response', _meta: expected._meta, count: expected.results.length });
  });

  it('the results of all events, concatenated, equal the JSON answer', async () => {
    const events = await expectStream(await app().request(`/ask?query=${QUERY}&streaming=true`));
    const streamed = events.flatMap((e) => (e.message_type === 'result' ? e.results : []));
    expect(streamed).toEqual(full().results);
  });

  it('POST with a string query and prefer.streaming: true streams the same frames', async () => {
    const res = await postJson(app(), '/ask', { query: QUERY, prefer: { streaming: true } }, { 'Idempotency-Key': 'k-1' });
    expect(res.headers.get('idempotency-key')).toBe('k-1');
    const events = await expectStream(res);
    expect(events.flatMap((e) => (e.message_type === 'result' ? e.results : []))).toEqual(full().results);
  });

  /** The named events of a v0.55 stream: each an `event:` name and its data, checked against askEvent055. */
  async function expect055(res: Response) {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const { messages } = await readSse(res.body);
    for (const m of messages) expect(ASK_EVENT_NAMES).toContain(m.event);
    return messages.map((m) => ({ event: m.event, data: askEvent055.parse(JSON.parse(m.data)) as Record<string, unknown> }));
  }

  it('FO-NLWEB-055: the v0.55 query object streams v0.55 named events: start, a result per item with its index, complete with the count', async () => {
    const res = await postJson(app(), '/ask', { query: { text: QUERY }, prefer: { streaming: true }, meta: { version: '0.55' } }, { 'Idempotency-Key': 'k-2' });
    expect(res.headers.get('idempotency-key')).toBe('k-2');
    const events = await expect055(res);
    const expected = full();
    expect(events[0]).toEqual({ event: 'start', data: { _meta: expected._meta } });
    expect(events.slice(1, -1)).toEqual(expected.results.map((item, index) => ({ event: 'result', data: { index, item } })));
    expect(events.at(-1)).toEqual({ event: 'complete', data: { _meta: expected._meta, count: expected.results.length } });
    // The same object by Accept rather than prefer, and a question with no results.
    const byAccept = await expect055(await postJson(app(), '/ask', { query: { text: QUERY } }, { Accept: 'text/event-stream' }));
    expect(byAccept.map((e) => e.event)).toEqual(events.map((e) => e.event));
    const none = await expect055(await postJson(app(), '/ask', { query: { text: 'zzqxv' }, prefer: { streaming: true } }));
    expect(none.map((e) => e.event)).toEqual(['start', 'complete']);
    // Without streaming, the object gets the same JSON answer as the string.
    expect(await (await postJson(app(), '/ask', { query: { text: QUERY } })).json()).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('NLWeb § 8.4: Accept: text/event-stream streams; streaming=false overrides it', async () => {
    const a = app();
    await expectStream(await a.request(`/ask?q=${QUERY}`, { headers: { Accept: 'text/event-stream' } }));
    const json = await a.request(`/ask?q=${QUERY}&streaming=false`, { headers: { Accept: 'text/event-stream' } });
    expect(json.headers.get('content-type')).toContain('application/json');
    const both = await a.request(`/ask?q=${QUERY}`, { headers: { Accept: 'application/json, text/event-stream' } });
    expect(both.headers.get('content-type')).toContain('application/json');
    expect(both.headers.get('vary')).toContain('Accept');
  });

  it('a query with no results still begins and ends', async () => {
    const events = await expectStream(await app().request('/ask?q=zzqxv&streaming=true'));
    expect(events.map((e) => e.message_type)).toEqual(['begin-nlweb-response', 'end-nlweb-response']);
  });

  /** An invalid URL in the 4th hit: building its result throws, after three results were sent. */
  function breakFourthHit() {
    const data = siteData();
    const fourth = searchRecords(data, QUERY, { limit: 10 })[3]!.record;
    const broken = { ...fourth, href: 'http://[' };
    setSiteData({
      ...data,
      projects: data.projects.map((p) => (p === fourth ? (broken as typeof p) : p)),
      pages: data.pages.map((p) => (p === fourth ? (broken as typeof p) : p)),
      kept: {},
    });
  }

  it('a failure mid-stream becomes a last error event, not a broken connection', async () => {
    breakFourthHit();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events = await expectStream(await app().request(`/ask?q=${QUERY}&streaming=true`));
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
    expect(events.map((e) => e.message_type)).toEqual(['begin-nlweb-response', 'result', 'error']);
    const last = events.at(-1) as Extract<AskStreamEvent, { message_type: 'error' }>;
    expect(last._meta).toEqual({ response_type: 'failure', version: '0.55' });
    expect(last.error).toMatchObject({ code: 'internal_error', status: 500 });
  });

  it('FO-NLWEB-055: a failure mid-stream of v0.55 events ends it with an error event holding the failure', async () => {
    breakFourthHit();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events = await expect055(await postJson(app(), '/ask', { query: { text: QUERY }, prefer: { streaming: true } }));
    log.mockRestore();
    expect(events.map((e) => e.event)).toEqual(['start', 'result', 'result', 'result', 'error']);
    expect(events.at(-1)!.data).toMatchObject({ _meta: { response_type: 'failure', version: '0.55' }, error: { code: 'internal_error', status: 500 } });
  });

  it('a client that disconnects stops the work: no further events are produced', async () => {
    const controller = new AbortController();
    const res = await app().request(`/ask?q=${QUERY}&streaming=true`, { signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain('begin-nlweb-response');
    controller.abort();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value);
    }
    // At most the one event already queued before the abort (the stream keeps one event ahead).
    expect(rest.match(/^data: /gm)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(rest).not.toContain('end-nlweb-response');
  });
});
