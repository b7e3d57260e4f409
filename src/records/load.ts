// The one content loader: reads content/, validates every file, and returns the records that the
// pages, the twins, llms.txt, the search index, the API and MCP are all built from.
import { LOCALES, stringsFor, tableFor } from './strings.ts';
import { Catalog } from './catalog.ts';
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative, basename, dirname, resolve } from 'node:path';
import type { z } from 'zod';
import { describeImage } from '../images/describe.ts';
import { type ContentImage, isImageFile } from '../images/images.ts';
import { allowedFields, closest, describeIssue, fieldName, suggestedSlug } from './content-issues.ts';
import { terminalText } from './terminal-text.ts';
import { MAY_BE_UNSAFE, unsafeParts } from './body-safety.ts';
import { markdownTree } from './markdown-tree.ts';
import { normalizeUrl } from './escape.ts';
import { parseFrontMatter } from './front-matter.ts';
import { readingMinutes } from './posts.ts';
import {
  isBuiltInType,
  PROJECT_TYPES,
  SLUG_PATTERN,
  siteConfig,
  siteTypes,
  linksAsWritten,
  projectFrontMatter,
  pageFrontMatter,
  postFrontMatter,
  resumeFrontMatter,
  type Content,
  type Page,
  type Post,
  type Project,
  type Resume,
  type Site,
  type SiteLanguage,
  TRANSLATABLE,
  type Translatable,
} from './schema.ts';

