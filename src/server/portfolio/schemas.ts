// The portfolio API's schemas (PF-SEARCH, PF-PROJECTS, PF-PROJECT, PF-COMPARE): the routes' input,
// which the MCP tools accept too, and the answers, whose `.meta({ id })` names them in openapi.json.
import { z } from 'zod';
import { postFields, projectFields, resumeFrontMatter, type Site, siteTypes, SLUG_PATTERN } from '../../records/schema.ts';
import { MATCH_TIERS } from '../../search/rank.ts';
import type { ErrorCode } from '../errors.ts';
import { queryInt, queryText } from '../http.ts';
import { MAX_CURSOR_CHARS } from '../cursor.ts';
import { langField, langParam } from '../language.ts';
// Input schemas: the routes' query/params, and what the domain functions accept from MCP.

/** The kinds `type` can filter search by beside the site's project types (FO-POSTS, FO-RESUME). */
export const OTHER_SEARCH_TYPES = ['post', 'page', 'resume'] as const;

/**
 * FO-TYPES: a project's type is one of the site's (built-in or declared in site.md, siteTypes), so a
 * schema here cannot list them: a `type` value is marked with this JSON Schema keyword, and
 * withSiteTypes writes the site's list as its `enum` wherever a schema is published (openapi.json,
 * MCP's tools/list). The domain functions refuse a type not in the list (projects.ts checkType).
 */
const SITE_TYPES_KEYWORD = 'x-folio-types';
type TypeList = 'project' | 'search';
const siteTypeField = (list: TypeList) => z.string({ error: 'type must be text' }).meta({ [SITE_TYPES_KEYWORD]: list });

/** What a `type` may name on this site: its project types (siteTypes), and for search `post`, `page`, `resume` too. */
export const typesFor = (site: Pick<Site, 'types'>, list: TypeList): readonly string[] =>
  list === 'project' ? siteTypes(site) : [...siteTypes(site), ...OTHER_SEARCH_TYPES];

/**
 * A published JSON Schema (or a document holding them) with the site's types as each marked
 * value's `enum` (FO-TYPES): a new object, the input untouched, the marker gone.
 */
export function withSiteTypes<T>(schema: T, site: Pick<Site, 'types'>): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const { [SITE_TYPES_KEYWORD]: list, ...rest } = value as Record<string, unknown>;
    const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, walk(v)]));
    return list === 'project' || list === 'search' ? { ...out, enum: [...typesFor(site, list)] } : out;
  };
  return walk(schema) as T;
}
/** What a search hit is: `kind` says which list it comes from. */
export const RECORD_KINDS = ['project', 'post', 'page', 'resume'] as const;

/** PF-PROJECTS: page size 1 to 20, for search as for lists. */
export const MAX_LIMIT = 20;
export const DEFAULT_LIMIT = 10;

