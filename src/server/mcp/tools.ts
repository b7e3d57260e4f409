// The tools. Each wraps the pure function behind its REST endpoint and validates with the same
// rules, so a tool and its endpoint give the same answers, limits, error codes and hints (PF-TOOLS,
// FO-ONE-RECORD). Argument names follow REST's, except search's `q`, which is `query` here.
import { z } from 'zod';
import { SLUG_PATTERN } from '../../records/schema.ts';
import { answer, askFinds, queryText as askQueryText } from '../knowledge.ts';
import { askResponse, type AskResponse } from '../knowledge/schemas.ts';
import { queryText } from '../http.ts';
import { FALLBACK_RULE, langParam } from '../language.ts';
import {
  COMPARE_INVALID,
  compareProjects,
  compareSlugs,
  comparison,
  getProject,
  listProjects,
  MAX_COMPARE,
  MAX_LIMIT,
  MIN_COMPARE,
  projectDetail,
  projectList,
  PROJECT_INVALID,
  PROJECTS_INVALID,
  RESUME_INVALID,
  projectParams,
  projectsQuery,
  SEARCH_INVALID,
  searchFinds,
  searchHits,
  searchQuery,
  searchResponse,
  type Comparison,
  type ProjectDetail,
  type ProjectList,
  type SearchResponse,
  getPost,
  getResume,
  jsonResume,
  listPosts,
  POST_INVALID,
  postDetail,
  postList,
  postParams,
  POSTS_INVALID,
  postsQuery,
  type PostDetail,
  type PostList,
  type PostSummary,
  type ProjectSummary,
  isoDate,
  postSummary,
  postSummaryOf,
  projectImage,
  projectSummary,
  projectSummaryOf,
  searchHit,
} from '../portfolio.ts';
import type { JsonResume } from '../../records/resume.ts';
import type { SiteData } from '../../search/data-file.ts';
import { type AnyTool, defineTool, type ToolNeeds } from './tool-kit.ts';
import { type Detail, detailArg, fieldLines, fieldsArg, keysOf, pick, sizedItem } from './sizing.ts';
import { PROJECT_CARD_URI } from './apps.ts';
import { projectLinkList } from '../../records/collections.ts';
import { mcpFacts } from '../../records/facts.ts';
import { escapeClientText as query, escapeMarkdownText as text, normalizeUrl as url } from '../../records/escape.ts';

// Text answers are read as Markdown by many clients: every owner string goes through the
// plain-text escaper (a client's query, echoed, through the one that links nowhere), every URL
// through the normalizer, so no title or link can open HTML or a link of its own there
// (FO-MARKDOWN-SAFE). A write-up is the owner's Markdown and stays as written; structured
// content carries every value exactly.

/** The identity fields a sized answer always keeps (FO-MCP-SIZE). */
const SLUG_ONLY = ['slug'] as const;
const HIT_IDENTITY = ['slug', 'kind'] as const;
/** Sizing arguments refused with the lists' code: they filter what comes back, like type or limit. */
const SIZE_INVALID = { detail: 'invalid_filter', fields: 'invalid_filter' } as const;

// ── search_portfolio (GET /api/v1/search) ───────────────────────────────────────────────────────

/** REST's search parameters, with `q` named `query` (same rule, named for messages). */
/**
 * A hit with `detail: "full"` (FO-MCP-SIZE): the REST hit plus what the record's list entry says —
 * dates and cover for projects and posts, category and stack for projects, reading time for posts.
 */
export const fullSearchHit = searchHit.extend({
  date: isoDate.nullable().describe('When the project started or the post was published; null for pages and the résumé.'),
  updated: isoDate.nullable().describe('Last significant update, if any; null for pages and the résumé.'),
  image: projectImage.nullable().describe('The cover image, or null.'),
  categoryLabel: projectSummary.shape.categoryLabel.optional().describe('Projects only: the category as the site names it.'),
  stack: projectSummary.shape.stack.optional().describe('Projects only: the stack.'),
  archived: projectSummary.shape.archived.optional().describe('Projects only: whether the project is archived.'),
  readingMinutes: postSummary.shape.readingMinutes.optional().describe('Posts only: minutes to read.'),
});
type FullSearchHit = z.infer<typeof fullSearchHit>;

