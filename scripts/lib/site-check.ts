// What `npm run check` verifies of a built site, over real HTTP against the local server: what an
// owner needs to hold for *their* content before it deploys. Each problem names the file or URL,
// what is wrong, and how to fix it.
import { terminalText } from '../../src/records/terminal-text.ts';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { LLMS_TXT_WARN_CHARS, sizeReport } from '../../src/builder/integration.ts';
import { createRequire } from 'node:module';
import type { Page, Post, Project, Resume, Site } from '../../src/records/schema.ts';
import { stringsFor } from '../../src/records/strings.ts';
import { RESUME_JSON_PATH } from '../../src/records/resume.ts';
import { isAnalyticsPath } from '../../src/records/analytics.ts';
import type { PageManifest } from '../../src/routing/page-manifest.ts';
import { closest } from '../../src/records/content-issues.ts';
import { decodeEntities } from './html-entities.ts';
import {
  disagreements,
  pageFacts,
  postPageFacts,
  postRecordFacts,
  postTwinFacts,
  recordFacts,
  siteLabels,
  twinFacts,
  type Facts,
  type PostRecordJson,
  type ProjectRecordJson,
} from './surface-parity.ts';

export interface Problem {
  where: string;
  what: string;
  /** How to fix it, when the problem alone does not say. */
  fix?: string;
  /** Folio made it wrong, not the owner's content: reported apart, so a real content mistake is never lost among them. */
  folio?: true;
}

/** What the owner can do about a problem Folio causes. */
export const FOLIO_BUG_FIX = 'nothing in your content causes this: report it as a Folio bug, with this line';

/** Paths only Folio writes (encoded images, Astro's assets, social cards): a broken one is Folio's. */
export const isFolioOutput = (path: string) => /^\/(?:_images|_astro|og)\//.test(path);

export interface CheckReport {
  problems: Problem[];
  counted: { pages: number; twins: number; links: number; records: number; files: number };
}

export interface SiteToCheck {
  /** Where the local server answers, e.g. http://127.0.0.1:4321 (the build was made for it). */
  base: string;
  /** The site's config: its interface words are what its twins are read by. */
  site: Site;
  manifest: PageManifest;
  records: (Project | Page | Post | Resume)[];
  /** The content file a page or twin path is made from (`/about.md` → content/pages/about.md), when there is one. */
  sourceOf: (path: string) => string | undefined;
}

const line = ({ where, what, fix }: Problem) => `✗ ${where}: ${what}.${fix ? ` Fix: ${fix}.` : ''}`;
const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * What `npm run check` prints (FO-OWNER-CHECK): the owner's problems first, then Folio's own under
 * a heading of their own, counted apart, so a real content mistake is never lost among them.
 */
export function reportLines(problems: Problem[], summary: string, took: string): string[] {
  const [folio, owner] = [problems.filter((p) => p.folio), problems.filter((p) => !p.folio)];
  const counts = [owner.length ? `${count(owner.length, 'problem')} in your content` : '', folio.length ? count(folio.length, 'Folio bug') : ''].filter(
    Boolean,
  );
  return [
    ...owner.map(line),
    ...(folio.length ? ['', "Folio's own (not in your content; the fix is Folio's):", ...folio.map(line)] : []),
    '',
    summary,
    problems.length
      ? `${counts.join(' and ')}: nothing should deploy until ${problems.length === 1 ? 'it is' : 'they are'} fixed (${took}).`
      : `No problems (${took}).`,
    // Each line quotes content (file names, titles, links) and what the served site answered (FO-TERMINAL-TEXT).
  ].map(terminalText);
}

/** Discovery documents that must parse, and how. */
const DOCUMENTS: { path: string; parse: (text: string) => boolean }[] = [
  { path: '/openapi.json', parse: (t) => typeof JSON.parse(t).openapi === 'string' && typeof JSON.parse(t).paths === 'object' },
  { path: '/.well-known/api-catalog', parse: (t) => Array.isArray(JSON.parse(t).linkset) },
  { path: '/.well-known/ard.json', parse: (t) => typeof JSON.parse(t) === 'object' },
  { path: '/.well-known/ai-catalog.json', parse: (t) => typeof JSON.parse(t) === 'object' },
  { path: '/.well-known/oauth-protected-resource', parse: (t) => typeof JSON.parse(t).resource === 'string' },
  { path: '/.well-known/oauth-authorization-server', parse: (t) => typeof JSON.parse(t).issuer === 'string' },
  { path: '/api/mcp/server-card', parse: (t) => typeof JSON.parse(t).name === 'string' },
  { path: '/sitemap.xml', parse: (t) => /<urlset[\s>]/.test(t) && t.includes('</urlset>') },
  { path: '/robots.txt', parse: (t) => /^User-agent:/im.test(t) },
  { path: '/AGENTS.md', parse: (t) => t.startsWith('#') },
  { path: '/SKILL.md', parse: (t) => t.startsWith('---') },
];

