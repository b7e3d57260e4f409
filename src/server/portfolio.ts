// The portfolio REST API (portfolio spec § Endpoints): search, projects, one project, compare,
// and the unversioned aliases. The domain functions (searchHits, listProjects, getProject,
// compareProjects) hold every rule and validate their own input, so the MCP tools that call them
// answer the same codes and hints as REST; the routes only add HTTP.
import { agentImage, type ContentImage } from '../images/images.ts';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PROJECT_TYPES, SLUG_PATTERN, type Project, type Site } from '../records/schema.ts';
import type { SiteData } from '../search/data-file.ts';
import { MATCH_TIERS, onceEach, recordType, searchRecords, type Hit } from '../search/rank.ts';
import { ApiError, type ErrorCode } from './errors.ts';
import { json, jsonBytes, jsonOfBytes, queryInt, queryText, validate } from './http.ts';
import { decodeCursor, encodeCursor, MAX_CURSOR_CHARS } from './cursor.ts';
import { defineRoute, type RouteSpec } from './route.ts';
import { siteData } from './data.ts';
import { absoluteUrl } from '../records/urls.ts';

// ---------------------------------------------------------------------------------------------
// Input schemas: the routes' query/params, and what the domain functions accept from MCP.

/** What `type` can filter search by: a project type, or `page`. */
export const SEARCH_TYPES = [...PROJECT_TYPES, 'page'] as const;

/** docs/decisions.md § Limits and portfolio spec § Limits: page size 1 to 20, for search as for lists. */
export const MAX_LIMIT = 20;
export const DEFAULT_LIMIT = 10;

