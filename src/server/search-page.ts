// GET /search?q=: the search box's answer for people without JavaScript, and its Markdown form
// (`/search.md?q=`, or `/search` with an Accept that prefers Markdown) for agents. The build
// prerenders the page in the site's layout (src/pages/search-page.astro, moved to generated/ by
// scripts/build.ts); this fills in the query and the hits. An empty or over-long query is answered
// on the same page, with a sentence saying what to type, never an error page. Errors on these paths
// (405, 429) are pages too, in the form the client asked for (searchErrorPage).
import { escapeHtml } from '../records/escape.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';
import type { SiteData, SiteRecord } from '../search/data-file.ts';
import { formatMonth, typeLabel } from '../records/collections.ts';
import { formatDay } from '../records/posts.ts';
import { thumbnailImage } from '../images/images.ts';
import { type Strings, stringsFor } from '../records/strings.ts';
import { searchTwin } from '../records/markdown-text.ts';
import { searchRecords } from '../search/rank.ts';
import { MAX_QUERY_CHARS } from './http.ts';
import { twinType } from '../http/negotiate.ts';
import { HTML, MARKDOWN, MARKDOWN_TYPE } from '../http/media-types.ts';
import { NO_STORE, REVALIDATE_CACHE_CONTROL } from '../http/cache-policy.ts';
import { ERRORS, type ApiError } from './errors.ts';
import type { Site } from '../records/schema.ts';

export const SEARCH_PAGE_PATH = '/search';
export const SEARCH_TWIN_PATH = '/search.md';
/** Both forms of the page; the function answers them (vercel.json rewrites, the middleware leaves them alone). */
export const SEARCH_PATHS = [SEARCH_PAGE_PATH, SEARCH_TWIN_PATH] as const;
/** RFC 9110 § 10.2.1: a page answers reads only. */
export const SEARCH_ALLOW = 'GET, HEAD';
export const SEARCH_PAGE_FILE = 'generated/search-page.html';
/** Marks in the prerendered page: the query as HTML text (title, input), as a URL component (the twin link), and the results. */
export const QUERY_MARK = '__FOLIO_SEARCH_QUERY__';
export const QUERY_URL_MARK = '__FOLIO_SEARCH_QUERY_URL__';
export const RESULTS_MARK = '<!--folio:search-results-->';
/** Most hits one answer lists: with the 500-character query cap, this bounds an answer's size. */
export const SEARCH_PAGE_LIMIT = 50;

let template: string | undefined;
const pageTemplate = () => (template ??= readFileSync(join(process.cwd(), SEARCH_PAGE_FILE), 'utf8'));

/** `npm run dev` has no build: it hands over the page as astro dev renders it. */
export const setSearchPageTemplate = (html: string | undefined) => {
  template = html;
};

const MARKS = new RegExp([QUERY_MARK, QUERY_URL_MARK, RESULTS_MARK].join('|'), 'g');

/**
 * The page with its marks filled in one pass. The values are returned by a function, never passed
 * as a replacement string: `$&`, `` $` ``, `$'` and `$$` in a query or a record's title would
 * otherwise be expanded (ECMA-262 GetSubstitution) and copy the page into itself.
 */
export function fillPage(page: string, query: string, results: string): string {
  const values: Record<string, string> = { [QUERY_MARK]: escapeHtml(query), [QUERY_URL_MARK]: encodeURIComponent(query), [RESULTS_MARK]: results };
  return page.replace(MARKS, (mark) => values[mark]!);
}

type Outcome = { kind: 'empty' } | { kind: 'too-long'; length: number } | { kind: 'hits'; hits: readonly SiteRecord[] };

/** The query as the page shows it (title, input, links): trimmed, and cut to the longest query searched. */
const shownQuery = (raw: string | undefined) => (raw ?? '').trim().slice(0, MAX_QUERY_CHARS);

/** What a `q` parameter (as sent) asks for: the query as shown, and nothing, a refusal or the hits. */
function search(raw: string | undefined, data: SiteData): { query: string; outcome: Outcome } {
  const query = shownQuery(raw);
  const length = (raw ?? '').trim().length;
  if (!query) return { query, outcome: { kind: 'empty' } };
  if (length > MAX_QUERY_CHARS) return { query, outcome: { kind: 'too-long', length } };
  return { query, outcome: { kind: 'hits', hits: searchRecords(data, query, { limit: SEARCH_PAGE_LIMIT }).map((h) => h.record) } };
}

// The sentences are the site's interface words (FO-LANGUAGE, src/records/strings/).
const empty = (t: Strings) => t('searchEmpty');
const tooLong = (t: Strings, length: number) => t('searchTooLong', { length, max: MAX_QUERY_CHARS });
const kindLabel = (site: Site, r: SiteRecord) =>
  r.kind === 'project' ? typeLabel(site, r.type) : stringsFor(site)(r.kind === 'post' ? 'kindPost' : r.kind === 'resume' ? 'navResume' : 'kindPage');

/**
 * An entry as HTML: its text escaped, then each `{mark}` (left unfilled by `t`) replaced by the
 * HTML given for it, by a function, so neither the owner's words nor the query are a pattern.
 */