export const searchInput = z.object({
  query: queryText.describe(searchQuery.shape.q.description ?? ''),
  type: searchQuery.shape.type,
  limit: searchQuery.shape.limit,
  lang: searchQuery.shape.lang,
  detail: detailArg('is the search hit as REST answers it', 'adds dates, cover image, category, stack and reading time', 'summary'),
  fields: fieldsArg(keysOf(fullSearchHit), HIT_IDENTITY),
});
const SEARCH_TOOL_INVALID = { query: SEARCH_INVALID.q, lang: SEARCH_INVALID.lang, ...SIZE_INVALID, '*': SEARCH_INVALID['*'] } as const;
const sizedSearch = searchResponse.extend({
  hits: z.array(sizedItem(fullSearchHit, HIT_IDENTITY)).describe('Best first: by match tier, then relevance, then slug.'),
});
type SizedSearch = z.infer<typeof sizedSearch>;

/** A search answer in the size asked for; the default is REST's answer, unchanged. */
function sizedSearchOf(data: SiteData, result: SearchResponse, detail: Detail = 'summary', fields?: readonly string[]): SizedSearch {
  if (detail === 'summary' && !fields) return result;
  const hits = result.hits.map((hit): FullSearchHit => {
    const project = hit.kind === 'project' ? projectSummaryOf(data, hit.slug) : undefined;
    const post = hit.kind === 'post' ? postSummaryOf(data, hit.slug) : undefined;
    const dated = project ?? post;
    return {
      ...hit,
      date: dated?.date ?? null,
      updated: dated?.updated ?? null,
      image: dated?.image ?? null,
      ...(project ? { categoryLabel: project.categoryLabel, stack: project.stack, archived: project.archived } : {}),
      ...(post ? { readingMinutes: post.readingMinutes } : {}),
    };
  });
  return { ...result, hits: hits.map((hit) => pick(hit, fields, HIT_IDENTITY)) };
}

const searchPortfolio = defineTool({
  name: 'search_portfolio',
  does: 'finds records by words (exact title first, then title substring, tag or type, summary, body)',
  operation: 'searchPortfolio',
  example: { query: 'search', limit: 3 },
  title: 'Search the portfolio',
  description:
    'Lexical search over projects, posts, pages and the résumé (the same hits as GET /api/v1/search). Order: exact title, title substring, ' +
    'tag or type, summary, then body text; typo and prefix matches last. Each hit has the page URL and its Markdown twin URL ' +
    `(readable as an MCP resource). Not semantic: use the words the records use. ${FALLBACK_RULE}`,
  input: searchInput,
  invalid: SEARCH_TOOL_INVALID,
  output: sizedSearch,
  ui: PROJECT_CARD_URI,
  finds: ({ query, type, limit }) => searchFinds({ q: query, type, limit }),
  run: (data, { query, type, limit, detail, fields }) => sizedSearchOf(data, searchHits(data, { q: query, type, limit }), detail, fields),
  text: (result, { fields }) =>
    fields
      ? itemsText(`${result.hits.length} hit${plural(result.hits.length)} for "${query(result.query)}"`, result.hits)
      : searchText(result as SearchResponse),
});

/** How a type filter reads in a sentence: `post` → "posts", `library` → "library projects". */
const TYPE_SCOPES: Readonly<Record<string, string>> = { post: 'posts', page: 'pages', resume: 'the résumé' };

function searchText(result: SearchResponse): string {
  const scope = result.type ? ` among ${TYPE_SCOPES[result.type] ?? `${result.type} projects`}` : '';
  if (result.hits.length === 0) return `No record matches "${query(result.query)}"${scope}. Try other words, a broader type, or list_projects.`;
  const lines = result.hits.map(
    (h, i) =>
      `${i + 1}. ${text(h.title)} [${h.kind === 'project' ? h.type : h.kind} · ${h.slug}] — ${text(h.summary)}\n   ${url(h.url)} (Markdown: ${url(h.twinUrl)})`,
  );
  return `${result.hits.length} hit${plural(result.hits.length)} for "${query(result.query)}"${scope}, best first:\n${lines.join('\n')}`;
}

