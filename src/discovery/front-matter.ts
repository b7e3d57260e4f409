// FO-TWIN-FRONT-MATTER: the YAML front matter a served twin opens with, so an agent that keeps only
// the file still knows what it is, where it belongs and how fresh it is (the facts an agent cites
// by). The twin's body stays as it was: `# Title`, the summary, the field list. Written by js-yaml
// with every value double-quoted (YAML 1.2 § 7.3.1), never by string joining: a title may hold a
// colon, a quote, `#` or `---`, and a date left plain would be read back as a timestamp.
import { dump } from 'js-yaml';
import { markdownInertYaml } from '../records/escape.ts';

export interface FrontMatter {
  title: string;
  description: string;
  /** The page's absolute URL (the page's own `<link rel="canonical">`). */
  canonical: string;
  /** BCP 47 tag of the text (the site's locale, or a record's own `lang`: FO-I18N). */
  lang: string;
  /** A record's date, as its content gives it (YYYY-MM-DD). */
  date?: string;
  /** When the page last changed as far as the content says: the sitemap's `<lastmod>` for it. */
  lastmod?: string;
}

/** `---`, the fields in a fixed order (those without a value left out), `---`, a blank line. */
export function frontMatterBlock(fields: FrontMatter): string {
  const ordered = Object.fromEntries(
    (['title', 'description', 'canonical', 'lang', 'date', 'lastmod'] as const).flatMap((key) => (fields[key] === undefined ? [] : [[key, fields[key]]])),
  );
  return `---\n${markdownInertYaml(dump(ordered, { lineWidth: -1, forceQuotes: true, quotingType: '"' }))}---\n\n`;
}

/** `markdown` with its front matter on top. */
export const withFrontMatter = (fields: FrontMatter, markdown: string) => frontMatterBlock(fields) + markdown;

/**
 * A Markdown document without its front matter: what the tests compare a served twin's text by.
 * A document without front matter is returned as it is.
 */
export function withoutFrontMatter(markdown: string): string {
  const end = markdown.startsWith('---\n') ? markdown.indexOf('\n---\n', 3) : -1;
  return end < 0 ? markdown : markdown.slice(end + 5).replace(/^\n/, '');
}
