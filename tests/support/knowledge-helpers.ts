// Shared by the knowledge test files: requests through the Hono app (no server), and a real SSE
// parser (eventsource-parser) over response bodies.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { expect } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { errorResponse } from '../../src/server/errors.ts';

/** A fresh app per call site keeps each test inside its own rate-limit window. */
export const app = () => createApp();

export function postJson(a: ReturnType<typeof createApp>, path: string, body: unknown, headers: Record<string, string> = {}) {
  return a.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Reads a whole SSE body with eventsource-parser; returns the raw messages and their parsed JSON. */
export async function readSse(body: ReadableStream<Uint8Array> | null): Promise<{ messages: EventSourceMessage[]; events: unknown[] }> {
  const messages: EventSourceMessage[] = [];
  const parser = createParser({
    onEvent: (message) => messages.push(message),
    onError: (error) => {
      throw error;
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of body!) parser.feed(decoder.decode(chunk, { stream: true }));
  return { messages, events: messages.map((m) => JSON.parse(m.data)) };
}

/** Asserts an error response: status, catalog code, and the ErrorResponse schema. */
export async function expectError(res: Response, status: number, code: string) {
  const body = await res.json();
  expect({ status: res.status, code: body?.error?.code }).toEqual({ status, code });
  const parsed = errorResponse.parse(body);
  expect(parsed.error.status).toBe(status);
  expect(parsed.error.message.length).toBeGreaterThan(0);
  expect(parsed.error.hint?.length).toBeGreaterThan(0);
  return parsed;
}