// ── list_projects (GET /api/v1/projects) ───────────────────────────────────────────────────────

const listProjectsTool = defineTool({
  name: 'list_projects',
  does: 'pages through projects (pass nextCursor back as cursor, with the same filters)',
  operation: 'listProjects',
  example: { limit: 5 },
  title: 'List projects',
  description:
    `Projects newest first, ${MAX_LIMIT} at most per page (the same page as GET /api/v1/projects). Active projects only unless archive is "1". ` +
    'Filter by category and type. For the next page pass nextCursor back as cursor with the same filters; nextCursor is null on the last page.',
  input: projectsQuery.extend({
    detail: detailArg('is the list entry (no write-up)', 'is each project as get_project answers it, write-up and related projects included', 'summary'),
    fields: fieldsArg(keysOf(projectDetail), SLUG_ONLY),
  }),
  invalid: { ...PROJECTS_INVALID, ...SIZE_INVALID },
  output: projectList.extend({ projects: z.array(sizedItem(projectDetail, SLUG_ONLY)).describe('Newest first (by date), then by slug.') }),
  run: (data, { detail, fields, ...filters }) => {
    const list = listProjects(data, filters);
    if (detail !== 'full' && !fields) return list;
    // Full entries are get_project's answers; a `fields` list may name a field only those have.
    const full = list.projects.map((p) => getProject(data, p.slug));
    return { ...list, projects: full.map((p) => pick(p, fields, SLUG_ONLY)) };
  },
  text: (result, { detail, fields }) => {
    if (fields)
      return `${itemsText(`${result.projects.length} of ${result.total} project${plural(result.total)}`, result.projects)}\n${moreText('list_projects', result.nextCursor, 'filters')}`;
    const list = result as ProjectList;
    return detail === 'full' ? `${list.projects.map((p) => projectText(p as ProjectDetail)).join('\n\n---\n\n')}\n\n${listText(list)}` : listText(list);
  },
});

/** The answer cut down by `fields`, as readable lines: each item's slug, then the fields asked for. */
function itemsText(heading: string, items: readonly Record<string, unknown>[]): string {
  if (items.length === 0) return `${heading}: none.`;
  return `${heading}:\n${items.map((item) => `- ${String(item.slug)}\n${fieldLines(item)}`).join('\n')}`;
}

const moreText = (tool: string, cursor: string | null, same: string) =>
  cursor ? `More: call ${tool} again with cursor "${cursor}" and the same ${same}.` : 'This is the last page.';

function listText(result: ProjectList): string {
  if (result.projects.length === 0) return `No project matches these filters (${result.total} in all).`;
  const lines = result.projects.map(
    (p) => `- ${p.slug}: ${text(p.title)} (${p.type}, ${text(p.categoryLabel)}, ${p.date}${p.archived ? ', archived' : ''}) — ${text(p.summary)}`,
  );
  const more = moreText('list_projects', result.nextCursor, 'filters');
  return `${result.projects.length} of ${result.total} project${plural(result.total)}:\n${lines.join('\n')}\n${more}`;
}

// ── get_project (GET /api/v1/projects/{slug}) ──────────────────────────────────────────────────

const getProjectTool = defineTool({
  name: 'get_project',
  does: 'reads one project by slug',
  operation: 'getProject',
  example: { slug: 'quarry' },
  title: 'Get a project',
  description:
    'One project by slug (the same record as GET /api/v1/projects/{slug}): metadata, links, the write-up as Markdown, ' +
    'page and twin URLs, and up to three related projects. Archived projects are found too.',
  input: projectParams.extend({
    lang: langParam,
    detail: detailArg('is the list entry: no write-up, no related projects', 'adds the write-up as Markdown and the related projects', 'full'),
    fields: fieldsArg(keysOf(projectDetail), SLUG_ONLY),
  }),
  invalid: { ...PROJECT_INVALID, ...SIZE_INVALID },
  output: sizedItem(projectDetail, SLUG_ONLY),
  ui: PROJECT_CARD_URI,
  run: (data, { slug, detail, fields }) => {
    const project = getProject(data, slug);
    if (fields) return pick(project, fields, SLUG_ONLY);
    if (detail === 'summary') return projectSummary.parse(project);
    return project;
  },
  text: (result, { fields }) =>
    fields ? `Project ${String(result.slug)}:\n${fieldLines(result)}` : projectText(result as ProjectSummary & Partial<ProjectDetail>),
});

