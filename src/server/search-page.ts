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
import { servedImage } from '../images/images.ts';
import { LOCALES, languageName, type Strings, stringsFor } from '../records/strings.ts';
import { searchTwin } from '../records/markdown-text.ts';
import { searchRecords } from '../search/rank.ts';
import { dataFinding } from './language.ts';
import { MAX_QUERY_CHARS } from './http.ts';
import { twinType } from '../http/negotiate.ts';
import { HTML, MARKDOWN, MARKDOWN_TYPE } from '../http/media-types.ts';
import { NO_STORE, REVALIDATE_CACHE_CONTROL } from '../http/cache-policy.ts';
import { ApiError, ERRORS } from './errors.ts';
import { localPath } from '../records/urls.ts';
import type { Site } from '../records/schema.ts';

export const SEARCH_PAGE_PATH = '/search';
export const SEARCH_TWIN_PATH = '/search.md';
/** Both forms of the main language's page; the function answers them (vercel.json rewrites, the middleware leaves them alone). */
export const SEARCH_PATHS = [SEARCH_PAGE_PATH, SEARCH_TWIN_PATH] as const;
/**
 * Both forms of each translation's page (FO-I18N: `/<tag>/search`), for every language Folio speaks:
 * the platform's routes are the same for any content, and a site without that language answers 404.
 */
const TRANSLATED_SEARCH_PATHS = LOCALES.flatMap((tag) => SEARCH_PATHS.map((path) => `/${tag}${path}`));
/** Every path the function answers with a search page, in any language. */
export const SEARCH_PAGE_PATHS: readonly string[] = [...SEARCH_PATHS, ...TRANSLATED_SEARCH_PATHS];
/** RFC 9110 § 10.2.1: a page answers reads only. */
export const SEARCH_ALLOW = 'GET, HEAD';
export const SEARCH_PAGE_FILE = 'generated/search-page.html';
/** A language's template: the main one's file, or `generated/search-page.<tag>.html` for a translation. */
export const searchPageFile = (lang: string | undefined) => (lang ? SEARCH_PAGE_FILE.replace(/\.html$/, () => `.${lang}.html`) : SEARCH_PAGE_FILE);
/** Marks in the prerendered page: the query as HTML text (title, input), as a URL component (the twin link), and the results. */
export const QUERY_MARK = '__FOLIO_SEARCH_QUERY__';
export const QUERY_URL_MARK = '__FOLIO_SEARCH_QUERY_URL__';
export const RESULTS_MARK = '<!--folio:search-results-->';
/** Most hits one answer lists: with the 500-character query cap, this bounds an answer's size. */
export const SEARCH_PAGE_LIMIT = 50;

/** Each language's template, read on its first search ('' is the main language). */
const templates = new Map<string, string>();
const pageTemplate = (lang: string | undefined) => {
  let html = templates.get(lang ?? '');
  if (html === undefined) templates.set(lang ?? '', (html = readFileSync(join(process.cwd(), searchPageFile(lang)), 'utf8')));
  return html;
};

