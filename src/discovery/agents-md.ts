// /AGENTS.md: how an agent should use this site — where to start, every entry point (from the one
// list, src/discovery/entry-points.ts), and the house rules.
import { countOf } from '../records/words.ts';
import type { Content } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { ENTRY_GROUPS, entryPointsOf, type EntryGroup } from './entry-points.ts';
import { DISCOVERY_FILES } from './files.ts';
import { rateLimitSentence } from './limits.ts';
import { escapeMarkdownText } from '../records/escape.ts';
import { languageSentence, mcpToolDocs, sizingSentence, toolSentence } from './mcp-tools.ts';
import { MAX_LIMIT } from '../server/portfolio.ts';

export function agentsMarkdown(content: Pick<Content, 'site' | 'projects'> & Partial<Pick<Content, 'posts' | 'resume'>>): string {
  const { site, posts = [], resume } = content;
  const url = (path: string) => absoluteUrl(site, path);
  // FO-POSTS, FO-RESUME: the posts' and the résumé's entry points and tools only on a site that has them.
  const points = entryPointsOf(content);
  const tools = mcpToolDocs({ posts, resume });
  const groups = (Object.keys(ENTRY_GROUPS) as EntryGroup[]).map((group) => {
    const entries = points.filter((e) => e.group === group).map((e) => `- [${e.name}](${url(e.path)}): ${e.description} (\`${e.mediaType}\`)`);
    return `### ${ENTRY_GROUPS[group]}\n\n${entries.join('\n')}`;
  });
  const listed = new Set(points.map((e) => e.path));
  const published = [countOf(content.projects.length, 'project', 'projects'), ...(posts.length ? [countOf(posts.length, 'post', 'posts')] : [])].join(', ');
  const more = [
    ...(posts.length
      ? [
          `- To read the writing: ${url('/posts.md')} lists every post; \`GET ${url('/api/v1/posts')}\` pages through them (\`limit\` 1–${MAX_LIMIT}, optional \`tag\`, follow \`nextCursor\`), \`GET ${url('/api/v1/posts')}/<slug>\` returns one with its Markdown body.`,
        ]
      : []),
    ...(resume
      ? [`- For the résumé: ${url('/resume.md')} to read, ${url('/resume.json')} or \`GET ${url('/api/v1/resume')}\` as a JSON Resume document.`]
      : []),
  ];
  const also = DISCOVERY_FILES.filter((f) => !listed.has(f.path) && f.path !== '/AGENTS.md').map((f) => `- [${f.path}](${url(f.path)}): ${f.title}.`);
  // FO-MARKDOWN-SAFE: the owner's words as Markdown text.
  const name = escapeMarkdownText(site.name);
  return `# AGENTS.md: ${name}

${site.url} is ${name}'s site: ${escapeMarkdownText(site.headline.replace(/[.!?]*$/, ''))}. It publishes ${published}${resume ? ', a résumé' : ''} and a handful of pages, for people as HTML and for agents as Markdown, JSON and MCP. Everything is public, free and read-only; nothing you send is stored.

## Where to start

- To read: ${url('/llms.txt')} lists every page with a one-line summary, linked as Markdown; it links section files (${url('/projects/llms.txt')} and the others it names), each covering the pages under its path and, on a large site, listing what the root leaves out. Every page has a Markdown twin at its path plus \`.md\` (the home page: \`/index.md\`); \`Accept: text/markdown\` (or \`text/plain\`) on a page URL returns it too.
- To ask a question in words: \`GET ${url('/ask')}?query=…\` (NLWeb). To find, list or compare projects: the REST API, \`/api/v1/search\`, \`/api/v1/projects\`, \`/api/v1/compare\`. As an MCP client: \`${url('/api/mcp')}\`, with the tools below. All of them answer from the same records.
${more.map((line) => `${line}\n`).join('')}- The skill at ${url('/SKILL.md')} walks through it with examples that are tested against this server; ${url('/openapi.json')} describes every endpoint.

## MCP tools

At \`${url('/api/mcp')}\` (Streamable HTTP, stateless), each answering as its REST endpoint does. ${sizingSentence(tools)}${languageSentence(site, tools)}

${tools.map((t) => `- ${toolSentence(t)}`).join('\n')}

## Entry points

${groups.join('\n\n')}

### Also

${also.join('\n')}

## House rules

- No key, no sign-up. Only the catalog (\`GET /api/v1\`) wants a bearer token, and it is a public literal: ${url('/auth.md')} shows the two requests.
- ${rateLimitSentence(site)} Read \`RateLimit\` and slow down before you hit it.
- Cache: public answers may be reused for five minutes; send \`If-None-Match\` with the \`ETag\` you got to revalidate for free.
- Errors are JSON with a stable \`code\` and a \`hint\` that says how to fix the request; follow the hint rather than retrying the same request. Catalog: ${url('/developers#errors')}.
- Content changes only when the site is redeployed. Search is lexical (exact title, then title words, tag or type, summary, body), not semantic.
- Prices: none. See ${url('/pricing.md')}.
`;
}