function projectText(p: ProjectSummary & Partial<ProjectDetail>): string {
  // The project's facts as the page and the twin state them (src/records/facts.ts), in English.
  const facts = mcpFacts('project', p);
  const links = projectLinkList(p).map((l) => `${text(l.label)} ${url(l.url)}`);
  return [
    `# ${text(p.title)}`,
    `> ${text(p.summary)}`,
    [
      `slug: ${p.slug} · ${facts.inline.join(' · ')}`,
      ...facts.lines,
      links.length ? `links: ${links.join(' · ')}` : '',
      `page: ${url(p.url)} · Markdown: ${url(p.twinUrl)}`,
    ]
      .filter(Boolean)
      .join('\n'),
    p.body?.trim() ?? 'Write-up left out (detail "summary"); call get_project without detail for it.',
    p.related?.length ? `Related: ${p.related.map((r) => `${text(r.title)} (${r.slug})`).join('; ')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

// ── compare_projects (GET /api/v1/compare) ─────────────────────────────────────────────────────

/**
 * REST takes `slugs` as "a,b"; a tool argument is better a list, which compareProjects accepts too
 * (so is the comma-separated string). Validation is compareProjects' own, with REST's codes.
 */
export const compareInput = z.object({
  slugs: z
    .array(z.string().regex(SLUG_PATTERN))
    .min(MIN_COMPARE)
    .max(MAX_COMPARE)
    .describe('Two to four distinct project slugs, e.g. ["quarry", "tidewater"]. A comma-separated string is accepted too.'),
});

const compareProjectsTool = defineTool({
  name: 'compare_projects',
  does: `puts ${MIN_COMPARE} to ${MAX_COMPARE} projects side by side`,
  operation: 'compareProjects',
  example: { slugs: ['quarry', 'tidewater'] },
  title: 'Compare projects',
  description:
    'Two to four distinct projects side by side (the same comparison as GET /api/v1/compare): each project, what they all share ' +
    '(type, category, tags, stack) and, per project, where they differ.',
  input: compareSlugs.extend({ lang: langParam }),
  invalid: COMPARE_INVALID,
  advertised: compareInput.extend({ lang: langParam }),
  output: comparison,
  run: (data, { slugs }) => compareProjects(data, slugs),
  text: compareText,
});

function compareText(c: Comparison): string {
  const shared = [
    c.shared.type && `type ${c.shared.type}`,
    c.shared.category && `category ${text(c.shared.category)}`,
    c.shared.tags.length ? `tags ${c.shared.tags.join(', ')}` : '',
    c.shared.stack.length ? `stack ${c.shared.stack.map(text).join(', ')}` : '',
  ].filter(Boolean);
  const differences = Object.entries(c.differences).map(
    ([field, bySlug]) =>
      `- ${field}: ${Object.entries(bySlug ?? {})
        .map(([slug, v]) => `${slug} ${Array.isArray(v) ? v.map(text).join(', ') || '(none)' : text(String(v))}`)
        .join('; ')}`,
  );
  return [
    `Comparing ${c.projects.map((p) => `${text(p.title)} (${p.slug})`).join(', ')}.`,
    `Shared: ${shared.length ? shared.join('; ') : 'nothing beyond being projects'}.`,
    differences.length ? `Differences:\n${differences.join('\n')}` : 'No differences in type, category, status, dates, tags or stack.',
    c.projects.map((p) => `- ${p.slug}: ${text(p.summary)} ${url(p.url)}`).join('\n'),
  ].join('\n');
}

// ── list_posts (GET /api/v1/posts), get_post (GET /api/v1/posts/{slug}) — FO-POSTS ──────────────

const listPostsTool = defineTool({
  name: 'list_posts',
  does: 'pages through posts, newest first',
  operation: 'listPosts',
  needs: 'posts',
  example: { limit: 1 },
  title: 'List posts',
  description:
    `Published posts newest first, ${MAX_LIMIT} at most per page (the same page as GET /api/v1/posts), each with its date, tags and reading time. ` +
    'Filter by tag. For the next page pass nextCursor back as cursor with the same tag; nextCursor is null on the last page.',
  input: postsQuery.extend({
    detail: detailArg('is the list entry (no text)', 'is each post as get_post answers it, its text included', 'summary'),
    fields: fieldsArg(keysOf(postDetail), SLUG_ONLY),
  }),
  invalid: { ...POSTS_INVALID, ...SIZE_INVALID },
  output: postList.extend({ posts: z.array(sizedItem(postDetail, SLUG_ONLY)).describe('Newest first (by date), then by slug. Never a draft.') }),
  run: (data, { detail, fields, ...filters }) => {
    const list = listPosts(data, filters);
    if (detail !== 'full' && !fields) return list;
    const full = list.posts.map((p) => getPost(data, p.slug));
    return { ...list, posts: full.map((p) => pick(p, fields, SLUG_ONLY)) };
  },
  text: (result, { detail, fields }) => {
    if (fields)
      return `${itemsText(`${result.posts.length} of ${result.total} post${plural(result.total)}`, result.posts)}\n${moreText('list_posts', result.nextCursor, 'tag')}`;
    const list = result as PostList;
    return detail === 'full' ? `${list.posts.map((p) => postText(p as PostDetail)).join('\n\n---\n\n')}\n\n${postsText(list)}` : postsText(list);
  },
});

function postsText(result: PostList): string {
  if (result.posts.length === 0) return `No post matches (${result.total} in all).`;
  const lines = result.posts.map((p) => `- ${p.slug}: ${text(p.title)} (${p.date}, ${p.readingMinutes} min) — ${text(p.summary)}`);
  const more = moreText('list_posts', result.nextCursor, 'tag');
  return `${result.posts.length} of ${result.total} post${plural(result.total)}:\n${lines.join('\n')}\n${more}`;
}

const getPostTool = defineTool({
  name: 'get_post',
  does: 'reads one post by slug',
  operation: 'getPost',
  needs: 'posts',
  example: { slug: 'measure-before-you-shard' },
  title: 'Get a post',
  description: 'One post by slug (the same record as GET /api/v1/posts/{slug}): date, tags, reading time, the post as Markdown, page and twin URLs.',
  input: postParams.extend({
    lang: langParam,
    detail: detailArg('is the list entry (no text)', 'adds the post as Markdown', 'full'),
    fields: fieldsArg(keysOf(postDetail), SLUG_ONLY),
  }),
  invalid: { ...POST_INVALID, ...SIZE_INVALID },
  output: sizedItem(postDetail, SLUG_ONLY),
  run: (data, { slug, detail, fields }) => {
    const post = getPost(data, slug);
    if (fields) return pick(post, fields, SLUG_ONLY);
    if (detail === 'summary') return postSummary.parse(post);
    return post;
  },
  text: (result, { fields }) => (fields ? `Post ${String(result.slug)}:\n${fieldLines(result)}` : postText(result as PostSummary & Partial<PostDetail>)),
});

function postText(p: PostSummary & Partial<PostDetail>): string {
  const facts = mcpFacts('post', p);
  return [
    `# ${text(p.title)}`,
    `> ${text(p.summary)}`,
    [`slug: ${p.slug} · ${facts.inline.join(' · ')}`, ...facts.lines, `page: ${url(p.url)} · Markdown: ${url(p.twinUrl)}`].filter(Boolean).join('\n'),
    p.body?.trim() ?? 'Text left out (detail "summary"); call get_post without detail for it.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

// ── get_resume (GET /api/v1/resume) — FO-RESUME ─────────────────────────────────────────────────

const getResumeTool = defineTool({
  name: 'get_resume',
  does: 'answers the résumé as a JSON Resume document',
  operation: 'getResume',
  needs: 'resume',
  example: {},
  title: 'Get the résumé',
  description:
    'The résumé as a JSON Resume document (the same as GET /api/v1/resume and /resume.json): work, education, skills, languages, ' + 'and the active projects.',
  input: z.object({ lang: langParam }),
  invalid: RESUME_INVALID,
  output: jsonResume,
  run: (data) => getResume(data),
  text: resumeText,
});

function resumeText(r: JsonResume): string {
  const span = (from?: string, to?: string) => (from ? ` (${from} – ${to ?? 'present'})` : '');
  // Each line is composed of owner text and ours, then escaped whole: our words need no escape.
  const lines = (items: string[]) => items.map((item) => `- ${text(item)}`).join('\n');
  return [
    `# ${text(`${r.basics.name}: ${r.basics.label}`)}`,
    r.basics.summary && text(r.basics.summary),
    r.work.length ? `Work:\n${lines(r.work.map((w) => `${w.position}, ${w.name}${span(w.startDate, w.endDate)}`))}` : '',
    r.education.length
      ? `Education:\n${lines(r.education.map((e) => `${[e.studyType, e.area].filter(Boolean).join(', ') || e.institution}${e.studyType || e.area ? `, ${e.institution}` : ''}${span(e.startDate, e.endDate)}`))}`
      : '',
    r.skills.length ? text(`Skills: ${r.skills.map((s) => (s.keywords.length ? `${s.name} (${s.keywords.join(', ')})` : s.name)).join('; ')}`) : '',
    r.languages.length ? text(`Languages: ${r.languages.map((l) => (l.fluency ? `${l.language} (${l.fluency})` : l.language)).join(', ')}`) : '',
    `JSON: ${url(r.meta.canonical)}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

// ── ask (GET/POST /ask, the knowledge side) ─────────────────────────────────────────────────────

export const askInput = z.object({ query: askQueryText, lang: langParam });

const ask = defineTool({
  name: 'ask',
  does: 'answers a question with the best-matching records',
  operation: 'askGet',
  example: { query: 'search library' },
  title: 'Ask the portfolio',
  description:
    'Answers a question with the best-matching projects, posts, pages and résumé, best first, in the NLWeb v0.55 shape ' +
    `(the same answer as GET /ask?query=…). Lexical, not generative: it finds records, it does not write prose. ${FALLBACK_RULE}`,
  input: askInput,
  invalid: { lang: 'unknown_language', '*': 'invalid_query' },
  output: askResponse,
  finds: ({ query }) => askFinds(query),
  run: (data, { query }) => answer(data, query),
  text: askText,
});

function askText(result: AskResponse): string {
  if (result.results.length === 0) return `No project or page matches "${query(result.query)}". Try other words, or list_projects.`;
  const lines = result.results.map((r, i) => `${i + 1}. ${text(r.name)}: ${text(r.description)}\n   ${url(r.url)}`);
  return `${result.results.length} result${plural(result.results.length)} for "${query(result.query)}", best first:\n${lines.join('\n')}`;
}

const plural = (n: number) => (n === 1 ? '' : 's');

/** Every tool; a site is served the ones its content answers (toolsFor). */
export const TOOLS: readonly AnyTool[] = [
  searchPortfolio,
  listProjectsTool,
  getProjectTool,
  compareProjectsTool,
  listPostsTool,
  getPostTool,
  getResumeTool,
  ask,
];

/** What of a site decides which tools it is served: its posts and its résumé. */
export interface ServedRecords {
  readonly posts: readonly unknown[];
  readonly resume?: unknown;
}

/** Whether a site holds the records a tool needs. */
const holds = (data: ServedRecords, needs: ToolNeeds | undefined) => needs === undefined || (needs === 'posts' ? data.posts.length > 0 : Boolean(data.resume));

/**
 * The tools a site offers: the post tools only when it has posts, get_resume only when it has a
 * résumé (FO-POSTS, FO-RESUME: on a site without them nothing about them appears).
 */
export function toolsFor(data: ServedRecords): readonly AnyTool[] {
  return TOOLS.filter((t) => holds(data, t.needs));
}

/** Whether a tool takes the size controls `detail` and `fields` (FO-MCP-SIZE). */
export const isSized = (tool: AnyTool) => 'detail' in tool.input.shape && 'fields' in tool.input.shape;
