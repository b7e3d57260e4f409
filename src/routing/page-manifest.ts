// What the routing middleware knows about the built site: which paths are pages, which pages have
// a Markdown twin, how long each Markdown file is in tokens, and the Markdown 404. The build writes
// it after Astro (scripts/build.ts); Vercel traces it into the middleware bundle.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const PAGE_MANIFEST_FILE = 'generated/pages-manifest.json';

/** The agent view (`/?mode=agent`), prerendered by src/pages/agent-view.md.ts. */
export const AGENT_VIEW_PATH = '/agent-view.md';

export interface PageManifest {
  /** Page path (`/`, `/about`, `/projects/quarry`) → its twin's path, or `null` when it has none. */
  pages: Record<string, string | null>;
  /** Every Markdown file's path → `x-markdown-tokens` estimate. */
  markdown: Record<string, number>;
  /** The Markdown 404 (dist/404.md, or a plain fallback when the site has none) and its token estimate. */
  notFound: { body: string; tokens: number };
  /**
   * On a site in several languages (FO-I18N): the language of each Markdown file's text, sent as its
   * `Content-Language` (RFC 9110 § 8.5). A one-language site's manifest has none, so its answers stay as they were.
   */
  languages?: Record<string, string>;
}

/**
 * Each Markdown file's text language: its language folder's tag (`/en/…`, `/en.md`), else the main
 * one's; a record not translated is in the main language wherever it is served.
 * `languages` is the site's, the main one first; `untranslated` the twins of records not translated.
 */
export function markdownLanguages(
  paths: string[],
  languages: readonly { lang: string; base: string }[],
  untranslated: ReadonlySet<string>,
): Record<string, string> {
  const main = languages[0]!.lang;
  const of = (path: string) => languages.find((l) => l.base && (path === `${l.base}.md` || path.startsWith(`${l.base}/`)))?.lang ?? main;
  return Object.fromEntries(paths.map((path) => [path, untranslated.has(path) ? main : of(path)]));
}

/** Used when the build has no dist/404.md: short, and points at where to start. */
export const FALLBACK_NOT_FOUND = `# Page not found

There is no page at this address. Every page has a Markdown version at its path plus \`.md\`;
start at [the home page](/index.md) or [llms.txt](/llms.txt).
`;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * `about.html` → `/about`, `index.html` → `/`. Astro's `build.format: 'file'` writes no other
 * `index.html`; one would read as `/x`, which vercel.json serves only from `x.html` (the deploy
 * artifact test would name it).
 */
export function pagePathOf(htmlFile: string): string {
  const path = `/${htmlFile.split(sep).join('/')}`.replace(/\.html$/, '');
  if (path === '/index') return '/';
  return path.endsWith('/index') ? path.slice(0, -'/index'.length) : path;
}

/** The path of the 404 page (404.html, and its twin 404.md): served for a miss, never as a page. */
export const NOT_FOUND_PAGE = '/404';

/** A page's twin: `/` → `/index.md`, `/about` → `/about.md`. */
export const twinPathOf = (pagePath: string) => (pagePath === '/' ? '/index.md' : `${pagePath}.md`);

/** `known`: Markdown files whose text the caller has (site path → text), so they are not read back. */
export function buildPageManifest(distDir: string, estimateTokens: (text: string) => number, known: Record<string, string> = {}): PageManifest {
  const markdown: Record<string, number> = {};
  const htmlFiles: string[] = [];
  for (const file of files(distDir)) {
    const rel = relative(distDir, file);
    const path = `/${rel.split(sep).join('/')}`;
    if (rel.endsWith('.md')) markdown[path] = estimateTokens(known[path] ?? readFileSync(file, 'utf8'));
    else if (rel.endsWith('.html')) htmlFiles.push(rel);
  }
  // The 404 page and its twin are what a miss answers, never pages of their own (/404 is a 404:
  // docs/decisions.md § Markdown twins).
  delete markdown[twinPathOf(NOT_FOUND_PAGE)];
  const pages: Record<string, string | null> = {};
  for (const rel of htmlFiles.sort()) {
    const path = pagePathOf(rel);
    if (path === NOT_FOUND_PAGE) continue;
    const twin = twinPathOf(path);
    pages[path] = twin in markdown ? twin : null;
  }
  const notFoundFile = join(distDir, '404.md');
  const body = existsSync(notFoundFile) ? readFileSync(notFoundFile, 'utf8') : FALLBACK_NOT_FOUND;
  const sorted = Object.fromEntries(Object.entries(markdown).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { pages, markdown: sorted, notFound: { body, tokens: estimateTokens(body) } };
}
