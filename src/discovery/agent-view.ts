// The agent view (`/?mode=agent`, PF-AGENT-VIEW): the home page for a software agent, in Markdown.
// Who this is, what the site offers agents, and where each entry point is — from the content and
// the one list of entry points, so it can't drift from either.
import { countOf } from '../records/words.ts';
import type { Content } from '../records/schema.ts';
import { ENTRY_GROUPS, entryPointsOf, type EntryGroup } from './entry-points.ts';
import { escapeAutolink, escapeMarkdownText } from '../records/escape.ts';

export function agentView(content: Content): string {
  const { site, projects, pages, posts, resume } = content;
  const url = (path: string) => `${site.url}${path}`;
  const { knowledge, portfolio } = site.rateLimits;
  // FO-MARKDOWN-SAFE: the owner's words as Markdown text, their URLs as autolinks.
  const name = escapeMarkdownText(site.name);
  const who = [
    `- Name: ${name}`,
    site.location ? `- Location: ${escapeMarkdownText(site.location)}` : undefined,
    site.email ? `- Email: <${site.email}>` : undefined,
    ...site.links.map((l) => `- ${escapeMarkdownText(l.label)}: ${escapeAutolink(l.url)}`),
    `- Site: <${site.url}/> (for people; [as Markdown](${url('/index.md')}))`,
  ].filter(Boolean);

  const groups = Object.entries(ENTRY_GROUPS).map(([group, title]) => {
    // FO-POSTS, FO-RESUME: the posts' and the résumé's entry points only on a site that has them.
    const lines = entryPointsOf(content)
      .filter((e) => e.group === (group as EntryGroup))
      .map((e) => `- [${e.name}](${url(e.path)}) — \`${e.mediaType.split(';')[0]}\`. ${e.description}`);
    return `### ${title}\n\n${lines.join('\n')}`;
  });

  return `# ${name}: agent view

> ${escapeMarkdownText(site.headline)}

${escapeMarkdownText(site.summary)}

This is the home page of <${site.url}/> for software agents. Everything listed here is public, free and read-only: no sign-up, no API key, no payment.

## Who this is

${who.join('\n')}

## What this site offers agents

- **Read**: ${[countOf(projects.length, 'project', 'projects'), ...(posts.length ? [countOf(posts.length, 'post', 'posts')] : [])].join(', ')} and ${countOf(pages.length, 'page', 'pages')}${resume ? ', and a résumé (also as JSON Resume at `/resume.json`)' : ''}. Every HTML page \`/x\` has a Markdown twin at \`/x.md\` (the home page: \`/index.md\`), also returned for \`Accept: text/markdown\` (or \`text/plain\`) on the page URL, with an \`x-markdown-tokens\` estimate.
- **Search and query**: lexical search, project listings and comparisons over a REST API; natural-language questions at \`/ask\` (JSON or server-sent events); batches and asynchronous jobs. Search is lexical, not semantic; content changes only when the site is redeployed.
- **Connect**: a stateless, read-only MCP tool server at \`/api/mcp\`.
- **Access**: the REST API, \`/ask\` and MCP need no credentials. Only the catalog at \`/api/v1\` asks for a bearer token, which the public-read flow in \`/auth.md\` gives out in two requests with no secret.
- **Limits**: ${knowledge.limit} requests per ${knowledge.window} s for the knowledge endpoints and ${portfolio.limit} per ${portfolio.window} s for the portfolio REST API and MCP, per client address. Every limited response says where you stand in \`RateLimit\` headers; over the limit: 429 with \`Retry-After\`. Responses may be cached for five minutes.
- **Errors**: JSON \`{ "error": { "code", "message", "hint", "docs" } }\` with stable codes; unknown paths under \`/api/\` answer 404 \`route_not_found\`.

## Entry points

${groups.join('\n\n')}
`;
}
