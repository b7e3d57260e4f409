// The developer guide: every endpoint with its parameters, answers and examples, the error catalog
// and the limits. One model, built from openapi.json (itself built from the route table), the error
// catalog and the examples; /developers (HTML) and /developers.md render it.
import { escapeCodeSpan, escapeHtml, isLinkAddress, unescapeCodeSpan } from '../records/escape.ts';
import type { Content, Site } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { ERRORS, type ErrorCode } from '../server/errors.ts';
import type { OpenApiDocument, Operation } from './openapi/document.ts';
import { apiExamples, exampleMarkdown, operationExampleTitle, type ApiExample } from './examples.ts';
import { DISCOVERY_FILES } from './files.ts';
import { JSON_TYPE, MARKDOWN, TEXT } from '../http/media-types.ts';
import { limitRows, rateLimitSentence } from './limits.ts';
import { openApiFor } from './openapi-file.ts';
import { heading } from '../records/markdown-text.ts';
import { escapeMarkdownText } from '../records/escape.ts';
import { languageSentence, mcpToolDocs, sizingSentence, toolSentence } from './mcp-tools.ts';

type Json = Record<string, unknown>;

export interface ParameterDoc {
  name: string;
  in: string;
  required: boolean;
  rules: string;
  description: string;
}

export interface OperationDoc {
  /** Fragment id: the operationId. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  /** The operation this one is an unversioned alias of. */
  aliasOf?: string;
  needsToken: boolean;
  /** Its own parameters: those many operations share are named in `shared` and described once (DeveloperGuide.sharedParameters). */
  parameters: ParameterDoc[];
  shared: string[];
  /** Request body: media types and its fields. */
  body?: { types: string[]; required: boolean; fields: ParameterDoc[] };
  responses: { status: string; description: string; codes: ErrorCode[] }[];
  examples: ApiExample[];
}

export interface SectionDoc {
  /** Fragment id; `ask`, `jobs` and `mcp` are linked from the catalogs and the API's own answers. */
  id: string;
  title: string;
  intro: string;
  operations: OperationDoc[];
}

export interface ErrorDoc {
  /** `error-<code>`: the `docs` link of every error answer points here. */
  id: string;
  code: ErrorCode;
  status: number;
  message: string;
  hint: string;
}

export interface DeveloperGuide {
  title: string;
  intro: string[];
  siteUrl: string;
  files: { url: string; path: string; contentType: string; title: string }[];
  quickStart: ApiExample[];
  /** Parameters that several operations take in the same words (`lang`, `If-None-Match`): described once. */
  sharedParameters: ParameterDoc[];
  sections: SectionDoc[];
  errors: ErrorDoc[];
  limits: { what: string; limit: string }[];
}

/** The posts' and the résumé's routes: the portfolio's tag, a section of their own. */
const isPostsOrResume = (path: string) => /^\/api(?:\/v1)?\/(?:posts|resume)(?:\/|$)/.test(path);

