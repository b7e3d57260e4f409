// Shared by the router tests: the local server's routing (scripts/local-server/vercel-router.ts)
// over a fixture output directory, driven by the committed vercel.json and the real middleware.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { config as middlewareConfig } from '../../middleware.ts';
import { buildPageManifest } from '../../src/routing/page-manifest.ts';
import { manifestFiles, routePage } from '../../src/routing/page-negotiation.ts';
import { createVercelRouter } from '../../scripts/local-server/vercel-router.ts';
import { distFiles } from '../../scripts/local-server/dist-files.ts';

type Fetch = (request: Request) => Response | Promise<Response>;

/** Writes `files` into `dist` and returns a GET (or any request) through the router over it. */
export function fixtureRouter(dist: string, files: Record<string, string>, fn: Fetch) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, name)), { recursive: true });
    writeFileSync(join(dist, name), text);
  }
  const manifest = buildPageManifest(dist, (t) => t.length);
  const route = createVercelRouter({
    config: JSON.parse(readFileSync('vercel.json', 'utf8')),
    middleware: { config: middlewareConfig, default: (request) => routePage(request, manifestFiles(manifest)) },
    files: distFiles(dist),
    fn: { fetch: fn },
  });
  return (path: string, init: RequestInit = {}) => route(new Request(`http://localhost${path}`, init));
}