/** A content problem, worded for the site's owner: file, field, what was expected. */
export class ContentError extends Error {
  override name = 'ContentError';
  readonly problems: string[];
  /**
   * Where the first problem is, in the owner's file: Astro's dev overlay shows a code frame of it
   * and opens it in the editor (it reads `loc`, else the first stack frame, which is Folio's code).
   */
  readonly loc?: { file: string; line: number; column: number };
  constructor(problems: string[], loc?: ContentError['loc']) {
    super(
      problems.length === 1
        ? `Invalid content: ${problems[0]}`
        : `Invalid content (${problems.length} problems):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.problems = problems;
    this.loc = loc;
    // The owner's mistake, not Folio's: the message is the whole story (FOLIO_DEBUG=1 keeps the trace).
    if (!process.env.FOLIO_DEBUG) this.stack = `${this.name}: ${this.message}`;
  }
}

/**
 * The file and line of a problem as load.ts words it (`content/projects/x.md: line 3: …`, or
 * `…: field "type" …`, found on the line that sets it), for ContentError's `loc`.
 */
function locationOf(problem: string, root: string): ContentError['loc'] {
  const m = /^([^:]+\.md): (?:line (\d+)|field "([\w-]+))?/.exec(problem);
  if (!m) return undefined;
  const file = resolve(root, m[1]!);
  let line = m[2] ? Number(m[2]) : 1;
  if (!m[2] && m[3]) {
    try {
      const at = readFileSync(file, 'utf8')
        .split('\n')
        .findIndex((l) => l.startsWith(`${m[3]}:`));
      if (at >= 0) line = at + 1;
    } catch {
      // A file that cannot be read is itself the problem; point at its start.
    }
  }
  return { file, line, column: 1 };
}

/**
 * Page slugs the site already serves something at, as `/<slug>` or `/<slug>.md` (or will: auth.md,
 * AGENTS.md and SKILL.md are discovery files; on a case-insensitive disk `agents.md` is `AGENTS.md`).
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'index',
  'projects',
  '404',
  'api',
  'ask',
  'oauth',
  'agent',
  'agents',
  'skill',
  'auth',
  'pricing',
  'developers',
  'llms',
  'llms-full',
  'openapi',
  'mcp',
  'search',
  'search-page',
  'agent-view',
  'tags',
  'og',
  'feed',
  'posts',
  'resume',
  'sitemap',
]);

/** `/posts/index` would be served for `/posts/` by some static hosts, shadowing the posts index. */
export const RESERVED_POST_SLUGS: ReadonlySet<string> = new Set(['index']);

/**
 * Drafts are read only under `npm run dev` (FO-DRAFTS): Folio's integration turns this on when
 * Astro starts its dev server, and the build, the function, the checks and the tests never see a
 * draft unless they ask. It lives on globalThis because astro dev's pages load their own copy of
 * this module (as BUILD_MEMO below). Vite's `import.meta.env.MODE` cannot say it: Astro loads its
 * config, and so the integration's copy of this module, in development mode for a build too.
 */
const DRAFTS = Symbol.for('folio.loadContent.drafts');
const draftsByDefault = () => (globalThis as { [DRAFTS]?: boolean })[DRAFTS] === true;

/** On while `astro dev` runs (src/builder/integration.ts): pages then show drafts, marked as drafts. */
export function showDraftsInDev(on: boolean) {
  (globalThis as { [DRAFTS]?: boolean })[DRAFTS] = on;
}

export interface LoadOptions {
  /** Read posts marked `draft: true` too (default: only under `npm run dev`), and scheduled posts as drafts. */
  drafts?: boolean;
  /** The day a post must not be dated after to be published, YYYY-MM-DD (FO-SCHEDULED); default today(). */
  today?: string;
  /** A translation's language (`en` for content/en/, FO-I18N); default the main language. */
  lang?: string;
}

/**
 * The build's date, UTC, as YYYY-MM-DD: the one place Folio reads the clock for content
 * (FO-SCHEDULED). FOLIO_NOW sets it (a test, or a preview of what a later build will publish).
 */
export function today(): string {
  const now = process.env.FOLIO_NOW;
  if (!now) return new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(now)) throw new Error(`FOLIO_NOW expected a date as YYYY-MM-DD, got "${now}"`);
  return now;
}

/**
 * What the owner should know of content that loaded but need not fix (FO-SCHEDULED, FO-IMAGE-SIZE):
 * one line each, file first. The build logs them and `npm run check` prints them; never a failure.
 * Kept beside the content, not in it, so that no digest of the records or surface ever holds them;
 * on globalThis because the build's integration asks of content astro.config.ts's copy of this
 * module loaded (as BUILD_MEMO below).
 */
const WARNINGS_KEY = Symbol.for('folio.loadContent.warnings');
const warningsOf = () => ((globalThis as { [WARNINGS_KEY]?: WeakMap<Content, readonly string[]> })[WARNINGS_KEY] ??= new WeakMap());
export const contentWarnings = (content: Content): readonly string[] => warningsOf().get(content) ?? [];

/** `/projects/index` would be served for `/projects/` by some static hosts, shadowing the projects index. */
export const RESERVED_PROJECT_SLUGS: ReadonlySet<string> = new Set(['index']);

/**
 * Every page calls loadCatalog() (or loadContent()), so a build of N pages would read and validate
 * content/ N times (O(N²): bench/RESULTS.md, about 280 s for 1,000 records), and each page would
 * get a Catalog of its own, so nothing the Catalog keeps would be shared. During `astro build` the
 * content cannot change, so the build integration turns on this memo for the build's duration
 * (src/builder/integration.ts): one Content and one Catalog per folder for every route. It stays off
 * in dev and in tests, where files change between calls and each load gets a fresh Catalog. It
 * lives on globalThis because the build's prerender bundle carries its own copy of this module.
 * Memoized content is frozen: a page that mutated the shared records would fail the build loudly.
 */
const BUILD_MEMO = Symbol.for('folio.loadContent.buildMemo');
interface Memo {
  catalogs: Map<string, Catalog>;
  /** languageCatalog's answers, by the page's language. */
  byLanguage?: Map<string | undefined, Catalog>;
}
const buildMemo = () => (globalThis as { [BUILD_MEMO]?: Memo })[BUILD_MEMO];

/**
 * On for the duration of `astro build`; `loaded` is content the build read already (astro.config.ts),
 * by folder, or its Catalog (npm run build's). A Catalog the memo holds already for that same
 * content stays: what it has made (each record's twin, twin.ts) is then made once for the pages,
 * the data file and the page manifest alike, not once more for a second Catalog of the same records.
 */
export function memoizeContentForBuild(on: boolean, loaded?: [dir: string, content: Content | Catalog]) {
  const before = buildMemo();
  const memo: Memo | undefined = on ? { catalogs: new Map() } : undefined;
  if (memo && loaded) {
    const key = memoKey(loaded[0], false, today());
    const given = loaded[1];
    const content = given instanceof Catalog ? given.content : given;
    // Another copy of this module made it (astro.config.ts's): the same object all the same.
    const known = given instanceof Catalog ? given : before?.catalogs.get(key);
    deepFreeze(content);
    memo.catalogs.set(key, known?.content === content ? known : new Catalog(content));
  }
  (globalThis as { [BUILD_MEMO]?: Memo })[BUILD_MEMO] = memo;
}

/** A memoized Catalog's key: the folder, whether drafts were read, the day scheduled posts were judged by, the language. */
const memoKey = (dir: string, drafts: boolean, now: string, lang?: string) => `${dir}\0${now}${drafts ? '\0drafts' : ''}${lang ? `\0${lang}` : ''}`;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The content folder: `content/` in the project, or the folder FOLIO_CONTENT names (relative to the
 * project). The engine's tests build fixture sites this way, so they never depend on `content/`.
 */
export function contentDir(projectRoot = process.cwd()): string {
  return resolve(projectRoot, process.env.FOLIO_CONTENT || 'content');
}

/**
 * The content folder's records and their Catalog (catalog.ts: the listing, the page frame, related
 * projects … each kept once asked). In a build, one per folder for the build's duration (BUILD_MEMO).
 */
export function loadCatalog(dir = contentDir(), { drafts = draftsByDefault(), today: now = today(), lang }: LoadOptions = {}): Catalog {
  const memo = buildMemo();
  const main = lang === undefined ? undefined : loadCatalog(dir, { drafts, today: now }).content;
  // The main language named by its tag is the main catalog: one page per URL (FO-I18N).
  if (main && !main.site.languages.slice(1).some((l) => l.lang === lang)) {
    if (main.site.languages[0]!.lang === lang) return loadCatalog(dir, { drafts, today: now });
    throw new Error(`the site has no language "${lang}" (it has ${main.site.languages.map((l) => l.lang).join(', ')})`);
  }
  const key = memoKey(dir, drafts, now, lang);
  const known = memo?.catalogs.get(key);
  if (known) return known;
  const content = readContent(main && lang ? join(dir, lang) : dir, drafts, now, main && lang ? { main, mainDir: dir, lang } : undefined);
  if (!memo) return new Catalog(content);
  const catalog = new Catalog(deepFreeze(content));
  memo.catalogs.set(key, catalog);
  return catalog;
}

/**
 * The catalog of a page's language: `lang` is its route's `[...lang]` (undefined for the main language, FO-I18N).
 * A component asks for each tag it links: in a build, the answer is kept by language for the build's
 * duration (the folder, the clock's day and the drafts setting are the build's), not looked up anew.
 */
export function languageCatalog(lang: string | undefined): Catalog {
  const memo = buildMemo();
  if (!memo) return loadCatalog(contentDir(), { lang });
  const byLanguage = (memo.byLanguage ??= new Map());
  let catalog = byLanguage.get(lang);
  if (!catalog) byLanguage.set(lang, (catalog = loadCatalog(contentDir(), { lang })));
  return catalog;
}

/** The content folder's records: loadCatalog's content, for what needs no derived fact (the site, one record). */
export const loadContent = (dir = contentDir(), options: LoadOptions = {}): Content => loadCatalog(dir, options).content;

/**
 * Every language's catalog, the main one first (FO-I18N): a build and `npm run check` read them all,
 * so a translation's mistake stops both. One run names every language's mistakes (FO-CONTENT-ALL):
 * when the main language does not load, each translation is still read, against what of it did.
 */
export function loadLanguages(dir = contentDir(), options: Omit<LoadOptions, 'lang'> = {}): Catalog[] {
  let main: Catalog;
  try {
    main = loadCatalog(dir, options);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const more = translationProblems(dir, options.drafts ?? draftsByDefault(), options.today ?? today());
    throw more.length ? new ContentError([...error.problems, ...more], error.loc) : error;
  }
  const problems: string[] = [];
  const catalogs = [main];
  for (const { lang } of main.content.site.languages.slice(1)) {
    try {
      catalogs.push(loadCatalog(dir, { ...options, lang }));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new ContentError(problems, locationOf(problems[0]!, dirname(dir)));
  return catalogs;
}

/**
 * The translations' problems when the main language has its own (FO-CONTENT-ALL): the main content is
 * read again, keeping what loaded (a slow path, taken only when there are mistakes to fix), and each
 * translation is read over it. The languages are site.md's, or, when site.md itself does not load,
 * every folder of a language Folio speaks.
 */
function translationProblems(dir: string, drafts: boolean, now: string): string[] {
  const main = readParts(dir, drafts, now);
  // 'und' (BCP 47: undetermined) when site.md does not say: then no folder is the main language's.
  const languages = main.loaded.site?.languages ?? siteLanguages(dir, writtenLocale(join(dir, 'site.md')) ?? 'und', () => '', []);
  return languages.slice(1).flatMap(({ lang }) => readParts(join(dir, lang), drafts, now, { main: main.loaded, mainDir: dir, lang }).problems);
}

/** The `locale` a site.md sets, read as written, when the file may not load (FO-SLUG-SUGGEST, FO-CONTENT-ALL); `en`, the default, when it sets none; undefined when it cannot be read. */
function writtenLocale(file: string): string | undefined {
  try {
    const { locale } = parseFrontMatter(readFileSync(file, 'utf8')).data as { locale?: unknown };
    return typeof locale === 'string' ? locale : 'en';
  } catch {
    return undefined;
  }
}

/**
 * FO-I18N: the twins of the records a translation shows in the main language because it does not
 * translate them (each marked with its text's `lang`), from the translations' catalogs; the page
 * manifest serves them with the main language's Content-Language (markdownLanguages).
 */
export function untranslatedTwins(translations: readonly { content: Content }[]): Set<string> {
  return new Set(
    translations
      .flatMap(({ content: c }) => [...c.projects, ...c.posts, ...c.pages, ...(c.resume ? [c.resume] : [])])
      .filter((record) => record.lang)
      .map((record) => record.twin),
  );
}

/**
 * Reading a translation (FO-I18N): content/<lang>/ holds files at the main files' relative paths;
 * each one's front matter is laid over its main file's, so it sets only what it translates.
 */
interface Translating {
  /** The main language's records: all of them, or, when it has mistakes, those that loaded (FO-CONTENT-ALL). */
  main: Loaded;
  mainDir: string;
  lang: string;
}

/** What of a content folder loaded: a Content when nothing is wrong, else the records that did (and the site, if its site.md did). */
type Loaded = Omit<Content, 'site'> & { site?: Site };

/** A two-letter folder of content/ that Intl knows as a language: translations (FO-I18N). Any other folder is the owner's. */
function isLanguageFolder(name: string) {
  if (!/^[a-z]{2}$/.test(name)) return false;
  return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(name) !== undefined;
}

/** The site's languages: its main `locale`, then each content/<tag>/ folder; a folder Folio cannot serve is a problem. */
function siteLanguages(dir: string, locale: string, where: (f: string) => string, problems: string[]): SiteLanguage[] {
  const main = locale.toLowerCase().split('-')[0]!;
  const languages: SiteLanguage[] = [{ lang: locale, base: '' }];
  for (const name of readdirSync(dir).sort()) {
    if (!isLanguageFolder(name) || !statSync(join(dir, name)).isDirectory()) continue;
    const folder = `${where(join(dir, name))}/`;
    if (name === main)
      problems.push(
        `${folder}: the site's main language is "${locale}" (locale in content/site.md), so its files belong in content/ itself; move them there, or set locale to the language of content/`,
      );
    else if (!tableFor(name))
      problems.push(
        `${folder}: a folder named after a language holds translations, but Folio has no interface language "${name}" (it has ${LOCALES.join(', ')}); rename the folder`,
      );
    else languages.push({ lang: name, base: `/${name}` });
  }
  return languages;
}

