// GET /search?q=: the search box's answer for people without JavaScript. The build prerenders the
// page in the site's layout (src/pages/search-page.astro, moved to generated/ by scripts/build.ts);
// this fills in the query and the hits. An empty or over-long query is answered on the same page,
// with a sentence saying what to type, never an error page.
import { escapeHtml } from '../records/escape.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';
import type { SiteData } from '../search/data-file.ts';
import { TYPE_LABELS } from '../records/collections.ts';
import { searchRecords } from '../search/rank.ts';
import { MAX_QUERY_CHARS } from './http.ts';

export const SEARCH_PAGE_PATH = '/search';
export const SEARCH_PAGE_FILE = 'generated/search-page.html';
/** Marks in the prerendered page: the query (in the title and the input) and the results. */
export const QUERY_MARK = '__FOLIO_SEARCH_QUERY__';
export const RESULTS_MARK = '<!--folio:search-results-->';

let template: string | undefined;
const pageTemplate = () => (template ??= readFileSync(join(process.cwd(), SEARCH_PAGE_FILE), 'utf8'));

/** `npm run dev` has no build: it hands over the page as astro dev renders it. */
export const setSearchPageTemplate = (html: string | undefined) => {
  template = html;
};


/** The results part of the page for `raw` (the q parameter as sent). */
export function searchResults(raw: string | undefined, data: SiteData): { query: string; html: string } {
  const query = (raw ?? '').trim();
  if (!query) return { query, html: '<p class="lead">Type a word or two in the search box: a project, a tool, a topic.</p>' };
  if (query.length > MAX_QUERY_CHARS) return { query: query.slice(0, MAX_QUERY_CHARS), html: `<p class="lead">That search is ${query.length} characters long; search with at most ${MAX_QUERY_CHARS}.</p>` };
  const hits = searchRecords(data, query, { limit: 50 });
  const shown = escapeHtml(query);
  if (!hits.length) return { query, html: `<p class="lead">Nothing matches “${shown}”. Try fewer or other words, or browse <a href="/projects">all projects</a>.</p>` };
  const items = hits.map(({ record: r }) => {
    const kind = r.kind === 'project' ? TYPE_LABELS[r.type].one : 'Page';
    return `<li class="rows__item"><span class="rows__year">${escapeHtml(kind)}</span><div class="rows__body"><a class="rows__title" href="${escapeHtml(r.href)}">${escapeHtml(r.title)}</a><p class="rows__detail">${escapeHtml(r.summary)}</p></div></li>`;
  });
  return { query, html: `<p class="lead" role="status">${hits.length} result${hits.length === 1 ? '' : 's'} for “${shown}”</p><ol class="rows search-results">${items.join('')}</ol>` };
}

export const searchPage = (data: () => SiteData) => (c: Context): Response => {
  const { query, html } = searchResults(c.req.query('q'), data());
  const page = pageTemplate().replaceAll(QUERY_MARK, escapeHtml(query)).replace(RESULTS_MARK, html);
  return c.html(page);
};