/** The guide's sections, in reading order; an operation belongs to the first whose test it passes. */
const SECTIONS: { id: string; title: string; intro: string; test: (op: { path: string; tag: string }) => boolean }[] = [
  {
    id: 'portfolio',
    title: 'Projects and search',
    intro:
      'Search, list, get and compare projects. Lexical search: exact title first, then title substring, tag or type, summary, body text. `/api/search`, `/api/projects` and `/api/projects/{slug}` are unversioned aliases of the v1 paths.',
    test: (op) => op.tag === 'portfolio' && !isPostsOrResume(op.path),
  },
  {
    // FO-POSTS, FO-RESUME.
    id: 'posts',
    title: 'Posts and résumé',
    intro:
      'List and get the published posts (never drafts), newest first, paged by cursor like projects; get the résumé as a JSON Resume document (the same as /resume.json). A site without posts lists none; a site without a résumé answers 404 `not_found`. `/api/posts`, `/api/posts/{slug}` and `/api/resume` are unversioned aliases of the v1 paths.',
    test: (op) => isPostsOrResume(op.path),
  },
  {
    id: 'ask',
    title: 'Ask (NLWeb)',
    intro: 'A question in, the best-matching pages and projects out, in the NLWeb v0.55 shape, as JSON or as server-sent events.',
    test: (op) => op.path === '/ask',
  },
  {
    id: 'batch',
    title: 'Sandbox and batch',
    intro: 'The open page catalog, and up to ten questions in one request.',
    test: (op) => op.path === '/api/v1/sandbox' || op.path === '/api/v1/batch',
  },
  {
    id: 'jobs',
    title: 'Async jobs',
    intro:
      'A job is a batch answered later. The job id encodes its queries, so nothing is stored: create a job, then poll its `Location` any time; it completes on the first poll.',
    test: (op) => op.path.startsWith('/api/v1/jobs'),
  },
  {
    id: 'access',
    title: 'Public-read access',
    intro:
      'Only the catalog, `GET /api/v1` (and `GET /api`), asks for a bearer token, and the token is a public literal that marks the discovery flow was followed. The whole flow, step by step: /auth.md.',
    test: (op) => op.tag === 'access',
  },
  {
    id: 'mcp-server',
    title: 'MCP server',
    intro:
      "The same records as the REST API, as MCP tools over Streamable HTTP (stateless: JSON answers, no session). Its server card says where and how to connect; tools/list gives each tool's arguments.",
    test: (op) => op.tag === 'mcp',
  },
];

/** A schema's rules in a few words: "integer, 1 to 20, default 10". */
export function schemaRules(schema: Json | undefined, components: Record<string, Json> = {}): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  const parts: string[] = [];
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type as string | undefined);
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map((v) => escapeCodeSpan(String(v))).join(', ')}`);
  else if (type === 'array') {
    const items = schema.items as Json | undefined;
    parts.push(`list of ${schemaRules(items, components) || 'values'}`);
  } else if (type) parts.push(type);
  else if (Array.isArray(schema.anyOf)) parts.push((schema.anyOf as Json[]).map((s) => schemaRules(s, components)).join(' or '));
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) parts.push(`${min} to ${max}${unit}`);
    else if (min !== undefined) parts.push(`at least ${min}${unit}`);
    else if (max !== undefined) parts.push(`at most ${max}${unit}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  // `\S` is how the query schema says "not white space alone" (src/server/http.ts queryText).
  if (schema.pattern === '\\S') parts.push('not white space alone');
  else if (typeof schema.pattern === 'string') parts.push(`pattern ${escapeCodeSpan(schema.pattern)}`);
  if (schema.format) parts.push(String(schema.format));
  if (schema.default !== undefined) parts.push(`default ${escapeCodeSpan(String(schema.default))}`);
  return parts.join(', ');
}

function resolve(node: Json, components: Record<string, Json>): Json {
  const ref = node.$ref;
  return typeof ref === 'string' ? (components[ref.split('/').pop()!] ?? node) : node;
}

