// The small Markdown pieces every generated Markdown document is made of (twins, llms.txt, the
// search page's Markdown form): list entries, field lists, a quoted summary, blocks. A module of
// its own, with no dependencies but the URL and wording helpers: the function's search page uses it, and must
// not load the Markdown parser twins need for their bodies (src/discovery/twin.ts).
import { inSentence, languageName, type StringKey, stringsFor } from './strings.ts';
import { colon as colonOf } from './typography.ts';
import { escapeAutolink, escapeClientText, escapeLinkDestination, escapeLinkText, escapeMarkdownText } from './escape.ts';
import { absoluteUrl, localPath, mainPath, PROJECTS_TWIN } from './urls.ts';
import type { Site } from './schema.ts';

/**
 * Text that is Markdown already (a link, an autolink, a sentence of ours holding one), written as
 * it is. Every other string these helpers are given is text, owner text above all, and is escaped
 * for where it stands (FO-MARKDOWN-SAFE): a helper cannot forget to escape, only be told not to.
 */
export interface Markdown {
  readonly markdown: string;
}
export const md = (markdown: string): Markdown => ({ markdown });

/** Pieces of a line, each text or Markdown, joined by `separator` (ours, plain). */
export const joined = (separator: string, pieces: (string | Markdown | undefined)[]): Markdown =>
  md(
    pieces
      .filter((p): p is string | Markdown => Boolean(p))
      .map(inline)
      .join(separator),
  );

/** Text escaped as plain text, Markdown as it is. */
export const inline = (value: string | Markdown) => (typeof value === 'string' ? escapeMarkdownText(value) : value.markdown);

/** `[text](url)`: the text as link text, the URL as a destination. */
export const link = (text: string, url: string): Markdown => md(`[${escapeLinkText(text)}](${escapeLinkDestination(url)})`);

/** `![alt](url)`: an image, its alt text as link text. */
export const image = (alt: string, url: string): Markdown => md(`![${escapeLinkText(alt)}](${escapeLinkDestination(url)})`);

/**
 * An interface sentence as a block of its own, with `link` at its `{link}`. Folio's own wording is
 * Markdown as written (a code span); an owner's rewording (site.strings) is their text, escaped
 * like every other (FO-MARKDOWN-SAFE), so that only the link is Markdown in it.
 */
export function sentence(site: Pick<Site, 'locale'> & Partial<Pick<Site, 'strings'>>, key: StringKey, link?: Markdown): string {
  const t = stringsFor(site);
  if (site.strings?.[key] === undefined) return t(key, link ? { link: link.markdown } : {});
  // A private-use character holds the link's place: escaping leaves it alone, and it is not Markdown.
  const mark = '\uE000';
  return escapeMarkdownText(t(key, { link: mark })).replaceAll(mark, () => link?.markdown ?? '');
}

/** `# text` at `level`: the text as plain text. */
export const heading = (level: number, text: string | Markdown) => `${'#'.repeat(level)} ${inline(text)}`;

/** Text the site did not write (a client's query), as Markdown text that links nowhere (escape.ts). */
const clientText = (text: string): Markdown => md(escapeClientText(text));

/** `- [Title](url): note`, the list entry llms.txt uses; twins use the same shape. The title and note are text. */
export function entry(title: string, url: string, note?: string) {
  return `- ${link(title, url).markdown}${note ? `: ${escapeMarkdownText(oneLine(note))}` : ''}`;
}

/** `- Name: value` lines; fields without a value are left out. Names are text; a value is text or Markdown. */
export function fieldList(fields: [string, string | Markdown | undefined][], locale = 'en') {
  // FO-TYPOGRAPHY: the label's colon as the language sets it ("- Page web : …" in French, U+202F before the colon).
  const colon = colonOf(locale);
  return fields
    .filter((f): f is [string, string | Markdown] => Boolean(typeof f[1] === 'string' ? f[1] : f[1]?.markdown))
    .map(([name, value]) => `- ${escapeMarkdownText(name)}${colon} ${inline(value)}`)
    .join('\n');
}

