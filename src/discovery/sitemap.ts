// /sitemap.xml (sitemaps.org protocol 0.9): every HTML page. Twins and API paths are left out:
// a sitemap lists canonical pages, and each page names its twin itself.
import type { Content } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { tagGroups, TAGS_PATH } from '../records/collections.ts';

export interface SitemapEntry {
  path: string;
  /** W3C date (YYYY-MM-DD), when the content says when it changed. */
  lastmod?: string;
}

export function sitemapEntries(content: Pick<Content, 'projects' | 'pages'>): SitemapEntry[] {
  return [
    { path: '/' },
    { path: '/projects' },
    ...content.projects.map((p) => ({ path: p.href, lastmod: p.updated ?? p.date })),
    ...content.pages.map((p) => ({ path: p.href })),
    { path: TAGS_PATH },
    ...tagGroups(content).map((g) => ({ path: g.href })),
    { path: '/developers' },
    { path: '/developers/deprecation' },
  ];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function sitemapXml(content: Pick<Content, 'site' | 'projects' | 'pages'>): string {
  const urls = sitemapEntries(content).map(
    (e) => `  <url>\n    <loc>${escapeXml(absoluteUrl(content.site, e.path))}</loc>${e.lastmod ? `\n    <lastmod>${e.lastmod}</lastmod>` : ''}\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
