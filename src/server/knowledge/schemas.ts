// The knowledge service's zod schemas, declared once: request schemas validate input (the app maps
// their failures to catalog codes), resource schemas type the handlers and carry `.meta({ id })` so
// openapi.json can reference them (fields as KQ-ASK, KQ-SANDBOX, KQ-BATCH, KQ-JOB-CREATE and
// KQ-JOB-READ name them).
import { z } from 'zod';
import { langField, langParam } from '../language.ts';
import { errorObject } from '../errors.ts';
import { MAX_QUERY_CHARS, NOT_WELL_FORMED, QUERY_RULE, queryInt, queryText as baseQueryText, wellFormedText } from '../http.ts';

/** NLWeb protocol version these answers follow (docs/decisions.md § NLWeb ask). */
export const NLWEB_VERSION = '0.55' as const;
/** Questions per batch or job (KQ-BATCH). */
export const MAX_BATCH_QUERIES = 10;
/** Sandbox and catalog paging (docs/decisions.md § Pagination). */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 100;

/** Query text (docs/decisions.md § Limits), as an ask names it. */
export const queryText = baseQueryText.meta({ description: `The question, ${QUERY_RULE}.`, examples: ['search library'] });

// ── /ask ────────────────────────────────────────────────────────────────────────────────────────

const streamingFlag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .optional()
  .meta({ description: 'true: server-sent events; false: one JSON AskResponse. Default: negotiated by Accept (JSON unless text/event-stream is preferred).' });

/**
 * GET /ask: `query`, or its alias `q` (docs/decisions.md § NLWeb ask). When both are sent, `query` wins.
 * The presence check is a refinement so each field keeps its own length rule in openapi.json.
 */
export const askGetQuery = z
  .object({
    query: queryText.optional(),
    q: queryText.optional().meta({ description: 'Alias of query.' }),
    streaming: streamingFlag,
    lang: langParam,
  })
  .refine((input) => input.query !== undefined || input.q !== undefined, {
    error: `query is required: send ?query= (or ?q=) with ${QUERY_RULE}`,
  });

/** NLWeb v0.55 structured query: `{ text, site?, ...filters }`; only `text` is read here. */
const structuredQuery = z
  .object({ text: queryText }, { error: 'must be an object with a text string' })
  .loose()
  .meta({ id: 'AskStructuredQuery', description: 'NLWeb v0.55 structured query; filters other than text are accepted and ignored.' });

/**
 * The flat form `{ query: "..." }` or the NLWeb structured form `{ query: { text } }`. A union whose
 * options all fail on type gives one generic issue, so this error map says what either form needs.
 */
const askQueryField = z.union([queryText, structuredQuery], {
  error: (issue) =>
    issue.input === undefined
      ? `is required: send a string of ${QUERY_RULE}, or {"text": "..."} (NLWeb structured form)`
      : typeof issue.input === 'object' && issue.input !== null && !Array.isArray(issue.input)
        ? `needs a text string of ${QUERY_RULE}, e.g. {"text": "search library"}`
        : `must be a string of ${QUERY_RULE}, or an object {"text": "..."}`,
});

export const askBody = z
  .object(
    {
      query: askQueryField,
      prefer: z
        .object({ streaming: z.boolean({ error: 'must be true or false' }).optional() }, { error: 'must be an object' })
        .loose()
        .optional()
        .meta({ description: 'NLWeb preferences; streaming: true asks for server-sent events.' }),
      context: z.object({}, { error: 'must be an object' }).loose().optional().meta({ description: 'NLWeb conversational context; accepted and ignored.' }),
      meta: z.object({}, { error: 'must be an object' }).loose().optional().meta({ description: 'NLWeb request metadata; accepted and ignored.' }),

      lang: langParam,
    },
    { error: 'the body must be a JSON object such as {"query": "search library"}' },
  )
  .meta({ id: 'AskRequest' });

export type AskBody = z.infer<typeof askBody>;

// ── Batch and jobs ──────────────────────────────────────────────────────────────────────────────

/**
 * `{ queries: [1..10 non-empty strings] }` (KQ-BATCH, KQ-BATCH-INVALID). A whitespace-only
 * string counts as empty. An over-long string is NOT a structural error: that one item answers with
 * an `invalid_query` error while the others answer (see batch.ts).
 */
