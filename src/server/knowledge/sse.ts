// Server-sent events (HTML Living Standard § 9.2, "Server-sent events"): a pull-based stream of
// `data: <json>\n\n` events, each named by an `event:` line where its dialect names events. Work happens only when the client reads, so a slow client slows the
// work down and a gone client stops it: the stream's cancel() ends the event source, and the
// request's abort signal ends it at the next pull.
import { EVENT_STREAM, JSON_TYPE } from '../../http/media-types.ts';
import { preferredType } from '../../http/negotiate.ts';
import { NO_STORE } from '../../http/cache-policy.ts';

/** One event: its JSON payload, and its type (the `event:` field) when the dialect names events. */
export interface SseEvent {
  event?: string;
  data: unknown;
}

export interface SseOptions {
  /** The request's signal: aborted when the client disconnects. */
  signal?: AbortSignal;
  /** Turns a failure after the 200 was sent into a last event, instead of a broken connection. */
  onError: (error: unknown) => SseEvent;
  headers?: HeadersInit;
}

const encoder = new TextEncoder();

/**
 * One event. JSON.stringify escapes CR and LF inside strings, so the payload is one `data:` line
 * (a raw line break would split the event). Event types are the code's own names, never request text.
 */
export const sseFrame = ({ event, data }: SseEvent) => encoder.encode(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);

export function sseResponse(events: Iterator<SseEvent> | AsyncIterator<SseEvent>, { signal, onError, headers }: SseOptions): Response {
  let finished = false;
  const end = async () => {
    if (finished) return;
    finished = true;
    await events.return?.();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (signal?.aborted) {
          await end();
          controller.close();
          return;
        }
        try {
          const next = await events.next();
          if (next.done) {
            finished = true;
            controller.close();
          } else {
            controller.enqueue(sseFrame(next.value));
          }
        } catch (error) {
          finished = true;
          // A bug, not a client mistake: log it, then tell the client in-band (the status is already 200).
          console.error(error);
          controller.enqueue(sseFrame(onError(error)));
          controller.close();
        }
      },
      async cancel() {
        await end();
      },
    },
    // One event ahead at most: nothing is computed far ahead of what the client has read.
    { highWaterMark: 1 },
  );
  const merged = new Headers(headers);
  merged.set('Content-Type', 'text/event-stream; charset=utf-8');
  // Intermediaries must neither store nor buffer the stream (nginx honours X-Accel-Buffering).
  merged.set('Cache-Control', NO_STORE);
  merged.set('X-Accel-Buffering', 'no');
  return new Response(body, { status: 200, headers: merged });
}

/** Whether Accept prefers server-sent events to JSON; `*\/*` or no Accept means JSON (src/http/negotiate.ts). */
export const prefersEventStream = (accept: string | null | undefined): boolean => preferredType(accept, [JSON_TYPE, EVENT_STREAM]) === EVENT_STREAM;
