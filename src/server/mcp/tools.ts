// The tools. Each wraps the pure function behind its REST endpoint and validates with the same
// rules, so a tool and its endpoint give the same answers, limits, error codes and hints (PF-TOOLS,
// FO-ONE-RECORD). Argument names follow REST's, except search's `q`, which is `query` here.
import { z } from 'zod';
import { SLUG_PATTERN } from '../../records/schema.ts';
import { answer, queryText as askQueryText } from '../knowledge.ts';
import { askResponse, type AskResponse } from '../knowledge/schemas.ts';
import { queryText } from '../http.ts';
import {
  COMPARE_INVALID,
  compareProjects,
  compareSlugs,
  comparison,
  getProject,
  listProjects,
  MAX_LIMIT,
  projectDetail,
  projectList,
  PROJECT_INVALID,
  PROJECTS_INVALID,
  projectParams,
  projectsQuery,
  SEARCH_INVALID,
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
} from '../portfolio.ts';
import type { JsonResume } from '../../records/resume.ts';
import type { SiteData } from '../../search/data-file.ts';
import { type AnyTool, defineTool } from './tool-kit.ts';

// ── search_portfolio (GET /api/v1/search) ───────────────────────────────────────────────────────

/** REST's search parameters, with `q` named `query` (same rule, named for messages). */
export const searchInput = z.object({
  query: queryText.describe(searchQuery.shape.q.description ?? ''),
  type: searchQuery.shape.type,
  limit: searchQuery.shape.limit,
});
const SEARCH_TOOL_INVALID = { query: SEARCH_INVALID.q, '*': SEARCH_INVALID['*'] } as const;

const searchPortfolio = defineTool({
  name: 'search_portfolio',
  title: 'Search the portfolio',
  description:
    'Lexical search over projects, posts, pages and the résumé (the same hits as GET /api/v1/search). Order: exact title, title substring, ' +
    'tag or type, summary, then body text; typo and prefix matches last. Each hit has the page URL and its Markdown twin URL ' +
    '(readable as an MCP resource). Not semantic: use the words the records use.',
  input: searchInput,
  invalid: SEARCH_TOOL_INVALID,
  output: searchResponse,
  run: (data, { query, type, limit }) => searchHits(data, { q: query, type, limit }),
  text: searchText,
});

/** How a type filter reads in a sentence: `post` → "posts", `library` → "library projects". */
const TYPE_SCOPES: Readonly<Record<string, string>> = { post: 'posts', page: 'pages', resume: 'the résumé' };

function searchText(result: SearchResponse): string {
  const scope = result.type ? ` among ${TYPE_SCOPES[result.type] ?? `${result.type} projects`}` : '';
  if (result.hits.length === 0) return `No record matches "${result.query}"${scope}. Try other words, a broader type, or list_projects.`;
  const lines = result.hits.map(
    (h, i) => `${i + 1}. ${h.title} [${h.kind === 'project' ? h.type : h.kind} · ${h.slug}] — ${h.summary}\n   ${h.url} (Markdown: ${h.twinUrl})`,
  );
  return `${result.hits.length} hit${plural(result.hits.length)} for "${result.query}"${scope}, best first:\n${lines.join('\n')}`;
}

// ── list_projects (GET /api/v1/projects) ───────────────────────────────────────────────────────

const listProjectsTool = defineTool({
  name: 'list_projects',
  title: 'List projects',
  description:
    `Projects newest first, ${MAX_LIMIT} at most per page (the same page as GET /api/v1/projects). Active projects only unless archive is "1". ` +
    'Filter by category and type. For the next page pass nextCursor back as cursor with the same filters; nextCursor is null on the last page.',
  input: projectsQuery,
  invalid: PROJECTS_INVALID,
  output: projectList,
  run: (data, args) => listProjects(data, args),
  text: listText,
});

function listText(result: ProjectList): string {
  if (result.projects.length === 0) return `No project matches these filters (${result.total} in all).`;
  const lines = result.projects.map(
    (p) => `- ${p.slug}: ${p.title} (${p.type}, ${p.categoryLabel}, ${p.date}${p.archived ? ', archived' : ''}) — ${p.summary}`,
  );
  const more = result.nextCursor ? `More: call list_projects again with cursor "${result.nextCursor}" and the same filters.` : 'This is the last page.';
  return `${result.projects.length} of ${result.total} project${plural(result.total)}:\n${lines.join('\n')}\n${more}`;
}

