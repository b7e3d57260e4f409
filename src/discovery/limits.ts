// The limits, stated once for /pricing.md, /developers and SKILL.md, from the constants the code
// enforces (so the docs change when the code does).
import type { Site } from '../records/schema.ts';
import { MAX_EVENT_BYTES } from '../server/access.ts';
import { TOKEN_LIFETIME_SECONDS } from '../server/access/public-read.ts';
import { OAUTH_ERROR_FOR } from '../server/access/oauth-http.ts';
import { BODY_TIMEOUT_MS, MAX_BODY_BYTES, MAX_QUERY_CHARS } from '../server/http.ts';
import { MAX_BATCH_QUERIES, MAX_PAGE_LIMIT } from '../server/knowledge/schemas.ts';
import { QUOTA_COST_RULE } from '../server/middleware/rate-limit.ts';
import { MAX_COMPARE, MAX_LIMIT, MIN_COMPARE } from '../server/portfolio.ts';

type SiteLimits = Pick<Site, 'rateLimits'>;

/** What a refusal says: the catalog's code, or OAuth's where errors are in OAuth's shape. */
const OVER_THE_LIMIT = `429 \`rate_limited\` with \`Retry-After\` in seconds (on the OAuth and agent endpoints, whose errors are OAuth's: \`{"error": "${OAUTH_ERROR_FOR.rate_limited}"}\`)`;

const per = ({ limit, window }: { limit: number; window: number }) => `${limit} requests per ${window} seconds`;

export function rateLimitSentence(site: SiteLimits): string {
  const { knowledge, portfolio } = site.rateLimits;
  return `Rate limits are per client address, counted per server instance: ${per(portfolio)} for the portfolio REST API, MCP and the search page, ${per(knowledge)} for the knowledge endpoints (ask, sandbox, batch, jobs, the catalog, OAuth and agent endpoints). ${QUOTA_COST_RULE} Over the limit the answer is ${OVER_THE_LIMIT}.`;
}

export function limitRows(site: SiteLimits): { what: string; limit: string }[] {
  const { knowledge, portfolio } = site.rateLimits;
  const kib = (bytes: number) => `${bytes / 1024} KiB`;
  return [
    { what: 'Portfolio REST API, MCP and the search page', limit: `${per(portfolio)} per client address` },
    { what: 'Knowledge endpoints (ask, sandbox, batch, jobs, catalog, OAuth, agent)', limit: `${per(knowledge)} per client address` },
    { what: 'What a request costs', limit: QUOTA_COST_RULE },
    { what: 'Over the limit', limit: OVER_THE_LIMIT },
    { what: 'Rate headers', limit: '`RateLimit-Policy` and `RateLimit` on every answer, plus `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`' },
    { what: 'Query text', limit: `1 to ${MAX_QUERY_CHARS} characters after trimming (white space alone is refused)` },
    { what: 'Search and project list page size (`limit`)', limit: `1 to ${MAX_LIMIT}` },
    { what: 'Sandbox and catalog page size (`limit`)', limit: `1 to ${MAX_PAGE_LIMIT}` },
    { what: 'Compare', limit: `${MIN_COMPARE} to ${MAX_COMPARE} distinct project slugs` },
    { what: 'Questions per batch or job', limit: `1 to ${MAX_BATCH_QUERIES}` },
    {
      what: 'Request body',
      limit: `${kib(MAX_BODY_BYTES)}; event notices ${kib(MAX_EVENT_BYTES)}; the whole body within ${BODY_TIMEOUT_MS / 1000} seconds (else 408 \`request_timeout\`; one that breaks off: 400 \`incomplete_body\`)`,
    },
    { what: 'Public-read token lifetime', limit: `${TOKEN_LIFETIME_SECONDS} seconds` },
    { what: 'Caching', limit: 'public answers may be cached for 5 minutes (`Cache-Control: public, max-age=300`, `ETag`)' },
  ];
}