const MEDIA = { html: 'text/html', markdown: 'text/markdown' };

export async function checkSite({ base, manifest, records, sourceOf, site }: SiteToCheck): Promise<CheckReport> {
  // The twins word their labels as the site does, `strings:` overrides included (FO-LANGUAGE).
  const labels = siteLabels(stringsFor(site));
  const problems: Problem[] = [];
  const add = (where: string, what: string, fix: string) => problems.push({ where, what, fix });
  const bug = (where: string, what: string) => problems.push({ where, what, fix: FOLIO_BUG_FIX, folio: true });
  /** Internal link → the documents that link it. */
  const links = new Map<string, Set<string>>();
  const collect = (from: string, urls: Iterable<string>) => {
    for (const url of urls) {
      const path = internalPath(url, base);
      // Analytics scripts are proxied to their provider (src/records/analytics.ts): not the site's to check offline.
      if (path === undefined || isAnalyticsPath(path)) continue;
      if (!links.has(path)) links.set(path, new Set());
      links.get(path)!.add(from);
    }
  };

  // Every page and every twin answers 200 with its media type.
  const pages = Object.entries(manifest.pages);
  const twins = pages.filter(([, twin]) => twin !== null) as [string, string][];
  /** FO-I18N: each page's language versions (its hreflang alternates), by path. */
  const versions = new Map<string, Map<string, string>>();
  await inBatches(pages, async ([path]) => {
    const res = await get(base, path);
    if (!expectOk(res, path, MEDIA.html, bug)) return;
    collect(path, htmlLinks(res.text));
    const alternates = hreflangLinks(res.text, base);
    if (alternates.size) versions.set(path, alternates);
  });
  // FO-I18N: hreflang pairs are reciprocal (every version names every other, and itself), as search engines require.
  for (const [path, alternates] of versions) {
    for (const [lang, other] of alternates) {
      if (lang === 'x-default') continue;
      const back = versions.get(other);
      if (!back || ![...back.values()].includes(path)) bug(path, `names ${other} as its ${lang} version, and ${other} does not name it back`);
    }
    if (![...alternates.values()].includes(path)) bug(path, 'its hreflang alternates do not name the page itself');
  }
  await inBatches(twins, async ([page, twin]) => {
    const res = await get(base, twin);
    if (!expectOk(res, `${twin} (${page}'s Markdown twin)`, MEDIA.markdown, bug)) return;
    collect(twin, markdownLinks(res.text));
  });

  // llms.txt, llms-full.txt (each language's, FO-I18N) and the sitemap: their links, and llms.txt's size.
  for (const path of site.languages.flatMap((l) => [`${l.base}/llms.txt`, `${l.base}/llms-full.txt`])) {
    const res = await get(base, path);
    if (!expectOk(res, path, 'text/plain', bug)) continue;
    collect(path, markdownLinks(res.text));
    if (path.endsWith('/llms.txt') && res.text.length > LLMS_TXT_WARN_CHARS)
      add(
        path,
        `${res.text.length.toLocaleString('en')} characters, over the ~${LLMS_TXT_WARN_CHARS.toLocaleString('en')} agents read whole`,
        sizeReport(path.slice(1), res.text).warning!.replace(/^.*?; /, ''),
      );
  }
  const sitemap = await get(base, '/sitemap.xml');
  if (expectOk(sitemap, '/sitemap.xml', 'xml', bug))
    collect(
      '/sitemap.xml',
      [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeEntities(m[1]!)),
    );

  // Every internal link resolves (redirects followed, as a reader's browser does).
  // A broken link is reported once per content file that holds it (its page, its twin and
  // llms-full.txt all repeat it); a link no content file explains is reported where it appears.
  await inBatches([...links], async ([path, from]) => {
    const res = await get(base, path, 'follow');
    if (res.status === 200) return;
    const explained = [...from].some((doc) => sourceOf(doc));
    const byFile = Map.groupBy(explained ? [...from].filter((doc) => sourceOf(doc)) : from, (doc) => sourceOf(doc) ?? doc);
    for (const [where, docs] of byFile) {
      const what = `links to ${path} (on ${docs.join(', ')}), which answers ${res.status || res.error}`;
      if (isFolioOutput(path)) bug(where, what);
      else add(where, what, linkFix(path, Object.keys(manifest.pages)));
    }
  });

  // Every record is found by its title, answered by the REST API and listed as an MCP resource.
  const details = new Map<string, ProjectRecordJson>();
  await inBatches(records, async (record) => {
    const search = await get(base, `/api/v1/search?q=${encodeURIComponent(record.title)}&limit=20`);
    const found =
      search.status === 200 && (JSON.parse(search.text).hits as { slug: string; kind: string }[]).some((h) => h.slug === record.slug && h.kind === record.kind);
    if (!found)
      add(
        record.source,
        `searching /api/v1/search for its title "${record.title}" does not find it (status ${search.status})`,
        'give it a title with words of its own; if it still fails, report a Folio bug',
      );
    if (record.kind === 'post') {
      // FO-POSTS: each published post is answered by the REST API too.
      const post = await get(base, `/api/v1/posts/${record.slug}`);
      if (post.status !== 200 || JSON.parse(post.text).slug !== record.slug) bug(record.source, `/api/v1/posts/${record.slug} answers ${post.status}`);
    }
    if (record.kind !== 'project') return;
    const detail = await get(base, `/api/v1/projects/${record.slug}`);
    if (detail.status !== 200 || JSON.parse(detail.text).slug !== record.slug) bug(record.source, `/api/v1/projects/${record.slug} answers ${detail.status}`);
    else details.set(record.slug, JSON.parse(detail.text));
  });
  // FO-IMAGES-NAMED: the images REST names, in every language (a translation's record may show a
  // cover of its own), answer too: the function names them at request time, after the build.
  const restImages = new Map<string, Set<string>>();
  const restRecords = records.filter((record) => record.kind === 'project' || record.kind === 'post');
  await inBatches(
    site.languages.flatMap((language) => restRecords.map((record) => ({ language, record }))),
    async ({ language, record }) => {
      const path = `/api/v1/${record.kind}s/${record.slug}?lang=${encodeURIComponent(language.lang)}`;
      const res = await get(base, path);
      if (res.status !== 200) return; // a record missing from REST is reported above, by its language's absence or its slug
      for (const m of res.text.matchAll(/\/_images\/[\w-]+\.(?:avif|webp|svg)/g)) {
        if (!restImages.has(m[0])) restImages.set(m[0], new Set());
        restImages.get(m[0])!.add(`${record.source} (${path})`);
      }
    },
  );
  await inBatches([...restImages], async ([path, from]) => {
    const res = await get(base, path);
    if (res.status !== 200) for (const where of from) bug(where, `REST names ${path}, which answers ${res.status || res.error}`);
  });

  const mcp = await mcpClient(base).catch((error: Error) => {
    bug('/api/mcp', `the MCP server could not be reached (${error.message})`);
    return undefined;
  });
  try {
    const resources =
      mcp && (await mcpResources(mcp).catch((error: Error) => void bug('/api/mcp', `the MCP server could not list its resources (${error.message})`)));
    if (resources) {
      for (const record of records) {
        if (!resources.has(`${base}${record.twin}`)) bug(record.source, `not listed as an MCP resource (${base}${record.twin})`);
      }
    }
    // One record, every surface: each project's page, twin, MCP resource and MCP tool state what its REST record does.
    const projects = records.filter((record) => record.kind === 'project' && details.has(record.slug));
    await inBatches(projects, async (record) => {
      const reference = recordFacts(details.get(record.slug)!, site);
      const [page, twin] = await Promise.all([get(base, record.href), get(base, record.twin)]);
      const surfaces: [string, Facts][] = [
        ['the page', pageFacts(page.text, `${base}${record.href}`)],
        ['the twin', twinFacts(twin.text, labels)],
      ];
      if (mcp) {
        const tool = await mcp.callTool({ name: 'get_project', arguments: { slug: record.slug } });
        surfaces.push(['MCP get_project', recordFacts(tool.structuredContent as unknown as ProjectRecordJson, site)]);
        const resource = await mcp.readResource({ uri: `${base}${record.twin}` });
        const text = resource.contents[0] && 'text' in resource.contents[0] ? resource.contents[0].text : '';
        surfaces.push(['its MCP resource', twinFacts(text, labels)]);
      }
      const differences = surfaces.flatMap(([name, facts]) => disagreements(reference, facts, name));
      for (const difference of differences) bug(record.source, `its surfaces disagree: ${difference}`);
    });
    // FO-ONE-RECORD for posts (FO-POSTS): the page's BlogPosting, the twin, MCP get_post and the
    // twin's MCP resource state what the REST post does.
    const posts = records.filter((record) => record.kind === 'post');
    await inBatches(posts, async (record) => {
      const [rest, page, twin] = await Promise.all([get(base, `/api/v1/posts/${record.slug}`), get(base, record.href), get(base, record.twin)]);
      if (rest.status !== 200) return; // reported above, with the other REST checks
      const reference = postRecordFacts(JSON.parse(rest.text) as PostRecordJson);
      const surfaces: [string, Facts][] = [
        ['the page', postPageFacts(page.text, `${base}${record.href}`)],
        ['the twin', postTwinFacts(twin.text, labels)],
      ];
      if (mcp) {
        const tool = await mcp.callTool({ name: 'get_post', arguments: { slug: record.slug } });
        surfaces.push(['MCP get_post', postRecordFacts(tool.structuredContent as unknown as PostRecordJson)]);
        const resource = await mcp.readResource({ uri: `${base}${record.twin}` });
        const text = resource.contents[0] && 'text' in resource.contents[0] ? resource.contents[0].text : '';
        surfaces.push(['its MCP resource', postTwinFacts(text, labels)]);
      }
      for (const difference of surfaces.flatMap(([name, facts]) => disagreements(reference, facts, name)))
        bug(record.source, `its surfaces disagree: ${difference}`);
    });
  } finally {
    await mcp?.close();
  }

  // openapi.json and the discovery files parse.
  await inBatches(DOCUMENTS, async ({ path, parse }) => {
    const res = await get(base, path);
    if (res.status !== 200) return bug(path, `answers ${res.status || res.error}`);
    let ok = false;
    try {
      ok = parse(res.text);
    } catch {}
    if (!ok) bug(path, 'does not parse as the document it should be');
  });

  // FO-RESUME: with a résumé, /resume.json is a JSON Resume document its own schema accepts.
  const resume = records.find((record) => record.kind === 'resume');
  if (resume) await checkResumeJson(base, resume.source, add, bug);

  return {
    problems,
    counted: { pages: pages.length, twins: twins.length, links: links.size, records: records.length, files: DOCUMENTS.length + 3 + (resume ? 1 : 0) },
  };
}

