// The catalog of the site's public pages, served open by the sandbox (GET /api/v1/sandbox) and
// behind the public-read token by GET /api/v1 (KQ-SANDBOX, KQ-PROTECTED: the token's scope covers
// the same public pages as the sandbox). One builder, so the two can never disagree.
import { allOf } from '../../records/words.ts';
import { POSTS_PATH } from '../../records/posts.ts';
import type { SiteData } from '../../search/data-file.ts';
import { absoluteUrl } from '../../records/urls.ts';
import type { CatalogResponse } from './schemas.ts';

export type CatalogMode = CatalogResponse['mode'];
/** Only the records are needed, so the build (auth.md's examples) can call it without an index. */
type CatalogData = Pick<SiteData, 'site' | 'projects' | 'pages'> & Partial<Pick<SiteData, 'posts' | 'resume'>>;

/**
 * The public pages are the site's HTML pages about its owner, in reading order: the home page, the
 * projects index, every project (archived ones too; they keep their pages), newest first, the
 * posts index and every post, newest first (FO-POSTS), every page from content/pages in its
 * declared order, then the résumé (FO-RESUME). A site without posts or a résumé lists neither. Developer docs and machine files (llms.txt,
 * openapi.json) are about the API rather than the person, and are listed in /llms.txt instead.
 */
export function publicPages(data: CatalogData): CatalogResponse['pages'] {
  const { site, projects, pages, posts = [], resume } = data;
  const entry = (r: { title: string; href: string; summary: string }) => ({ name: r.title, url: absoluteUrl(data.site, r.href), description: r.summary });
  return [
    { name: site.name, url: absoluteUrl(data.site, '/'), description: site.headline },
    { name: 'Projects', url: absoluteUrl(data.site, '/projects'), description: `${allOf(projects.length, 'project', 'projects')} by ${site.name}.` },
    ...projects.map(entry),
    ...(posts.length
      ? [
          { name: 'Writing', url: absoluteUrl(data.site, POSTS_PATH), description: `${allOf(posts.length, 'post', 'posts')} by ${site.name}.` },
          ...posts.map(entry),
        ]
      : []),
    ...pages.map(entry),
    ...(resume ? [entry(resume)] : []),
  ];
}

const NOTICES: Record<CatalogMode, string> = {
  sandbox:
    'Sandbox: the public pages the knowledge:read scope covers, open without a token. GET /api/v1 serves the same catalog after the public-read flow in /auth.md.',
  'public-read': 'Public-read access: every page here is public; the token only marks completed discovery.',
};

const RESOURCES: Record<CatalogMode, string> = { sandbox: '/api/v1/sandbox', 'public-read': '/api/v1' };

/** One page of the catalog; `page` and `limit` are validated by `pageQuery` (page ≥ 1, limit 1–100). */
export function catalog(data: CatalogData, page: number, limit: number, mode: CatalogMode): CatalogResponse {
  const all = publicPages(data);
  const start = (page - 1) * limit;
  const hasMore = start + limit < all.length;
  return {
    sandbox: mode === 'sandbox',
    mode,
    notice: NOTICES[mode],
    resource: absoluteUrl(data.site, RESOURCES[mode]),
    scope: 'knowledge:read',
    summary: data.site.summary,
    pages: all.slice(start, start + limit),
    pagination: { page, limit, total: all.length, has_more: hasMore, next_page: hasMore ? page + 1 : null },
  };
}
