// /sitemap.xml (sitemaps.org protocol 0.9): every HTML page. Twins and API paths are left out:
// a sitemap lists canonical pages, and each page names its twin itself. /sitemap.md lists the same
// pages by their twins, for an agent that reads Markdown (FO-SITEMAP-MD).
import type { Content, Page, Post, Project } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { tagGroups, TAGS_PATH } from '../records/collections.ts';
import { POSTS_PATH } from '../records/posts.ts';
import { twinPathOf } from '../routing/page-manifest.ts';
import { escapeMarkdownText } from '../records/escape.ts';

export interface SitemapEntry {
  path: string;
  /** W3C date (YYYY-MM-DD), when the content says when it changed. */
  lastmod?: string;
}

/**
 * When a listing last changed, as far as the content says: the newest `updated` (else `date`) of
 * the dated records it lists (sitemaps.org § lastmod). A listing of undated records (pages) has none.
 */
function newest(records: readonly (Project | Post | Page)[]): string | undefined {
  let last: string | undefined;
  for (const r of records) {
    const changed = 'date' in r ? (r.updated ?? r.date) : undefined;
    if (changed && (!last || changed > last)) last = changed;
  }
  return last;
}

const withLastmod = (path: string, lastmod: string | undefined): SitemapEntry => (lastmod ? { path, lastmod } : { path });

export function sitemapEntries(content: Pick<Content, 'projects' | 'pages' | 'posts' | 'resume'>): SitemapEntry[] {
  // FO-DRAFTS: a draft is loaded only under npm run dev, and is never a canonical page even there.
  const posts = content.posts.filter((p) => !p.draft);
  // An index's lastmod is its newest record's: the home page, the projects and posts indexes and
  // each tag list change when a record they list does.
  return [
    withLastmod('/', newest([...content.projects, ...posts])),
    ...(content.resume ? [{ path: content.resume.href }] : []),
    withLastmod('/projects', newest(content.projects)),
    ...content.projects.map((p) => ({ path: p.href, lastmod: p.updated ?? p.date })),
    // FO-POSTS: the posts index and each post, when the site has posts.
    ...(posts.length ? [withLastmod(POSTS_PATH, newest(posts))] : []),
    ...posts.map((p) => ({ path: p.href, lastmod: p.updated ?? p.date })),
    ...content.pages.map((p) => ({ path: p.href })),
    withLastmod(TAGS_PATH, newest([...content.projects, ...posts, ...content.pages].filter((r) => r.tags.length))),
    ...tagGroups(content).map((g) => withLastmod(g.href, newest(g.records.filter((r) => !('draft' in r && r.draft))))),
    { path: '/developers' },
    { path: '/developers/deprecation' },
  ];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function sitemapXml(content: Pick<Content, 'site' | 'projects' | 'pages' | 'posts' | 'resume'>): string {
  const urls = sitemapEntries(content).map(
    (e) => `  <url>\n    <loc>${escapeXml(absoluteUrl(content.site, e.path))}</loc>${e.lastmod ? `\n    <lastmod>${e.lastmod}</lastmod>` : ''}\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * /sitemap.md (FO-SITEMAP-MD): the sitemap's pages as a Markdown list of their twins, in the
 * sitemap's order, each with the date it last changed when the content says. Every page Folio
 * builds has a twin at its path plus `.md` (`/` at /index.md).
 */
export function sitemapMarkdown(content: Pick<Content, 'site' | 'projects' | 'pages' | 'posts' | 'resume'>): string {
  const { site } = content;
  const lines = sitemapEntries(content).map((e) => {
    const twin = absoluteUrl(site, twinPathOf(e.path));
    return `- [${e.path}](${twin})${e.lastmod ? ` (${e.lastmod})` : ''}`;
  });
  return `# Sitemap: ${escapeMarkdownText(site.name)}

> Every page of ${site.url}, by its Markdown version, with the date it last changed where the content says. The same pages as HTML, in XML: ${absoluteUrl(site, '/sitemap.xml')}. What each page is about: ${absoluteUrl(site, '/llms.txt')}.

${lines.join('\n')}
`;
}