/** The front matter of a main record's file, as written, for its translation to lie over; `undefined` when there is no such file. */
function mainFrontMatter(file: string, omit: readonly string[] = []): Record<string, unknown> | undefined {
  if (!existsSync(file)) return undefined;
  const data = { ...(parseFrontMatter(readFileSync(file, 'utf8')).data as Record<string, unknown>) };
  for (const key of omit) delete data[key];
  return data;
}

function readContent(dir: string, drafts: boolean, now: string, translating?: Translating): Content {
  const { content, problems } = readParts(dir, drafts, now, translating);
  if (content) return content;
  throw new ContentError(problems, problems[0] === undefined ? undefined : locationOf(problems[0], dirname(translating?.mainDir ?? dir)));
}

/** A content folder read: its Content when nothing is wrong, else every problem and what loaded. */
function readParts(dir: string, drafts: boolean, now: string, translating?: Translating): { content?: Content; problems: string[]; loaded: Loaded } {
  const problems: string[] = [];
  // A set: an image used twice (a cover that is also a project's) is named once.
  const warnings = new Set<string>();
  const warn = (warning: string) => warnings.add(warning);
  // Named from the content folder's parent, as the owner sees them: content/projects/quarry.md (content/en/projects/quarry.md).
  const root = dirname(translating?.mainDir ?? dir);
  const where = (file: string) => relative(root, file).split('\\').join('/');
  const base = translating ? `/${translating.lang}` : '';
  /**
   * What a file of a translation lies over: its main file's front matter and what it may set of it
   * (FO-I18N-FIELDS); `null` when there is no main file (a problem), `undefined` for a main file.
   */
  const inherit = (file: string, kind: keyof typeof TRANSLATABLE, omit: readonly string[] = []): Translation | null | undefined => {
    if (!translating) return undefined;
    const mainFile = join(translating.mainDir, relative(dir, file));
    const data = mainFrontMatter(mainFile, omit);
    if (!data) {
      problems.push(
        `${where(file)}: translates ${where(mainFile)}, which does not exist; a translation has its main file's name and folder (rename it, or add the main file)`,
      );
      return null;
    }
    return { main: data, mainFile: where(mainFile), kind };
  };
  /** The text of a file whose front matter is wrong, checked all the same (FO-CONTENT-ALL). */
  const textOf = (file: string) => (read: { body: string; text: string }) => void checkBody(file, read, where, problems, warn);
  // The site's language spells the names the problems suggest (FO-SLUG-SUGGEST); site.md's as written while it does not load.
  const lang = translating?.lang ?? writtenLocale(join(dir, 'site.md')) ?? 'en';

  const siteFile = join(dir, 'site.md');
  let site: Site | undefined;
  if (translating) {
    const mainSite = translating.main.site;
    // Without a main site.md (the main language's problem) there is nothing to translate.
    const over = mainSite && existsSync(siteFile) ? inherit(siteFile, 'site', ['strings']) : undefined;
    const own = over ? readFile(siteFile, siteConfig, where(siteFile), problems, { translation: over, lang, invalid: textOf(siteFile) }) : undefined;
    // A translation words the main site's categories and types (FO-TYPES); a new or missing id would be one no project has.
    const ids = (declared: object | undefined) =>
      Object.keys(declared ?? {})
        .sort()
        .join(', ');
    const wordedAs = (field: 'categories' | 'types') => {
      const same = own !== undefined && mainSite !== undefined && ids(own.data[field]) === ids(mainSite[field]);
      if (own && mainSite && !same)
        problems.push(
          `${where(siteFile)}: field "${field}" expected the ids of content/site.md's ${field} (${ids(mainSite[field]) || 'none'}), each with its label in this language, got ${ids(own.data[field]) || 'none'}`,
        );
      return same;
    };
    const worded = wordedAs('categories');
    const typesWorded = wordedAs('types');
    const bio = own?.body ? { bio: own.body, images: checkBody(siteFile, own, where, problems, warn) } : undefined;
    if (mainSite)
      site = {
        ...mainSite,
        locale: translating.lang,
        base,
        // The main site's reworded strings are in its language: a translation words its own.
        strings: own?.data.strings,
        ...(own && { headline: own.data.headline, summary: own.data.summary, location: own.data.location }),
        ...(own && worded && { categories: own.data.categories }),
        ...(own?.data.types && typesWorded && { types: own.data.types }),
        ...bio,
      };
  } else if (!existsSync(siteFile)) problems.push(`${where(siteFile)}: file is missing (it holds the site config: name, headline, summary, url, categories)`);
  else {
    const parsed = readFile(siteFile, siteConfig, where(siteFile), problems, { lang, invalid: textOf(siteFile) });
    // FOLIO_SITE_URL points absolute URLs at where the site really runs (the local server, a preview).
    if (parsed) {
      const { avatar, hero, heroAlt, ...config } = parsed.data;
      const image = avatar === undefined ? undefined : imageField(siteFile, avatar, config.name, 'avatar', where, problems, warn);
      const heroImage = hero === undefined ? undefined : imageField(siteFile, hero, heroAlt ?? '', 'hero', where, problems, warn);
      const images = checkBody(siteFile, parsed, where, problems, warn);
      // content/custom.css: its presence is part of the site (every page links it).
      site = {
        ...config,
        // Normalized (escape.ts): the documents for agents write it as it is, and a `<`, `>`, `"` or
        // space in it would end an autolink or start HTML there (FO-MARKDOWN-SAFE).
        url: normalizeUrl(process.env.FOLIO_SITE_URL || config.url).replace(/\/+$/, ''),
        bio: parsed.body,
        images,
        ...(image && { avatar: image }),
        ...(heroImage && { hero: heroImage }),
        ...(existsSync(join(dir, 'custom.css')) && { customCss: true as const }),
        base: '',
        languages: siteLanguages(dir, config.locale, where, problems),
      };
    }
  }

  const projects: Project[] = [];
  const projectFiles = markdownFiles(join(dir, 'projects'), where, problems, lang);
  for (const file of projectFiles) {
    if (RESERVED_PROJECT_SLUGS.has(file.slug)) {
      problems.push(`${where(file.path)}: the slug "${file.slug}" would clash with the projects index at /projects; rename the file`);
      continue;
    }
    const over = inherit(file.path, 'project', ['cover']);
    const parsed =
      over !== null && readFile(file.path, projectFrontMatter, where(file.path), problems, { translation: over, lang, invalid: textOf(file.path) });
    if (!parsed) continue;
    const { cover, coverAlt, ...fields } = parsed.data;
    const image =
      cover === undefined
        ? inheritedCover(translating?.main.projects, file.slug, coverAlt)
        : imageField(file.path, cover, coverAlt ?? '', 'cover', where, problems, warn);
    projects.push({
      kind: 'project',
      ...fields,
      links: linksAsWritten(fields.links, parsed.written),
      ...(image && { cover: image }),
      tags: [...new Set(parsed.data.tags)],
      slug: file.slug,
      href: `${base}/projects/${file.slug}`,
      twin: `${base}/projects/${file.slug}.md`,
      body: parsed.body,
      source: where(file.path),
      images: checkBody(file.path, parsed, where, problems, warn),
    });
  }

  const pages: Page[] = [];
  for (const file of markdownFiles(join(dir, 'pages'), where, problems, lang)) {
    // A page at /projects or /llms-full would be a second resource at a URL the site already serves.
    if (RESERVED_PAGE_SLUGS.has(file.slug)) {
      problems.push(`${where(file.path)}: the slug "${file.slug}" is taken by the site's own /${file.slug} or /${file.slug}.md; rename the file`);
      continue;
    }
    const over = inherit(file.path, 'page');
    const parsed = over !== null && readFile(file.path, pageFrontMatter, where(file.path), problems, { translation: over, lang, invalid: textOf(file.path) });
    if (!parsed) continue;
    pages.push({
      kind: 'page',
      ...parsed.data,
      tags: [...new Set(parsed.data.tags)],
      slug: file.slug,
      href: `${base}/${file.slug}`,
      twin: `${base}/${file.slug}.md`,
      body: parsed.body,
      source: where(file.path),
      images: checkBody(file.path, parsed, where, problems, warn),
    });
  }

  const posts: Post[] = [];
  for (const file of markdownFiles(join(dir, 'posts'), where, problems, lang)) {
    if (RESERVED_POST_SLUGS.has(file.slug)) {
      problems.push(`${where(file.path)}: the slug "${file.slug}" would clash with the posts index at /posts; rename the file`);
      continue;
    }
    const over = inherit(file.path, 'post', ['cover']);
    const parsed = over !== null && readFile(file.path, postFrontMatter, where(file.path), problems, { translation: over, lang, invalid: textOf(file.path) });
    // A draft is still checked, so that publishing it never surprises the owner with errors.
    if (!parsed) continue;
    const images = checkBody(file.path, parsed, where, problems, warn);
    const { cover, coverAlt, ...fields } = parsed.data;
    const image =
      cover === undefined
        ? inheritedCover(translating?.main.posts, file.slug, coverAlt)
        : imageField(file.path, cover, coverAlt ?? '', 'cover', where, problems, warn);
    if (fields.draft && !drafts) continue;
    // FO-SCHEDULED: a post dated after today is published from its date on, as Hugo and Jekyll do;
    // until then it is a draft (under npm run dev only), so every surface leaves it out as it does drafts.
    const scheduled = !fields.draft && fields.date > now;
    if (scheduled) {
      warn(`${where(file.path)}: scheduled for ${fields.date}, left out until then`);
      if (!drafts) continue;
    }
    posts.push({
      kind: 'post',
      ...fields,
      draft: fields.draft || scheduled,
      ...(image && { cover: image }),
      tags: [...new Set(parsed.data.tags)],
      slug: file.slug,
      href: `${base}/posts/${file.slug}`,
      twin: `${base}/posts/${file.slug}.md`,
      body: parsed.body,
      readingMinutes: readingMinutes(parsed.body),
      source: where(file.path),
      images,
    });
  }

  let resume: Resume | undefined;
  const resumeFile = join(dir, 'resume.md');
  if (existsSync(resumeFile)) {
    const over = inherit(resumeFile, 'resume');
    const parsed =
      over !== null && readFile(resumeFile, resumeFrontMatter, where(resumeFile), problems, { translation: over, lang, invalid: textOf(resumeFile) });
    // Checked whether or not site.md loads, so that one run names all of the résumé's mistakes (FO-CONTENT-ALL).
    const images = parsed && checkBody(resumeFile, parsed, where, problems, warn);
    if (parsed && images && site) {
      const { label, ...lists } = parsed.data;
      resume = {
        kind: 'resume',
        ...lists,
        label: label ?? site.headline,
        slug: 'resume',
        // FO-LANGUAGE: the résumé's title in the site's interface language.
        title: stringsFor(site)('navResume'),
        summary: label ?? site.headline,
        tags: [],
        href: `${base}/resume`,
        twin: `${base}/resume.md`,
        body: parsed.body,
        source: where(resumeFile),
        images,
      };
    }
  }

  if (site) {
    const categories = Object.keys(site.categories);
    // FO-TYPES: a type is built in or declared, as a category is declared; the refusal names both lists.
    // A translation's type is its main file's, named there once.
    const types = siteTypes(site);
    const declaredTypes = Object.keys(site.types ?? {}).filter((id) => !isBuiltInType(id));
    for (const p of projects) {
      if (!translating && !types.includes(p.type)) {
        const near = closest(p.type, [...types]);
        problems.push(
          `${p.source}: field "type" expected one of ${PROJECT_TYPES.join(', ')} (built in) or ${declaredTypes.length ? `${declaredTypes.join(', ')} (declared under types: in content/site.md)` : 'a type of your own declared under types: in content/site.md'}, got "${p.type}"${near ? ` (did you mean "${near}"?)` : ''}`,
        );
      }
      if (!categories.includes(p.category)) {
        const near = closest(p.category, categories);
        problems.push(
          `${p.source}: field "category" expected one of the categories declared in content/site.md (${categories.join(', ')}), got "${p.category}"${near ? ` (did you mean "${near}"?)` : ''}`,
        );
      }
    }
    // Judge featured slugs against every project file, valid or not, so one broken project
    // reports one problem and not a second, misleading one here.
    const slugs = new Set(projectFiles.map((f) => f.slug));
    const seen = new Set<string>();
    // A translation's featured projects are the main site's (checked there).
    if (!translating)
      site.featured.forEach((s, i) => {
        if (!slugs.has(s)) problems.push(`${where(siteFile)}: field "featured[${i}]" expected the slug of a file in content/projects/, got "${s}"`);
        else if (seen.has(s)) problems.push(`${where(siteFile)}: field "featured[${i}]" lists "${s}" a second time`);
        seen.add(s);
      });
    // /<tag> is a language's home page (FO-I18N): no page may take it.
    for (const page of pages) {
      if (site.languages.some((l) => l.base === `/${page.slug}`))
        problems.push(`${page.source}: the slug "${page.slug}" is taken by the home page of the site's translation in content/${page.slug}/; rename the file`);
    }
  }

  if (problems.length > 0 || !site) return { problems, loaded: { site, projects, pages, posts, ...(resume && { resume }) } };
  if (translating) {
    // A record not translated is shown in its main language's text, at this language's URL, marked (FO-I18N).
    const lang = site.languages[0]!.lang;
    const untranslated = <T extends Project | Page | Post>(mine: T[], main: readonly T[]) => {
      const have = new Set(mine.map((r) => r.slug));
      for (const r of main) if (!have.has(r.slug)) mine.push({ ...r, href: `${base}${r.href}`, twin: `${base}${r.twin}`, lang });
    };
    untranslated(projects, translating.main.projects);
    untranslated(pages, translating.main.pages);
    untranslated(posts, translating.main.posts);
    const mainResume = translating.main.resume;
    if (!resume && mainResume) resume = { ...mainResume, title: stringsFor(site)('navResume'), href: `${base}/resume`, twin: `${base}/resume.md`, lang };
  }
  projects.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  pages.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
  posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  const content: Content = { site, projects, pages, posts, ...(resume && { resume }) };
  warningsOf().set(content, [...warnings]);
  return { content, problems, loaded: content };
}

