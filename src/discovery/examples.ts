// The examples shown on /developers (and its twin) and in SKILL.md, kept as data: each is a request,
// the status it answers and one fact of the answer. The pages render them from here, and
// tests/integration/served-sample-site.test.ts runs every rendered command against the built site and
// checks the documented answer, so the docs cannot drift from the API.
import type { Content, Page, Project } from '../records/schema.ts';
import { escapeCodeSpan } from '../records/escape.ts';
import { absoluteUrl } from '../records/urls.ts';
import { normalize } from '../search/options.ts';
import { titleName } from '../search/rank.ts';
import { PUBLIC_READ_TOKEN } from '../server/access/public-read.ts';

/** A fact about the JSON answer, addressed by a JSON Pointer (RFC 6901). */
export type Fact =
  | { pointer: string; equals: unknown }
  | { pointer: string; length: number }
  | { pointer: string; type: 'string' | 'number' | 'boolean' | 'array' | 'object' };

export interface ApiExample {
  /** Fragment id on /developers. */
  id: string;
  title: string;
  /** The operation it calls, as in openapi.json (method and path template). */
  operation: { method: 'GET' | 'POST'; path: string };
  /** Site path with its query string. */
  path: string;
  headers?: Record<string, string>;
  body?: { json: unknown } | { form: Record<string, string> };
  status: number;
  fact: Fact;
  /** Shown in SKILL.md too (the rest only on /developers). */
  inSkill?: boolean;
}

/**
 * The examples, built from the content so every slug and title in them exists. A site with fewer
 * than two active projects (a new site, say) gets the examples its content can answer: no
 * project detail without a project, no comparison without two.
 */
export function apiExamples(content: Pick<Content, 'site' | 'projects' | 'pages'>): ApiExample[] {
  const active = content.projects.filter((p) => !p.archived);
  const byFeature = content.site.featured.map((slug) => active.find((p) => p.slug === slug)).filter((p): p is Project => Boolean(p));
  const [first, second] = [...byFeature, ...active.filter((p) => !byFeature.includes(p))];
  // The project's name: its title before a subtitle, which search counts as the exact title.
  const nameOf = (r: Project | Page) => titleName(normalize(r.title));
  const subject = first ?? content.projects[0] ?? content.pages[0];
  const name = subject ? nameOf(subject) : normalize(content.site.name);
  const q = encodeURIComponent(name).replace(/%20/g, '+');
  const question = `what is ${name}`;
  const examples: (ApiExample | false | undefined)[] = [
    {
      id: 'example-search',
      title: 'Search projects and pages',
      operation: { method: 'GET', path: '/api/v1/search' },
      path: `/api/v1/search?q=${q}`,
      status: 200,
      // PF-SEARCH-ORDER: an exact title (or the title's name) ranks first.
      fact: subject ? { pointer: '/hits/0/slug', equals: subject.slug } : { pointer: '/hits', type: 'array' },
      inSkill: true,
    },
    {
      id: 'example-projects',
      title: 'List projects, a page at a time',
      operation: { method: 'GET', path: '/api/v1/projects' },
      path: '/api/v1/projects?limit=2',
      status: 200,
      fact: { pointer: '/projects', length: Math.min(2, active.length) },
      inSkill: true,
    },
    first && {
      id: 'example-project',
      title: 'Get one project',
      operation: { method: 'GET', path: '/api/v1/projects/{slug}' },
      path: `/api/v1/projects/${first.slug}`,
      status: 200,
      fact: { pointer: '/title', equals: first.title },
      inSkill: true,
    },
    first &&
      second && {
        id: 'example-compare',
        title: 'Compare projects',
        operation: { method: 'GET', path: '/api/v1/compare' },
        path: `/api/v1/compare?slugs=${first.slug},${second.slug}`,
        status: 200,
        fact: { pointer: '/slugs', equals: [first.slug, second.slug] },
        inSkill: true,
      },
    {
      id: 'example-ask',
      title: 'Ask a question (NLWeb)',
      operation: { method: 'GET', path: '/ask' },
      path: `/ask?query=${encodeURIComponent(question).replace(/%20/g, '+')}`,
      status: 200,
      fact: { pointer: '/_meta/version', equals: '0.55' },
      inSkill: true,
    },
    {
      id: 'example-ask-post',
      title: 'Ask with a JSON body',
      operation: { method: 'POST', path: '/ask' },
      path: '/ask',
      body: { json: { query: question } },
      status: 200,
      fact: { pointer: '/query', equals: question },
    },
    {
      id: 'example-batch',
      title: 'Ask several questions at once',
      operation: { method: 'POST', path: '/api/v1/batch' },
      path: '/api/v1/batch',
      body: { json: { queries: [name, second ? nameOf(second) : 'what is this site about'] } },
      status: 200,
      fact: { pointer: '/count', equals: 2 },
    },
    {
      id: 'example-job',
      title: 'Start an async job',
      operation: { method: 'POST', path: '/api/v1/jobs' },
      path: '/api/v1/jobs',
      body: { json: { queries: [name] } },
      status: 202,
      fact: { pointer: '/status', equals: 'pending' },
    },
    {
      id: 'example-sandbox',
      title: 'Browse the page catalog without a token',
      operation: { method: 'GET', path: '/api/v1/sandbox' },
      path: '/api/v1/sandbox?limit=5',
      status: 200,
      fact: { pointer: '/pagination/limit', equals: 5 },
    },
    {
      id: 'example-token',
      title: 'Get the public-read token',
      operation: { method: 'POST', path: '/oauth/token' },
      path: '/oauth/token',
      body: { form: { grant_type: 'public' } },
      status: 200,
      fact: { pointer: '/access_token', equals: PUBLIC_READ_TOKEN },
    },
    {
      id: 'example-catalog',
      title: 'Read the catalog with the token',
      operation: { method: 'GET', path: '/api/v1' },
      path: '/api/v1?limit=5',
      headers: { Authorization: `Bearer ${PUBLIC_READ_TOKEN}` },
      status: 200,
      fact: { pointer: '/mode', equals: 'public-read' },
    },
    {
      id: 'example-error',
      title: 'An error, as every error looks',
      operation: { method: 'GET', path: '/api/v1/compare' },
      path: `/api/v1/compare?slugs=${first?.slug ?? 'one-project'}`,
      status: 400,
      fact: { pointer: '/error/code', equals: 'invalid_compare' },
      inSkill: true,
    },
  ];
  return examples.filter((e): e is ApiExample => Boolean(e));
}

