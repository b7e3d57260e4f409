// The portfolio REST API: search (PF-SEARCH), projects (PF-PROJECTS), one project (PF-PROJECT),
// compare (PF-COMPARE), posts and one post (FO-POSTS), the résumé (FO-RESUME), and the unversioned
// aliases (PF-ALIASES). The domain functions
// (portfolio/projects.ts) hold every rule, so the MCP tools that call them answer the same codes
// and hints as REST; the routes only add HTTP.
import type { ErrorCode } from './errors.ts';
import { FALLBACK_RULE } from './language.ts';
import { json, jsonOfBytes, validate } from './http.ts';
import { defineRoute, type RouteSpec } from './route.ts';
import { compareProjects, getProject, listProjects, searchBody, searchFinds } from './portfolio/projects.ts';
import { getPost, getResume, listPosts } from './portfolio/posts.ts';
import {
  jsonResume,
  langQuery,
  POST_INVALID,
  RESUME_INVALID,
  postDetail,
  postList,
  postParams,
  POSTS_INVALID,
  postsQuery,
  COMPARE_INVALID,
  compareQuery,
  compareSlugs,
  comparison,
  PROJECT_INVALID,
  projectDetail,
  projectList,
  projectParams,
  PROJECTS_INVALID,
  projectsQuery,
  SEARCH_INVALID,
  searchQuery,
  searchResponse,
} from './portfolio/schemas.ts';

export * from './portfolio/schemas.ts';
export { compareProjects, getProject, listProjects, projectSummaryOf, searchFinds, searchHits } from './portfolio/projects.ts';
export { getPost, getResume, listPosts, postSummaryOf } from './portfolio/posts.ts';

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
    example: { query: { q: 'rust' }, status: 200 },
    summary: 'Search projects, posts, pages and the résumé',
    description:
      'Lexical search. Order: exact title, title substring, tag or type, summary, body text; typo and prefix matches come last. ' +
      `Within a tier: relevance (BM25), then slug. Case, extra whitespace and diacritics are ignored; words are stemmed, and a title holding each query word's stem (in a compound too) is a title substring. ${FALLBACK_RULE}`,
    query: searchQuery,
    invalid: SEARCH_INVALID,
    responses: { 200: { description: 'Search hits, best first.', schema: searchResponse, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_query', 'invalid_filter', ...COMMON_ERRORS],
    finds: ({ query }) => searchFinds(query),
    handler: (_c, { query, data }) => jsonOfBytes(searchBody(data, query)),
  }),
  defineRoute({
    ...shared,
    method: 'GET',
    path: '/api/v1/projects',
    operationId: 'listProjects',
    example: { query: { limit: '2' }, status: 200 },
    summary: 'List projects',
    description: 'Active projects (all with archive=1), newest first then by slug, a page at a time. Follow nextCursor with the same filters.',
    query: projectsQuery,
    invalid: PROJECTS_INVALID,
    responses: { 200: { description: 'One page of projects.', schema: projectList, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_filter', 'invalid_cursor', ...COMMON_ERRORS],
    handler: (_c, { query, data }) => json(listProjects(data, query)),
  }),
  defineRoute({
    ...shared,
    method: 'GET',
    path: '/api/v1/projects/{slug}',
    operationId: 'getProject',
    example: { params: { slug: 'quarry' }, status: 200 },
    summary: 'Get one project',
    description: 'The whole record: metadata, links, the body as Markdown, page and twin URLs, and related projects.',
    params: projectParams,
    query: langQuery,
    invalid: PROJECT_INVALID,
    responses: { 200: { description: 'The project.', schema: projectDetail, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_slug', 'invalid_filter', 'not_found', ...COMMON_ERRORS],
    handler: (_c, { params, data }) => json(getProject(data, params.slug)),
  }),
  defineRoute({
    ...shared,
    method: 'GET',
    path: '/api/v1/compare',
    operationId: 'compareProjects',
    example: { query: { slugs: 'quarry,tidewater' }, status: 200 },
    summary: 'Compare projects',
    description: 'Two to four distinct projects side by side, with what they share and where they differ.',
    query: compareQuery,
    invalid: COMPARE_INVALID,
    responses: { 200: { description: 'The comparison.', schema: comparison, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_compare', 'invalid_slug', 'invalid_filter', 'not_found', ...COMMON_ERRORS],
    // The route's schema says `slugs` is text; its list (2 to 4 distinct slugs) is read here, at the edge.
    handler: (_c, { query, data }) => json(compareProjects(data, validate(compareSlugs, query, COMPARE_INVALID).slugs)),
  }),
  defineRoute({
    ...shared,
    method: 'GET',
    path: '/api/v1/posts',
    operationId: 'listPosts',
    example: { query: { limit: '2' }, status: 200 },
    summary: 'List posts',
    description:
      'Published posts (never drafts), newest first then by slug, a page at a time. Follow nextCursor with the same tag. ' +
      'A site without posts answers an empty list.',
    query: postsQuery,
    invalid: POSTS_INVALID,
    responses: { 200: { description: 'One page of posts.', schema: postList, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_filter', 'invalid_cursor', ...COMMON_ERRORS],
    handler: (_c, { query, data }) => json(listPosts(data, query)),
  }),
  defineRoute({
    ...shared,
    method: 'GET',
    path: '/api/v1/posts/{slug}',
    operationId: 'getPost',
    example: { params: { slug: 'measure-before-you-shard' }, status: 200 },
    summary: 'Get one post',
    description: 'The whole post: metadata, reading time, the body as Markdown, page and twin URLs.',
    params: postParams,
    query: langQuery,
    invalid: POST_INVALID,
    responses: { 200: { description: 'The post.', schema: postDetail, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_slug', 'invalid_filter', 'not_found', ...COMMON_ERRORS],
    handler: (_c, { params, data }) => json(getPost(data, params.slug)),
  }),
  defineRoute({
    ...shared,
    method: 'GET',
    path: '/api/v1/resume',
    operationId: 'getResume',
    example: { status: 200 },
    summary: 'Get the résumé',
    description: 'The résumé as a JSON Resume document, the same as /resume.json. A site without a résumé answers 404 `not_found`.',
    query: langQuery,
    invalid: RESUME_INVALID,
    responses: { 200: { description: 'The JSON Resume document.', schema: jsonResume, headers: RESPONSE_HEADERS }, ...NOT_MODIFIED },
    errors: ['invalid_filter', 'not_found', ...COMMON_ERRORS],
    handler: (_c, { data }) => json(getResume(data)),
  }),
];

/** Unversioned aliases of v1 (PF-ALIASES; docs/decisions.md § Versioning): same handler, schemas and policy. */
export const ALIASES: Readonly<Record<string, string>> = {
  searchPortfolio: '/api/search',
  listProjects: '/api/projects',
  getProject: '/api/projects/{slug}',
  listPosts: '/api/posts',
  getPost: '/api/posts/{slug}',
  getResume: '/api/resume',
};

export const portfolioRoutes: RouteSpec[] = [
  ...v1Routes,
  ...v1Routes.flatMap((r) => {
    const alias = ALIASES[r.operationId];
    return alias ? [{ ...r, path: alias, operationId: `${r.operationId}Unversioned`, aliasOf: r.operationId }] : [];
  }),
];