/** A translation without a `cover` of its own shows its main record's, described in its own words when it sets `coverAlt`. */
function inheritedCover(main: readonly (Project | Post)[] | undefined, slug: string, alt: string | undefined): ContentImage | undefined {
  const cover = main?.find((r) => r.slug === slug)?.cover;
  return cover && alt !== undefined ? { ...cover, alt } : cover;
}

function markdownFiles(dir: string, where: (f: string) => string, problems: string[], lang: string) {
  if (!existsSync(dir)) return [];
  const seen = new Map<string, string>();
  const files: { path: string; slug: string }[] = [];
  const names = readdirSync(dir).sort();
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    // Images may sit beside the Markdown they illustrate; they are never records.
    if (isImageFile(name) && statSync(path).isFile()) continue;
    if (!name.endsWith('.md') || !statSync(path).isFile()) {
      problems.push(`${terminalText(where(path))}: expected a Markdown file (name ending in .md); only those belong in ${where(dir)}/`);
      continue;
    }
    const slug = basename(name, '.md');
    if (!SLUG_PATTERN.test(slug)) {
      // "Möbel Serie.md": its slug in the site's language (FO-SLUG-SUGGEST), unless that is no slug either or another file has it.
      const ascii = suggestedSlug(slug, lang)?.slice(0, 60).replace(/-+$/, '');
      const rename = ascii && SLUG_PATTERN.test(ascii) && !names.includes(`${ascii}.md`) ? ` (rename it to ${ascii}.md)` : '';
      // The name as written, but never a control character that would rewrite the owner's terminal.
      problems.push(
        `${terminalText(where(path))}: the file name is the slug, expected lowercase a-z, 0-9 and inner hyphens (1 to 60 characters), got "${terminalText(slug)}"${rename}`,
      );
      continue;
    }
    // Unreachable while slugs are lowercase ASCII (a directory cannot hold two equal names), kept
    // so that widening SLUG_PATTERN can never let two files claim one URL on a case-insensitive disk.
    const clash = seen.get(slug.toLowerCase());
    if (clash) {
      problems.push(`${where(path)}: duplicate slug "${slug}", already used by ${clash}`);
      continue;
    }
    seen.set(slug.toLowerCase(), where(path));
    files.push({ path, slug });
  }
  return files;
}