export const queriesBody = z
  .object(
    {
      queries: z
        .array(
          z
            .string({ error: 'must be a string' })
            .refine(wellFormedText, NOT_WELL_FORMED)
            .trim()
            .min(1, 'is empty; every query needs at least one non-space character'),
          { error: `is required: an array of 1 to ${MAX_BATCH_QUERIES} non-empty strings` },
        )
        .min(1, `is empty; send 1 to ${MAX_BATCH_QUERIES} queries`)
        .max(MAX_BATCH_QUERIES, { error: (issue) => `holds ${(issue.input as unknown[]).length} queries; the limit is ${MAX_BATCH_QUERIES}` })
        .meta({
          description: `1 to ${MAX_BATCH_QUERIES} questions, each ${QUERY_RULE}; one over ${MAX_QUERY_CHARS} characters gets an error item of its own.`,
        }),
    },
    { error: 'the body must be a JSON object such as {"queries": ["search library"]}' },
  )
  .meta({ id: 'QueriesRequest' });

export const jobParams = z.object({
  job_id: z.string().min(1).meta({ description: 'The job_id returned by POST /api/v1/jobs.' }),
});

// ── Sandbox ─────────────────────────────────────────────────────────────────────────────────────

export const pageQuery = z.object({
  page: queryInt('page', 1, undefined, 1).meta({ description: 'Page number, from 1.' }),
  limit: queryInt('limit', 1, MAX_PAGE_LIMIT, DEFAULT_PAGE_LIMIT).meta({ description: `Items per page, 1 to ${MAX_PAGE_LIMIT}.` }),
});

// ── Resources ───────────────────────────────────────────────────────────────────────────────────

/** An absolute URL in an answer (the function that makes one is src/records/urls.ts absoluteUrl). */
const absoluteUrlField = z.url();

export const askMeta = z.object({ response_type: z.literal('answer'), version: z.literal(NLWEB_VERSION) }).meta({ id: 'AskMeta' });

export const askResult = z
  .object({
    url: absoluteUrlField,
    name: z.string(),
    description: z.string(),
    score: z.number(),
    schema_object: z.record(z.string(), z.unknown()).meta({ description: 'The record as schema.org JSON-LD, as on its page.' }),
    lang: langField,
  })
  .meta({ id: 'AskResult' });

export const askResponse = z.object({ _meta: askMeta, query: z.string(), results: z.array(askResult) }).meta({ id: 'AskResponse' });

export type AskResult = z.infer<typeof askResult>;
export type AskResponse = z.infer<typeof askResponse>;

const failureMeta = z.object({ response_type: z.literal('failure'), version: z.literal(NLWEB_VERSION) });

/**
 * The streaming framing (KQ-ASK leaves it open; docs/decisions.md § NLWeb ask fixes the outline).
 * Every event is one `data: <json>` line. `message_type` follows NLWeb's streaming convention:
 *   begin-nlweb-response  first; carries `_meta` and `query`
 *   result                zero or more; `results` is the next batch, in answer order
 *   end-nlweb-response    last on success; `_meta` again and `count` of results sent
 *   error                 last on failure after the 200 was sent; `_meta.response_type` is
 *                         `failure` (NLWeb § 4.1.4) and `error` is an ErrorObject
 * Concatenating every `results` gives exactly the JSON answer's `results`.
 */
export const askStreamEvent = z
  .discriminatedUnion('message_type', [
    z.object({ message_type: z.literal('begin-nlweb-response'), _meta: askMeta, query: z.string() }),
    z.object({ message_type: z.literal('result'), results: z.array(askResult).min(1) }),
    z.object({ message_type: z.literal('end-nlweb-response'), _meta: askMeta, count: z.int().min(0) }),
    z.object({
      message_type: z.literal('error'),
      _meta: failureMeta,
      error: errorObject,
    }),
  ])
  .meta({ id: 'AskStreamEvent', description: 'One server-sent event of a streaming answer (the JSON after `data: `).' });

export type AskStreamEvent = z.infer<typeof askStreamEvent>;

