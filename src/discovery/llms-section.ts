// The "API and agent docs" entries of llms.txt (src/discovery/llms.ts lists them): the entry points an
// agent can fetch as documents, from the one list (src/discovery/entry-points.ts). Endpoints that only
// answer a query, a POST or a token (search, ask, the catalog, the MCP endpoint) are left to the
// documents that describe them; an HTML page is linked as its Markdown twin; JSON documents are
// named, not linked.
import { ENTRY_POINTS } from './entry-points.ts';
import { ROUTES } from '../server/routes.ts';
import { MARKDOWN } from '../http/media-types.ts';

export interface DocLink {
  title: string;
  /** Site path. */
  path: string;
  note: string;
  mediaType: string;
}

/** A path an agent can GET as it stands: a file, or a GET route that needs no token and no query. */
function fetchable(path: string): boolean {
  const routes = ROUTES.filter((r) => r.path === path);
  if (routes.length === 0) return true;
  return routes.some((r) => r.method === 'GET' && !r.auth && !(r.query && !r.query.safeParse({}).success));
}

function apiAgentDocs(): DocLink[] {
  return ENTRY_POINTS.filter((e) => e.group !== 'read' && e.group !== 'query' && !e.path.includes('?') && fetchable(e.path)).map((e) => {
    const html = e.mediaType.startsWith('text/html');
    return { title: e.name, path: html ? `${e.path}.md` : e.path, note: e.description.replace(/\.$/, ''), mediaType: html ? MARKDOWN : e.mediaType };
  });
}

/** Documents to read (Markdown or plain text): llms.txt links them, as it links pages. */
export const readableAgentDocs = () => apiAgentDocs().filter((d) => d.mediaType.startsWith('text/'));

/**
 * Machine-readable descriptions (JSON: openapi.json, the catalogs, the OAuth metadata, the server
 * card). llms.txt names them without linking them: its links are pages to read, and an agent
 * following one into a 250,000-character OpenAPI document loses its context (afdocs § llms.txt).
 */
export const machineAgentDocs = () => apiAgentDocs().filter((d) => !d.mediaType.startsWith('text/'));
