// The portfolio's domain functions: REST handlers and MCP tools call these, so both answer the
// same codes and hints. Each validates its own input (MCP arguments arrive unchecked); bad input
// throws an ApiError. What they need from the data is made once per loaded data file, and kept on
// it (SiteData.kept, src/server/kept.ts).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type ContentImage, servedImage } from '../../images/images.ts';
import { SLUG_PATTERN, type Site } from '../../records/schema.ts';
import { absoluteUrl } from '../../records/urls.ts';
import type { ProjectRecord as Project, SiteData } from '../../search/data-file.ts';
import { recordType, searchRecords, type Hit } from '../../search/rank.ts';
import { ApiError } from '../errors.ts';
import { recordLang } from '../language.ts';
import { answerBytes, hitViews } from '../kept.ts';
import { jsonBytes } from '../http.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import {
  contentFieldsOf,
  isoDate,
  PROJECT_CONTENT_KEYS,
  type projectsQuery,
  typesFor,
  type searchQuery,
  type Comparison,
  type ProjectDetail,
  type ProjectList,
  type ProjectSummary,
  type relatedProject,
  type SearchHit,
  type SearchResponse,
} from './schemas.ts';

type Related = z.infer<typeof relatedProject>;

/** What the functions need from the projects, made once per loaded data file (SiteData.kept.projects). */
export interface KeptProjects {
  /** Newest first, then slug: the one list order. Sorted here, not trusted from the file. */
  ordered: Project[];
  bySlug: Map<string, Project>;
  /** Filtered lists, by filter fingerprint; bounded by the number of valid filter combinations. */
  lists: Map<string, Project[]>;
  related: Map<string, Related[]>;
}

/** Newest first, then slug (code-unit order, the same in every locale). */
const listOrder = (a: Project, b: Project) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

const kept = (data: SiteData): KeptProjects =>
  (data.kept.projects ??= {
    ordered: [...data.projects].sort(listOrder),
    bySlug: new Map(data.projects.map((x) => [x.slug, x])),
    lists: new Map(),
    related: new Map(),
  });

function summaryOf(site: Site, p: Project): ProjectSummary {
  // The front-matter fields the API answers as written (projectFromContent), then the ones it adds or reshapes.
  return {
    slug: p.slug,
    ...contentFieldsOf(p, PROJECT_CONTENT_KEYS),
    categoryLabel: site.categories[p.category] ?? p.category,
    updated: p.updated ?? null,
    links: { ...p.links },
    href: p.href,
    twin: p.twin,
    url: absoluteUrl(site, p.href),
    twinUrl: absoluteUrl(site, p.twin),
    image: p.cover ? coverOf(site, p.cover) : null,
    ...recordLang(site, p),
  };
}

function coverOf(site: Site, cover: ContentImage) {
  const file = servedImage(cover).agent;
  return { url: absoluteUrl(site, file.path), alt: cover.alt, width: file.width, height: file.height };
}

// ---------------------------------------------------------------------------------------------
// Domain functions: REST handlers and MCP tools call these with input their edge has validated
// (the route's schemas, the tool's: src/server/mcp/tool-kit.ts), typed by those schemas. What only
// the data can tell (an unknown slug, a category the site lacks, a stale cursor) throws an ApiError.

export type SearchInput = z.output<typeof searchQuery>;
export type ProjectsInput = z.output<typeof projectsQuery>;

/** GET /api/v1/search. */
export function searchHits(data: SiteData, query: SearchInput): SearchResponse {
  return searchAnswer(data, hitsFor(data, query), query);
}

const hitsFor = (data: SiteData, { q, type, limit }: Pick<SearchInput, 'q' | 'type' | 'limit'>) => {
  checkType(data, type, 'search');
  return searchRecords(data, q, { type, limit });
};

/**
 * FO-TYPES: `type` names one of the site's types (built in or declared in site.md), which the
 * schema cannot list (schemas.ts withSiteTypes); another is `invalid_filter`, naming them all.
 */
