// Throwaway copies of the project (and of a bare Astro project) to build and serve generated
// content in, so the benchmarks and the 10,000-record build test never touch the real content/.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), `folio-${prefix}-`));

/**
 * Copies the project's files as they are in the work tree (tracked and not-ignored untracked
 * files, so uncommitted changes are measured too), without content/, and links node_modules.
 */
export function copyProject(dest: string, root = REPO_ROOT): string {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${root}: ${listed.stderr}`);
  for (const file of new Set(listed.stdout.split('\0').filter(Boolean))) {
    if (file.startsWith('content/') || file === 'node_modules') continue;
    const from = join(root, file);
    if (!existsSync(from) || !statSync(from).isFile()) continue; // deleted in the work tree
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(from, join(dest, file));
  }
  symlinkSync(realpathSync(join(root, 'node_modules')), join(dest, 'node_modules'), 'dir');
  return dest;
}

/** A minimal Astro project: one `[slug].astro` page whose getStaticPaths yields `pages` bare pages. */
export function bareAstroProject(dest: string, pages: number, root = REPO_ROOT): string {
  mkdirSync(join(dest, 'src/pages'), { recursive: true });
  writeFileSync(join(dest, 'package.json'), JSON.stringify({ name: 'bare-astro', private: true, type: 'module' }));
  writeFileSync(
    join(dest, 'astro.config.mjs'),
    "import { defineConfig } from 'astro/config';\nexport default defineConfig({ output: 'static', build: { format: 'file' }, devToolbar: { enabled: false } });\n",
  );
  writeFileSync(
    join(dest, 'src/pages/[slug].astro'),
    `---
export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, i) => ({ params: { slug: \`page-\${i}\` } }));
}
const { slug } = Astro.params;
---
<html lang="en"><head><meta charset="utf-8"><title>{slug}</title></head><body><h1>{slug}</h1></body></html>
`,
  );
  symlinkSync(realpathSync(join(root, 'node_modules')), join(dest, 'node_modules'), 'dir');
  return dest;
}

export interface BuildResult {
  ok: boolean;
  ms: number;
  /** The last lines of the build's output, for a failure message. */
  tail: string;
  /** Pages Astro's incremental build took from its cache rather than render: its log marks each "(restored)" or "(cached)". */
  restored: number;
}

/** `astro build` in `dir` (the bare reference), with telemetry off; optionally under `node --cpu-prof`. */
export function astroBuild(dir: string, env: Record<string, string> = {}, { cpuProfDir }: { cpuProfDir?: string } = {}): Promise<BuildResult> {
  return run(dir, process.execPath, [join(dir, 'node_modules/astro/bin/astro.mjs'), 'build'], env, cpuProfDir);
}

/**
 * The project's own build, `npm run build` (astro build and whatever the project adds to it), with
 * the Node that runs the bench first on PATH. Under --cpu-prof every Node process it starts writes
 * a profile (NODE_OPTIONS).
 */
export function projectBuild(dir: string, env: Record<string, string> = {}, { cpuProfDir }: { cpuProfDir?: string } = {}): Promise<BuildResult> {
  const path = `${join(dir, 'node_modules/.bin')}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  return run(dir, 'npm', ['run', '--silent', 'build'], { PATH: path, ...env }, cpuProfDir);
}

function run(dir: string, command: string, args: string[], env: Record<string, string>, cpuProfDir?: string): Promise<BuildResult> {
  const profile = cpuProfDir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${cpuProfDir}`.trim() } : {};
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...profile, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let restored = 0;
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      restored += text.match(/\((?:restored|cached)\)/g)?.length ?? 0;
      output = (output + text).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => done({ ok: code === 0, ms: performance.now() - started, tail: output.split('\n').slice(-30).join('\n'), restored }));
  });
}

/**
 * `npm start` rebuilds when the build has no stamp (scripts/lib/build.ts, when the project has
 * one). The bench built already, so it stamps the build the way that module does; if the module
 * is absent or changed shape, nothing is written and the server simply builds again.
 */
export async function stampBuild(dir: string, siteUrl: string): Promise<boolean> {
  const file = join(dir, 'scripts/lib/build.ts');
  if (!existsSync(file)) return false;
  const lib = (await import(pathToFileURL(file).href).catch(() => undefined)) as
    | { writeStamp?: (url: string, root: string) => void; staleReason?: (url: string | undefined, root: string) => string | undefined }
    | undefined;
  if (!lib?.writeStamp) return false;
  lib.writeStamp(siteUrl, dir);
  return lib.staleReason ? lib.staleReason(siteUrl, dir) === undefined : true;
}

/** Total bytes and file count under `dir`. */
export function dirSize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

/**
 * The function as a deploy ships it: `vercel build` (offline) in a copy holding the project's code
 * and `site`'s generated data, with the site build skipped (the static pages are not the
 * function's). Returns the function's directory, where it runs on Vercel, and its entry module.
 */