function operationDoc(path: string, method: string, op: Operation, doc: OpenApiDocument, examples: ApiExample[]): OperationDoc {
  const components = (doc.components.schemas ?? {}) as Record<string, Json>;
  const parameters = ((op.parameters ?? []) as Json[])
    .map((p) => resolve(p, (doc.components.parameters ?? {}) as Record<string, Json>))
    .map((p) => ({
      name: String(p.name),
      in: String(p.in),
      required: Boolean(p.required),
      rules: schemaRules(p.schema as Json, components),
      description: String(p.description ?? ''),
    }));
  let body: OperationDoc['body'];
  const requestBody = op.requestBody as { required: boolean; content: Record<string, { schema: Json }> } | undefined;
  if (requestBody) {
    const types = Object.keys(requestBody.content);
    const schema = resolve(requestBody.content[types[0]!]!.schema, components);
    const required = new Set((schema.required ?? []) as string[]);
    const fields = Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([name, field]) => ({
      name,
      in: 'body',
      required: required.has(name),
      rules: schemaRules(field, components),
      description: String(field.description ?? ''),
    }));
    body = { types, required: requestBody.required, fields };
  }
  const responses = Object.entries(op.responses).map(([status, response]) => {
    const media = (response.content as Record<string, { examples?: Json }> | undefined)?.[JSON_TYPE];
    const codes = Object.keys(media?.examples ?? {}).filter((k): k is ErrorCode => k in ERRORS);
    return { status, description: String(response.description ?? ''), codes };
  });
  const aliasOf = /^Unversioned alias of `[A-Z]+ ([^`]+)`/.exec(String(op.description ?? ''))?.[1];
  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: String(op.summary ?? ''),
    description: aliasOf ? '' : String(op.description ?? ''),
    ...(aliasOf ? { aliasOf } : {}),
    needsToken: Array.isArray(op.security) && op.security.length > 0,
    parameters,
    shared: [],
    ...(body ? { body } : {}),
    responses,
    examples: examples.filter((e) => e.operation.method === method.toUpperCase() && e.operation.path === path),
  };
}

/** How many operations must take a parameter in the same words for it to be described once. */
const SHARED_FROM = 3;
const signature = (p: ParameterDoc) => JSON.stringify([p.name, p.in, p.required, p.rules, p.description]);

/**
 * Parameters that several operations take in the same words, described once: repeated on every
 * operation they made the page longer than an agent reads whole (afdocs page-size-html, 50,000
 * characters). Each operation keeps their names (`shared`), so what it takes is still on it.
 */
function shareParameters(ops: OperationDoc[]): ParameterDoc[] {
  const counts = new Map<string, { parameter: ParameterDoc; n: number }>();
  for (const p of ops.flatMap((op) => op.parameters)) {
    const entry = counts.get(signature(p)) ?? { parameter: p, n: 0 };
    counts.set(signature(p), { ...entry, n: entry.n + 1 });
  }
  const shared = new Set([...counts].filter(([, { n }]) => n >= SHARED_FROM).map(([key]) => key));
  for (const op of ops) {
    op.shared = op.parameters.filter((p) => shared.has(signature(p))).map((p) => p.name);
    op.parameters = op.parameters.filter((p) => !shared.has(signature(p)));
  }
  return [...counts].filter(([key]) => shared.has(key)).map(([, { parameter }]) => parameter);
}

export function developerGuide(
  content: Pick<Content, 'site' | 'projects' | 'pages'> & Partial<Pick<Content, 'posts' | 'resume'>>,
  doc: OpenApiDocument = openApiFor(content.site),
): DeveloperGuide {
  const { site } = content;
  // FO-MARKDOWN-SAFE: the prose is inline Markdown (rendered to HTML by inlineHtml): the owner's name goes in as Markdown text.
  const name = escapeMarkdownText(site.name);
  const examples = apiExamples(content);
  const operations: { tag: string; op: OperationDoc }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) operations.push({ tag: (op.tags as string[])[0]!, op: operationDoc(path, method, op, doc, examples) });
  }
  const sharedParameters = shareParameters(operations.map((o) => o.op));
  // FO-POSTS, FO-RESUME: the tools this site serves, from the tool table.
  const tools = mcpToolDocs({ posts: content.posts ?? [], resume: content.resume });
  const toolIntro = ` ${sizingSentence(tools)} The tools: ${tools.map(toolSentence).join('; ')}.${languageSentence(site, tools)}`;
  const sections = SECTIONS.map(({ id, title, intro, test }) => ({
    id,
    title,
    intro: id === 'mcp-server' ? intro + toolIntro : intro,
    operations: operations
      .filter(({ tag, op }) => test({ path: op.path, tag }) && SECTIONS.find((s) => s.test({ path: op.path, tag }))!.id === id)
      .map((o) => o.op),
  })).filter((s) => s.operations.length > 0);
  return {
    // FO-API-NOT-SERVICES: the API is the website's, for reading what it publishes; a reader (or an
    // agent) must not take it for a service the person offers.
    title: `Developers: the API of ${site.name}'s website`,
    intro: [
      `This page is about this website's API for software, which reads what the site publishes; it is not about ${name}'s own work, services or rates. Everything on ${site.url} that software can call: a read-only REST API over ${name}'s projects and pages, an NLWeb ask endpoint, batch and async jobs, and an MCP tool server.`,
      `Free and public: no account, no API key, no payment. Only the catalog asks for a token, and that token is a public literal (see [/auth.md](${absoluteUrl(site, '/auth.md')})). ${rateLimitSentence(site)}`,
      `Every answer is JSON. Every error comes from one catalog (below) as \`{ "error": { "code", "message", "status", "hint", "docs" } }\`; the OAuth endpoints answer \`{ "error", "error_description" }\` as RFC 6749 says. Public answers may be cached for five minutes and carry an \`ETag\`. The machine-readable description of all of it is [/openapi.json](${absoluteUrl(site, '/openapi.json')}).`,
    ],
    siteUrl: site.url,
    files: [
      { path: '/llms.txt', contentType: TEXT, title: 'Index of every page as Markdown' },
      { path: '/projects/llms.txt', contentType: TEXT, title: 'The projects’ own index (llms.txt v2 section file)' },
      { path: '/auth.md', contentType: MARKDOWN, title: 'The public-read access flow, step by step' },
      ...DISCOVERY_FILES.filter((f) => f.path !== '/developers.md'),
    ].map((f) => ({ ...f, url: absoluteUrl(site, f.path) })),
    quickStart: examples.filter((e) => e.inSkill),
    sharedParameters,
    sections,
    errors: (Object.keys(ERRORS) as ErrorCode[]).map((code) => ({
      id: `error-${code}`,
      code,
      status: ERRORS[code].status,
      message: ERRORS[code].message,
      hint: ERRORS[code].hint,
    })),
    limits: limitRows(site),
  };
}

