// `npm run check`: the owner's check of their own site, whatever content/ holds. It validates the
// content, builds it for a local address, serves the build exactly as `npm start` does, and checks
// over real HTTP what every deploy must hold (scripts/lib/site-check.ts). One line per problem,
// a summary, and a non-zero exit on any problem; the deploy workflow runs it before deploying.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ContentError, contentDir, contentWarnings, loadLanguages } from '../src/records/load.ts';
import type { Page, Post, Project, Resume, Site } from '../src/records/schema.ts';
import { terminalText } from '../src/records/terminal-text.ts';
import { PAGE_MANIFEST_FILE } from '../src/routing/page-manifest.ts';
import { freePort, portIsFree, startAddress } from './free-port.ts';
import { build, staleReason } from './lib/build.ts';
import { allowedHostsOrExit } from './local-server/host-guard.ts';
import { serveBuild } from './local-server/serve-build.ts';
import { checkSite, type Problem, reportLines } from './lib/site-check.ts';
import { placeholders } from './lib/skeleton.ts';

const started = performance.now();
const allowedHosts = allowedHostsOrExit();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

function finish(problems: Problem[], summary: string): never {
  console.log(reportLines(problems, summary, seconds()).join('\n'));
  process.exit(problems.length ? 1 : 0);
}

// The content first: its problems are the owner's, one line each, before any build output.
let records: (Project | Page | Post | Resume)[];
let site: Site;
const sources = new Map<string, string>();
try {
  // Every language's content (FO-I18N): a translation's mistake stops the check as the main content's does.
  const [content, ...translations] = loadLanguages().map((catalog) => catalog.content);
  if (!content) throw new Error('no content');
  // Posts and the résumé are records as projects and pages are (FO-POSTS, FO-RESUME): each is searched, fetched and listed as an MCP resource.
  records = [...content.projects, ...content.posts, ...content.pages, ...(content.resume ? [content.resume] : [])];
  site = content.site;
  for (const { projects, posts, pages, resume } of [content, ...translations])
    for (const record of [...projects, ...posts, ...pages, ...(resume ? [resume] : [])])
      sources.set(record.href, record.source).set(record.twin, record.source);
  const siteFile = join(relative(dirname(contentDir()), contentDir()), 'site.md');
  sources.set('/', siteFile).set('/index.md', siteFile);
  if (content.resume) sources.set('/resume.json', content.resume.source);
  // FO-SCHEDULED, FO-IMAGE-SIZE: worth knowing before a deploy, never a reason to stop one.
  for (const warning of contentWarnings(content)) console.log(`⚠ ${terminalText(warning)}`);
  // The skeleton's placeholders (npm run new-site) must not be published: no build needed to tell.
  const left = placeholders(
    { site: content.site, records: [...content.projects, ...content.pages, ...content.posts], resume: content.resume, siteFile },
    process.env.VERCEL_PROJECT_PRODUCTION_URL,
  );
  if (left.length) {
    finish(
      left.map((p) => ({ where: p.file, what: p.what, fix: p.fix })),
      `Checked the content in ${contentDir()}: it still holds the new site's placeholders, so nothing was built.`,
    );
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  // Each content problem already says what was expected (and the closest allowed name): no Fix line.
  const problems = error.problems.map((p) => {
    const [where, ...what] = p.split(': ');
    return { where: where!, what: what.join(': ') };
  });
  finish(problems, `Checked the content in ${contentDir()}: it does not load, so nothing was built.`);
}

// The address `npm start` would serve at, when it is free: the check then builds for it (only if
// the build is stale) and leaves a build `npm start` serves as it is. When a server holds it (npm
// start running), or FOLIO_SITE_URL points the links elsewhere, any free port: links must point
// at the server the check asks.
const own = startAddress();
// The check asks for every page and record from one address; the per-client limits would refuse it.
process.env.FOLIO_RATE_LIMITS = 'knowledge=100000/60,portfolio=100000/60';
// The check's own requests are not readers (FO-AGENT-LOG): no request log between its lines.
process.env.FOLIO_AGENT_LOG = 'off';

/** Builds for an address (unless its build is fresh) and serves the build there. */
async function buildAndServe(port: number, hostname: string, base: string) {
  const stale = staleReason(base);
  if (stale) {
    console.log(`Building ${relative(process.cwd(), contentDir())}/ for ${base} (${stale})…`);
    build(base, undefined, { quiet: true });
  } else console.log(`Checking the build of ${relative(process.cwd(), contentDir())}/ made for ${base}: it is fresh.`);
  return serveBuild({ port, hostname, allowedHosts });
}

const ownAddress = async () => {
  try {
    return { base: own.base, server: await buildAndServe(own.port, own.hostname, own.base) };
  } catch (error) {
    // Another server took the port while this one built: check on a port of its own instead.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return undefined;
  }
};
const anyAddress = async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  return { base, server: await buildAndServe(port, '127.0.0.1', base) };
};
const { base, server } = (!process.env.FOLIO_SITE_URL && (await portIsFree(own.port, own.hostname)) && (await ownAddress())) || (await anyAddress());
const manifest = JSON.parse(readFileSync(PAGE_MANIFEST_FILE, 'utf8'));
const { problems, counted } = await checkSite({ base, manifest, records, site, sourceOf: (path) => sources.get(path) });
server.closeAllConnections();
server.close();
finish(
  problems,
  `Checked ${counted.pages} pages, ${counted.twins} Markdown twins, ${counted.links} internal links, ${counted.records} records (search, REST, MCP) and ${counted.files} agent files.`,
);