/** `npm run dev` has no build: it hands over each language's page as astro dev renders it (undefined: read the file again). */
export const setSearchPageTemplate = (html: string | undefined, lang?: string) => {
  if (html === undefined) templates.delete(lang ?? '');
  else templates.set(lang ?? '', html);
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

type Outcome = { kind: 'empty' } | { kind: 'too-long'; length: number } | { kind: 'hits'; hits: readonly { record: SiteRecord; lang: string }[] };

/** A request's page: the language its path names (undefined: the main one), that language's data, and the site's. */
interface PageData {
  data: SiteData;
  lang?: string;
  main: SiteData;
}

/** The query as the page shows it (title, input, links): trimmed, and cut to the longest query searched. */
const shownQuery = (raw: string | undefined) => (raw ?? '').trim().slice(0, MAX_QUERY_CHARS);

/** The language tag of a language's data: its own text's (FO-I18N). */
const dataLang = (data: SiteData) => data.site.languages.find((l) => l.base === data.site.base)?.lang ?? data.site.locale;

/**
 * What a `q` parameter (as sent) asks for: the query as shown, and nothing, a refusal or the hits,
 * each with the language of its text. A query that finds nothing in the page's language is tried in
 * the site's others (FO-SEARCH-FALLBACK), as the header's live results (REST search) are.
 */
function search(raw: string | undefined, page: PageData): { query: string; outcome: Outcome } {
  const query = shownQuery(raw);
  const length = (raw ?? '').trim().length;
  if (!query) return { query, outcome: { kind: 'empty' } };
  if (length > MAX_QUERY_CHARS) return { query, outcome: { kind: 'too-long', length } };
  const hitsIn = (data: SiteData) => searchRecords(data, query, { limit: SEARCH_PAGE_LIMIT });
  const found = dataFinding(page.main, page.lang, (data) => hitsIn(data).length > 0);
  const hits = hitsIn(found).map(({ record }) => ({ record, lang: record.lang ?? dataLang(found) }));
  return { query, outcome: { kind: 'hits', hits } };
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
function searchResults(raw: string | undefined, page: PageData): string {
  const { data } = page;
  const t = stringsFor(data.site);
  const { query, outcome } = search(raw, page);
  if (outcome.kind === 'empty') return `<p class="lead">${escapeHtml(empty(t))}</p>`;
  if (outcome.kind === 'too-long') return `<p class="lead">${escapeHtml(tooLong(t, outcome.length))}</p>`;
  const { hits } = outcome;
  const shown = escapeHtml(query);
  if (!hits.length)
    return `<p class="lead">${htmlOf(t('searchNothingMatches'), { query: shown, link: `<a href="${escapeHtml(localPath(data.site, '/projects'))}">${escapeHtml(t('searchAllProjects'))}</a>` })}</p>`;
  const pageLang = dataLang(data);
  const items = hits.map(({ record: r, lang: textLang }) => {
    // Kind and date on a line above the title (no label column to overflow in any language), the
    // cover's smallest file beside it (FO-DESIGN).
    const date = r.kind === 'post' ? formatDay(r.date, data.site.locale) : r.kind === 'project' ? formatMonth(r.date, data.site.locale) : undefined;
    const meta = `<span class="search-result__kind">${escapeHtml(kindLabel(data.site, r))}</span>${date && 'date' in r ? ` <time datetime="${escapeHtml(r.date)}">${escapeHtml(date)}</time>` : ''}`;
    const cover = 'cover' in r && r.cover ? servedImage(r.cover).thumbnail : undefined;
    const thumb = cover
      ? `<img class="search-result__thumb" src="${escapeHtml(cover.path)}" width="${cover.width}" height="${cover.height}" alt="" loading="lazy" decoding="async">`
      : '';
    // FO-I18N: a hit whose text is not in the page's language (not translated, or found in another
    // language, FO-SEARCH-FALLBACK) is in its own, said by `lang` (so it is hyphenated and read aloud
    // in it, FO-LONG-WORDS) and marked as lists mark it (TextLang.astro).
    const other = textLang === pageLang ? undefined : textLang;
    const lang = other ? ` lang="${escapeHtml(other)}"` : '';
    const marker = other
      ? ` <span class="badge" lang="${escapeHtml(data.site.locale)}">${escapeHtml(t('textIn', { language: languageName(other, data.site.locale) }))}</span>`
      : '';
    return `<li class="rows__item search-result"${lang}><div class="rows__body"><p class="search-result__meta">${meta}${marker}</p><a class="rows__title" href="${escapeHtml(r.href)}">${escapeHtml(r.title)}</a><p class="rows__detail">${escapeHtml(r.summary)}</p></div>${thumb}</li>`;
  });
  return `<p class="lead" role="status">${htmlOf(t('searchResults', { n: hits.length }), { query: shown })}</p><ol class="rows search-results">${items.join('')}</ol>`;
}

/** The Markdown form for `raw`: the same hits, each linking its twin by absolute URL. */
function searchMarkdown(raw: string | undefined, page: PageData): string {
  const { data } = page;
  const t = stringsFor(data.site);
  const { query, outcome } = search(raw, page);
  const note = outcome.kind === 'empty' ? empty(t) : outcome.kind === 'too-long' ? tooLong(t, outcome.length) : undefined;
  const hits =
    outcome.kind === 'hits' ? outcome.hits.map(({ record: r }) => ({ title: r.title, twin: r.twin, summary: r.summary, kind: kindLabel(data.site, r) })) : [];
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
function pageHeaders(site: Site, query: string, markdown: string | undefined): Record<string, string> {
  const alternate = `<${localPath(site, SEARCH_TWIN_PATH)}?q=${encodeURIComponent(query)}>; rel="alternate"; type="${MARKDOWN_TYPE}"`;
  return { 'Content-Type': markdown ?? HTML, Vary: 'Accept', ...(markdown ? {} : { Link: alternate }) };
}

/** The translation a path's page is in (`/en/search` → `en`), or undefined for the main language's. */
const pathLang = (path: string) => /^\/([a-z]{2})\//.exec(path)?.[1];

/**
 * The data a request's page answers from, by its path's language. A language the site does not have
 * has no page: 404, like any missing page.
 */
function pageData(c: Context, data: SiteData): PageData {
  const lang = pathLang(c.req.path);
  if (lang === undefined) return { data, main: data };
  const tag = data.site.languages.find((l) => l.lang === lang && l.base);
  const translated = tag && data.translation?.(lang);
  if (!translated)
    throw new ApiError('route_not_found', {
      message: `This site has no page ${c.req.path}: it is not written in "${lang}".`,
      hint: `Search at ${data.site.languages.map((l) => localPath(l, SEARCH_PAGE_PATH)).join(' or ')}.`,
    });
  return { data: translated, lang, main: data };
}

export const searchPage =
  (getData: () => SiteData) =>
  (c: Context): Response => {
    const raw = c.req.query('q');
    const markdown = markdownType(c);
    const page = pageData(c, getData());
    const body = markdown ? searchMarkdown(raw, page) : fillPage(pageTemplate(page.lang), shownQuery(raw), searchResults(raw, page));
    return new Response(body, { headers: { ...pageHeaders(page.data.site, shownQuery(raw), markdown), 'Cache-Control': REVALIDATE_CACHE_CONTROL } });
  };

/**
 * What a refusal says, in the page's language (FO-LANGUAGE): the two these paths make, 429 with the
 * seconds its Retry-After names and 405; any other keeps the catalog's message and hint.
 */
function refusal(t: Strings, error: ApiError): string {
  const seconds = Number(error.detail.headers?.['Retry-After']);
  if (error.code === 'rate_limited' && Number.isSafeInteger(seconds) && seconds >= 0) return t('searchRateLimited', { n: seconds });
  if (error.code === 'method_not_allowed') return t('searchMethodNotAllowed');
  return `${error.message} ${error.detail.hint ?? ERRORS[error.code].hint}`;
}

/**
 * An error on the search paths (405, 429) as a page for people, or as Markdown for agents: its
 * status, its headers (Allow, Retry-After, the rate-limit state), the catalog's message, hint and code.
 */
export function searchErrorPage(c: Context, error: ApiError, main: SiteData): Response {
  // In the page's language when the site has it; a page of a language it lacks is told in the main one.
  const { site, lang } = (() => {
    try {
      const { data, lang } = pageData(c, main);
      return { site: data.site, lang };
    } catch {
      return { site: main.site, lang: undefined };
    }
  })();
  const { code } = error;
  const markdown = markdownType(c);
  const query = shownQuery(c.req.query('q'));
  const headers = { ...error.detail.headers, ...pageHeaders(site, query, markdown), 'Cache-Control': NO_STORE };
  const t = stringsFor(site);
  const sentence = `${refusal(t, error)} ${t('searchErrorCode', { code })}`;
  const body = markdown
    ? searchTwin(site, query, [], sentence)
    : fillPage(pageTemplate(lang), query, `<p class="lead" role="alert">${escapeHtml(sentence)}</p>`);
  return new Response(c.req.method === 'HEAD' ? null : body, { status: error.status, headers });
}