/** An image named in front matter (`cover`, `avatar`, `hero`), relative to its file; a problem if it is not one. */
function imageField(
  file: string,
  value: string,
  alt: string,
  field: string,
  where: (f: string) => string,
  problems: string[],
  warn: (warning: string) => void,
): ContentImage | undefined {
  const image = describeImage(resolve(dirname(file), value), where(resolve(dirname(file), value)), alt, warn);
  if (typeof image === 'string') problems.push(`${where(file)}: field "${field}" ${image}`);
  return typeof image === 'string' ? undefined : image;
}

/** A line that may be a level-1 heading (`# Title`, or a title underlined with `===`); the parse decides (code blocks hold `# comments`). */
const H1_CANDIDATE = /^ {0,3}(?:#(?:[ \t]|$)|=+[ \t]*$)/m;

/**
 * A body's images and headings. Images (`![alt](path)`): each needs alt text, and a relative path
 * must name an image file, relative to the Markdown file; returned by destination as written. A
 * level-1 heading is refused: the page's title is its one `<h1>` (WCAG 2.4.6, and the outline
 * screen readers navigate by), and a second would silently compete with it. Raw HTML and link
 * destinations that could run or restyle are refused (FO-CONTENT-DATA, body-safety.ts). Bodies with
 * neither `![`, a line that may be a level-1 heading, nor what may be unsafe are not parsed (most
 * have none; parsing every body would cost a build of 10,000 records seconds). The parse is the
 * renderer's own (markdown-tree.ts), GFM: a table splits cells at `|` before code spans, so only
 * GFM sees the `<script>` in `` | `a | <script>… | b` | ``.
 */
function checkBody(
  file: string,
  { body, text }: { body: string; text: string },
  where: (f: string) => string,
  problems: string[],
  warn: (warning: string) => void,
): Record<string, ContentImage> {
  const images: Record<string, ContentImage> = {};
  if (!body.includes('![') && !H1_CANDIDATE.test(body) && !MAY_BE_UNSAFE.test(body)) return images;
  // Lines are counted in the file, as the owner's editor shows them: the body's line 1 is further down.
  const offset = text.slice(0, Math.max(0, text.indexOf(body))).split('\n').length - 1;
  const visit = (node: {
    type: string;
    depth?: number;
    url?: string;
    alt?: string | null;
    value?: string;
    position?: { start: { line: number } };
    children?: unknown[];
  }) => {
    // FO-WORK, FO-CONTENT-DATA: a body never frames, runs or restyles anything the owner pasted; a video is embedded by its address.
    for (const part of unsafeParts(node)) problems.push(`${where(file)}: line ${part.line + offset}: ${part.problem}`);
    if (node.type === 'heading' && node.depth === 1) {
      const line = (node.position?.start.line ?? 0) + offset;
      problems.push(
        `${where(file)}: line ${line}: a level-1 heading ("# …") in the text: the page's title is its one level-1 heading, so start sections at ## instead`,
      );
    }
    if (node.type === 'image' && node.url !== undefined) {
      const line = (node.position?.start.line ?? 0) + offset;
      if (!node.alt?.trim()) problems.push(`${where(file)}: line ${line}: the image "${node.url}" has no alt text; write ![what it shows](${node.url})`);
      const relativeForm = rootedImage(where(file), node.url);
      if (relativeForm !== undefined)
        problems.push(
          `${where(file)}: line ${line}: the image "${node.url}" is a path from the site's root, which names no published file; write it relative to this file: ![${node.alt ?? ''}](${relativeForm})`,
        );
      else if (!/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(node.url) && !images[node.url]) {
        const image = describeImage(resolve(dirname(file), decodeURI(node.url)), where(resolve(dirname(file), decodeURI(node.url))), node.alt ?? '', warn);
        if (typeof image === 'string') problems.push(`${where(file)}: line ${line}: the image ${image}`);
        else images[node.url] = image;
      }
    }
    for (const child of (node.children ?? []) as (typeof node)[]) visit(child);
  };
  visit(markdownTree(body));
  return images;
}

/** A translation's file (FO-I18N-FIELDS): the front matter of the main file it translates, as written, which its own lies over. */
interface Translation {
  main: Record<string, unknown>;
  /** The main file, as the owner sees it (content/projects/rover.md). */
  mainFile: string;
  kind: keyof typeof TRANSLATABLE;
}

/**
 * FO-IMAGE-RELATIVE: a body image at a path from the site's root (`/images/a.jpg`) names a file the
 * build never publishes (content images are published under digest names, from paths relative to
 * their Markdown file), so it is refused with the relative path that would work: the content
 * folder's `images/a.jpg` seen from `shown` (the file as where() names it: `content/en/projects/x.md`
 * gives `../../images/a.jpg`). Undefined for any other destination; `//host/x` is a URL.
 */
function rootedImage(shown: string, url: string): string | undefined {
  if (!/^\/(?!\/)/.test(url)) return undefined;
  const [folder, ...rest] = shown.split('/');
  const up = '../'.repeat(Math.max(0, rest.length - 1));
  // `/content/images/a.jpg` (the folder's own name first) means the same file.
  const path = url.replace(/^\/+/, '');
  return up + (path.startsWith(`${folder}/`) ? path.slice(folder!.length + 1) : path);
}

/**
 * A content file's front matter, validated, and its body. `translation`: the main file a
 * translation's lies over, of which it sets only what TRANSLATABLE allows (FO-I18N-FIELDS); `lang`,
 * the site's language, spells the names problems suggest; `invalid` checks the text of a file whose
 * front matter is wrong, so that one run names all of its mistakes (FO-CONTENT-ALL). `written` is the front matter the schema
 * parsed, as written: the order of keys zod does not keep.
 */
function readFile<T extends z.ZodType>(
  path: string,
  schema: T,
  file: string,
  problems: string[],
  { translation, lang, invalid }: { translation?: Translation; lang?: string; invalid?: (read: { body: string; text: string }) => void } = {},
) {
  let text: string;
  let parsed: ReturnType<typeof parseFrontMatter>;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    problems.push(`${file}: could not be read (${(error as Error).message})`);
    return undefined;
  }
  const shape = frontMatterShape(text);
  if (shape) {
    problems.push(`${file}: ${shape}`);
    return undefined;
  }
  try {
    parsed = parseFrontMatter(text);
  } catch (error) {
    problems.push(`${file}: ${yamlProblem(error, text)}`);
    return undefined;
  }
  const refused: string[] = [];
  const written = translation
    ? overlayTranslation(
        translation.main,
        parsed.data,
        TRANSLATABLE[translation.kind],
        [],
        (problem) => refused.push(`${file}: ${problem(translation)}`),
        (path) => allowedFields(schema, path),
      )
    : parsed.data;
  problems.push(...refused);
  // The rest of the file is checked all the same: one run names all of its mistakes (FO-CONTENT-ALL).
  const result = schema.safeParse(written, { reportInput: true });
  if (!result.success) {
    // What the main file got wrong is its own problem, named there: a translation's lines name what it got wrong (FO-CONTENT-ALL).
    const key = (issue: z.core.$ZodIssue) => `${issue.code}\0${issue.path.join('\0')}`;
    const mains = translation && new Set(schema.safeParse(translation.main).error?.issues.map(key));
    for (const issue of result.error.issues) if (!mains?.has(key(issue))) problems.push(`${file}: ${describeIssue(issue, schema, lang)}`);
  }
  if (!result.success || refused.length) {
    invalid?.({ body: parsed.body.trim(), text });
    return undefined;
  }
  return { data: result.data as z.output<T>, body: parsed.body.trim(), text, written };
}