/** JSON Resume's own validator (CommonJS, untyped; a devDependency, as `npm run check` is): errors or null. */
const validateJsonResume = (doc: unknown) =>
  new Promise<unknown>((resolve) =>
    (createRequire(import.meta.url)('@jsonresume/schema') as { validate: (resume: unknown, done: (errors: unknown, valid: boolean) => void) => void }).validate(
      doc,
      (errors, valid) => resolve(valid ? null : errors),
    ),
  );

async function checkResumeJson(
  base: string,
  source: string,
  add: (where: string, what: string, fix: string) => void,
  bug: (where: string, what: string) => void,
) {
  const res = await get(base, RESUME_JSON_PATH);
  if (!expectOk(res, RESUME_JSON_PATH, 'application/json', bug)) return;
  let doc: unknown;
  try {
    doc = JSON.parse(res.text);
  } catch {
    return bug(RESUME_JSON_PATH, 'does not parse as JSON');
  }
  const errors = await validateJsonResume(doc);
  if (errors) {
    const first = (Array.isArray(errors) ? errors : [errors]).slice(0, 3).map((e) => (e as { stack?: string }).stack ?? String(e));
    add(
      source,
      `${RESUME_JSON_PATH} is not a valid JSON Resume document (${first.join('; ')})`,
      "write the résumé's fields as JSON Resume names them (jsonresume.org/schema)",
    );
  }
}