const htmlOf = (text: string, values: Record<string, string>) =>
  escapeHtml(text).replace(/\{(\w+)\}/g, (mark, name: string) => (Object.hasOwn(values, name) ? values[name]! : mark));

/** The results part of the page for `raw` (the q parameter as sent). */
function searchResults(raw: string | undefined, data: SiteData): string {
  const t = stringsFor(data.site);
  const { query, outcome } = search(raw, data);
  if (outcome.kind === 'empty') return `<p class="lead">${escapeHtml(empty(t))}</p>`;
  if (outcome.kind === 'too-long') return `<p class="lead">${escapeHtml(tooLong(t, outcome.length))}</p>`;
  const { hits } = outcome;
  const shown = escapeHtml(query);
  if (!hits.length)
    return `<p class="lead">${htmlOf(t('searchNothingMatches'), { query: shown, link: `<a href="/projects">${escapeHtml(t('searchAllProjects'))}</a>` })}</p>`;
  const items = hits.map((r) => {
    // Kind and date on a line above the title (no label column to overflow in any language), the
    // cover's smallest file beside it (FO-DESIGN).
    const date = r.kind === 'post' ? formatDay(r.date, data.site.locale) : r.kind === 'project' ? formatMonth(r.date, data.site.locale) : undefined;
    const meta = `<span class="search-result__kind">${escapeHtml(kindLabel(data.site, r))}</span>${date && 'date' in r ? ` <time datetime="${escapeHtml(r.date)}">${escapeHtml(date)}</time>` : ''}`;
    const cover = 'cover' in r && r.cover ? thumbnailImage(r.cover) : undefined;
    const thumb = cover
      ? `<img class="search-result__thumb" src="${escapeHtml(cover.path)}" width="${cover.width}" height="${cover.height}" alt="" loading="lazy" decoding="async">`
      : '';
    return `<li class="rows__item search-result"><div class="rows__body"><p class="search-result__meta">${meta}</p><a class="rows__title" href="${escapeHtml(r.href)}">${escapeHtml(r.title)}</a><p class="rows__detail">${escapeHtml(r.summary)}</p></div>${thumb}</li>`;
  });
  return `<p class="lead" role="status">${htmlOf(t('searchResults', { n: hits.length }), { query: shown })}</p><ol class="rows search-results">${items.join('')}</ol>`;
}

/** The Markdown form for `raw`: the same hits, each linking its twin by absolute URL. */
function searchMarkdown(raw: string | undefined, data: SiteData): string {
  const t = stringsFor(data.site);
  const { query, outcome } = search(raw, data);
  const note = outcome.kind === 'empty' ? empty(t) : outcome.kind === 'too-long' ? tooLong(t, outcome.length) : undefined;
  const hits = outcome.kind === 'hits' ? outcome.hits.map((r) => ({ title: r.title, twin: r.twin, summary: r.summary, kind: kindLabel(data.site, r) })) : [];
  return searchTwin(data.site, query, hits, note);
}

/**
 * The Markdown form's type when this request gets it: by its path (text/markdown), or by an Accept
 * that prefers it to HTML (text/markdown or text/plain, as for every page's twin); else `undefined`.
 */
const markdownType = (c: Context) => (c.req.path.endsWith('.md') ? MARKDOWN : twinType(c.req.header('accept')));

/**
 * Headers of every answer on these paths: both forms vary with Accept, and a page links its other
 * form (the query percent-encoded: the client's text never reaches a header as written).
 */
function pageHeaders(query: string, markdown: string | undefined): Record<string, string> {
  const alternate = `<${SEARCH_TWIN_PATH}?q=${encodeURIComponent(query)}>; rel="alternate"; type="${MARKDOWN_TYPE}"`;
  return { 'Content-Type': markdown ?? HTML, Vary: 'Accept', ...(markdown ? {} : { Link: alternate }) };
}

export const searchPage =
  (data: () => SiteData) =>
  (c: Context): Response => {
    const raw = c.req.query('q');
    const markdown = markdownType(c);
    const body = markdown ? searchMarkdown(raw, data()) : fillPage(pageTemplate(), shownQuery(raw), searchResults(raw, data()));
    return new Response(body, { headers: { ...pageHeaders(shownQuery(raw), markdown), 'Cache-Control': REVALIDATE_CACHE_CONTROL } });
  };

/**
 * An error on the search paths (405, 429) as a page for people, or as Markdown for agents: its
 * status, its headers (Allow, Retry-After, the rate-limit state), the catalog's message, hint and code.
 */
export function searchErrorPage(c: Context, error: ApiError, site: Site): Response {
  const { message, code } = error;
  const hint = error.detail.hint ?? ERRORS[code].hint;
  const markdown = markdownType(c);
  const query = shownQuery(c.req.query('q'));
  const headers = { ...error.detail.headers, ...pageHeaders(query, markdown), 'Cache-Control': NO_STORE };
  const sentence = `${message} ${hint} (error code: ${code})`;
  const body = markdown ? searchTwin(site, query, [], sentence) : fillPage(pageTemplate(), query, `<p class="lead" role="alert">${escapeHtml(sentence)}</p>`);
  return new Response(c.req.method === 'HEAD' ? null : body, { status: error.status, headers });
}
