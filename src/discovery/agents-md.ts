// /AGENTS.md: how an agent should use this site — what to read, what to call, the house rules.
import type { Content } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { entryPoints } from './entry-points.ts';
import { DISCOVERY_FILES } from './files.ts';
import { rateLimitSentence } from './limits.ts';

export function agentsMarkdown(content: Pick<Content, 'site' | 'projects'>): string {
  const { site } = content;
  const url = (path: string) => absoluteUrl(site, path);
  const entries = entryPoints(content);
  return `# AGENTS.md: ${site.name}

${site.url} is ${site.name}'s site: ${site.headline.replace(/[.!?]*$/, '')}. It publishes ${content.projects.length} projects and a handful of pages, for people as HTML and for agents as Markdown, JSON and MCP. Everything is public, free and read-only; nothing you send is stored.

## Read

- Start with ${url('/llms.txt')}: every page, with a one-line summary, linked as Markdown. ${url('/llms-full.txt')} is the whole site in one file.
- Every page has a Markdown twin at its path plus \`.md\` (the home page: \`/index.md\`). Sending \`Accept: text/markdown\` to a page URL returns the twin too.
- The home page for agents: ${url('/?mode=agent')}.

## Call

${entries.map((e) => `- **${e.displayName}**: \`${url(e.endpoint)}\`. ${e.description} Described by ${url(e.artifact)} (\`${e.type}\`).`).join('\n')}

Which to use: for a question in words, \`GET /ask?query=…\`; to find or list projects, the REST API (\`/api/v1/search\`, \`/api/v1/projects\`, \`/api/v1/compare\`); if you are an MCP client, \`/api/mcp\`. All of them answer from the same records. The skill at ${url('/SKILL.md')} walks through it with examples that are tested against this server.

## Discover

${DISCOVERY_FILES.filter((f) => f.path !== '/AGENTS.md').map((f) => `- ${url(f.path)}: ${f.title}.`).join('\n')}

## House rules

- No key, no sign-up. Only the catalog (\`GET /api/v1\`) wants a bearer token, and it is a public literal: ${url('/auth.md')} shows the two requests.
- ${rateLimitSentence(site)} Read \`RateLimit\` and slow down before you hit it.
- Cache: public answers may be reused for five minutes; send \`If-None-Match\` with the \`ETag\` you got to revalidate for free.
- Errors are JSON with a stable \`code\` and a \`hint\` that says how to fix the request; follow the hint rather than retrying the same request. Catalog: ${url('/developers#errors')}.
- Content changes only when the site is redeployed. Search is lexical (exact title, then title words, tag or type, summary, body), not semantic.
- Prices: none. See ${url('/pricing.md')}.
`;
}