/** Single quotes for the shell; an embedded single quote becomes '\''. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The example as one curl command against the site. `-s` keeps the output to the answer's body. */
export function curlCommand(example: ApiExample, siteUrl: string): string {
  const parts = ['curl', '-s'];
  const { method } = example.operation;
  if (method !== 'GET' && !example.body) parts.push('-X', method);
  parts.push(shellQuote(absoluteUrl({ url: siteUrl }, example.path)));
  for (const [name, value] of Object.entries(example.headers ?? {})) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (example.body && 'json' in example.body)
    parts.push('-H', shellQuote('Content-Type: application/json'), '-d', shellQuote(JSON.stringify(example.body.json)));
  if (example.body && 'form' in example.body) for (const [k, v] of Object.entries(example.body.form)) parts.push('-d', shellQuote(`${k}=${v}`));
  return parts.join(' ');
}

/** `/hits/0/slug` → `hits[0].slug` (how the docs name a field). */
export function fieldName(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((name, token) => (/^\d+$/.test(token) ? `${name}[${token}]` : name ? `${name}.${token}` : token), '');
}

/** The documented answer, in words: "Answers 200; `hits[0].slug` is `"quarry"`." */
export function answerText(example: ApiExample): string {
  const { fact } = example;
  // FO-MARKDOWN-SAFE: the value may be owner text (a project's title): a code span it cannot end.
  const field = escapeCodeSpan(fieldName(fact.pointer));
  const said =
    'equals' in fact
      ? `${field} is ${escapeCodeSpan(JSON.stringify(fact.equals))}`
      : 'length' in fact
        ? `${field} holds ${fact.length} items`
        : `${field} is a ${fact.type}`;
  return `Answers ${example.status}; ${said}.`;
}

/** RFC 6901 evaluation; undefined when the pointer names nothing. */
export function resolvePointer(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** Whether an answer body shows the documented fact. */
export function factHolds(fact: Fact, body: unknown): boolean {
  const value = resolvePointer(body, fact.pointer);
  if ('equals' in fact) return JSON.stringify(value) === JSON.stringify(fact.equals);
  if ('length' in fact) return Array.isArray(value) && value.length === fact.length;
  return fact.type === 'array' ? Array.isArray(value) : value !== null && typeof value === fact.type && !Array.isArray(value);
}

/**
 * An example's heading under an operation of /developers, on the page and in its twin alike (the twin
 * says what the page says: FO-CHECKERS, afdocs' markdown-content-parity). The quick start's and
 * SKILL.md's examples stand alone and are headed by their title.
 */
export const operationExampleTitle = (example: ApiExample) => `Example: ${example.title}`;

/** The example as Markdown: heading (its title unless given), the command, the documented answer. */
export function exampleMarkdown(example: ApiExample, siteUrl: string, level = '####', heading = example.title): string {
  return [`${level} ${heading}`, '', '```sh', curlCommand(example, siteUrl), '```', '', answerText(example)].join('\n');
}