const slugText = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`) })
    .regex(SLUG_PATTERN, `${name} must be lowercase a-z, 0-9 and inner hyphens, 1 to 60 characters`);

export const searchQuery = z.object({
  q: queryText.describe('Search text, 1 to 500 characters after trimming. Case, extra whitespace and diacritics are ignored.'),
  type: siteTypeField('search').optional().describe('Only records of this type: a project type of the site, or `post`, `page`, `resume`.'),
  limit: queryInt('limit', 1, MAX_LIMIT, DEFAULT_LIMIT).describe(`Most hits to return, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`),
  lang: langParam,
});

export const projectsQuery = z.object({
  category: z.string({ error: 'category must be text' }).optional().describe('Only projects in this category: a key of `categories` in the site config.'),
  type: siteTypeField('project').optional().describe("Only projects of this type: one of the site's project types."),
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
  lang: langParam,
});

/** FO-I18N: the query of a route that reads one record (or the résumé): only its language. */
export const langQuery = z.object({ lang: langParam });

export const projectParams = z.object({ slug: slugText('slug').describe("The project's slug, as listed by GET /api/v1/projects.") });

/** FO-POSTS: a tag as content writes them (kebab-case), so a malformed one is refused before any lookup. */
const TAG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const postsQuery = z.object({
  tag: z
    .string({ error: 'tag must be text' })
    .regex(TAG_PATTERN, 'tag must be a kebab-case tag such as "databases"')
    .max(60, 'tag must be at most 60 characters')
    .optional()
    .describe('Only posts with this tag. A tag no post carries is `invalid_filter`; its hint lists the tags posts carry.'),
  cursor: z
    .string({ error: 'cursor must be text' })
    .max(MAX_CURSOR_CHARS, 'cursor: not a cursor this API returned')
    .optional()
    .describe('`nextCursor` of the previous page, unchanged. Valid only with the same tag; limit may change.'),
  limit: queryInt('limit', 1, MAX_LIMIT, DEFAULT_LIMIT).describe(`Posts per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`),
  lang: langParam,
});

export const postParams = z.object({ slug: slugText('slug').describe("The post's slug, as listed by GET /api/v1/posts.") });

export const compareQuery = z.object({
  slugs: z
    .string({ error: 'slugs is required: 2 to 4 comma-separated project slugs' })
    .describe('Two to four distinct project slugs, comma-separated, e.g. `quarry,tidewater`.'),
  lang: langParam,
});

/**
 * Compare's rule (docs/decisions.md § Compare): 2 to 4 distinct slugs, from REST's "a,b" or an MCP
 * list. A malformed slug is `invalid_slug` (the issue names its code); every other failure is
 * `invalid_compare`. The checks run in order, so each request gets the first thing wrong with it.
 */
/** How many projects compare takes: at least, at most. */
export const MIN_COMPARE = 2;
export const MAX_COMPARE = 4;

export const compareSlugs = z.object({
  slugs: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()) : v),
    z.array(z.string(), { error: `send ${MIN_COMPARE} to ${MAX_COMPARE} comma-separated project slugs` }).superRefine((list, ctx) => {
      if (list.length < MIN_COMPARE || list.length > MAX_COMPARE) {
        return ctx.addIssue({
          code: 'custom',
          message: `got ${list.length} slug${list.length === 1 ? '' : 's'}; compare takes ${MIN_COMPARE} to ${MAX_COMPARE}`,
        });
      }
      const malformed = list.find((s) => !SLUG_PATTERN.test(s));
      if (malformed !== undefined) {
        return ctx.addIssue({
          code: 'custom',
          message: malformed ? `"${malformed}" is not a slug` : 'one of the slugs is empty',
          params: { code: 'invalid_slug' },
        });
      }
      const repeated = list.find((s, i) => list.indexOf(s) !== i);
      if (repeated) ctx.addIssue({ code: 'custom', message: `"${repeated}" is listed twice; compare distinct projects` });
    }),
  ),
});

/**
 * Which error code a validation failure of each parameter maps to (PF-ERRORS; docs/decisions.md §
 * Errors). `lang` is a filter (FO-I18N): a malformed or unknown tag is `invalid_filter`, one of the
 * portfolio description's 400 codes, its hint naming the site's languages (language.ts dataIn).
 */
export const SEARCH_INVALID = { q: 'invalid_query', lang: 'invalid_filter', '*': 'invalid_filter' } as const satisfies Record<string, ErrorCode>;
export const PROJECTS_INVALID = { cursor: 'invalid_cursor', lang: 'invalid_filter', '*': 'invalid_filter' } as const satisfies Record<string, ErrorCode>;
export const PROJECT_INVALID = { lang: 'invalid_filter', '*': 'invalid_slug' } as const satisfies Record<string, ErrorCode>;
export const POSTS_INVALID = PROJECTS_INVALID;
export const POST_INVALID = PROJECT_INVALID;
export const COMPARE_INVALID = { lang: 'invalid_filter', '*': 'invalid_compare' } as const satisfies Record<string, ErrorCode>;
/** FO-I18N: the résumé's route reads only `lang`. */
export const RESUME_INVALID = { lang: 'invalid_filter', '*': 'invalid_filter' } as const satisfies Record<string, ErrorCode>;

// ---------------------------------------------------------------------------------------------
// Response schemas (ids name them in openapi.json).

const path = (what: string) => z.string().regex(/^\//, 'a site path starting with /').describe(what);
const absolute = (what: string) => z.url().describe(what);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const searchHit = z
  .object({
    slug: z.string(),
    kind: z.enum(RECORD_KINDS),
    type: siteTypeField('search').describe('The project type; for any other record its kind (`post`, `page`, `resume`).'),
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
    lang: langField,
  })
  .meta({ id: 'SearchHit' });

export const searchResponse = z
  .object({
    query: z.string().describe('The query as searched (trimmed).'),
    type: siteTypeField('search').nullable(),
    limit: z.int(),
    hits: z.array(searchHit).describe('Best first: by match tier, then relevance, then slug.'),
  })
  .meta({ id: 'SearchResponse' });

const projectLinks = z
  .object({
    repo: z.url().optional(),
    demo: z.url().optional(),
    docs: z.url().optional(),
    video: z.url().optional(),
    slides: z.url().optional(),
    paper: z.url().optional(),
    website: z.url().optional(),
    more: z.array(z.object({ label: z.string(), url: z.url() })).optional(),
  })
  .meta({ id: 'ProjectLinks', description: "The project's links by name, in the order its owner wrote them; the first is the primary one." });

export const projectImage = z
  .object({
    url: absolute('Absolute URL of the cover image (WebP, at most 1280 pixels wide; SVG as published).'),
    alt: z.string().describe('What the image shows.'),
    width: z.int().describe('Width of the file at `url`, in pixels.'),
    height: z.int().describe('Height of the file at `url`, in pixels.'),
  })
  .meta({ id: 'ProjectImage' });

// A project and a post as the API answers them are their front matter (src/records/schema.ts)
// where the two agree: the same field names, types and limits, so a new front-matter field reaches
// REST, MCP and openapi.json with no edit here. The differences are stated once, below: what the
// API leaves out or reshapes (the `omit` lists), and what it adds (the `extend`).

/**
 * Front-matter fields the API does not answer as written: `updated` is null when unset (one shape
 * for JSON clients); `links` loses the content's reordering transform (JSON Schema cannot state
 * one; the order stays the owner's); `cover`, `coverAlt` and `coverPosition` become `image`, the
 * published file; `draft` never reaches the API (FO-DRAFTS).
 */
export const PROJECT_RESHAPED = { updated: true, links: true, cover: true, coverAlt: true, coverPosition: true } as const;
export const POST_RESHAPED = { updated: true, draft: true, cover: true, coverAlt: true } as const;

/** A front-matter shape as an answer holds it: each default already applied, so the field is simply there. */
const answered = <S extends z.ZodRawShape>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v instanceof z.ZodDefault ? v.unwrap() : v])) as {
    [K in keyof S]: S[K] extends z.ZodDefault<infer T> ? T : S[K];
  };

/** The project's fields the API answers exactly as its front matter holds them. */
export const projectFromContent = z.object(answered(projectFields.omit(PROJECT_RESHAPED).shape));
/** The post's fields the API answers exactly as its front matter holds them. */
export const postFromContent = z.object(answered(postFields.omit(POST_RESHAPED).shape));
/** Their names, for the functions that copy them from a record (projects.ts, posts.ts). */
export const PROJECT_CONTENT_KEYS = Object.keys(projectFromContent.shape) as (keyof typeof projectFromContent.shape)[];
export const POST_CONTENT_KEYS = Object.keys(postFromContent.shape) as (keyof typeof postFromContent.shape)[];

/** The fields named by `keys`, arrays copied (a caller may change its answer, never the kept record). */
export const contentFieldsOf = <T extends object, K extends keyof T>(record: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, Array.isArray(record[k]) ? [...(record[k] as unknown[])] : record[k]])) as Pick<T, K>;

export const projectSummary = z
  .object({ slug: z.string() })
  .extend(projectFromContent.shape)
  .extend({
    type: siteTypeField('project').describe("The project's type: one of the site's project types."),
    date: projectFromContent.shape.date.describe('When the project started or shipped (YYYY-MM-DD).'),
    categoryLabel: z.string().describe('The category as the site names it.'),
    updated: isoDate.nullable().describe('Last significant update (YYYY-MM-DD), if any.'),
    links: projectLinks,
    href: path('Site path of the project page; append `.md` for its Markdown twin.'),
    twin: path('Site path of the Markdown twin.'),
    url: absolute('Absolute URL of the project page.'),
    twinUrl: absolute('Absolute URL of the Markdown twin.'),
    image: projectImage.nullable().describe('The cover image, or null when the project has none.'),
    lang: langField,
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
    lang: langField,
  })
  .meta({ id: 'RelatedProject' });

export const projectDetail = projectSummary
  .extend({
    body: z.string().describe('The project write-up, as Markdown.'),
    related: z
      .array(relatedProject)
      .describe(
        'Up to three projects sharing the most tags (two points each) and the category (one point), best first: the ones the project’s page and Markdown twin list. Ties: active before archived, then newer, then slug.',
      ),
  })
  .meta({ id: 'Project' });

const bySlug = <T extends z.ZodType>(value: T) => z.record(z.string(), value);

export const comparison = z
  .object({
    slugs: z.array(z.string()),
    projects: z.array(projectSummary).describe('Side by side, in the order asked.'),
    shared: z
      .object({
        type: siteTypeField('project').nullable().describe('The type, if all projects have the same one.'),
        category: z.string().nullable().describe('The category, if all projects have the same one.'),
        tags: z.array(z.string()).describe('Tags every project has.'),
        stack: z.array(z.string()).describe('Stack entries every project has.'),
      })
      .describe('What all compared projects have in common.'),
    differences: z
      .object({
        type: bySlug(siteTypeField('project')).optional(),
        category: bySlug(z.string()).optional(),
        archived: bySlug(z.boolean()).optional(),
        date: bySlug(z.string()).optional(),
        updated: bySlug(z.string().nullable()).optional(),
        tags: bySlug(z.array(z.string())).optional().describe("Each project's tags beyond the shared ones."),
        stack: bySlug(z.array(z.string())).optional().describe("Each project's stack beyond the shared entries."),
      })
      .describe('Only the fields whose values are not all equal, each as a value per slug.'),
  })
  .meta({ id: 'Comparison' });

export const postSummary = z
  .object({ slug: z.string() })
  .extend(postFromContent.shape)
  .extend({
    date: postFromContent.shape.date.describe('When the post was published (YYYY-MM-DD).'),
    updated: isoDate.nullable().describe('Last significant update (YYYY-MM-DD), if any.'),
    readingMinutes: z.int().min(1).describe('Minutes to read the post, at about 230 words a minute; at least 1.'),
    href: path('Site path of the post page; append `.md` for its Markdown twin.'),
    twin: path('Site path of the Markdown twin.'),
    url: absolute('Absolute URL of the post page.'),
    twinUrl: absolute('Absolute URL of the Markdown twin (also an MCP resource).'),
    image: projectImage.nullable().describe('The cover image, or null when the post has none.'),
    lang: langField,
  })
  .meta({ id: 'PostSummary' });

export const postList = z
  .object({
    posts: z.array(postSummary).describe('Newest first (by date), then by slug. Never a draft.'),
    total: z.int().describe('Posts matching the filter, over all pages.'),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
  })
  .meta({ id: 'PostList' });

export const postDetail = postSummary.extend({ body: z.string().describe('The post, as Markdown.') }).meta({ id: 'Post' });

/** The JSON Resume document (jsonresume.org/schema, v1.0.0): its sections as the résumé's front matter declares them. */
const resumeShape = resumeFrontMatter.shape;
export const jsonResume = z
  .object({
    $schema: z.url().describe('The JSON Resume schema the document follows (v1.0.0).'),
    basics: z.object({
      name: z.string(),
      label: z.string(),
      email: z.string().optional(),
      url: absolute("Absolute URL of the site's home page."),
      summary: z.string().describe('The professional summary as plain text, paragraphs separated by a blank line.'),
      location: z.object({ address: z.string() }).optional(),
      profiles: z.array(z.object({ network: z.string(), url: z.url() })),
    }),
    work: resumeShape.work,
    volunteer: resumeShape.volunteer,
    education: resumeShape.education,
    awards: resumeShape.awards,
    certificates: resumeShape.certificates,
    publications: resumeShape.publications,
    skills: resumeShape.skills,
    languages: resumeShape.languages,
    projects: z
      .array(
        z.object({
          name: z.string(),
          description: z.string(),
          url: z.url(),
          startDate: isoDate,
          keywords: z.array(z.string()),
          type: siteTypeField('project').describe("The project type: one of the site's project types."),
        }),
      )
      .describe("The site's active projects, newest first."),
    meta: z.object({ canonical: absolute('Absolute URL of /resume.json, the same document as a file.') }),
  })
  .meta({ id: 'JsonResume', description: 'The résumé as a JSON Resume document (v1.0.0 schema): the same document as /resume.json.' });

export type SearchHit = z.infer<typeof searchHit>;
export type SearchResponse = z.infer<typeof searchResponse>;
export type PostSummary = z.infer<typeof postSummary>;
export type PostList = z.infer<typeof postList>;
export type PostDetail = z.infer<typeof postDetail>;
export type ProjectSummary = z.infer<typeof projectSummary>;
export type ProjectList = z.infer<typeof projectList>;
export type ProjectDetail = z.infer<typeof projectDetail>;
export type Comparison = z.infer<typeof comparison>;
