// Records what the function's API answers, for the contract test: when FOLIO_RECORD_FILE is set, every
// exchange is appended to that file as one JSON line, and tests/contract/validate.ts checks each
// against openapi.json after the end-to-end suites ran. Unset (always, in production), the
// function's fetch is returned untouched: recording costs nothing unless asked for.
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SEARCH_PAGE_PATHS } from '../../src/server/search-page.ts';

export interface Exchange {
  method: string;
  /** Path and query, as requested. */
  path: string;
  status: number;
  contentType: string | null;
  /** Response headers, names lowercased. */
  headers: Record<string, string>;
  /** The body as text (UTF-8), at most `BODY_CAP` bytes of it. */
  body: string;
  /** True when the body was longer than the cap, or its reader stopped early (a client hung up). */
  truncated: boolean;
  /**
   * The openapi.json of the site that answered, a file beside the exchanges (`openapi-<digest>.json`):
   * each site's description is its own (FO-TYPES: a type enum per site), and the servers' copies are
   * gone when the check runs. Absent: the description the check is given.
   */
  description?: string;
}

/** Enough for every JSON answer the API gives; longer bodies (long event streams) are cut. */
export const BODY_CAP = 256 * 1024;

type FetchLike = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** Reads up to `cap` bytes of a body stream, then lets go of it. */
async function readCapped(stream: ReadableStream<Uint8Array> | null, cap: number): Promise<{ text: string; truncated: boolean }> {
  if (!stream) return { text: '', truncated: false };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      if (size > cap) {
        truncated = true;
        break;
      }
    }
  } catch {
    // The other branch was cancelled with an error (the client went away): keep what arrived.
    truncated = true;
  } finally {
    await reader.cancel().catch(() => {});
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks)).slice(0, cap);
  return { text, truncated };
}

/** The exchange for a request and (a copy of) its response body stream. */
export async function captureExchange(request: Request, response: Response, body: ReadableStream<Uint8Array> | null, cap = BODY_CAP): Promise<Exchange> {
  const url = new URL(request.url);
  const { text, truncated } = await readCapped(body, cap);
  return {
    method: request.method,
    path: url.pathname + url.search,
    status: response.status,
    contentType: response.headers.get('content-type'),
    headers: Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v])),
    body: text,
    truncated,
  };
}

/**
 * Wraps a fetch handler so every exchange is appended to `file` as a JSON line. The client gets
 * one branch of the body (tee), so streams still stream and a client that hangs up still cancels
 * the answer; the recorder reads the other branch and never delays or changes the response.
 */
export function recordExchanges<F extends FetchLike>(fetch: F, file: string | undefined = process.env.FOLIO_RECORD_FILE, openapi?: string): F {
  if (!file) return fetch;
  const description = openapi && existsSync(openapi) ? keepDescription(file, readFileSync(openapi)) : undefined;
  const recording = async (request: Request, ...rest: never[]) => {
    const response = await fetch(request, ...rest);
    // The search results page and its Markdown form are pages, not part of the API openapi.json describes.
    if (SEARCH_PAGE_PATHS.includes(new URL(request.url).pathname)) return response;
    const [mine, theirs] = response.body ? response.body.tee() : [null, null];
    void captureExchange(request, response, mine)
      .then((exchange) => appendFileSync(file, `${JSON.stringify(description ? { ...exchange, description } : exchange)}\n`))
      .catch((error: unknown) => console.error('recordExchanges: could not record an exchange', error));
    return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return recording as unknown as F;
}

/** Writes the answering site's openapi.json beside the exchanges, once per distinct document, and returns its file name. */
function keepDescription(file: string, bytes: Buffer): string {
  const name = `${basename(file)}.openapi-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.json`;
  const path = join(dirname(file), name);
  if (!existsSync(path)) writeFileSync(path, bytes);
  return name;
}
