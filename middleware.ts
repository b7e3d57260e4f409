// Vercel Routing Middleware: runs before static files (vercel.json rewrites run after them and so
// cannot swap a page for its twin). It negotiates page URLs between HTML and the Markdown twin,
// serves the agent view at /?mode=agent and answers the Markdown 404. The decisions live in
// src/routing/page-negotiation.ts; the local server runs this same module.
import { readFileSync } from 'node:fs';
import { manifestFiles, next, routePage, type SiteFiles } from './src/routing/page-negotiation.ts';

export const config = {
  runtime: 'nodejs',
  // Page paths and .md files only. Excluded, by negative lookahead (`(?!api/)` alone would still
  // match `/api`): every dynamic and discovery prefix, the search page and its Markdown form (the
  // function negotiates those itself) and files with an extension other than .md, or a Markdown
  // request to them would be rewritten to a twin that does not exist. A test checks this list
  // against the route table. (A matcher takes paths only, so a browser's page view runs this too:
  // docs/decisions.md § Page views and the middleware.)
  matcher: ['/((?!(?:_astro|\\.well-known|agent|api|ask|oauth|search(?:\\.md)?)(?:/|$)|.*\\.(?!md$)[^/.]+$).*)'],
};

let site: SiteFiles | undefined;

function loadSite(): SiteFiles | undefined {
  try {
    // A URL relative to this module: Vercel's file tracer copies the file into the middleware bundle.
    const manifest = JSON.parse(readFileSync(new URL('./generated/pages-manifest.json', import.meta.url), 'utf8'));
    return manifestFiles(manifest);
  } catch (error) {
    console.error(`middleware: no page manifest (${(error as Error).message}); run \`npm run build\`. Serving pages without negotiation.`);
    return undefined;
  }
}

export default async function middleware(request: Request): Promise<Response> {
  site ??= loadSite();
  if (!site) return next();
  return routePage(request, site);
}