// ---- Markdown -----------------------------------------------------------------------------------

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

function operationMarkdown(op: OperationDoc, siteUrl: string): string {
  const out = [`### ${op.method} ${op.path}`, '', op.summary + (op.needsToken ? ' Needs the public-read bearer token.' : '')];
  if (op.aliasOf) out.push('', `Unversioned alias of \`${op.method} ${op.aliasOf}\`: the same parameters and answers.`);
  else {
    if (op.description) out.push('', op.description);
    if (op.shared.length) out.push('', sharedLine(op));
    if (op.parameters.length) {
      out.push(
        '',
        table(
          ['Parameter', 'In', 'Required', 'Rules', 'Description'],
          op.parameters.map((p) => [`\`${p.name}\``, p.in, p.required ? 'yes' : 'no', p.rules, p.description]),
        ),
      );
    }
    if (op.body) {
      out.push('', `Body (${op.body.types.map((t) => `\`${t}\``).join(' or ')}${op.body.required ? '' : ', optional'}):`);
      if (op.body.fields.length)
        out.push(
          '',
          table(
            ['Field', 'Required', 'Rules', 'Description'],
            op.body.fields.map((f) => [`\`${f.name}\``, f.required ? 'yes' : 'no', f.rules, f.description]),
          ),
        );
    }
    out.push(
      '',
      'Answers:',
      '',
      ...op.responses.map(
        (r) => `- \`${r.status}\`: ${r.codes.length ? r.codes.map((c) => `[\`${c}\`](#error-${c})`).join(', ') : r.description.split('\n\n')[0]}`,
      ),
    );
  }
  for (const example of op.examples) out.push('', exampleMarkdown(example, siteUrl, '####', operationExampleTitle(example)));
  return out.join('\n');
}

/** The operation's line naming the shared parameters it takes. */
export const sharedLine = (op: Pick<OperationDoc, 'shared'>) =>
  `Also takes ${op.shared.map((name) => `\`${name}\``).join(' and ')} ([shared parameters](#shared-parameters)).`;

export const SHARED_INTRO = 'Parameters that several operations take, in the same words; each operation names the ones it takes.';

/** The developer page's description (its meta description and its twin's front matter). */
export const developersDescription = (site: Pick<Site, 'name'>) => `Every endpoint of ${site.name}'s API, with examples, the error catalog and the limits.`;

export function developersMarkdown(guide: DeveloperGuide): string {
  const out = [heading(1, guide.title), '', ...guide.intro.flatMap((p) => [p, ''])];
  out.push('## Quick start', '');
  for (const example of guide.quickStart) out.push(exampleMarkdown(example, guide.siteUrl, '###'), '');
  out.push('## Discovery files', '', ...guide.files.map((f) => `- [${f.path}](${f.url}): ${f.title} (\`${f.contentType}\`)`), '');
  if (guide.sharedParameters.length)
    out.push(
      '## Shared parameters',
      '',
      SHARED_INTRO,
      '',
      table(
        ['Parameter', 'In', 'Required', 'Rules', 'Description'],
        guide.sharedParameters.map((p) => [`\`${p.name}\``, p.in, p.required ? 'yes' : 'no', p.rules, p.description]),
      ),
      '',
    );
  for (const section of guide.sections) {
    out.push(`## ${section.title}`, '', section.intro, '');
    for (const op of section.operations) out.push(operationMarkdown(op, guide.siteUrl), '');
  }
  out.push(
    '## Errors',
    '',
    'Every error answer carries `code` (stable: names are never reused), `message`, `status`, `hint` (how to fix the request) and `docs` (a link to its row here).',
    '',
  );
  out.push(
    table(
      ['Code', 'Status', 'Message', 'Hint'],
      guide.errors.map((e) => [`\`${e.code}\``, String(e.status), e.message, e.hint]),
    ),
    '',
  );
  out.push(
    '## Limits',
    '',
    table(
      ['What', 'Limit'],
      guide.limits.map((l) => [l.what, l.limit]),
    ),
    '',
  );
  out.push(
    '## Versioning',
    '',
    `The version is in the path: \`/api/v1\` only gains fields, never loses or renames one. Ignore fields you do not know. The policy, and the dates of any deprecation: [/developers/deprecation](${absoluteUrl({ url: guide.siteUrl }, '/developers/deprecation')}).`,
    '',
  );
  return out.join('\n');
}

// ---- HTML ---------------------------------------------------------------------------------------

/**
 * The guide's prose is Markdown with only backslash escapes (CommonMark § 2.4: owner text comes
 * escaped), code spans (§ 6.1: any backtick string, closed by one as long; escape.ts
 * escapeCodeSpan writes them), links and bare URLs; this renders just those, every character of
 * text HTML-escaped. A link's address is kept only when escape.ts isLinkAddress allows it
 * (FO-LINK-SCHEMES: http(s), relative, fragment); any other stays text. Hand-written rather than
 * micromark: the prose is this closed subset, one line at a time inside the page's own elements.
 */
export function inlineHtml(text: string): string {
  const pattern = /\\([!-/:-@[-`{-~])|(?<!`)(`+)(?!`)(.*?[^`])\2(?!`)|\[([^\]]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s)]+[^\s).,;:])/g;
  let html = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    html += escapeHtml(text.slice(last, match.index));
    const [whole, escaped, , code, label, href, bare] = match;
    if (escaped !== undefined) html += escapeHtml(escaped);
    else if (code !== undefined) html += `<code>${escapeHtml(unescapeCodeSpan(whole))}</code>`;
    else if (label !== undefined) html += isLinkAddress(href!) ? `<a href="${escapeHtml(href!)}">${inlineHtml(label)}</a>` : escapeHtml(whole);
    else html += `<a href="${escapeHtml(bare!)}">${escapeHtml(bare!)}</a>`;
    last = match.index + whole.length;
  }
  return html + escapeHtml(text.slice(last));
}
