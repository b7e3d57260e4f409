// /pricing.md: the site's API (not the person's services) is free, no key, no paid tier, and the limits (PF-PUBLIC, KQ-FREE: free and public, no
// account and no API key, no test environment and no paid tier).
import type { Site } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { limitRows } from './limits.ts';
import { escapeMarkdownText } from '../records/escape.ts';

export function pricingMarkdown(site: Pick<Site, 'name' | 'url' | 'rateLimits'>): string {
  const rows = limitRows(site);
  // FO-MARKDOWN-SAFE: the owner's name is text in this Markdown document, as in every other.
  const name = escapeMarkdownText(site.name);
  // FO-API-NOT-SERVICES: the title and the first sentence say whose prices these are, so an agent
  // reading llms.txt never takes them for the person's rates.
  return `# API pricing: the API of ${name}'s website (not ${name}'s rates)

This page is about the pricing of this website's API for software only; it says nothing about what ${name} charges for their own work or services.

**Free.** Every endpoint on ${site.url} costs nothing: no account, no sign-up, no API key, no payment, no paid tier and no separate test environment. The answers are the same public facts the site's pages show, and change only when the site is redeployed.

The one token in the API, for the catalog (\`GET /api/v1\`), is a public literal you get with one request; it is not a credential and costs nothing. See ${absoluteUrl(site, '/auth.md')}.

## Limits

The limits keep the service fair for everyone; they are the only "plan" there is.

| What | Limit |
| --- | --- |
${rows.map((r) => `| ${r.what} | ${r.limit} |`).join('\n')}

Rate limits are counted per client address and per server instance, in fixed windows. Every limited answer says where you stand (\`RateLimit\`: \`r\` requests remaining, \`t\` seconds to the reset). When you hit the limit, wait the seconds in \`Retry-After\` and retry.

## More

- Every endpoint, with examples: ${absoluteUrl(site, '/developers')}
- The OpenAPI description: ${absoluteUrl(site, '/openapi.json')}
- How versions are retired: ${absoluteUrl(site, '/developers/deprecation')}
`;
}