// ── get_project (GET /api/v1/projects/{slug}) ──────────────────────────────────────────────────

const getProjectTool = defineTool({
  name: 'get_project',
  title: 'Get a project',
  description:
    'One project by slug (the same record as GET /api/v1/projects/{slug}): metadata, links, the write-up as Markdown, ' +
    'page and twin URLs, and up to three related projects. Archived projects are found too.',
  input: projectParams,
  invalid: PROJECT_INVALID,
  output: projectDetail,
  run: (data, { slug }) => getProject(data, slug),
  text: projectText,
});

function projectText(p: ProjectDetail): string {
  const facts = [p.type, p.categoryLabel, p.updated ? `${p.date}, updated ${p.updated}` : p.date, ...(p.archived ? ['archived'] : [])];
  const links = Object.entries(p.links).map(([k, v]) => `${k} ${v}`);
  return [
    `# ${p.title}`,
    `> ${p.summary}`,
    [
      `slug: ${p.slug} · ${facts.join(' · ')}`,
      p.tags.length ? `tags: ${p.tags.join(', ')}` : '',
      p.stack.length ? `stack: ${p.stack.join(', ')}` : '',
      links.length ? `links: ${links.join(' · ')}` : '',
      `page: ${p.url} · Markdown: ${p.twinUrl}`,
    ]
      .filter(Boolean)
      .join('\n'),
    p.body.trim(),
    p.related.length ? `Related: ${p.related.map((r) => `${r.title} (${r.slug})`).join('; ')}` : '',
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
    .min(2)
    .max(4)
    .describe('Two to four distinct project slugs, e.g. ["quarry", "tidewater"]. A comma-separated string is accepted too.'),
});

const compareProjectsTool = defineTool({
  name: 'compare_projects',
  title: 'Compare projects',
  description:
    'Two to four distinct projects side by side (the same comparison as GET /api/v1/compare): each project, what they all share ' +
    '(type, category, tags, stack) and, per project, where they differ.',
  input: compareSlugs,
  invalid: COMPARE_INVALID,
  advertised: compareInput,
  output: comparison,
  run: (data, { slugs }) => compareProjects(data, slugs),
  text: compareText,
});

function compareText(c: Comparison): string {
  const shared = [
    c.shared.type && `type ${c.shared.type}`,
    c.shared.category && `category ${c.shared.category}`,
    c.shared.tags.length ? `tags ${c.shared.tags.join(', ')}` : '',
    c.shared.stack.length ? `stack ${c.shared.stack.join(', ')}` : '',
  ].filter(Boolean);
  const differences = Object.entries(c.differences).map(
    ([field, bySlug]) =>
      `- ${field}: ${Object.entries(bySlug ?? {})
        .map(([slug, v]) => `${slug} ${Array.isArray(v) ? v.join(', ') || '(none)' : String(v)}`)
        .join('; ')}`,
  );
  return [
    `Comparing ${c.projects.map((p) => `${p.title} (${p.slug})`).join(', ')}.`,
    `Shared: ${shared.length ? shared.join('; ') : 'nothing beyond being projects'}.`,
    differences.length ? `Differences:\n${differences.join('\n')}` : 'No differences in type, category, status, dates, tags or stack.',
    c.projects.map((p) => `- ${p.slug}: ${p.summary} ${p.url}`).join('\n'),
  ].join('\n');
}

// ── list_posts (GET /api/v1/posts), get_post (GET /api/v1/posts/{slug}) — FO-POSTS ──────────────

const listPostsTool = defineTool({
  name: 'list_posts',
  title: 'List posts',
  description:
    `Published posts newest first, ${MAX_LIMIT} at most per page (the same page as GET /api/v1/posts), each with its date, tags and reading time. ` +
    'Filter by tag. For the next page pass nextCursor back as cursor with the same tag; nextCursor is null on the last page.',
  input: postsQuery,
  invalid: POSTS_INVALID,
  output: postList,
  run: (data, args) => listPosts(data, args),
  text: postsText,
});

function postsText(result: PostList): string {
  if (result.posts.length === 0) return `No post matches (${result.total} in all).`;
  const lines = result.posts.map((p) => `- ${p.slug}: ${p.title} (${p.date}, ${p.readingMinutes} min) — ${p.summary}`);
  const more = result.nextCursor ? `More: call list_posts again with cursor "${result.nextCursor}" and the same tag.` : 'This is the last page.';
  return `${result.posts.length} of ${result.total} post${plural(result.total)}:\n${lines.join('\n')}\n${more}`;
}

