// What the function keeps per loaded data file: the server's fields of SiteData.kept (search's own,
// the ranking entries and the answers LRU, are declared beside it in src/search/data-file.ts).
// Caching lives at the edges: the data file is loaded once per instance (src/server/data.ts), and
// what is derived from it alone is kept on the object the load made, not in memos inside functions
// that look pure. The object starts empty and each field is made on first ask by the one function
// that reads it, so the load does no extra work (the cold start is measured: bench/RESULTS.md) and a
// new load (a redeploy, `npm run dev`'s reload) starts empty. Each field is bounded by the data, or
// by the answers FOLIO_SEARCH_CACHE keeps (FO-BOUNDED). The figures are at 10,000 records (the
// bench corpus: 9,500 projects and 500 pages, no posts), each a first ask against a repeat.
import type { createMcpHandler, Resource } from '@modelcontextprotocol/server';
import type { SiteData, SiteRecord } from '../search/data-file.ts';
import type { Hit } from '../search/rank.ts';
import type { AskResult } from './knowledge/schemas.ts';
import type { KeptPosts } from './portfolio/posts.ts';
import type { KeptProjects } from './portfolio/projects.ts';
import type { SearchHit } from './portfolio/schemas.ts';

declare module '../search/data-file.ts' {
  interface Kept {
    /** Each kept hit as REST and /ask show it: saves rebuilding a repeated query's hits (URLs, schema.org objects; with answerBytes ~0.03 ms for 10 hits). */
    hitViews?: WeakMap<Hit, HitViews>;
    /** Each kept answer as the JSON bytes REST and /ask send: saves serializing a repeated query's answer. */
    answerBytes?: WeakMap<readonly Hit[], AnswerBytes>;
    /** Projects sorted, by slug, each filter's list and related list: saves a sort and a scan per request (~6 ms a list, ~1.4 ms a project). */
    projects?: KeptProjects;
    /** Posts sorted, by slug, their tags and summaries: saves a sort and a scan of every post per request (as projects', per post). */
    posts?: KeptPosts;
    /** resources/list's entries, in order: saves reading and inflating every twin, for its size, per list (~530 ms). */
    resources?: Resource[];
    /** resources/read's record of each twin URI: saves making every record's URL per read (~9 ms). */
    resourceRecords?: Map<string, SiteRecord>;
    /** The 2026-era MCP handler (mcp/transport.ts): saves making one per request (~1 µs: kept as it was, not for speed). */
    mcpHandler?: ReturnType<typeof createMcpHandler>;
    /** The MCP Apps card in the site's accent (mcp/apps.ts): saves deriving the palette and writing the page per read (~0.1 ms). */
    card?: string;
  }
}

/** What REST and /ask make of one hit; each frozen, as every request for the query shares it. */
export interface HitViews {
  rest?: SearchHit;
  ask?: AskResult;
}

/** The bytes REST and /ask send for one answer (its query, type and limit follow from it). */
export interface AnswerBytes {
  rest?: Uint8Array<ArrayBuffer>;
  ask?: Uint8Array<ArrayBuffer>;
}

/**
 * The views kept of a hit of `data`'s answers. searchRecords shares its answers, and their hits,
 * among every request for the same query, type and limit, so a view made from a hit alone is made
 * once per hit, and goes when the LRU drops the answer.
 */
export function hitViews(data: SiteData, hit: Hit): HitViews {
  const all = (data.kept.hitViews ??= new WeakMap());
  let views = all.get(hit);
  if (!views) all.set(hit, (views = {}));
  return views;
}

/** The bytes kept of one of `data`'s answers, as hitViews keeps a hit's views. */
export function answerBytes(data: SiteData, hits: readonly Hit[]): AnswerBytes {
  const all = (data.kept.answerBytes ??= new WeakMap());
  let bytes = all.get(hits);
  if (!bytes) all.set(hits, (bytes = {}));
  return bytes;
}