export function vercelFunction(site: string): { dir: string; entry: string } {
  const copy = copyProject(tempDir('function'));
  cpSync(join(site, 'generated'), join(copy, 'generated'), { recursive: true });
  mkdirSync(join(copy, 'dist'));
  writeFileSync(join(copy, 'dist/index.html'), '<!doctype html>\n');
  const config = JSON.parse(readFileSync(join(copy, 'vercel.json'), 'utf8'));
  writeFileSync(join(copy, 'vercel.json'), JSON.stringify({ ...config, buildCommand: 'true' }));
  mkdirSync(join(copy, '.vercel'));
  writeFileSync(join(copy, '.vercel/project.json'), JSON.stringify({ projectId: 'prj_local', orgId: 'team_local', settings: {} }));
  const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, VERCEL_INSTALL_COMPLETED: '1', VERCEL_TELEMETRY_DISABLED: '1' };
  const built = spawnSync(join(copy, 'node_modules/.bin/vercel'), ['build', '--prod', '--standalone', '--yes'], { cwd: copy, env, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`vercel build of the function failed (${built.status}):\n${`${built.stdout}\n${built.stderr}`.slice(-4000)}`);
  const dir = join(copy, '.vercel/output/functions/api/index.func');
  return { dir, entry: JSON.parse(readFileSync(join(dir, '.vc-config.json'), 'utf8')).handler };
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

/**
 * The reference an Astro user would write for the same Markdown: a content collection per folder
 * (glob loader over the site's content/projects and content/pages, a zod schema), one
 * `[slug].astro` per collection rendering the entry with `render()` in a minimal layout, default
 * Markdown options (Shiki on). Its content folder is a link to the site's own.
 */
export function idiomaticAstroProject(dest: string, site: string, root = REPO_ROOT, { incremental = false } = {}): string {
  mkdirSync(join(dest, 'src/pages/projects'), { recursive: true });
  mkdirSync(join(dest, 'src/layouts'), { recursive: true });
  mkdirSync(join(dest, 'src/styles'), { recursive: true });
  writeFileSync(join(dest, 'package.json'), JSON.stringify({ name: 'idiomatic-astro', private: true, type: 'module' }));
  // Its own cache folder: Astro keeps the content layer's data store (rendered entries) in
  // node_modules/.astro by default, which the linked node_modules would share between runs.
  writeFileSync(
    join(dest, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';\nexport default defineConfig({ output: 'static', build: { format: 'file' }, cacheDir: './.astro-cache', devToolbar: { enabled: false }${incremental ? ', experimental: { incrementalBuild: true }' : ''} });\n`,
  );
  // Astro's own incremental build (experimental.incrementalBuild, Astro 7.2) skips a page whose
  // cacheKey and module graph match the last build's: the entry's digest is its key, and the layout
  // imports a stylesheet, so the bench can edit it as it edits Folio's.
  writeFileSync(join(dest, 'src/styles/site.css'), 'main { max-width: 40rem; margin: 0 auto; }\n');
  writeFileSync(
    join(dest, 'src/content.config.ts'),
    `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const projects = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/projects' }),
  schema: z.object({
    title: z.string(),
    summary: z.string(),
    type: z.string(),
    category: z.string(),
    tags: z.array(z.string()).default([]),
    archived: z.boolean().default(false),
    date: z.string(),
    updated: z.string().optional(),
    links: z.record(z.string(), z.string()).optional(),
    stack: z.array(z.string()).optional(),
  }),
});
const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/pages' }),
  schema: z.object({ title: z.string(), summary: z.string(), tags: z.array(z.string()).default([]), order: z.number().optional() }),
});
export const collections = { projects, pages };
`,
  );
  writeFileSync(
    join(dest, 'src/layouts/Layout.astro'),
    `---
${incremental ? "import '../styles/site.css';\n" : ''}const { title, summary } = Astro.props;
---
<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>{title}</title><meta name="description" content={summary} /></head>
<body><main><h1>{title}</h1><p>{summary}</p><slot /></main></body></html>
`,
  );
  for (const [file, collection] of [
    ['src/pages/projects/[slug].astro', 'projects'],
    ['src/pages/[slug].astro', 'pages'],
  ] as const) {
    writeFileSync(
      join(dest, file),
      `---
import { getCollection, render } from 'astro:content';
import Layout from '${file.includes('projects/') ? '../../' : '../'}layouts/Layout.astro';
export async function getStaticPaths() {
  return (await getCollection('${collection}')).map((entry) => ({ params: { slug: entry.id }, props: { entry }${incremental ? ', cacheKey: entry.digest' : ''} }));
}
const { entry } = Astro.props;
const { Content } = await render(entry);
---
<Layout title={entry.data.title} summary={entry.data.summary}><Content /></Layout>
`,
    );
  }
  symlinkSync(join(site, 'content'), join(dest, 'content'), 'dir');
  symlinkSync(realpathSync(join(root, 'node_modules')), join(dest, 'node_modules'), 'dir');
  return dest;
}