const getPostTool = defineTool({
  name: 'get_post',
  title: 'Get a post',
  description: 'One post by slug (the same record as GET /api/v1/posts/{slug}): date, tags, reading time, the post as Markdown, page and twin URLs.',
  input: postParams,
  invalid: POST_INVALID,
  output: postDetail,
  run: (data, { slug }) => getPost(data, slug),
  text: postText,
});

function postText(p: PostDetail): string {
  return [
    `# ${p.title}`,
    `> ${p.summary}`,
    [
      `slug: ${p.slug} · ${p.updated ? `${p.date}, updated ${p.updated}` : p.date} · ${p.readingMinutes} min read`,
      p.tags.length ? `tags: ${p.tags.join(', ')}` : '',
      `page: ${p.url} · Markdown: ${p.twinUrl}`,
    ]
      .filter(Boolean)
      .join('\n'),
    p.body.trim(),
  ]
    .filter(Boolean)
    .join('\n\n');
}

// ── get_resume (GET /api/v1/resume) — FO-RESUME ─────────────────────────────────────────────────

const getResumeTool = defineTool({
  name: 'get_resume',
  title: 'Get the résumé',
  description:
    'The résumé as a JSON Resume document (the same as GET /api/v1/resume and /resume.json): work, education, skills, languages, ' + 'and the active projects.',
  input: z.object({}),
  invalid: { '*': 'invalid_filter' },
  output: jsonResume,
  run: (data) => getResume(data),
  text: resumeText,
});

function resumeText(r: JsonResume): string {
  const span = (from?: string, to?: string) => (from ? ` (${from} – ${to ?? 'present'})` : '');
  return [
    `# ${r.basics.name}: ${r.basics.label}`,
    r.basics.summary,
    r.work.length ? `Work:\n${r.work.map((w) => `- ${w.position}, ${w.name}${span(w.startDate, w.endDate)}`).join('\n')}` : '',
    r.education.length
      ? `Education:\n${r.education.map((e) => `- ${[e.studyType, e.area].filter(Boolean).join(', ') || e.institution}${e.studyType || e.area ? `, ${e.institution}` : ''}${span(e.startDate, e.endDate)}`).join('\n')}`
      : '',
    r.skills.length ? `Skills: ${r.skills.map((s) => (s.keywords.length ? `${s.name} (${s.keywords.join(', ')})` : s.name)).join('; ')}` : '',
    r.languages.length ? `Languages: ${r.languages.map((l) => (l.fluency ? `${l.language} (${l.fluency})` : l.language)).join(', ')}` : '',
    `JSON: ${r.meta.canonical}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

// ── ask (GET/POST /ask, the knowledge side) ─────────────────────────────────────────────────────

export const askInput = z.object({ query: askQueryText });

const ask = defineTool({
  name: 'ask',
  title: 'Ask the portfolio',
  description:
    'Answers a question with the best-matching projects, posts, pages and résumé, best first, in the NLWeb v0.55 shape ' +
    '(the same answer as GET /ask?query=…). Lexical, not generative: it finds records, it does not write prose.',
  input: askInput,
  invalid: { '*': 'invalid_query' },
  output: askResponse,
  run: (data, { query }) => answer(data, query),
  text: askText,
});

function askText(result: AskResponse): string {
  if (result.results.length === 0) return `No project or page matches "${result.query}". Try other words, or list_projects.`;
  const lines = result.results.map((r, i) => `${i + 1}. ${r.name}: ${r.description}\n   ${r.url}`);
  return `${result.results.length} result${plural(result.results.length)} for "${result.query}", best first:\n${lines.join('\n')}`;
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

/**
 * The tools a site offers: the post tools only when it has posts, get_resume only when it has a
 * résumé (FO-POSTS, FO-RESUME: on a site without them nothing about them appears).
 */
export function toolsFor(data: Pick<SiteData, 'posts' | 'resume'>): readonly AnyTool[] {
  const absent = new Set([...(data.posts.length ? [] : ['list_posts', 'get_post']), ...(data.resume ? [] : ['get_resume'])]);
  return TOOLS.filter((t) => !absent.has(t.name));
}
