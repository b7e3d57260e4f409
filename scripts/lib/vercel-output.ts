// What `vercel build` wrote (.vercel/output, Build Output API v3), read back: what a deploy would
// publish, and how its routes treat a request. `npm run deploy:dry` reports it; the deploy
// artifact test asserts on it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { HasField } from '@vercel/routing-utils';

/** A route of config.json (Build Output API § routes): the fields Folio's output uses. */
export interface OutputRoute {
  src?: string;
  dest?: string;
  status?: number;
  headers?: Record<string, string>;
  continue?: boolean;
  check?: boolean;
  handle?: string;
  middlewarePath?: string;
  has?: HasField;
  missing?: HasField;
}

/** What Chromium, Firefox and Safari send for a page view (their navigation Accept). */
export const BROWSER_ACCEPTS = [
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
] as const;

/**
 * Whether a route's `has` and `missing` conditions hold for a request (Build Output API § routes):
 * a header or query parameter is present and, when a value is given, matches it as a regular
 * expression over the whole value. Header names are case-insensitive (RFC 9110 § 5.1).
 */
function conditionsHold(request: Request, url: URL, has: HasField, missing: HasField): boolean {
  const holds = (condition: HasField[number]) => {
    let actual: string | null;
    if (condition.type === 'header') actual = request.headers.get(condition.key);
    else if (condition.type === 'query') actual = url.searchParams.get(condition.key);
    else throw new Error(`vercel.json: the local server does not run \`has\` conditions of type ${condition.type}`);
    if (actual === null) return false;
    return condition.value === undefined || new RegExp(`^(?:${condition.value})$`).test(actual);
  };
  return has.every(holds) && !missing.some(holds);
}

export const outputRoutes = (output: string): OutputRoute[] => JSON.parse(readFileSync(join(output, 'config.json'), 'utf8')).routes;

/**
 * The routes phase of config.json for a request, as Vercel's proxy runs it: in order until the
 * file system, a matching redirect or status ends it; a route whose `has` conditions hold applies
 * its `dest` (continuing, the path for the routes after it); the middleware runs where its route
 * matches the path so far. The path after it is what the file system is asked for.
 */
export function walkRoutes(routes: OutputRoute[], path: string, headers: Record<string, string> = {}, query = ''): { path: string; middleware: boolean; status?: number } {
  const request = new Request(`https://deploy.invalid${path}${query}`, { headers });
  const url = new URL(request.url);
  let current = path;
  let middleware = false;
  for (const route of routes) {
    if (route.handle === 'filesystem') break;
    if (route.handle || !route.src) continue;
    const m = new RegExp(route.src, 'i').exec(current);
    if (!m || !conditionsHold(request, url, route.has ?? [], route.missing ?? [])) continue;
    if (route.middlewarePath) middleware = true;
    else if (route.status) return { path: current, middleware, status: route.status };
    else if (route.dest) current = route.dest.replace(/\$(\d+)/g, (_, i: string) => m[Number(i)] ?? '');
    if (!route.continue) break;
  }
  return { path: current, middleware };
}

function* filesIn(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else if (entry.isFile()) yield path;
  }
}

/** Files and bytes under a folder; `zipped` estimates the upload (each file gzipped on its own, as deploys compress). */
export function folderSize(dir: string, { zipped = false } = {}): { files: number; bytes: number; zipped?: number } {
  let files = 0;
  let bytes = 0;
  let packed = 0;
  for (const file of filesIn(dir)) {
    files++;
    bytes += statSync(file).size;
    if (zipped) packed += gzipSync(readFileSync(file)).length;
  }
  return zipped ? { files, bytes, zipped: packed } : { files, bytes };
}
