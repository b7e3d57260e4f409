import { describe, expect, it, vi } from 'vitest';
import { prefersEventStream, sseFrame, sseResponse } from '../../src/server/knowledge/sse.ts';
import { readSse } from '../support/knowledge-helpers.ts';

/** An event source that records how far it was pulled and whether it was closed. */
function counting(total: number, failAt?: number) {
  const seen = { produced: 0, closed: false };
  function* events() {
    try {
      for (let i = 0; i < total; i++) {
        if (i === failAt) throw new Error('boom');
        seen.produced++;
        yield { data: { n: i, text: 'line one\nline two\r\n' } };
      }
    } finally {
      seen.closed = true;
    }
  }
  return { seen, events: events() };
}

describe('sseResponse (HTML § 9.2 server-sent events)', () => {
  it('frames each event as one data line; a real SSE parser reads them back', async () => {
    const { events } = counting(4);
    const res = sseResponse(events, { onError: () => ({ data: {} }) });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { messages, events: parsed } = await readSse(res.body);
    expect(parsed).toEqual([0, 1, 2, 3].map((n) => ({ n, text: 'line one\nline two\r\n' })));
    expect(messages.every((m) => !m.data.includes('\n'))).toBe(true);
  });

  it('sseFrame keeps line breaks inside the JSON escaped, so an event is one line; a named event has its event line first', () => {
    expect(new TextDecoder().decode(sseFrame({ data: { a: 'x\ny' } }))).toBe('data: {"a":"x\\ny"}\n\n');
    expect(new TextDecoder().decode(sseFrame({ event: 'result', data: { a: 1 } }))).toBe('event: result\ndata: {"a":1}\n\n');
  });

  it('computes at most one event ahead of the reader (pull-based)', async () => {
    const { seen, events } = counting(100);
    const res = sseResponse(events, { onError: () => ({ data: {} }) });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.read();
    await new Promise((r) => setTimeout(r, 10));
    expect(seen.produced).toBeLessThanOrEqual(3);
    await reader.cancel();
  });

  it('cancel() (the client went away) closes the event source and stops the work', async () => {
    const { seen, events } = counting(100);
    const res = sseResponse(events, { onError: () => ({ data: {} }) });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    const after = seen.produced;
    expect(seen.closed).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(seen.produced).toBe(after);
    expect(after).toBeLessThan(100);
  });

  it('an aborted request signal ends the stream at the next pull and closes the source', async () => {
    const { seen, events } = counting(100);
    const controller = new AbortController();
    const res = sseResponse(events, { onError: () => ({ data: {} }), signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    let more = 0;
    while (!(await reader.read()).done) more++;
    expect(more).toBeLessThanOrEqual(1);
    expect(seen.closed).toBe(true);
    expect(seen.produced).toBeLessThan(100);
  });

  it('a failure becomes a last event from onError, then the stream ends cleanly', async () => {
    const { events } = counting(10, 2);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = sseResponse(events, { onError: (e) => ({ data: { failed: (e as Error).message } }) });
    const { events: parsed } = await readSse(res.body);
    log.mockRestore();
    expect(parsed.map((e) => (e as { n?: number }).n ?? e)).toEqual([0, 1, { failed: 'boom' }]);
  });
});

describe('prefersEventStream (RFC 9110 § 12.5.1)', () => {
  it.each<[string | null, boolean]>([
    [null, false],
    ['', false],
    ['*/*', false],
    ['application/json', false],
    ['text/event-stream', true],
    ['text/*', true],
    ['application/json, text/event-stream', false],
    ['application/json;q=0.5, text/event-stream', true],
    ['text/event-stream;q=0.9, application/json', false],
    ['text/event-stream;q=0, */*', false],
    ['TEXT/EVENT-STREAM', true],
    ['text/event-stream;q=abc', false],
  ])('Accept %j → %s', (accept, expected) => {
    expect(prefersEventStream(accept)).toBe(expected);
  });
});