function checkType(data: SiteData, type: string | undefined, list: 'project' | 'search') {
  if (type === undefined) return;
  const allowed = typesFor(data.site, list);
  if (!allowed.includes(type))
    throw new ApiError('invalid_filter', { message: `type must be one of ${allowed.join(', ')}.`, hint: 'Use one of those, or leave type out.' });
}

/** Whether a search finds anything in a language's data: what FO-SEARCH-FALLBACK tries each language with (language.ts dataFinding). */
export const searchFinds =
  (query: Pick<SearchInput, 'q' | 'type' | 'limit'>) =>
  (data: SiteData): boolean =>
    hitsFor(data, query).length > 0;

const searchAnswer = (data: SiteData, hits: readonly Hit[], { q, type, limit }: SearchInput): SearchResponse => ({
  query: q,
  type: type ?? null,
  limit,
  hits: hits.map((hit) => searchHitOf(data, hit)),
});

/**
 * The REST answer, from a query the route has validated against `searchQuery` already: serialized
 * once per kept answer (its query, type and limit are the answer's key).
 */
export function searchBody(data: SiteData, query: SearchInput): Uint8Array<ArrayBuffer> {
  const hits = hitsFor(data, query);
  const bytes = answerBytes(data, hits);
  return (bytes.rest ??= jsonBytes(searchAnswer(data, hits, query)));
}

/** One search hit as REST answers it (also for MCP, so every surface shows hits alike): made once per kept hit, frozen. */
function searchHitOf(data: SiteData, hit: Hit): SearchHit {
  const views = hitViews(data, hit);
  if (views.rest) return views.rest;
  const { record: r, score, match } = hit;
  const { site } = data;
  return (views.rest = Object.freeze({
    slug: r.slug,
    kind: r.kind,
    type: recordType(r),
    title: r.title,
    summary: r.summary,
    tags: [...r.tags],
    href: r.href,
    twin: r.twin,
    url: absoluteUrl(site, r.href),
    twinUrl: absoluteUrl(site, r.twin),
    score,
    match,
    ...recordLang(site, r),
  }) as SearchHit);
}

const cursorPayload = z.object({ v: z.literal(1), f: z.string(), d: isoDate, s: z.string().regex(SLUG_PATTERN) });

/** GET /api/v1/projects: active projects (all with archive=1), newest first, in pages bound to their filters. */
export function listProjects(data: SiteData, { category, type, archive, cursor, limit }: ProjectsInput): ProjectList {
  checkType(data, type, 'project');
  if (category !== undefined && !Object.hasOwn(data.site.categories, category)) {
    throw new ApiError('invalid_filter', {
      message: `category: unknown category "${category}".`,
      hint: `Use one of ${Object.keys(data.site.categories).join(', ')}, or leave category out.`,
    });
  }
  const archived = archive === '1';
  // The filters a cursor is bound to; limit is not one of them, so a client may change page size.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([category ?? null, type ?? null, archived]))
    .digest('base64url')
    .slice(0, 10);
  const { ordered, lists } = kept(data);
  let list = lists.get(fingerprint);
  if (!list) {
    list = ordered.filter((p) => (archived || !p.archived) && (category === undefined || p.category === category) && (type === undefined || p.type === type));
    lists.set(fingerprint, list);
  }
  let start = 0;
  if (cursor !== undefined) {
    const after = decodeCursor(cursor, cursorPayload);
    if (after.f !== fingerprint) {
      throw new ApiError('invalid_cursor', { message: 'cursor: it belongs to a request with other filters (category, type or archive).' });
    }
    // Keyset, not offset: the cursor names the last project shown, so a redeploy that adds or
    // removes projects neither repeats nor skips any on the next page.
    start = firstAfter(list, after.d, after.s);
  }
  const page = list.slice(start, start + limit);
  const last = page.at(-1);
  const nextCursor = last && start + page.length < list.length ? encodeCursor({ v: 1, f: fingerprint, d: last.date, s: last.slug }) : null;
  return { projects: page.map((p) => summaryOf(data.site, p)), total: list.length, nextCursor };
}