/** `- text` lines, each text or Markdown. */
export const bulletList = (items: readonly (string | Markdown)[]) => items.map((item) => `- ${inline(item)}`).join('\n');

/** The summary as a block quote, on one line. */
export const quote = (text: string | Markdown) => `> ${typeof text === 'string' ? escapeMarkdownText(oneLine(text)) : text.markdown}`;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** An absolute URL as an autolink, `<url>`; none without a URL. */
export const autolink = (url: string | undefined): Markdown | undefined => (url ? md(escapeAutolink(url)) : undefined);

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
export const opening = (site: Pick<Site, 'url'> & Partial<Pick<Site, 'locale' | 'strings' | 'base'>>, summary: string | Markdown) =>
  `${quote(summary)}\n\n${sentence(site.locale ? (site as Pick<Site, 'locale' | 'strings'>) : ENGLISH_SITE, 'twinSiteIndex', link('llms.txt', absoluteUrl(site, `${site.base ?? ''}/llms.txt`)))}`;

/** Developer documents (the deprecation policy) are English, whatever the site's locale (docs/decisions.md § Interface language). */
const ENGLISH_SITE = { locale: 'en' };

/**
 * The lines every twin ends its fields with: on a site in several languages, the twin's language
 * (and that its record is not translated) and its versions in the other languages (FO-I18N); then
 * the owner's Content Signals (contentsignals.org), its label in the site's language
 * (FO-LANGUAGE), its values the spec's words.
 */
export const siteFields = (
  site: Pick<Site, 'contentSignal' | 'locale'> & Partial<Pick<Site, 'strings' | 'base' | 'languages'>>,
  href?: (path: string) => string,
  twin?: string,
  textLang?: string,
): [string, string | Markdown][] => {
  const t = stringsFor(site);
  const signals: [string, string] = [
    t('twinContentSignals'),
    Object.entries(site.contentSignal)
      .map(([use, answer]) => `${use}=${answer}`)
      .join(', '),
  ];
  const languages = site.languages ?? [];
  if (!href || !twin || languages.length < 2) return [signals];
  const base = site.base ?? '';
  // The twin's path in the main language: /en/projects/x.md → /projects/x.md, /en.md (a home) → /index.md.
  const bare = mainPath({ base }, twin) ?? twin;
  const name = (lang: string) => languageName(lang, site.locale);
  const others = languages.filter((l) => l.base !== base);
  return [
    [t('twinLanguage'), textLang ? t('twinNotTranslated', { language: name(textLang) }) : name(site.locale)],
    [
      t('twinOtherLanguages'),
      joined(
        ', ',
        others.map((l) => link(`${name(l.lang)} (${l.lang})`, href(localPath(l, bare)))),
      ),
    ],
    signals,
  ];
};

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
  // The heading and the summary hold the client's query: escaped whole, linking nowhere (FO-MARKDOWN-SAFE).
  const summary = clientText(note ?? (hits.length ? `${t('searchResults', { n: hits.length, query })}.` : t('twinSearchNothing', { query })));
  const page = `${absoluteUrl(site, localPath(site, '/search'))}${query ? `?q=${encodeURIComponent(query)}` : ''}`;
  return document([
    heading(1, clientText(query ? t('twinSearchTitle', { query }) : t('searchTitle'))),
    opening(site, summary),
    fieldList(
      [
        [t('twinWebPage'), autolink(page)],
        [t('twinAllProjects'), link(t('navProjects'), absoluteUrl(site, localPath(site, PROJECTS_TWIN)))],
        ...siteFields(site, (p) => absoluteUrl(site, p), localPath(site, '/search.md')),
      ],
      t.locale,
    ),
    hits.map((h) => entry(h.title, absoluteUrl(site, h.twin), `${h.summary} (${inSentence(t, h.kind)})`)).join('\n'),
  ]);
}
