// Vercel Routing Middleware: runs before static files (vercel.json rewrites run after them and so
// cannot swap a page for its twin), and only for the requests the Markdown gate sends it. It
// negotiates page URLs between HTML and the Markdown twin, serves the agent view at /?mode=agent
// and answers the Markdown 404. The decisions live in src/routing/page-negotiation.ts; the local
// server runs this same module.
import { readFileSync } from 'node:fs';
import { asAsked, manifestFiles, routePage, type SiteFiles } from './src/routing/page-negotiation.ts';

export const config = {
  runtime: 'nodejs',
  // Only the path the Markdown gate rewrites to (src/routing/markdown-gate.ts, NEGOTIATE_MATCHER;
  // a test compares): vercel.json's routes send it the requests that may want Markdown, and a
  // browser's page view never reaches it. Vercel reads this literal statically.
  matcher: ['/_folio/negotiate/:path*'],
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
  // Without the manifest, serve what was asked as it is (the gate's path names no file).
  if (!site) return asAsked(request);
  return routePage(request, site);
}