/** Index of the first project after (date, slug) in list order, by binary search. */
function firstAfter(list: Project[], date: string, slug: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const p = list[mid]!;
    if (p.date < date || (p.date === date && p.slug > slug)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** One project's list entry by slug, or undefined: what a sized MCP answer adds to a search hit (FO-MCP-SIZE). */
export function projectSummaryOf(data: SiteData, slug: string): ProjectSummary | undefined {
  const project = findProject(data, slug);
  return project && summaryOf(data.site, project);
}

function findProject(data: SiteData, slug: string): Project | undefined {
  return kept(data).bySlug.get(slug);
}

/** GET /api/v1/projects/{slug}: the whole record with its related projects. */
export function getProject(data: SiteData, slug: string): ProjectDetail {
  const project = findProject(data, slug);
  if (!project) throw new ApiError('not_found', { message: `No project has the slug "${slug}".` });
  return { ...summaryOf(data.site, project), body: data.bodyOf(project), related: relatedTo(data, project) };
}

/**
 * The related projects the build scored (DataFile.related): the same projects, in the same order,
 * as the project's page and twin list. What each shares with the project is read off the two records.
 */
function relatedTo(data: SiteData, project: Project): Related[] {
  const { bySlug, related } = kept(data);
  let list = related.get(project.slug);
  if (!list) {
    const tags = new Set(project.tags);
    list = data.relatedOf(project.slug).flatMap((slug) => {
      const p = bySlug.get(slug);
      if (!p) return [];
      return [
        {
          slug: p.slug,
          title: p.title,
          summary: p.summary,
          href: p.href,
          url: absoluteUrl(data.site, p.href),
          sharedTags: p.tags.filter((t) => tags.has(t)),
          sameCategory: p.category === project.category,
          ...recordLang(data.site, p),
        },
      ];
    });
    related.set(project.slug, list);
  }
  return list.map((r) => ({ ...r, sharedTags: [...r.sharedTags] }));
}

/** GET /api/v1/compare: 2 to 4 distinct projects side by side, as `compareSlugs` has read them. */
export function compareProjects(data: SiteData, list: readonly string[]): Comparison {
  const unknown = list.filter((s) => !findProject(data, s));
  if (unknown.length) {
    throw new ApiError('not_found', { message: `No project has the slug ${unknown.map((s) => `"${s}"`).join(' or ')}.` });
  }
  const projects = list.map((s) => findProject(data, s)!);
  const common = <T>(values: T[][]) => values[0]!.filter((v) => values.every((vs) => vs.includes(v)));
  const same = <T>(values: T[]) => values.every((v) => v === values[0]);
  const perSlug = <T>(value: (p: Project) => T) => Object.fromEntries(projects.map((p) => [p.slug, value(p)]));
  const sharedTags = common(projects.map((p) => p.tags));
  const sharedStack = common(projects.map((p) => p.stack));

  const differences: Comparison['differences'] = {};
  if (!same(projects.map((p) => p.type))) differences.type = perSlug((p) => p.type);
  if (!same(projects.map((p) => p.category))) differences.category = perSlug((p) => p.category);
  if (!same(projects.map((p) => p.archived))) differences.archived = perSlug((p) => p.archived);
  if (!same(projects.map((p) => p.date))) differences.date = perSlug((p) => p.date);
  if (!same(projects.map((p) => p.updated ?? null))) differences.updated = perSlug((p) => p.updated ?? null);
  if (projects.some((p) => p.tags.length !== sharedTags.length)) differences.tags = perSlug((p) => p.tags.filter((t) => !sharedTags.includes(t)));
  if (projects.some((p) => p.stack.length !== sharedStack.length)) differences.stack = perSlug((p) => p.stack.filter((s) => !sharedStack.includes(s)));

  return {
    slugs: [...list],
    projects: projects.map((p) => summaryOf(data.site, p)),
    shared: {
      type: same(projects.map((p) => p.type)) ? projects[0]!.type : null,
      category: same(projects.map((p) => p.category)) ? projects[0]!.category : null,
      tags: sharedTags,
      stack: sharedStack,
    },
    differences,
  };
}
