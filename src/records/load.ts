// The one content loader: reads content/, validates every file, and returns the records that the
// pages, the twins, llms.txt, the search index, the API and MCP are all built from.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, basename } from 'node:path';
import matter from 'gray-matter';
import type { z } from 'zod';
import {
  SLUG_PATTERN,
  siteConfig,
  projectFrontMatter,
  pageFrontMatter,
  type Content,
  type Page,
  type Project,
  type Site,
} from './schema.ts';

/** A content problem, worded for the site's owner: file, field, what was expected. */
export class ContentError extends Error {
  override name = 'ContentError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid content: ${problems[0]}`
        : `Invalid content (${problems.length} problems):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

/** Site paths that pages may not take: the site serves something there (lowercase, as case-insensitive file systems fold AGENTS.md onto agents.md). */
const RESERVED_PAGE_SLUGS = new Set(['index', 'projects', 'api', 'ask', 'oauth', 'agent', 'developers', 'llms', 'llms-full', 'auth', 'pricing', 'agents', 'skill', '404']);

export function loadContent(root = process.cwd()): Content {
  const dir = join(root, 'content');
  const problems: string[] = [];
  const where = (file: string) => relative(root, file);

  const siteFile = join(dir, 'site.md');
  let site: Site | undefined;
  if (!existsSync(siteFile)) problems.push(`${where(siteFile)}: file is missing (it holds the site config)`);
  else {
    const parsed = readFile(siteFile, siteConfig, where(siteFile), problems);
    // FOLIO_SITE_URL points absolute URLs at where the site really runs (the local server, a preview).
    if (parsed) site = { ...parsed.data, url: (process.env.FOLIO_SITE_URL || parsed.data.url).replace(/\/+$/, ''), bio: parsed.body };
  }

  const projects: Project[] = [];
  for (const file of markdownFiles(join(dir, 'projects'), where, problems)) {
    const parsed = readFile(file.path, projectFrontMatter, where(file.path), problems);
    if (!parsed) continue;
    projects.push({
      kind: 'project',
      ...parsed.data,
      slug: file.slug,
      href: `/projects/${file.slug}`,
      twin: `/projects/${file.slug}.md`,
      body: parsed.body,
      source: where(file.path),
    });
  }

  const pages: Page[] = [];
  for (const file of markdownFiles(join(dir, 'pages'), where, problems)) {
    if (RESERVED_PAGE_SLUGS.has(file.slug)) {
      problems.push(`${where(file.path)}: the slug "${file.slug}" is reserved by the site; rename the file`);
      continue;
    }
    const parsed = readFile(file.path, pageFrontMatter, where(file.path), problems);
    if (!parsed) continue;
    pages.push({
      kind: 'page',
      ...parsed.data,
      slug: file.slug,
      href: `/${file.slug}`,
      twin: `/${file.slug}.md`,
      body: parsed.body,
      source: where(file.path),
    });
  }

  if (site) {
    const categories = Object.keys(site.categories);
    for (const p of projects) {
      if (!categories.includes(p.category)) {
        problems.push(`${p.source}: field "category" expected one of ${categories.join(', ')} (declared in content/site.md), got "${p.category}"`);
      }
    }
    const slugs = new Set(projects.map((p) => p.slug));
    site.featured.forEach((s, i) => {
      if (!slugs.has(s)) problems.push(`${where(siteFile)}: field "featured.${i}" expected the slug of a project in content/projects/, got "${s}"`);
    });
  }

  if (problems.length > 0 || !site) throw new ContentError(problems);
  projects.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  pages.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
  return { site, projects, pages };
}

function markdownFiles(dir: string, where: (f: string) => string, problems: string[]) {
  if (!existsSync(dir)) return [];
  const seen = new Map<string, string>();
  const files: { path: string; slug: string }[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (!name.endsWith('.md')) {
      problems.push(`${where(path)}: only .md files belong in ${where(dir)}/`);
      continue;
    }
    const slug = basename(name, '.md');
    if (!SLUG_PATTERN.test(slug)) {
      problems.push(`${where(path)}: the file name is the slug, expected lowercase a-z, 0-9 and inner hyphens (1 to 60 characters), got "${slug}"`);
      continue;
    }
    const clash = seen.get(slug.toLowerCase());
    if (clash) {
      problems.push(`${where(path)}: duplicate slug "${slug}", already used by ${clash}`);
      continue;
    }
    seen.set(slug.toLowerCase(), where(path));
    files.push({ path, slug });
  }
  return files;
}

function readFile<T extends z.ZodType>(path: string, schema: T, file: string, problems: string[]) {
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    problems.push(`${file}: front matter is not valid YAML (${reason})`);
    return undefined;
  }
  const result = schema.safeParse(parsed.data, { reportInput: true });
  if (!result.success) {
    for (const issue of result.error.issues) problems.push(`${file}: ${describeIssue(issue)}`);
    return undefined;
  }
  return { data: result.data as z.output<T>, body: parsed.content.trim() };
}

/** One line per problem: the field, what was expected, and what was found. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length ? `field "${issue.path.join('.')}"` : 'front matter';
  const got = 'input' in issue ? `, got ${show(issue.input)}` : '';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} is required (expected ${issue.expected})` : `${field} expected ${issue.expected}${got}`;
    case 'invalid_value':
      return `${field} expected one of ${issue.values.map(String).join(', ')}${got}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')} (check the spelling)`;
    case 'too_small':
    case 'too_big':
    case 'invalid_format':
    case 'custom':
      return `${field} expected ${issue.message}${got}`;
    default:
      return `${field}: ${issue.message}${got}`;
  }
}

function show(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const json = JSON.stringify(value);
  return json === undefined ? String(value) : json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