const isFields = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How a translation of each kind of file is named in a refusal's hint. */
const TRANSLATION_OF: Record<keyof typeof TRANSLATABLE, string> = {
  site: "a translation's site.md",
  project: 'a translation of a project',
  post: 'a translation of a post',
  page: 'a translation of a page',
  resume: 'a translation of the résumé',
};

/** What a translation may set, for a refusal's hint: "title, summary, cover, coverAlt", a list's "work (each entry's name, position …)". */
const settable = (fields: Translatable) =>
  Object.entries(fields)
    .map(([name, inner]) => (inner === true ? name : `${name} (each entry's ${Object.keys(inner).join(', ')})`))
    .join(', ');

/**
 * A translation's front matter laid over its main file's (FO-I18N-FIELDS): each field `fields` allows
 * replaces the main one; a list of entries (the résumé's `work` …) is translated entry by entry, the
 * translation's n-th entry over the main file's n-th, so translating one entry keeps the others. By
 * position, not by a key: no field of an entry is both always there and the same in every language
 * (a university's name is translated, a skill has no dates), and a translation lists the entries in
 * the main file's order, as a résumé does, leaving `{}` for one it does not translate. A field
 * the translation may not set is refused with `refuse` (and left out, so the rest is still checked).
 */
function overlayTranslation(
  main: Record<string, unknown>,
  own: unknown,
  fields: Translatable,
  path: PropertyKey[],
  refuse: (problem: (t: Translation) => string) => void,
  known: (path: PropertyKey[]) => string[],
): unknown {
  // Not a set of fields: the schema names what it is instead.
  if (!isFields(own)) return own;
  const merged: Record<string, unknown> = { ...main };
  // A name the schema does not know at all is no field of the main file's either: the schema names it, with the one meant.
  const names = known(path);
  const at = fieldName(path);
  for (const [key, value] of Object.entries(own)) {
    const field = `${at}${at ? '.' : ''}${key}`;
    const allowed = fields[key];
    if (allowed === undefined && names.length > 0 && !names.includes(key)) merged[key] = value;
    else if (allowed === undefined) {
      refuse((t) =>
        t.kind === 'site'
          ? `field "${field}" is the main site's: set it in ${t.mainFile} (${TRANSLATION_OF.site} sets ${settable(fields)} and its text)`
          : `field "${field}" is the main file's, the same in every language: set it in ${t.mainFile} (${at ? `a translation of an entry of "${fieldName(path.slice(0, -1))}" sets ${settable(fields)}` : `${TRANSLATION_OF[t.kind]} sets ${settable(fields)} and its text`})`,
      );
    } else if (allowed === true || !Array.isArray(value)) merged[key] = value;
    else {
      const entries = Array.isArray(main[key]) ? (main[key] as unknown[]) : [];
      merged[key] = entries.map((entry, i) =>
        i < value.length && isFields(entry) ? overlayTranslation(entry, value[i], allowed, [...path, key, i], refuse, known) : entry,
      );
      if (value.length > entries.length)
        refuse(
          (t) =>
            `field "${field}[${entries.length}]" has no entry to translate: ${t.mainFile} lists ${entries.length} under "${key}", and a translation's entries translate those, in their order (write {} for one left as it is)`,
        );
    }
  }
  return merged;
}

