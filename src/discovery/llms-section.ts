// The "API and agent docs" entries of llms.txt (src/records/llms.ts lists them): the entry points an
// agent can fetch as documents, from the one list (src/server/entry-points.ts). Endpoints that only
// answer a query, a POST or a token (search, ask, the catalog, the MCP endpoint) are left to the
// documents that describe them; an HTML page is linked as its Markdown twin.
import { ENTRY_POINTS } from '../server/entry-points.ts';
import { ROUTES } from '../server/routes.ts';

export interface DocLink {
  title: string;
  /** Site path. */
  path: string;
  note: string;
}

/** A path an agent can GET as it stands: a file, or a GET route that needs no token and no query. */
function fetchable(path: string): boolean {
  const routes = ROUTES.filter((r) => r.path === path);
  if (routes.length === 0) return true;
  return routes.some((r) => r.method === 'GET' && !r.auth && !(r.query && !r.query.safeParse({}).success));
}

export function apiAgentDocs(): DocLink[] {
  return ENTRY_POINTS.filter((e) => e.group !== 'read' && e.group !== 'query' && !e.path.includes('?') && fetchable(e.path)).map((e) => ({
    title: e.name,
    path: e.mediaType.startsWith('text/html') ? `${e.path}.md` : e.path,
    note: e.description.replace(/\.$/, ''),
  }));
}