interface Fetched {
  status: number;
  type: string;
  text: string;
  error?: string;
}

async function get(base: string, path: string, redirect: RequestRedirect = 'manual'): Promise<Fetched> {
  try {
    const res = await fetch(`${base}${path}`, { redirect });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  } catch (error) {
    return { status: 0, type: '', text: '', error: `no answer: ${(error as Error).message}` };
  }
}

/** A file the build wrote answers 200 with its media type; when it does not, the build is at fault, not the content. */
function expectOk(res: Fetched, path: string, media: string, bug: (w: string, what: string) => void): boolean {
  if (res.status !== 200) bug(path, `answers ${res.status || res.error}, expected 200`);
  else if (!res.type.includes(media)) bug(path, `is served as "${res.type}", expected ${media}`);
  else return true;
  return false;
}

/** How to fix a broken link: the page it most likely meant (the same folder, a name within two edits), else where pages come from. */
export function linkFix(path: string, pages: string[]): string {
  const cut = path.lastIndexOf('/');
  const [folder, name] = [path.slice(0, cut + 1), path.slice(cut + 1)];
  const siblings = pages.filter((p) => p.startsWith(folder) && !p.slice(folder.length).includes('/')).map((p) => p.slice(folder.length));
  const near = name ? closest(name, siblings) : undefined;
  if (near) return `did you mean ${folder}${near}? Point the link there, or remove it`;
  if (/^\/projects\/[^/]+$/.test(path) || /^\/[^/.]+$/.test(path))
    return `point the link at an existing project or page (content/projects/${path.split('/').pop()}.md or content/pages/…), or remove it`;
  return 'point the link at a page the site serves, or remove it';
}