/**
 * Mistakes in the front matter's shape that YAML would misread rather than refuse, worded with the
 * fix: an opening `---` never closed (the body is read as YAML), and a line indented with a tab
 * (YAML indents with spaces; js-yaml reads a tab-indented `repo:` as a field of its own).
 */
function frontMatterShape(text: string): string | undefined {
  // Only the front matter is looked at: a build reads every content file through here.
  const opened = /^---[ \t]*\r?\n/.exec(text);
  if (!opened) return undefined;
  const closer = /^(?:---|\.\.\.)[ \t]*\r?$/gm;
  closer.lastIndex = opened[0].length;
  const close = closer.exec(text);
  if (!close) return 'the front matter opened with --- on line 1 is never closed: end it with a line of three dashes (---) before the text';
  const front = text.slice(opened[0].length, close.index);
  const tab = /^ *\t/m.exec(front);
  if (tab)
    return `line ${front.slice(0, tab.index).split('\n').length + 1} is indented with a tab: YAML indents with spaces (two per level, e.g. "  repo: https://…")`;
  return undefined;
}

/**
 * A YAML error in the owner's words, at the line and column their editor shows. parseFrontMatter hands
 * js-yaml the front matter from the end of the opening `---` line, so js-yaml's 0-based line is the
 * file's 1-based line minus one. The most common mistakes get their fix spelled out.
 */
