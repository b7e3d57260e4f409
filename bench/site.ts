// Throwaway copies of the project (and the idiomatic Astro reference) to build generated content
// in, so the benchmarks and the 10,000-record build test never touch the real content/.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoFiles } from '../scripts/lib/repo-copy.ts';
import { pinnedTool, toolBin } from '../scripts/lib/pinned-tool.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), `folio-${prefix}-`));

/**
 * Copies the project's files as they are in the work tree (tracked and not-ignored untracked
 * files, so uncommitted changes are measured too), without content/, and links node_modules.
 */
export function copyProject(dest: string, root = REPO_ROOT): string {
  for (const file of new Set(repoFiles(root))) {
    if (file.startsWith('content/') || file === 'node_modules') continue;
    const from = join(root, file);
    if (!existsSync(from) || !statSync(from).isFile()) continue; // deleted in the work tree
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(from, join(dest, file));
  }
  symlinkSync(realpathSync(join(root, 'node_modules')), join(dest, 'node_modules'), 'dir');
  return dest;
}

export interface BuildResult {
  ok: boolean;
  ms: number;
  /** The last lines of the build's output, for a failure message. */
  tail: string;
  /** Peak resident set of the build's largest process (GNU time's %M), in bytes; undefined without /usr/bin/time. */
  peakRss?: number;
  /** CPU time (user + system) of the build and every process it waited for, in ms: less moved by a loaded machine than wall time. */
  cpuMs?: number;
}

/** `astro build` in `dir` (the idiomatic reference), with telemetry off. */
export function astroBuild(dir: string, env: Record<string, string> = {}): Promise<BuildResult> {
  return run(dir, process.execPath, [join(dir, 'node_modules/astro/bin/astro.mjs'), 'build'], env);
}

/**
 * The project's own build, `npm run build` (astro build and whatever the project adds to it), with
 * the Node that runs the bench first on PATH.
 */
export function projectBuild(dir: string, env: Record<string, string> = {}): Promise<BuildResult> {
  const path = `${join(dir, 'node_modules/.bin')}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  return run(dir, 'npm', ['run', '--silent', 'build'], { PATH: path, ...env });
}

/** GNU time, when the machine has it: its %M is the largest resident set of the command and every process it waited for, %U and %S their CPU time. */
const GNU_TIME = '/usr/bin/time';

function run(dir: string, command: string, args: string[], env: Record<string, string>): Promise<BuildResult> {
  const timeFile = existsSync(GNU_TIME) ? join(tempDir('time'), 'out') : undefined;
  const [file, argv] = timeFile ? [GNU_TIME, ['-f', '%M %U %S', '-o', timeFile, command, ...args]] : [command, args];
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(file, argv, { cwd: dir, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const result: BuildResult = { ok: code === 0, ms, tail: output.split('\n').slice(-30).join('\n') };
      // The last line (GNU time may write "Command exited with non-zero status" first): KB, user s, system s.
      const [kb, user, system] = timeFile && existsSync(timeFile) ? readFileSync(timeFile, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number) : [];
      if (timeFile) removeDir(dirname(timeFile));
      if (kb && user !== undefined && system !== undefined && [kb, user, system].every(Number.isFinite)) {
        result.peakRss = kb * 1024;
        result.cpuMs = (user + system) * 1000;
      }
      done(result);
    });
  });
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
  const built = spawnSync(
    toolBin(pinnedTool('vercel', 'to compile the function as a deploy does (its cold start)'), 'vercel'),
    ['build', '--prod', '--standalone', '--yes'],
    { cwd: copy, env, encoding: 'utf8' },
  );
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
export function idiomaticAstroProject(dest: string, site: string, root = REPO_ROOT): string {
  mkdirSync(join(dest, 'src/pages/projects'), { recursive: true });
  mkdirSync(join(dest, 'src/layouts'), { recursive: true });
  writeFileSync(join(dest, 'package.json'), JSON.stringify({ name: 'idiomatic-astro', private: true, type: 'module' }));
  // Its own cache folder: Astro keeps the content layer's data store (rendered entries) in
  // node_modules/.astro by default, which the linked node_modules would share between runs.
  writeFileSync(
    join(dest, 'astro.config.mjs'),
    "import { defineConfig } from 'astro/config';\nexport default defineConfig({ output: 'static', build: { format: 'file' }, cacheDir: './.astro-cache', devToolbar: { enabled: false } });\n",
  );
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
const { title, summary } = Astro.props;
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
  return (await getCollection('${collection}')).map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
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
