// The knowledge query service: /ask (KQ-ASK), the sandbox catalog (KQ-SANDBOX), batch questions
// (KQ-BATCH) and async jobs (KQ-JOBS-INDEX, KQ-JOB-CREATE, KQ-JOB-READ). Handlers receive validated
// input (the app maps schema failures to catalog codes) and only turn it into answers; the logic
// lives in ./knowledge/.
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError, errorBody } from './errors.ts';
import { BODY_ERRORS, json, jsonOfBytes } from './http.ts';
import type { SiteData } from '../search/data-file.ts';
import { FALLBACK_RULE } from './language.ts';
import { defineRoute, type RouteSpec } from './route.ts';
import { QUOTA_COST_RULE } from './middleware/rate-limit.ts';
import { answerEvents, answerBytes, askFinds } from './knowledge/answer.ts';
import { absoluteUrl } from '../records/urls.ts';
import { entriesFor, itemsFor } from './knowledge/batch.ts';
import { catalog } from './knowledge/catalog.ts';
import { decodeJobId, encodeJobId, MAX_JOB_ID_CHARS } from './knowledge/job-id.ts';
import { prefersEventStream, sseResponse } from './knowledge/sse.ts';
import {
  askBody,
  askGetQuery,
  askResponse,
  askStreamEvent,
  batchResponse,
  catalogResponse,
  jobAccepted,
  jobCompleted,
  jobParams,
  jobsIndex,
  NLWEB_VERSION,
  pageQuery,
  queriesBody,
  askEvent055,
  type AskEvent055,
  type AskStreamEvent,
} from './knowledge/schemas.ts';
import { EVENT_STREAM } from '../http/media-types.ts';

export { answer, answerEvents, askFinds } from './knowledge/answer.ts';
export { catalog, publicPages } from './knowledge/catalog.ts';
// For GET /api/v1 (access.ts): the same paging schema and resource as the sandbox; for MCP: the query rule.
export { catalogResponse, pageQuery, queryText } from './knowledge/schemas.ts';

