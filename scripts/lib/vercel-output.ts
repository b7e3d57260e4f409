// What `vercel build` wrote (.vercel/output, Build Output API v3), read back: what a deploy would
// publish, and how its routes treat a request. `npm run deploy:dry` reports it; the deploy
// artifact test asserts on it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { HasField } from '@vercel/routing-utils';
import { conditionsHold, fill } from '../local-server/vercel-router.ts';
import { cacheRoot } from '../../src/builder/disk-cache.ts';
import { pinnedTool, toolBin } from './pinned-tool.ts';

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
 * The Vercel CLI's command at its pinned version (scripts/lib/pinned-tool.ts), fetched from the
 * registry the first time; `purpose` says in the output why this command needs it.
 */
export const vercelCli = (purpose: string): string => toolBin(pinnedTool('vercel', purpose), 'vercel');

/**
 * `vercel build` (`cli`: vercelCli()) in a copy of the repository, offline, as a deploy would run
 * it: a stand-in linked project (its IDs only name it), the copy's linked dependencies first on PATH
 * (its Node runs the CLI), and no FOLIO_SITE_URL or FOLIO_DATA_FILE: absolute URLs come from
 * content/site.md's url, as on Vercel. The static builder runs vercel.json's installCommand whatever
 * VERCEL_INSTALL_COMPLETED says (@vercel/static-build in vercel@64), so the copy's production
 * install replaces the linked node_modules, as a deploy's does (FO-DEPLOY-LEAN at run time), and with
 * it the build cache under it: the build reads this repository's cache instead (FOLIO_CACHE_DIR,
 * named by the code that makes each file), or it would encode every image and draw every card again.
 */
