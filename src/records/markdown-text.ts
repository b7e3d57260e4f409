// The small Markdown pieces every generated Markdown document is made of (twins, llms.txt, the
// search page's Markdown form): list entries, field lists, a quoted summary, blocks. A module of
// its own, with no dependencies but the URL and wording helpers: the function's search page uses it, and must
// not load the Markdown parser twins need for their bodies (twin.ts).
import { inSentence, stringsFor } from './strings.ts';
import { escapeMarkdown } from './escape.ts';
import { absoluteUrl, PROJECTS_TWIN } from './urls.ts';
import type { Site } from './schema.ts';

/** `- [Title](url): note`, the list entry llms.txt uses; twins use the same shape. */
export function entry(title: string, url: string, note?: string) {
  return `- [${escapeText(title)}](${url})${note ? `: ${oneLine(note)}` : ''}`;
}

/** `- Name: value` lines; fields without a value are left out. */
export function fieldList(fields: [string, string | undefined][]) {
  return fields
    .filter((f): f is [string, string] => Boolean(f[1]))
    .map(([name, value]) => `- ${name}: ${value}`)
    .join('\n');
}

export const quote = (text: string) => `> ${oneLine(text)}`;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
export const autolink = (url: string | undefined) => url && `<${url}>`;
/** Link text is Markdown: a `[` or `]` in a title would end the link early. */
export const escapeText = (text: string) => text.replace(/([\\[\]])/g, '\\$1');

/** Blocks separated by one blank line; empty blocks dropped; one trailing newline. */
export function document(blocks: string[]) {
  return `${blocks
    .map((b) => b.trim())
    .filter(Boolean)
    .join('\n\n')}\n`;
}

/**
 * How every twin opens, after its title: the summary, then where the index of the whole site is,
 * before any image or facts list, so an agent that lands on one twin finds the rest from its first
 * lines (afdocs looks for the llms.txt pointer near the top).
 */
export const opening = (site: Pick<Site, 'url'> & Partial<Pick<Site, 'locale' | 'strings'>>, summary: string) =>
  `${quote(summary)}\n\n${stringsFor(site.locale ? (site as Pick<Site, 'locale' | 'strings'>) : ENGLISH_SITE)('twinSiteIndex', { link: `[llms.txt](${absoluteUrl(site, '/llms.txt')})` })}`;

/** Developer documents (the deprecation policy) are English, whatever the site's locale (docs/decisions.md § Interface language). */
const ENGLISH_SITE = { locale: 'en' };

/** The line every twin ends its fields with: the owner's Content Signals. */
export const siteFields = (site: Pick<Site, 'contentSignal'>): [string, string][] => [
  [
    'Content signals',
    Object.entries(site.contentSignal)
      .map(([use, answer]) => `${use}=${answer}`)
      .join(', '),
  ],
];

/** One hit of the search page's Markdown form. */
export interface SearchHit {
  title: string;
  twin: string;
  summary: string;
  /** What the record is, e.g. `Library` or `Page`. */
  kind: string;
}

/**
 * The search page's Markdown form (`/search.md?q=`): the hits for a query, each linking its twin
 * by absolute URL, or `note` when there is nothing to list (an empty query, a refusal). The query
 * is the client's text: escaped, so it cannot add a link or a heading of its own.
 */
export function searchTwin(site: Site, query: string, hits: SearchHit[], note?: string): string {
  const t = stringsFor(site);
  const shown = escapeMarkdown(query);
  const summary = note ?? (hits.length ? `${t('searchResults', { n: hits.length, query: shown })}.` : t('twinSearchNothing', { query: shown }));
  const page = `${absoluteUrl(site, '/search')}${query ? `?q=${encodeURIComponent(query)}` : ''}`;
  return document([
    `# ${query ? t('twinSearchTitle', { query: shown }) : t('searchTitle')}`,
    opening(site, summary),
    fieldList([[t('twinWebPage'), autolink(page)], [t('twinAllProjects'), `[${t('navProjects')}](${absoluteUrl(site, PROJECTS_TWIN)})`], ...siteFields(site)]),
    hits.map((h) => entry(h.title, absoluteUrl(site, h.twin), `${h.summary} (${inSentence(t, h.kind)})`)).join('\n'),
  ]);
}