const RATE_HEADERS = ['RateLimit', 'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
const INPUT_ERRORS = [...BODY_ERRORS, 'rate_limited'] as const;

/**
 * Idempotency-Key (draft-ietf-httpapi-idempotency-key-header) is echoed as sent on the POSTs it is
 * for. No store is needed to honour it: every answer here is a pure function of the data and the
 * body, so a retry with the same key and body gets the same answer (and a job retry gets the same
 * job id). A GET is idempotent already and its answer is shared-cacheable: echoing a client's key
 * there would hand it to every client the cache serves.
 */
function idempotencyHeaders(c: Context): Record<string, string> {
  const key = c.req.method === 'POST' ? c.req.header('idempotency-key') : undefined;
  return key === undefined ? {} : { 'Idempotency-Key': key };
}

const STREAM_FRAMING =
  'Streaming (streaming=true, prefer.streaming: true, or an Accept that prefers text/event-stream) answers with ' +
  'server-sent events, each one `data: <json>` line: first `{"message_type":"begin-nlweb-response","_meta":…,"query":…}`, ' +
  'then `{"message_type":"result","results":[…]}` batches of up to 3 in answer order, then ' +
  '`{"message_type":"end-nlweb-response","_meta":…,"count":N}`. A failure after the stream started ends it with ' +
  '`{"message_type":"error","_meta":{"response_type":"failure",…},"error":{…}}` instead of a broken connection. ' +
  'The results of all `result` events, concatenated, equal the JSON answer. Answers are deterministic for a given build.';

/** POST only: the v0.55 query object gets v0.55's named events (askEvent055). */
const STREAM_FRAMING_055 =
  'When `query` is the NLWeb v0.55 object (`{"query": {"text": "..."}}`), the events are v0.55\'s named ones (NLWeb v0.55 § 6.1), ' +
  'each an `event:` line then one `data: <json>` line: `start` (`{"_meta":…}`), then one `result` per result (`{"index":0,"item":{…}}`), ' +
  'then `complete` (`{"_meta":…,"count":N}`); a failure after the stream started ends it with `error` (`{"_meta":{"response_type":"failure",…},"error":{…}}`). ' +
  "The items, by index, equal the JSON answer's results. A string `query` keeps the frames above.";

/**
 * Sends the answer as JSON or as server-sent events; both carry the same results. `v055`: the
 * question came as the v0.55 query object, so the events are v0.55's named ones (askEvent055).
 */
function respond(c: Context, data: SiteData, query: string, streaming: boolean, v055 = false): Response {
  const headers = { ...idempotencyHeaders(c), Vary: 'Accept' };
  if (!streaming) return jsonOfBytes(answerBytes(data, query), { headers });
  return sseResponse(answerEvents(data, query, { signal: c.req.raw.signal, v055 }), {
    signal: c.req.raw.signal,
    headers,
    onError: () => {
      const failure = {
        _meta: { response_type: 'failure', version: NLWEB_VERSION },
        error: errorBody('internal_error', data.site.url, { message: 'The answer failed part-way; the results sent so far are incomplete.' }).error,
      } as const;
      return v055 ? { event: 'error', data: failure satisfies AskEvent055 } : { data: { message_type: 'error', ...failure } satisfies AskStreamEvent };
    },
  });
}

const askResponses = (headers: string[], v055 = false) => ({
  200: {
    description: 'The answer (NLWeb v0.55), or its server-sent events when streaming.',
    schema: askResponse,
    headers: [...RATE_HEADERS, ...headers],
    alternates: [
      v055
        ? { contentType: EVENT_STREAM, schema: z.union([askStreamEvent, askEvent055]), description: `${STREAM_FRAMING} ${STREAM_FRAMING_055}` }
        : { contentType: EVENT_STREAM, schema: askStreamEvent, description: STREAM_FRAMING },
    ],
  },
});

const askGet = defineRoute({
  method: 'GET',
  path: '/ask',
  operationId: 'askGet',
  example: { query: { query: 'search' }, status: 200 },
  summary: 'Ask a question about the site',
  description: `Answers from the site's projects and pages, in search order, ranked without the language's stop words. \`q\` is an alias of \`query\` (\`query\` wins when both are sent). ${FALLBACK_RULE} ${STREAM_FRAMING}`,
  tag: 'knowledge',
  policy: 'knowledge',
  cors: 'site',
  // An answer is a pure function of the build and the query (docs/decisions.md § Caching).
  cache: 'public',
  query: askGetQuery,
  invalid: { lang: 'unknown_language', '*': 'invalid_query' },
  responses: askResponses([]),
  errors: ['invalid_query', 'unknown_language', 'rate_limited'],
  finds: ({ query }) => askFinds((query.query ?? query.q)!),
  handler: (c, { query, data }) => {
    const { query: text, q, streaming } = query;
    return respond(c, data, (text ?? q)!, streaming === undefined ? prefersEventStream(c.req.header('accept')) : streaming === 'true');
  },
});

const askPost = defineRoute({
  method: 'POST',
  path: '/ask',
  operationId: 'askPost',
  example: { body: { json: { query: 'search' } }, status: 200 },
  summary: 'Ask a question about the site (JSON body)',
  description: `Takes the flat body \`{"query": "...", "prefer": {"streaming": false}}\` or the NLWeb v0.55 structured body \`{"query": {"text": "..."}, "prefer": {...}, "meta": {...}}\`. Asks are safe to retry: \`Idempotency-Key\` is echoed and the same body always gets the same answer. ${FALLBACK_RULE} ${STREAM_FRAMING} ${STREAM_FRAMING_055}`,
  tag: 'knowledge',
  policy: 'knowledge',
  cors: 'site',
  body: askBody,
  invalid: { lang: 'unknown_language', '*': 'invalid_query' },
  requestHeaders: ['Idempotency-Key'],
  responses: askResponses(['Idempotency-Key'], true),
  errors: ['invalid_query', 'unknown_language', ...INPUT_ERRORS],
  finds: ({ body }) => askFinds(typeof body.query === 'string' ? body.query : body.query.text),
  handler: (c, { body, data }) => {
    const { query, prefer } = body;
    const v055 = typeof query !== 'string';
    return respond(c, data, v055 ? query.text : query, prefer?.streaming ?? prefersEventStream(c.req.header('accept')), v055);
  },
});

const sandbox = defineRoute({
  method: 'GET',
  path: '/api/v1/sandbox',
  operationId: 'getSandbox',
  example: { query: { limit: '3' }, status: 200 },
  summary: 'Browse the public page catalog without a token',
  description:
    'The catalog GET /api/v1 serves after the public-read flow, open to everyone: the home page, the projects index, every project (newest first) and every page. Paged with page and limit.',
  tag: 'knowledge',
  policy: 'knowledge',
  cors: 'site',
  cache: 'public',
  version: 'v1',
  query: pageQuery,
  invalid: { '*': 'invalid_filter' },
  responses: { 200: { description: 'One page of the catalog.', schema: catalogResponse, headers: [...RATE_HEADERS, 'X-Sandbox', 'ETag'] } },
  errors: ['invalid_filter', 'rate_limited'],
  handler: (_c, { query, data }) => {
    const { page, limit } = query;
    return json(catalog(data, page, limit, 'sandbox'), { headers: { 'X-Sandbox': 'true' } });
  },
});

const batch = defineRoute({
  method: 'POST',
  path: '/api/v1/batch',
  operationId: 'askBatch',
  example: { body: { json: { queries: ['search', 'queue'] } }, status: 200 },
  summary: 'Ask up to ten questions at once',
  description: `One result item per query, in order, each with its index: an answer equal to asking that query alone, or, for a query over 500 characters, an invalid_query error for that item only. A missing, empty or over-long list, or an empty string in it, is a 400 invalid_batch. ${QUOTA_COST_RULE}`,
  tag: 'knowledge',
  policy: 'knowledge',
  cors: 'site',
  version: 'v1',
  body: queriesBody,
  invalid: { '*': 'invalid_batch' },
  requestHeaders: ['Idempotency-Key'],
  responses: { 200: { description: 'The answers, in query order.', schema: batchResponse, headers: [...RATE_HEADERS, 'Idempotency-Key'] } },
  errors: ['invalid_batch', ...INPUT_ERRORS],
  handler: (c, { body, data }) => {
    // QUOTA_COST_RULE: each question is a unit; the request paid for one, the others are paid
    // before any is answered (over the quota: 429, nothing spent).
    c.get('charge')(body.queries.length - 1);
    const results = itemsFor(data, entriesFor(body.queries));
    return json({ resource: absoluteUrl(data.site, '/api/v1/batch'), count: results.length, results }, { headers: idempotencyHeaders(c) });
  },
});

const jobsIndexRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/jobs',
  operationId: 'describeJobs',
  example: { status: 200 },
  summary: 'How async jobs work',
  tag: 'knowledge',
  policy: 'knowledge',
  cors: 'site',
  cache: 'public',
  version: 'v1',
  responses: { 200: { description: 'The job pattern: how to create a job and poll it.', schema: jobsIndex, headers: RATE_HEADERS } },
  errors: ['rate_limited'],
  handler: (_c, { data }) => {
    return json({
      pattern: 'async',
      name: `${data.site.name}: knowledge jobs`,
      description:
        'A job is a batch answered later. The job id encodes its queries, so nothing is stored: poll the job any time, from anywhere, and it completes on the first poll.',
      create: {
        method: 'POST',
        url: absoluteUrl(data.site, '/api/v1/jobs'),
        body: { queries: ['1 to 10 questions, each 1 to 500 characters'] },
        returns: '202 JobAccepted, with Location (the poll URL) and Retry-After: 1; 400 invalid_job for an invalid list.',
      },
      poll: {
        method: 'GET',
        // A URI template (RFC 6570), so its braces stay as written.
        url: `${absoluteUrl(data.site, '/api/v1/jobs')}/{job_id}`,
        returns: '200 JobCompleted, whose results equal POST /api/v1/batch with the same queries; 404 job_not_found for an unknown or altered id.',
      },
      openapi: absoluteUrl(data.site, '/openapi.json'),
      docs: absoluteUrl(data.site, '/developers#jobs'),
    });
  },
});

