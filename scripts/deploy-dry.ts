// `npm run deploy:dry`: the deploy, rehearsed on this machine with no account and no network. It runs
// `npm run check` (the owner's site over real HTTP), then `vercel build --prod` in a throwaway copy
// of the repository (offline: a stand-in .vercel/project.json, the installed dependencies linked;
// the Vercel CLI at its pinned version, fetched from the npm registry on the first run),
// which is exactly what `vercel deploy --prebuilt` would upload, and reports what is in it: the
// static files, the function and its size, the middleware, the routes, and whether a person's page
// view would run any code. Exits non-zero when the check fails, the build fails or a page view
// would run code.
import { terminalLines } from '../src/records/terminal-text.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoCopy } from './lib/repo-copy.ts';
import { analyticsDeployReport } from './lib/analytics-notes.ts';
import { ANALYTICS_PROVIDERS } from '../src/records/analytics.ts';
import { DATA_FILE, readDataFile } from '../src/search/data-file.ts';
import { BROWSER_ACCEPTS, folderSize, mappedFiles, outputFileSystem, outputRoutes, vercelBuild, vercelCli, walkRoutes } from './lib/vercel-output.ts';

const keep = process.argv.includes('--keep');
const step = (text: string) => console.log(`\n▸ ${text}`);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

step('npm run check');
const check = spawnSync(process.execPath, ['scripts/check.ts'], { stdio: 'inherit' });
if (check.status !== 0) {
  console.error('\nThe check failed: nothing would deploy. Fix what it lists, then run npm run deploy:dry again.');
  process.exit(check.status ?? 1);
}

step('vercel build --prod (offline, in a copy of the repository)');
const cli = vercelCli('to run `vercel build` as a deploy does');
const copy = repoCopy('folio-deploy-dry-');
let failed = false;
try {
  const build = vercelBuild(cli, copy, ['--prod', '--yes']);
  if (!build.ok) {
    console.error(terminalLines(build.log.slice(-4000)));
    console.error('\nvercel build failed: this is what a deploy would fail with.');
    process.exit(build.status ?? 1);
  }
  const output = build.output;
  const routes = outputRoutes(output);
  const site = folderSize(join(output, 'static'));
  const fn = folderSize(join(output, 'functions/api/index.func'), { zipped: true, also: mappedFiles(join(output, 'functions/api/index.func'), copy) });
  const runtime = JSON.parse(readFileSync(join(output, 'functions/api/index.func/.vc-config.json'), 'utf8')).runtime;
  const middleware = existsSync(join(output, 'functions/middleware.func'));
  const pages = Object.keys(JSON.parse(readFileSync(join(copy, 'generated/pages-manifest.json'), 'utf8')).pages);
  const fileSystem = outputFileSystem(output);
  const compute = pages.filter((page) =>
    BROWSER_ACCEPTS.some((accept) => {
      const walk = walkRoutes(routes, page, { accept }, '', fileSystem);
      return walk.middleware || walk.served?.by !== 'static';
    }),
  );
  const url =
    /<link rel="canonical" href="([^"]+)"/.exec(readFileSync(join(output, 'static/index.html'), 'utf8'))?.[1] ?? '(no canonical link on the home page)';

  step('What would deploy');
  console.log(`  Site URL         ${url} (content/site.md: every canonical link and llms.txt entry points here)`);
  console.log(`  Static files     ${site.files} files, ${mb(site.bytes)} (pages, Markdown twins, llms.txt, discovery files, images)`);
  console.log(
    `  Function         api/index.ts on ${runtime}: ${fn.files} files, ${mb(fn.bytes)} (about ${mb(fn.zipped!)} compressed; Vercel's limit is 250 MB)`,
  );
  console.log(`  Middleware       ${middleware ? 'yes, only for requests that may want Markdown' : 'none'}`);
  console.log(`  Routes           ${routes.length} in .vercel/output/config.json`);
  // The provider as the deployed build has it (its data file), and whether the home page names its script.
  const analytics = readDataFile(join(copy, DATA_FILE)).site.analytics;
  const named = !analytics || readFileSync(join(output, 'static/index.html'), 'utf8').includes(`src="${ANALYTICS_PROVIDERS[analytics.provider].script.path}"`);
  console.log(`  Analytics        ${analyticsDeployReport(analytics)}${named ? '' : ' (but the home page does not name the script: a Folio bug)'}`);
  console.log(
    `  Page views       ${compute.length ? `${compute.length} of ${pages.length} pages would run code for a browser: ${compute.slice(0, 5).join(', ')}` : `all ${pages.length} pages are served as files: a person's page view runs no code`}`,
  );
  if (keep) console.log(`\nThe build output is in ${output} (--keep).`);
  failed = compute.length > 0;
} finally {
  if (!keep) rmSync(copy, { recursive: true, force: true });
}
console.log(
  failed
    ? '\nNot ready: see above.'
    : '\nReady: `vercel deploy --prebuilt --prod` after `vercel build` would publish this (the workflow in .github/workflows/deploy.yml does both).',
);
process.exit(failed ? 1 : 0);
