// /sitemap.xml (sitemaps.org protocol 0.9): every HTML page, in every language. Twins and API paths
// are left out: a sitemap lists canonical pages, and each page names its twin itself. On a site in
// several languages each page lists its versions as xhtml:link alternates (Google's hreflang in
// sitemaps), as the page's own <link rel="alternate" hreflang> do (FO-I18N). /sitemap.md lists the
// same pages by their twins, for an agent that reads Markdown (FO-SITEMAP-MD).
import type { Content } from '../records/schema.ts';
import { absoluteUrl, localPath, mainPath } from '../records/urls.ts';
import { lastChanged, tagGroups, TAGS_PATH } from '../records/collections.ts';
import { POSTS_PATH } from '../records/posts.ts';
import { twinPathOf } from '../routing/page-manifest.ts';
import { escapeMarkdownText } from '../records/escape.ts';

export interface SitemapEntry {
  path: string;
  /** W3C date (YYYY-MM-DD), when the content says when it changed. */
  lastmod?: string;
}

const withLastmod = (path: string, lastmod: string | undefined): SitemapEntry => (lastmod ? { path, lastmod } : { path });

export function sitemapEntries(content: Pick<Content, 'site' | 'projects' | 'pages' | 'posts' | 'resume'>): SitemapEntry[] {
  // FO-DRAFTS: a draft is loaded only under npm run dev, and is never a canonical page even there.
  const posts = content.posts.filter((p) => !p.draft);
  const local = (path: string) => localPath(content.site, path);
  const groups = tagGroups(content, content.site.base);
  // An index's lastmod is its newest record's (lastChanged): the home page, the projects and posts
  // indexes and each tag list change when a record they list does. A twin's front matter says the same.
  return [
    withLastmod(local('/'), lastChanged([...content.projects, ...posts])),
    ...(content.resume ? [{ path: content.resume.href }] : []),
    withLastmod(local('/projects'), lastChanged(content.projects)),
    ...content.projects.map((p) => ({ path: p.href, lastmod: p.updated ?? p.date })),
    // FO-POSTS: the posts index and each post, when the site has posts.
    ...(posts.length ? [withLastmod(local(POSTS_PATH), lastChanged(posts))] : []),
    ...posts.map((p) => ({ path: p.href, lastmod: p.updated ?? p.date })),
    ...content.pages.map((p) => ({ path: p.href })),
    withLastmod(local(TAGS_PATH), lastChanged(groups.flatMap((g) => g.records))),
    ...groups.map((g) => withLastmod(g.href, lastChanged(g.records))),
    // The developer pages are in English, once (docs/decisions.md § Interface language).
    ...(content.site.base ? [] : [{ path: '/developers' }, { path: '/developers/deprecation' }]),
  ];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Every language's pages, the main language's content first (load.ts loadLanguages). */
export function sitemapXml(languages: readonly Pick<Content, 'site' | 'projects' | 'pages' | 'posts' | 'resume'>[]): string {
  const several = languages.length > 1;
  const urls = languages.flatMap((content) =>
    sitemapEntries(content).map((e) => {
      const loc = `    <loc>${escapeXml(absoluteUrl(content.site, e.path))}</loc>`;
      const lastmod = e.lastmod ? `\n    <lastmod>${e.lastmod}</lastmod>` : '';
      const bare = mainPath(content.site, e.path) ?? e.path;
      const versions =
        several && !e.path.startsWith('/developers')
          ? [...languages.map((c) => ({ lang: c.site.locale, path: localPath(c.site, bare) })), { lang: 'x-default', path: bare }]
          : [];
      const alternates = versions
        .map((v) => `\n    <xhtml:link rel="alternate" hreflang="${escapeXml(v.lang)}" href="${escapeXml(absoluteUrl(content.site, v.path))}"/>`)
        .join('');
      return `  <url>\n${loc}${lastmod}${alternates}\n  </url>`;
    }),
  );
  const xhtml = several ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * /sitemap.md (FO-SITEMAP-MD): the sitemap's pages as a Markdown list of their twins (every page
 * Folio builds has one at its path plus `.md`, `/` at /index.md), in the sitemap's order and every
 * language, each with the date it last changed when the content says.
 */
export function sitemapMarkdown(languages: readonly Pick<Content, 'site' | 'projects' | 'pages' | 'posts' | 'resume'>[]): string {
  const { site } = languages[0]!;
  const lines = languages.flatMap((content) =>
    sitemapEntries(content).map((e) => `- [${e.path}](${absoluteUrl(content.site, twinPathOf(e.path))})${e.lastmod ? ` (${e.lastmod})` : ''}`),
  );
  return `# Sitemap: ${escapeMarkdownText(site.name)}

> Every page of ${site.url}, by its Markdown version, with the date it last changed where the content says. The same pages as HTML, in XML: ${absoluteUrl(site, '/sitemap.xml')}. What each page is about: ${absoluteUrl(site, '/llms.txt')}.

${lines.join('\n')}
`;
}