/** A link's path on this site (query kept, fragment dropped), or undefined when it leaves the site. */
export function internalPath(url: string, base: string): string | undefined {
  if (url.startsWith('//')) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, `${base}/`);
  } catch {
    return undefined;
  }
  if (parsed.origin !== new URL(base).origin) return undefined;
  return parsed.pathname + parsed.search;
}

/** href, src and srcset values of an HTML page, and its og:image; fragments alone and non-HTTP schemes left out. */
/** A page's `<link rel="alternate" hreflang>`: language → site path (FO-I18N). */
export function hreflangLinks(html: string, base: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)) {
    const path = internalPath(decodeEntities(m[2]!), base);
    if (path !== undefined) found.set(m[1]!, path);
  }
  return found;
}

export function htmlLinks(html: string): string[] {
  const urls = [
    ...[...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => decodeEntities(m[1]!)),
    ...[...html.matchAll(/\ssrcset="([^"]*)"/g)].flatMap((m) =>
      decodeEntities(m[1]!)
        .split(',')
        .map((c) => c.trim().split(/\s+/)[0]!),
    ),
    ...[...html.matchAll(/<meta property="og:image" content="([^"]*)"/g)].map((m) => decodeEntities(m[1]!)),
  ];
  return urls.filter((u) => u && !u.startsWith('#') && !/^(mailto|tel|data|javascript):/i.test(u));
}

/** Link targets of Markdown (`[text](url)`, `![alt](url)`, `<url>` autolinks); code spans and blocks skipped. */
export function markdownLinks(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const auto = [...prose.matchAll(/<(https?:\/\/[^>\s]+)>/g)].map((m) => m[1]!);
  return [...inline, ...auto].filter((u) => !u.startsWith('#') && !/^(mailto|tel):/i.test(u));
}

/** The official MCP client, connected to the site's MCP endpoint. */
async function mcpClient(base: string): Promise<Client> {
  const client = new Client({ name: 'folio-check', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`)));
  return client;
}

/** The URIs of every MCP resource, page by page. */
async function mcpResources(client: Client): Promise<Set<string>> {
  const uris = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor ? { cursor } : {});
    for (const resource of page.resources) uris.add(resource.uri);
    cursor = page.nextCursor;
  } while (cursor);
  return uris;
}

/** Runs `task` over `items`, eight at a time: fast on a big site, gentle on the local server. */
async function inBatches<T>(items: readonly T[], task: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += 8) await Promise.all(items.slice(i, i + 8).map(task));
}