/**
 * The NLWeb v0.55 streaming events (NLWeb Specification v0.55 § 6.1, "Event Types": `start`,
 * `result`, `complete`), sent when the request's `query` is the v0.55 object: the reference server
 * picks its dialect by the shape of `query` (a string keeps the frames above). Each event is named
 * by its SSE `event:` field (the names are ASK_EVENT_NAMES); its data is one of these:
 *   start     first; `_meta`
 *   result    one per result: `index`, its place in the answer (§ 6.1: clients must not assume
 *             order; Folio sends them in order), and `item`, an AskResult
 *   complete  last on success; `_meta` and `count`. § 6.1's session state is what a stateful agent
 *             hands back; Folio keeps none, so there is none to capture.
 *   error     last on failure after the 200 was sent: `_meta` with `response_type` `failure` (§ 4.1.4)
 *             and `error`, an ErrorObject, as in the frames above
 * The items of all `result` events, by `index`, are exactly the JSON answer's `results`.
 */
export const askEvent055 = z
  .union([
    z.object({ _meta: askMeta }).strict().meta({ title: 'start' }),
    z
      .object({ index: z.int().min(0), item: askResult })
      .strict()
      .meta({ title: 'result' }),
    z
      .object({ _meta: askMeta, count: z.int().min(0) })
      .strict()
      .meta({ title: 'complete' }),
    z.object({ _meta: failureMeta, error: errorObject }).strict().meta({ title: 'error' }),
  ])
  .meta({ id: 'AskEvent055', description: 'The data of one NLWeb v0.55 server-sent event (`event: start`, `result`, `complete` or `error`).' });

export const ASK_EVENT_NAMES = ['start', 'result', 'complete', 'error'] as const;
export type AskEvent055 = z.infer<typeof askEvent055>;

export const pageItem = z.object({ name: z.string(), url: absoluteUrlField, description: z.string() }).meta({ id: 'PageItem' });

export const pagination = z
  .object({
    page: z.int().min(1),
    limit: z.int().min(1).max(MAX_PAGE_LIMIT),
    total: z.int().min(0),
    has_more: z.boolean(),
    next_page: z.int().min(2).nullable(),
  })
  .meta({ id: 'Pagination' });

export const catalogResponse = z
  .object({
    sandbox: z.boolean(),
    mode: z.enum(['sandbox', 'public-read']),
    notice: z.string(),
    resource: absoluteUrlField,
    scope: z.literal('knowledge:read'),
    summary: z.string(),
    pages: z.array(pageItem),
    pagination,
  })
  .meta({ id: 'CatalogResponse' });

export type CatalogResponse = z.infer<typeof catalogResponse>;

/** One item per query, in order: an answer, or the error for that query alone (never both). */
export const batchItem = z
  .union([
    z.strictObject({ index: z.int().min(0), query: z.string(), answer: askResponse }),
    z.strictObject({ index: z.int().min(0), query: z.string().optional(), error: errorObject }),
  ])
  .meta({ id: 'BatchItem' });

export type BatchItem = z.infer<typeof batchItem>;

export const batchResponse = z.object({ resource: absoluteUrlField, count: z.int().min(1), results: z.array(batchItem) }).meta({ id: 'BatchResponse' });

export const jobAccepted = z
  .object({
    job_id: z.string(),
    id: z.string(),
    status: z.literal('pending'),
    resource: absoluteUrlField,
    poll: absoluteUrlField,
    status_url: absoluteUrlField,
    message: z.string().optional(),
  })
  .meta({ id: 'JobAccepted' });

export const jobCompleted = z
  .object({
    job_id: z.string(),
    status: z.literal('completed'),
    resource: absoluteUrlField,
    count: z.int().min(1),
    results: z.array(batchItem),
  })
  .meta({ id: 'JobCompleted' });

const jobStep = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.string(),
  body: z.record(z.string(), z.unknown()).optional(),
  returns: z.string(),
});

export const jobsIndex = z
  .object({
    pattern: z.literal('async'),
    name: z.string(),
    description: z.string(),
    create: jobStep,
    poll: jobStep,
    openapi: absoluteUrlField,
    docs: absoluteUrlField,
  })
  .meta({ id: 'JobsIndex' });