function yamlProblem(error: unknown, text: string): string {
  const e = error as { reason?: string; mark?: { line: number; column: number }; message?: string };
  if (!e?.reason || !e.mark) return `front matter could not be read as YAML (${e?.message?.split('\n')[0]?.replace(/:$/, '') ?? String(error)})`;
  const lines = text.split(/\r?\n/);
  const line = e.mark.line + 1;
  const source = lines[line - 1] ?? '';
  // `title: Quarry: fast search`: a second ": " in a plain value starts a mapping YAML cannot take.
  const colon = /^(\s*)([\w-]+):\s+([^"'\s][^#]*?:\s.*)$/.exec(source);
  if (colon && /mapping|implicit key/.test(e.reason)) {
    return `line ${line}: the value of "${colon[2]}" holds ": ", which YAML reads as another field; put the value in quotes: ${colon[2]}: "${colon[3]!.trim().replace(/"/g, '\\"')}"`;
  }
  // `summary: [unclosed`: YAML notices where the list should have ended, a line or more later.
  if (/flow collection/.test(e.reason)) {
    for (let i = line - 1; i >= 0; i--) {
      const open = /[[{]/.exec(lines[i] ?? '');
      if (open && i > 0)
        return `line ${i + 1}: the ${open[0]} is never closed; end the list with ${open[0] === '[' ? ']' : '}'} on the same line, or quote the text if it is not a list`;
    }
  }
  return `front matter could not be read as YAML (${e.reason} at line ${line}, column ${e.mark.column + 1}: ${JSON.stringify(source.trim())})`;
}
