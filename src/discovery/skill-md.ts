// /SKILL.md in the Agent Skills format (agentskills.io specification): YAML front matter with
// `name` (1–64 characters: lowercase letters, digits, single hyphens) and `description` (1–1024
// characters: what the skill does and when to use it), then instructions in Markdown.
import type { Content } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { apiExamples, exampleMarkdown } from './examples.ts';
import { rateLimitSentence } from './limits.ts';
import { escapeMarkdownText, markdownInertYaml } from '../records/escape.ts';
import { languageSentence, mcpToolDocs, sizingSentence, toolSentence } from './mcp-tools.ts';
import { MAX_COMPARE, MAX_LIMIT, MIN_COMPARE } from '../server/portfolio.ts';

/** Agent Skills § name: lowercase a-z, 0-9 and hyphens, no leading, trailing or doubled hyphen, at most 64. */
export const SKILL_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SKILL_NAME = 64;
export const MAX_SKILL_DESCRIPTION = 1024;

/** "Mara Lindqvist" → "mara-lindqvist-site". */
export function skillName(siteName: string): string {
  const base = siteName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SKILL_NAME - '-site'.length)
    .replace(/-+$/, '');
  return base ? `${base}-site` : 'site';
}

export function skillDescription(content: Pick<Content, 'site'>): string {
  const { site } = content;
  const text = `Search and read ${site.name}'s projects and pages through ${site.url}'s free public API (REST, NLWeb ask, MCP), with no key. Use when asked about ${site.name}'s work, projects, writing, tools or background, or to compare their projects.`;
  return text.length <= MAX_SKILL_DESCRIPTION ? text : `${text.slice(0, MAX_SKILL_DESCRIPTION - 1)}…`;
}

/** YAML double-quoted scalar (JSON string syntax is a subset of it), inert to Markdown as a twin's front matter is. */
const yamlString = (text: string) => markdownInertYaml(JSON.stringify(text));

export function skillMarkdown(content: Pick<Content, 'site' | 'projects' | 'pages'> & Partial<Pick<Content, 'posts' | 'resume'>>): string {
  const { site, posts = [], resume } = content;
  const url = (path: string) => absoluteUrl(site, path);
  // FO-MARKDOWN-SAFE: the owner's name as Markdown text in the body (the front matter's description is YAML, quoted as such).
  const name = escapeMarkdownText(site.name);
  const examples = apiExamples(content).filter((e) => e.inSkill);
  // FO-POSTS, FO-RESUME: the steps for posts and the résumé only on a site that has them.
  const extra = [
    ...(posts.length
      ? [
          `To read ${name}'s posts, \`GET ${url('/api/v1/posts')}\` (newest first; \`limit\` 1 to ${MAX_LIMIT}, optional \`tag\`; follow \`nextCursor\` as for projects), and \`GET ${url('/api/v1/posts')}/<slug>\` for one post with its \`body\` in Markdown.`,
        ]
      : []),
    ...(resume
      ? [
          `For ${name}'s experience, education and skills, \`GET ${url('/api/v1/resume')}\`: the résumé as a JSON Resume document (also at ${url('/resume.json')}).`,
        ]
      : []),
  ];
  const steps = [
    `To list projects, \`GET ${url('/api/v1/projects')}\` and follow \`nextCursor\` (pass it back as \`cursor\`, unchanged, with the same filters) until it is \`null\`.`,
    `To compare, \`GET ${url('/api/v1/compare')}?slugs=<a>,<b>\` (${MIN_COMPARE} to ${MAX_COMPARE} slugs): \`shared\` says what they have in common, \`differences\` where they differ.`,
    ...extra,
    `To read a page, fetch its Markdown twin: the page URL plus \`.md\`. ${url('/llms.txt')} lists them, with ${url('/projects/llms.txt')} and the other section files it links.`,
    'Cite the `url` of what you used.',
  ];
  // FO-POSTS, FO-RESUME: the tools the site serves, from the tool table; FO-MCP-SIZE: agents pay per token, so the skill says how to ask for less.
  const tools = mcpToolDocs({ posts, resume });
  return `---
name: ${skillName(site.name)}
description: ${yamlString(skillDescription(content))}
---

# ${name}'s site API

${site.url} publishes ${name}'s projects${posts.length ? ', posts' : ''}${resume ? ', résumé' : ''} and pages as a read-only API. It is free, needs no key, and answers JSON. Search is lexical (exact title first, then title words, tag or type, summary, body text), not generative: it returns records, not prose.

## How to answer a question about ${name}

1. For a question in words, ask: \`GET ${url('/ask')}?query=<words>\`. The answer's \`results\` are the best-matching pages and projects, each with \`url\`, \`name\`, \`description\`.
2. To find projects, search: \`GET ${url('/api/v1/search')}?q=<words>\` (optionally \`type=\` a project type or \`page\`). Each hit has \`slug\`, \`title\`, \`summary\`, \`url\`, and \`twinUrl\` (the page as Markdown).
3. For the whole record of a project, get it by slug: \`GET ${url('/api/v1/projects')}/<slug>\` (its \`body\` is the write-up in Markdown, \`related\` the similar projects).
${steps.map((step, i) => `${i + 4}. ${step}`).join('\n')}

If you are an MCP client, connect to \`${url('/api/mcp')}\` instead: the same records as tools, each answering as its REST endpoint does. ${sizingSentence(tools)}${languageSentence(site, tools)}

${tools.map((t) => `- ${toolSentence(t)}`).join('\n')}

## Examples

Every command below runs as written against ${site.url}, and answers as shown.

${examples.map((e) => exampleMarkdown(e, site.url, '###')).join('\n\n')}

## When something fails

- Every error is JSON: \`error.code\` (stable), \`error.message\`, \`error.hint\` (how to fix the request) and \`error.docs\`. Fix the request as the hint says; do not retry it unchanged.
- 404 \`not_found\`: no project has that slug; list them with \`GET ${url('/api/v1/projects')}?archive=1\`.
- 429 \`rate_limited\`: wait the seconds in \`Retry-After\`. ${rateLimitSentence(site)}

## More

- Every endpoint, with examples: ${url('/developers')}
- OpenAPI description: ${url('/openapi.json')}
- House rules for agents: ${url('/AGENTS.md')}
- Pricing (free) and limits: ${url('/pricing.md')}
`;
}