const createJob = defineRoute({
  method: 'POST',
  path: '/api/v1/jobs',
  operationId: 'createJob',
  example: { body: { json: { queries: ['search'] } }, status: 202 },
  summary: 'Start an async batch of questions',
  description: `Same body rules as /api/v1/batch (400 invalid_job). The job id encodes the queries (versioned, checksummed, URL-safe), so the same queries always get the same id: retries with an Idempotency-Key are safe. Ids are at most ${MAX_JOB_ID_CHARS} characters; queries too long together to fit are refused with invalid_job (use /api/v1/batch). ${QUOTA_COST_RULE}`,
  tag: 'knowledge',
  policy: 'knowledge',
  cors: 'site',
  version: 'v1',
  body: queriesBody,
  invalid: { '*': 'invalid_job' },
  requestHeaders: ['Idempotency-Key'],
  responses: {
    202: { description: 'Accepted; poll Location.', schema: jobAccepted, headers: [...RATE_HEADERS, 'Location', 'Retry-After', 'Idempotency-Key'] },
  },
  errors: ['invalid_job', ...INPUT_ERRORS],
  handler: (c, { body, data }) => {
    const jobId = encodeJobId(entriesFor(body.queries));
    if (jobId.length > MAX_JOB_ID_CHARS) {
      throw new ApiError('invalid_job', {
        message: `These queries are too long together to fit in a job id (${jobId.length} characters encoded; the limit is ${MAX_JOB_ID_CHARS}).`,
        hint: 'Split them over several jobs, or send them to POST /api/v1/batch.',
      });
    }
    const url = absoluteUrl(data.site, `/api/v1/jobs/${jobId}`);
    return json(
      {
        job_id: jobId,
        id: jobId,
        status: 'pending',
        resource: url,
        poll: url,
        status_url: url,
        message: 'Accepted. GET the poll URL to collect the results; they are ready on the first poll.',
      },
      { status: 202, headers: { Location: url, 'Retry-After': '1', ...idempotencyHeaders(c) } },
    );
  },
});

