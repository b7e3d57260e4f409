// /sitemap.xml (sitemaps.org protocol 0.9): every HTML page. Twins and API paths are left out:
// a sitemap lists canonical pages, and each page names its twin itself.
import type { Content } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { tagGroups, TAGS_PATH } from '../records/collections.ts';
import { POSTS_PATH } from '../records/posts.ts';

export interface SitemapEntry {
  path: string;
  /** W3C date (YYYY-MM-DD), when the content says when it changed. */
  lastmod?: string;
}

export function sitemapEntries(content: Pick<Content, 'projects' | 'pages' | 'posts' | 'resume'>): SitemapEntry[] {
  // FO-DRAFTS: a draft is loaded only under npm run dev, and is never a canonical page even there.
  const posts = content.posts.filter((p) => !p.draft);
  return [
    { path: '/' },
    ...(content.resume ? [{ path: content.resume.href }] : []),
    { path: '/projects' },
    ...content.projects.map((p) => ({ path: p.href, lastmod: p.updated ?? p.date })),
    // FO-POSTS: the posts index and each post, when the site has posts.
    ...(posts.length ? [{ path: POSTS_PATH, lastmod: posts[0]!.updated ?? posts[0]!.date }] : []),
    ...posts.map((p) => ({ path: p.href, lastmod: p.updated ?? p.date })),
    ...content.pages.map((p) => ({ path: p.href })),
    { path: TAGS_PATH },
    ...tagGroups(content).map((g) => ({ path: g.href })),
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
