// PROVISIONAL: a minimal CatalogResponse builder (knowledge spec § CatalogResponse) so the protected
// read works before the knowledge engineer's `catalog(data, page, limit, mode)` lands on main. It has
// the same signature on purpose; once theirs exists, delete this file and import theirs.
import { z } from 'zod';
import type { Page, Project, Site } from '../../records/schema.ts';
import { PUBLIC_READ_SCOPE } from './public-read.ts';

export type CatalogMode = 'sandbox' | 'public-read';
type CatalogData = { site: Pick<Site, 'url' | 'summary'>; pages: Pick<Page, 'title' | 'href' | 'summary'>[]; projects: Pick<Project, 'title' | 'href' | 'summary'>[] };

/** DESIGN.md § Pagination: `page` ≥ 1 (default 1), `limit` 1–100 (default 50). */
export const catalogQuery = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  limit: z.coerce.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(50),
});

// No `.meta({ id })` yet: the knowledge engineer's schema will own the id `CatalogResponse`, and two
// schemas with one id make zod's JSON Schema conversion fail.
export const provisionalCatalogResponse = z.object({
  sandbox: z.boolean(),
  mode: z.string(),
  notice: z.string().optional(),
  resource: z.url(),
  scope: z.string(),
  summary: z.string(),
  pages: z.array(z.object({ name: z.string(), url: z.url(), description: z.string() })),
  pagination: z.object({ page: z.int(), limit: z.int(), total: z.int(), has_more: z.boolean(), next_page: z.int().nullable() }),
});
export type CatalogResponse = z.infer<typeof provisionalCatalogResponse>;

/** The profile summary and one page of the public page list: the site's pages, then its projects. */
export function provisionalCatalog(data: CatalogData, page: number, limit: number, mode: CatalogMode): CatalogResponse {
  const all = [...data.pages, ...data.projects].map((r) => ({ name: r.title, url: `${data.site.url}${r.href}`, description: r.summary }));
  const start = (page - 1) * limit;
  const hasMore = start + limit < all.length;
  return {
    sandbox: mode === 'sandbox',
    mode,
    resource: `${data.site.url}${mode === 'sandbox' ? '/api/v1/sandbox' : '/api/v1'}`,
    scope: PUBLIC_READ_SCOPE,
    summary: data.site.summary,
    pages: all.slice(start, start + limit),
    pagination: { page, limit, total: all.length, has_more: hasMore, next_page: hasMore ? page + 1 : null },
  };
}