const slugText = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`) })
    .regex(SLUG_PATTERN, `${name} must be lowercase a-z, 0-9 and inner hyphens, 1 to 60 characters`);

export const searchQuery = z.object({
  q: queryText('q').describe('Search text, 1 to 500 characters after trimming. Case, extra whitespace and diacritics are ignored.'),
  type: z
    .enum(SEARCH_TYPES, { error: `type must be one of ${SEARCH_TYPES.join(', ')}` })
    .optional()
    .describe('Only records of this type: a project type, or `page`.'),
  limit: queryInt('limit', 1, MAX_LIMIT, DEFAULT_LIMIT).describe(`Most hits to return, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`),
});

export const projectsQuery = z.object({
  category: z.string({ error: 'category must be text' }).optional().describe('Only projects in this category: a key of `categories` in the site config.'),
  type: z
    .enum(PROJECT_TYPES, { error: `type must be one of ${PROJECT_TYPES.join(', ')}` })
    .optional()
    .describe('Only projects of this type.'),
  archive: z
    .preprocess((v) => (v === true ? '1' : v === false ? '0' : v), z.enum(['0', '1'], { error: 'archive must be 1 (include archived projects) or 0' }))
    .optional()
    .describe('`1` includes archived projects; by default only active ones are listed.'),
  cursor: z
    .string({ error: 'cursor must be text' })
    .max(MAX_CURSOR_CHARS, 'cursor: not a cursor this API returned')
    .optional()
    .describe('`nextCursor` of the previous page, unchanged. Valid only with the same category, type and archive; limit may change.'),
  limit: queryInt('limit', 1, MAX_LIMIT, DEFAULT_LIMIT).describe(`Projects per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`),
});

export const projectParams = z.object({ slug: slugText('slug').describe("The project's slug, as listed by GET /api/v1/projects.") });

export const compareQuery = z.object({
  slugs: z
    .string({ error: 'slugs is required: 2 to 4 comma-separated project slugs' })
    .describe('Two to four distinct project slugs, comma-separated, e.g. `quarry,tidewater`.'),
});

/** Which error code a validation failure of each parameter maps to (portfolio spec § Errors). */
export const SEARCH_INVALID = { q: 'invalid_query', '*': 'invalid_filter' } as const satisfies Record<string, ErrorCode>;
export const PROJECTS_INVALID = { cursor: 'invalid_cursor', '*': 'invalid_filter' } as const satisfies Record<string, ErrorCode>;
export const PROJECT_INVALID = { '*': 'invalid_slug' } as const satisfies Record<string, ErrorCode>;
export const COMPARE_INVALID = { '*': 'invalid_compare' } as const satisfies Record<string, ErrorCode>;

// ---------------------------------------------------------------------------------------------
// Response schemas (ids name them in openapi.json).

const path = (what: string) => z.string().regex(/^\//, 'a site path starting with /').describe(what);
const absolute = (what: string) => z.url().describe(what);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const searchHit = z
  .object({
    slug: z.string(),
    kind: z.enum(['project', 'page']),
    type: z.enum(SEARCH_TYPES).describe('The project type, or `page`.'),
    title: z.string(),
    summary: z.string(),
    tags: z.array(z.string()),
    href: path('Site path of the page; append `.md` for its Markdown twin.'),
    twin: path('Site path of the Markdown twin.'),
    url: absolute('Absolute URL of the page.'),
    twinUrl: absolute('Absolute URL of the Markdown twin.'),
    score: z.number().describe('MiniSearch relevance (BM25). Compare scores only within one `match` tier.'),
    match: z
      .enum(MATCH_TIERS)
      .describe(
        'Why the record matched, best first: `title` (the title is the query), `title_substring` (the title contains the query or each of its words), ' +
          '`tag`, `type` or `category` (one tier: a query word is exactly a tag word, the type or a category word), `summary`, `body` ' +
          '(a query word is exactly a word there), `fuzzy` (only a prefix or a typo matched; always last).',
      ),
  })
  .meta({ id: 'SearchHit' });

export const searchResponse = z
  .object({
    query: z.string().describe('The query as searched (trimmed).'),
    type: z.enum(SEARCH_TYPES).nullable(),
    limit: z.int(),
    hits: z.array(searchHit).describe('Best first: by match tier, then relevance, then slug.'),
  })
  .meta({ id: 'SearchResponse' });

const projectLinks = z.object({ repo: z.url().optional(), demo: z.url().optional(), docs: z.url().optional() }).meta({ id: 'ProjectLinks' });

const projectImage = z
  .object({
    url: absolute('Absolute URL of the cover image (WebP, at most 1280 pixels wide; SVG as published).'),
    alt: z.string().describe('What the image shows.'),
    width: z.int().describe('Width of the file at `url`, in pixels.'),
    height: z.int().describe('Height of the file at `url`, in pixels.'),
  })
  .meta({ id: 'ProjectImage' });

export const projectSummary = z
  .object({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    type: z.enum(PROJECT_TYPES),
    category: z.string(),
    categoryLabel: z.string().describe('The category as the site names it.'),
    tags: z.array(z.string()),
    archived: z.boolean(),
    date: isoDate.describe('When the project started or shipped (YYYY-MM-DD).'),
    updated: isoDate.nullable().describe('Last significant update (YYYY-MM-DD), if any.'),
    stack: z.array(z.string()),
    links: projectLinks,
    href: path('Site path of the project page; append `.md` for its Markdown twin.'),
    twin: path('Site path of the Markdown twin.'),
    url: absolute('Absolute URL of the project page.'),
    twinUrl: absolute('Absolute URL of the Markdown twin.'),
    image: projectImage.nullable().describe('The cover image, or null when the project has none.'),
  })
  .meta({ id: 'ProjectSummary' });

export const projectList = z
  .object({
    projects: z.array(projectSummary).describe('Newest first (by date), then by slug.'),
    total: z.int().describe('Projects matching the filters, over all pages.'),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
  })
  .meta({ id: 'ProjectList' });

export const relatedProject = z
  .object({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    href: path('Site path of the project page.'),
    url: absolute('Absolute URL of the project page.'),
    sharedTags: z.array(z.string()),
    sameCategory: z.boolean(),
  })
  .meta({ id: 'RelatedProject' });

export const projectDetail = projectSummary
  .extend({
    body: z.string().describe('The project write-up, as Markdown.'),
    related: z.array(relatedProject).describe('Up to three active projects sharing the most tags (two points each) and the category (one point); ties by date, then slug.'),
  })
  .meta({ id: 'Project' });

const bySlug = <T extends z.ZodType>(value: T) => z.record(z.string(), value);

export const comparison = z
  .object({
    slugs: z.array(z.string()),
    projects: z.array(projectSummary).describe('Side by side, in the order asked.'),
    shared: z
      .object({
        type: z.enum(PROJECT_TYPES).nullable().describe('The type, if all projects have the same one.'),
        category: z.string().nullable().describe('The category, if all projects have the same one.'),
        tags: z.array(z.string()).describe('Tags every project has.'),
        stack: z.array(z.string()).describe('Stack entries every project has.'),
      })
      .describe('What all compared projects have in common.'),
    differences: z
      .object({
        type: bySlug(z.enum(PROJECT_TYPES)).optional(),
        category: bySlug(z.string()).optional(),
        archived: bySlug(z.boolean()).optional(),
        date: bySlug(z.string()).optional(),
        updated: bySlug(z.string().nullable()).optional(),
        tags: bySlug(z.array(z.string())).optional().describe('Each project\'s tags beyond the shared ones.'),
        stack: bySlug(z.array(z.string())).optional().describe('Each project\'s stack beyond the shared entries.'),
      })
      .describe('Only the fields whose values are not all equal, each as a value per slug.'),
  })
  .meta({ id: 'Comparison' });

export type SearchResponse = z.infer<typeof searchResponse>;
export type ProjectSummary = z.infer<typeof projectSummary>;
export type ProjectList = z.infer<typeof projectList>;
export type ProjectDetail = z.infer<typeof projectDetail>;
export type Comparison = z.infer<typeof comparison>;

// ---------------------------------------------------------------------------------------------
// What the functions need from the data, computed once per loaded data file and never per request.

type Related = z.infer<typeof relatedProject>;

interface Prepared {
  /** Newest first, then slug: the one list order. Sorted here, not trusted from the file. */
  ordered: Project[];
  bySlug: Map<string, Project>;
  /** Filtered lists, by filter fingerprint; bounded by the number of valid filter combinations. */
  lists: Map<string, Project[]>;
  related: Map<string, Related[]>;
}

const preparedByData = new WeakMap<SiteData, Prepared>();

/** Newest first, then slug (code-unit order, the same in every locale). */
const listOrder = (a: Project, b: Project) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

function prepared(data: SiteData): Prepared {
  let p = preparedByData.get(data);
  if (!p) {
    p = { ordered: [...data.projects].sort(listOrder), bySlug: new Map(data.projects.map((x) => [x.slug, x])), lists: new Map(), related: new Map() };
    preparedByData.set(data, p);
  }
  return p;
}


function summaryOf(site: Site, p: Project): ProjectSummary {
  return {
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    type: p.type,
    category: p.category,
    categoryLabel: site.categories[p.category] ?? p.category,
    tags: [...p.tags],
    archived: p.archived,
    date: p.date,
    updated: p.updated ?? null,
    stack: [...p.stack],
    links: { ...p.links },
    href: p.href,
    twin: p.twin,
    url: absoluteUrl(site, p.href),
    twinUrl: absoluteUrl(site, p.twin),
    image: p.cover ? coverOf(site, p.cover) : null,
  };
}

function coverOf(site: Site, cover: ContentImage) {
  const file = agentImage(cover);
  return { url: absoluteUrl(site, file.path), alt: cover.alt, width: file.width, height: file.height };
}

// ---------------------------------------------------------------------------------------------
// Domain functions: REST handlers and MCP tools call these. Bad input throws an ApiError.

type SearchInput = z.output<typeof searchQuery>;

/** GET /api/v1/search. */
export function searchHits(data: SiteData, input: unknown): SearchResponse {
  const query = validate(searchQuery, input, SEARCH_INVALID);
  return searchAnswer(hitsFor(data, query), data.site, query);
}

const hitsFor = (data: SiteData, { q, type, limit }: SearchInput) => searchRecords(data, q, { type, limit });

const searchAnswer = (hits: readonly Hit[], site: Site, { q, type, limit }: SearchInput): SearchResponse => ({
  query: q,
  type: type ?? null,
  limit,
  hits: hits.map((hit) => searchHitOf(hit, site)),
});

/** The REST body of GET /api/v1/search, serialized once per answer (see onceEach). */
const searchBytes = onceEach((hits: readonly Hit[], site: Site, query: SearchInput) => jsonBytes(searchAnswer(hits, site, query)));

/** The REST answer, from a query the route has validated against `searchQuery` already. */
function searchBody(data: SiteData, query: SearchInput): Uint8Array<ArrayBuffer> {
  return searchBytes(hitsFor(data, query), data.site, query);
}

/** One search hit as REST answers it (also for /ask and MCP, so every surface shows hits alike). */
export const searchHitOf = onceEach(({ record: r, score, match }: Hit, site: Site): z.infer<typeof searchHit> => ({
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
}));

const cursorPayload = z.object({ v: z.literal(1), f: z.string(), d: isoDate, s: z.string().regex(SLUG_PATTERN) });

/** GET /api/v1/projects: active projects (all with archive=1), newest first, in pages bound to their filters. */
export function listProjects(data: SiteData, input: unknown = {}): ProjectList {
  const { category, type, archive, cursor, limit } = validate(projectsQuery, input, PROJECTS_INVALID);
  if (category !== undefined && !Object.hasOwn(data.site.categories, category)) {
    throw new ApiError('invalid_filter', {
      message: `category: unknown category "${category}".`,
      hint: `Use one of ${Object.keys(data.site.categories).join(', ')}, or leave category out.`,
    });
  }
  const archived = archive === '1';
  // The filters a cursor is bound to; limit is not one of them, so a client may change page size.
  const fingerprint = createHash('sha256').update(JSON.stringify([category ?? null, type ?? null, archived])).digest('base64url').slice(0, 10);
  const { ordered, lists } = prepared(data);
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

function findProject(data: SiteData, slug: string): Project | undefined {
  return prepared(data).bySlug.get(slug);
}

/** GET /api/v1/projects/{slug}: the whole record with its related projects. */
export function getProject(data: SiteData, slug: unknown): ProjectDetail {
  const { slug: valid } = validate(projectParams, { slug }, PROJECT_INVALID);
  const project = findProject(data, valid);
  if (!project) throw new ApiError('not_found', { message: `No project has the slug "${valid}".` });
  return { ...summaryOf(data.site, project), body: project.body, related: relatedTo(data, project) };
}

/** Deterministic: two points per shared tag, one for the same category; ties by date, then slug. */
function relatedTo(data: SiteData, project: Project): Related[] {
  const { ordered, related } = prepared(data);
  let list = related.get(project.slug);
  if (!list) {
    const tags = new Set(project.tags);
    list = ordered
      .filter((p) => p.slug !== project.slug && !p.archived)
      .map((p) => {
        const sharedTags = p.tags.filter((t) => tags.has(t));
        const sameCategory = p.category === project.category;
        return { p, sharedTags, sameCategory, score: 2 * sharedTags.length + (sameCategory ? 1 : 0) };
      })
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || listOrder(a.p, b.p))
      .slice(0, 3)
      .map(({ p, sharedTags, sameCategory }) => ({
        slug: p.slug,
        title: p.title,
        summary: p.summary,
        href: p.href,
        url: absoluteUrl(data.site, p.href),
        sharedTags,
        sameCategory,
      }));
    related.set(project.slug, list);
  }
  return list.map((r) => ({ ...r, sharedTags: [...r.sharedTags] }));
}

/** GET /api/v1/compare: 2 to 4 distinct projects side by side (`slugs` as "a,b" or, from MCP, a list). */
export function compareProjects(data: SiteData, slugs: unknown): Comparison {
  const list = typeof slugs === 'string' ? slugs.split(',').map((s) => s.trim()) : slugs;
  if (!Array.isArray(list) || !list.every((s): s is string => typeof s === 'string')) {
    throw new ApiError('invalid_compare', { message: 'slugs: send 2 to 4 comma-separated project slugs.' });
  }
  if (list.length < 2 || list.length > 4) {
    throw new ApiError('invalid_compare', { message: `slugs: got ${list.length} slug${list.length === 1 ? '' : 's'}; compare takes 2 to 4.` });
  }
  const malformed = list.find((s) => !SLUG_PATTERN.test(s));
  if (malformed !== undefined) {
    throw new ApiError('invalid_slug', { message: malformed ? `slugs: "${malformed}" is not a slug.` : 'slugs: one of the slugs is empty.' });
  }
  const repeated = list.find((s, i) => list.indexOf(s) !== i);
  if (repeated) throw new ApiError('invalid_compare', { message: `slugs: "${repeated}" is listed twice; compare distinct projects.` });
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
    slugs: list,
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

// ---------------------------------------------------------------------------------------------
// Routes.

/** Errors every portfolio route can answer besides its own. */
const COMMON_ERRORS: ErrorCode[] = ['method_not_allowed', 'rate_limited'];
const RESPONSE_HEADERS = ['Cache-Control', 'ETag', 'Vary', 'RateLimit-Policy', 'RateLimit'];
const NOT_MODIFIED = { 304: { description: 'Not modified: If-None-Match matched the ETag of the current build.', headers: RESPONSE_HEADERS } };

const shared = { tag: 'portfolio', policy: 'portfolio', cors: 'site', cache: 'public', version: 'v1' } as const;

const v1Routes: RouteSpec[] = [
  defineRoute({
    ...shared,
    method: 'GET',
    path: '/api/v1/search',
    operationId: 'searchPortfolio',
    summary: 'Search projects and pages',
    description:
      'Lexical search. Order: exact title, title substring, tag or type, summary, body text; typo and prefix matches come last. ' +
      'Within a tier: relevance (BM25), then slug. Case, extra whitespace and diacritics are ignored.',
    query: searchQuery,
    invalid: SEARCH_INVALID,
    responses: { 200: { description: 'Search hits, best first.', schema: searchResponse, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_query', 'invalid_filter', ...COMMON_ERRORS],
    handler: (_c, { query }) => jsonOfBytes(searchBody(siteData(), query)),
  }),
  defineRoute({
    ...shared,
    method: 'GET',
    path: '/api/v1/projects',
    operationId: 'listProjects',
    summary: 'List projects',
    description: 'Active projects (all with archive=1), newest first then by slug, a page at a time. Follow nextCursor with the same filters.',
    query: projectsQuery,
    invalid: PROJECTS_INVALID,
    responses: { 200: { description: 'One page of projects.', schema: projectList, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_filter', 'invalid_cursor', ...COMMON_ERRORS],
    handler: (_c, { query }) => json(listProjects(siteData(), query)),
  }),
  defineRoute({
    ...shared,
    method: 'GET',
    path: '/api/v1/projects/{slug}',
    operationId: 'getProject',
    summary: 'Get one project',
    description: 'The whole record: metadata, links, the body as Markdown, page and twin URLs, and related projects.',
    params: projectParams,
    invalid: PROJECT_INVALID,
    responses: { 200: { description: 'The project.', schema: projectDetail, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_slug', 'not_found', ...COMMON_ERRORS],
    handler: (_c, { params }) => json(getProject(siteData(), params.slug)),
  }),
  defineRoute({
    ...shared,
    method: 'GET',
    path: '/api/v1/compare',
    operationId: 'compareProjects',
    summary: 'Compare projects',
    description: 'Two to four distinct projects side by side, with what they share and where they differ.',
    query: compareQuery,
    invalid: COMPARE_INVALID,
    responses: { 200: { description: 'The comparison.', schema: comparison, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_compare', 'invalid_slug', 'not_found', ...COMMON_ERRORS],
    handler: (_c, { query }) => json(compareProjects(siteData(), query.slugs)),
  }),
];

/** Unversioned aliases of v1 (portfolio spec § Versioning): same handler, schemas and policy. */
export const ALIASES: Readonly<Record<string, string>> = {
  searchPortfolio: '/api/search',
  listProjects: '/api/projects',
  getProject: '/api/projects/{slug}',
};

export const portfolioRoutes: RouteSpec[] = [
  ...v1Routes,
  ...v1Routes.flatMap((r) => {
    const alias = ALIASES[r.operationId];
    return alias ? [{ ...r, path: alias, operationId: `${r.operationId}Unversioned`, aliasOf: r.operationId }] : [];
  }),
];