export function vercelBuild(
  cli: string,
  copy: string,
  args: readonly string[],
  timeout?: number,
): { ok: boolean; status: number | null; log: string; output: string } {
  if (!existsSync(join(copy, '.vercel/project.json'))) {
    mkdirSync(join(copy, '.vercel'), { recursive: true });
    writeFileSync(join(copy, '.vercel/project.json'), JSON.stringify({ projectId: 'prj_local', orgId: 'team_local', settings: {} }));
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${join(copy, 'node_modules/.bin')}:${process.env.PATH}`,
    VERCEL_INSTALL_COMPLETED: '1',
    VERCEL_TELEMETRY_DISABLED: '1',
    FOLIO_CACHE_DIR: cacheRoot(),
  };
  delete env.FOLIO_SITE_URL;
  delete env.FOLIO_DATA_FILE;
  const run = spawnSync(cli, ['build', ...args], { cwd: copy, env, encoding: 'utf8', timeout });
  return { ok: run.status === 0, status: run.status, log: `${run.stdout}\n${run.stderr}`, output: join(copy, '.vercel/output') };
}

export const outputRoutes = (output: string): OutputRoute[] => JSON.parse(readFileSync(join(output, 'config.json'), 'utf8')).routes;

/** What the file system phase finds at a path of the output: a static file, a function, or nothing. */
export type FileSystem = (path: string) => 'static' | 'function' | undefined;

/** Where a request ends, walking config.json's routes: what it ran, and what answered. */
export interface Walk {
  /** The path after the routes phase: what the file system is asked for first. */
  path: string;
  middleware: boolean;
  /** A status a route ended it with (a redirect, the /api 404, the 404 page). */
  status?: number;
  /** With a file system: the path that answered, and whether a static file or a function did. */
  served?: { path: string; by: 'static' | 'function' };
}

/**
 * The file system of a `vercel build` output: its static files and its functions
 * (`functions/api/index.func` answers `/api/index` and, as an index, `/api`).
 */
export function outputFileSystem(output: string): FileSystem {
  const functions = new Set(
    [...filesIn(join(output, 'functions'))]
      .filter((file) => file.endsWith('.func/.vc-config.json'))
      .map((file) => file.slice(join(output, 'functions').length, -'.func/.vc-config.json'.length))
      .flatMap((path) => (path.endsWith('/index') ? [path, path.slice(0, -'/index'.length)] : [path])),
  );
  return (path) => {
    if (functions.has(path)) return 'function';
    const file = join(output, 'static', path === '/' ? 'index.html' : path);
    return file.startsWith(join(output, 'static')) && existsSync(file) && statSync(file).isFile() ? 'static' : undefined;
  };
}

/**
 * A request's way through config.json, as Vercel's proxy runs it. Before `handle: filesystem`, in
 * order: a matching redirect or status ends it; a route whose `has` conditions hold applies its
 * `dest` (continuing, the path for the routes after it); the middleware runs where its route
 * matches the path so far (what it answers is its own business: the walk carries on with the path
 * it had). Given the output's file system, the walk goes on: the path itself, then each later
 * route's `dest` that `check`s the file system, as far as one is found.
 */
export function walkRoutes(routes: OutputRoute[], path: string, headers: Record<string, string> = {}, query = '', fileSystem?: FileSystem): Walk {
  const request = new Request(`https://deploy.invalid${path}${query}`, { headers });
  const url = new URL(request.url);
  let current = path;
  let middleware = false;
  const filesystem = routes.findIndex((route) => route.handle === 'filesystem');
  for (const route of routes.slice(0, filesystem)) {
    if (route.handle || !route.src) continue;
    const m = new RegExp(route.src, 'i').exec(current);
    if (!m || !conditionsHold(request, url, route.has ?? [], route.missing ?? [])) continue;
    if (route.middlewarePath) middleware = true;
    else if (route.status) return { path: current, middleware, status: route.status };
    else if (route.dest) current = fill(route.dest, m);
    if (!route.continue) break;
  }
  const walk: Walk = { path: current, middleware };
  if (!fileSystem) return walk;
  let asked = current;
  const found = (at: string) => {
    const by = fileSystem(at);
    if (by) walk.served = { path: at, by };
    return by !== undefined;
  };
  if (found(asked)) return walk;
  for (const route of routes.slice(filesystem + 1)) {
    if (route.handle) break;
    const m = route.src ? new RegExp(route.src, 'i').exec(asked) : null;
    if (!m) continue;
    if (route.status) return { ...walk, status: route.status };
    if (!route.dest) continue;
    asked = fill(route.dest, m);
    if (route.check && found(asked)) return walk;
  }
  // Nothing found: the error phase's route for the path, with its status (the 404 page).
  const error = routes.findIndex((route) => route.handle === 'error');
  const page = error < 0 ? undefined : routes.slice(error + 1).find((route) => !route.handle && route.src && new RegExp(route.src, 'i').test(current));
  if (page?.dest) found(page.dest);
  return page?.status ? { ...walk, status: page.status } : walk;
}

/** The files a function's `.vc-config.json` maps into it from outside its folder (`filePathMap`: path in the function → path from `root`). */
export const mappedFiles = (funcDir: string, root: string): string[] =>
  Object.values((JSON.parse(readFileSync(join(funcDir, '.vc-config.json'), 'utf8')).filePathMap ?? {}) as Record<string, string>).map((file) =>
    join(root, file),
  );

function* filesIn(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Files and bytes under a folder; `zipped` estimates the upload (each file gzipped on its own, as
 * deploys compress). `also` adds files kept elsewhere: a function's `.vc-config.json` `filePathMap`
 * names files `vercel build` did not copy into its folder (generated/, and without --standalone
 * any dependency), which deploy with it all the same.
 */
export function folderSize(dir: string, { zipped = false, also = [] as readonly string[] } = {}): { files: number; bytes: number; zipped?: number } {
  let files = 0;
  let bytes = 0;
  let packed = 0;
  for (const file of [...filesIn(dir), ...also]) {
    files++;
    bytes += statSync(file).size;
    if (zipped) packed += gzipSync(readFileSync(file)).length;
  }
  return zipped ? { files, bytes, zipped: packed } : { files, bytes };
}