const getJob = defineRoute({
  method: 'GET',
  path: '/api/v1/jobs/{job_id}',
  operationId: 'getJob',
  // Made when read (the route-example tests, the docs), not on every cold start: encoding deflates and hashes.
  get example() {
    return { params: { job_id: encodeJobId(entriesFor(['search'])) }, status: 200 };
  },
  summary: 'Collect a job’s results',
  description: `Decodes the queries from the id and answers them: the results equal POST /api/v1/batch with the same queries. ${QUOTA_COST_RULE}`,
  tag: 'knowledge',
  policy: 'knowledge',
  cors: 'site',
  cache: 'public',
  version: 'v1',
  params: jobParams,
  invalid: { '*': 'job_not_found' },
  responses: { 200: { description: 'The completed job.', schema: jobCompleted, headers: [...RATE_HEADERS, 'ETag'] } },
  errors: ['job_not_found', 'rate_limited'],
  handler: (c, { params, data }) => {
    const jobId = params.job_id;
    const decoded = decodeJobId(jobId);
    if (!decoded.ok) throw new ApiError('job_not_found', { message: decoded.reason });
    // QUOTA_COST_RULE: collecting answers every question again, one unit each, paid before any is answered.
    c.get('charge')(decoded.entries.length - 1);
    const results = itemsFor(data, decoded.entries);
    return json({ job_id: jobId, status: 'completed', resource: absoluteUrl(data.site, `/api/v1/jobs/${jobId}`), count: results.length, results });
  },
});

export const knowledgeRoutes: RouteSpec[] = [askGet, askPost, sandbox, batch, jobsIndexRoute, createJob, getJob];
