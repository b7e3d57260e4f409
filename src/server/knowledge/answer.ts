// Answers to one question, in the NLWeb shape (docs/decisions.md § NLWeb ask). Answers come from the same
// search as the REST API, over projects, posts, pages and the résumé, in the same order; each result
// links to the record's page. They depend only on the data and the question, never on time or
// request order, so asking again (same Idempotency-Key or not) gives the same answer, and a batch
// or job gives the answers of its questions asked one by one.
import { schemaObjectFor } from '../../records/schema-org.ts';
import { absoluteUrl } from '../../records/urls.ts';
import { searchRecords, type Hit } from '../../search/rank.ts';
import type { SiteData, SiteRecord } from '../../search/data-file.ts';
import { jsonBytes } from '../http.ts';
import { recordLang } from '../language.ts';
import { answerBytes as keptBytes, hitViews } from '../kept.ts';
import { NLWEB_VERSION, type AskResponse, type AskResult, type AskStreamEvent } from './schemas.ts';
import type { SseEvent } from './sse.ts';

/** Results per answer: every record fits in a few answers' worth on a personal site. */
export const ASK_RESULT_LIMIT = 10;
/** Results per `result` event when streaming. */
export const STREAM_BATCH_SIZE = 3;

export interface AnswerOptions {
  limit?: number;
}

const meta = () => ({ response_type: 'answer' as const, version: NLWEB_VERSION });

/** One hit as an answer's result: made once per kept hit (SiteData.kept.hitViews), frozen, as every request for the query shares it. */
function resultFor(hit: Hit, data: SiteData): AskResult {
  const views = hitViews(data, hit);
  if (views.ask) return views.ask;
  const record: SiteRecord = hit.record;
  return (views.ask = Object.freeze({
    url: absoluteUrl(data.site, record.href),
    name: record.title,
    description: record.summary,
    score: hit.score,
    schema_object: schemaObjectFor(record, data.site),
    ...recordLang(data.site, record),
  }));
}

/** A question's hits: ranked without its language's stop words (FO-ASK-STOP-WORDS); the answer echoes the question as asked. */
const hitsFor = (data: SiteData, query: string, limit = ASK_RESULT_LIMIT) => searchRecords(data, query, { limit, stopWords: true });

/** Whether a question finds anything in a language's data: what FO-SEARCH-FALLBACK tries each language with (language.ts dataFinding). */
export const askFinds =
  (query: string) =>
  (data: SiteData): boolean =>
    hitsFor(data, query).length > 0;

/** The answer to one question (already validated and trimmed, see `queryText`). Pure: data in, answer out. */
export function answer(data: SiteData, query: string, { limit = ASK_RESULT_LIMIT }: AnswerOptions = {}): AskResponse {
  return answerOf(hitsFor(data, query, limit), data, query);
}

const answerOf = (hits: readonly Hit[], data: SiteData, query: string): AskResponse => ({
  _meta: meta(),
  query,
  results: hits.map((hit) => resultFor(hit, data)),
});

/** The answer as JSON bytes, serialized once per kept answer (SiteData.kept.answerBytes; the query is its key). */
export function answerBytes(data: SiteData, query: string): Uint8Array<ArrayBuffer> {
  const hits = hitsFor(data, query);
  const bytes = keptBytes(data, hits);
  return (bytes.ask ??= jsonBytes(answerOf(hits, data, query)));
}

/**
 * The same answer as a sequence of stream events, in the dialect the question's shape asks for
 * (`askStreamEvent`: a string query; `askEvent055`: the v0.55 query object). Results are built as
 * the consumer pulls, so a consumer that stops pulling (the client went away) stops the work;
 * `signal` ends the sequence early for the same reason.
 */
export function* answerEvents(
  data: SiteData,
  query: string,
  {
    limit = ASK_RESULT_LIMIT,
    batchSize = STREAM_BATCH_SIZE,
    signal,
    v055 = false,
  }: AnswerOptions & { batchSize?: number; signal?: AbortSignal; v055?: boolean } = {},
): Generator<SseEvent> {
  yield v055 ? { event: 'start', data: { _meta: meta() } } : { data: { message_type: 'begin-nlweb-response', _meta: meta(), query } satisfies AskStreamEvent };
  const hits = hitsFor(data, query, limit);
  // v0.55 sends a result an event; the older frames batch them.
  const size = v055 ? 1 : batchSize;
  for (let start = 0; start < hits.length; start += size) {
    if (signal?.aborted) return;
    const results = hits.slice(start, start + size).map((hit) => resultFor(hit, data));
    yield v055 ? { event: 'result', data: { index: start, item: results[0]! } } : { data: { message_type: 'result', results } satisfies AskStreamEvent };
  }
  if (signal?.aborted) return;
  const count = hits.length;
  yield v055
    ? { event: 'complete', data: { _meta: meta(), count } }
    : { data: { message_type: 'end-nlweb-response', _meta: meta(), count } satisfies AskStreamEvent };
}
