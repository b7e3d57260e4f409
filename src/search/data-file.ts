// The file the build writes and the function reads: the records, the site config and the
// serialized MiniSearch index, stamped with the format version and the options hash.
//
// This module is the reader, and what the function holds; the build writes the files with
// src/builder/data-file.ts, so the function's import graph has none of the writer (FO-FUNCTION-GRAPH).
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import type { Page, Post, Project, Resume, Site } from '../records/schema.ts';
import type { JsonResume } from '../records/resume.ts';
import type { LRUCache } from 'lru-cache';
import type { Entry, Hit } from './rank.ts';
import { INDEX_FORMAT, indexOptions, optionsHash, type IndexedDocument } from './options.ts';

/** Relative to the project root locally, and to the function's root (its cwd) on Vercel. */
export const DATA_FILE = 'generated/folio-data.json';

export interface DataFile {
  format: number;
  optionsHash: string;
  /** Hash of the records: changes exactly when the published content changes. Used for ETags. */
  buildId: string;
  site: Site;
  projects: Project[];
  pages: Page[];
  /** Published posts, newest first: never a draft (FO-DRAFTS; buildDataFile refuses one). */
  posts: Post[];
  /** The résumé, when the site has one (FO-RESUME). */
  resume?: Resume;
  /**
   * The résumé as its JSON Resume document (src/records/resume.ts resumeDocument), made at build: it
   * reads the body's Markdown, and the function loads no Markdown parser.
   */
  resumeDocument?: JsonResume;
  /** Each record's Markdown twin by its site path, links absolute (MCP serves them as resources). */
  twins: Record<string, string>;
  /**
   * Each project's related projects by slug, best first, as the record core scores them for its page
   * and twin (src/records/collections.ts relatedProjects): scored once, at build, so REST and MCP
   * list the same projects as the page and the twin.
   */
  related: Record<string, string[]>;
  /**
   * FO-I18N: each translation's records and its own index (made in its language's terms), in
   * `site.languages`' order after the main one. Absent on a one-language site, whose file is as before.
   */
  translations?: TranslationData[];
  /** The serialized MiniSearch index (its toJSON), or that index's JSON text (IndexText). */
  index: unknown;
}

/**
 * One translation as the data file holds it (FO-I18N): its language's Content, where a record not
 * translated is the main one's text with `lang` set to the main language; its twins are in DataFile.twins.
 */
export interface TranslationData extends Pick<DataFile, 'site' | 'projects' | 'pages' | 'posts' | 'resume' | 'resumeDocument' | 'related' | 'index'> {
  /** The language's tag, as `site.languages` lists it. */
  lang: string;
  /** optionsHash of the translation's locale: its index's terms are its language's (FO-STEMMING). */
  optionsHash: string;
}

/** A record as the function holds it: everything but its body, which is read on request. */
export type ProjectRecord = Omit<Project, 'body'>;
export type PageRecord = Omit<Page, 'body'>;
export type PostRecord = Omit<Post, 'body'>;
export type ResumeRecord = Omit<Resume, 'body'>;
export type SiteRecord = ProjectRecord | PageRecord | PostRecord | ResumeRecord;
/** What every record of the data file has a body of. */
export type BodyRecord = Project | Page | Post | Resume;

/** The function's data: records and index in memory; bodies and twins read through explicit calls. */
export interface SiteData {
  buildId: string;
  site: Site;
  projects: ProjectRecord[];
  pages: PageRecord[];
  /** Published posts, newest first. */
  posts: PostRecord[];
  resume?: ResumeRecord;
  /** DataFile.resumeDocument: present exactly when `resume` is. */
  resumeDocument?: JsonResume;
  index: MiniSearch<IndexedDocument>;
  /** A record's Markdown body (read from the texts file on each call). */
  bodyOf(record: SiteRecord): string;
  /** The Markdown twin at a site path, links absolute; `undefined` when no record has that twin. */
  twinOf(path: string): string | undefined;
  /** Every twin's site path. */
  twinPaths(): string[];
  /** A project's related projects' slugs, best first (DataFile.related); none for an unknown slug. */
  relatedOf(slug: string): readonly string[];
  /** StoredFile.titleKeys, when the data was read from the files; rank.ts normalizes the titles itself without them. */
  titleKeys?: readonly string[];
  /**
   * FO-I18N: a translation's data by its tag (as `site.languages` lists it), made on first ask and
   * kept; `undefined` for a tag that is not a translation. Absent on a one-language site.
   */
  translation?: (lang: string) => SiteData | undefined;
  /**
   * What the function keeps of this data: empty at load, each field made on first ask, so a new
   * load starts empty. A changed copy takes its own (`{ ...data, site, kept: {} }`): this one's
   * fields were made from this data.
   */
  kept: Kept;
}

/**
 * What the function keeps per loaded data file, in one object (the rule: caching lives at the edges,
 * here the data file's load, not in memos inside functions that look pure). Each field says what
 * keeping it saves. Search's own are here; the server's are declared with it, in src/server/kept.ts
 * (the server depends on search, never the reverse: FO-FOLDERS).
 */
export interface Kept {
  /** Ranking's view of each record, by id (rank.ts): saves normalizing every title on each search (~50 ms at 10,000 records). */
  entries?: Map<string, Entry>;
  /** The answers of recent queries, an LRU (rank.ts searchRecords): saves a search per repeated query (~17 ms at 10,000 records). */
  answers?: LRUCache<string, readonly Hit[]>;
}

/** SiteData over content held in memory (tests, and the dev server's fixtures): the same calls. */
export function siteDataOf(
  data: Omit<DataFile, 'index' | 'format' | 'optionsHash' | 'posts' | 'translations'> & {
    posts?: Post[];
    index: MiniSearch<IndexedDocument>;
    translations?: (Omit<TranslationData, 'index'> & { index: MiniSearch<IndexedDocument> })[];
  },
): SiteData {
  const { twins, related, posts = [], translations, ...rest } = data;
  const main: SiteData = {
    ...rest,
    posts,
    bodyOf: (record) => (record as BodyRecord).body,
    twinOf: (path) => (Object.hasOwn(twins, path) ? twins[path] : undefined),
    twinPaths: () => Object.keys(twins),
    relatedOf: relatedReader(related),
    kept: {},
  };
  if (translations?.length) {
    main.translation = translationReader(translations, ({ lang: _lang, optionsHash: _options, related: own, ...t }) => ({
      ...main,
      ...t,
      resume: t.resume,
      resumeDocument: t.resumeDocument,
      posts: t.posts ?? [],
      relatedOf: relatedReader(own),
      translation: undefined,
      kept: {},
    }));
  }
  return main;
}

/** SiteData.translation over a file's translations: each made by `make` on first ask, then kept. */
function translationReader<T extends { lang: string }>(translations: readonly T[], make: (t: T) => SiteData): (lang: string) => SiteData | undefined {
  const made = new Map<string, SiteData>();
  return (lang) => {
    const t = translations.find((x) => x.lang === lang);
    if (!t) return undefined;
    let data = made.get(lang);
    if (!data) made.set(lang, (data = make(t)));
    return data;
  };
}

const relatedReader = (related: Record<string, string[]>) => (slug: string) => (Object.hasOwn(related, slug) ? related[slug]! : []);

/** The type a record is indexed and filtered by (search's `type`): a project's type, else its kind. */
export const recordType = (r: SiteRecord) => (r.kind === 'project' ? r.type : r.kind);

/** Every record search finds, in the data file's order: projects, posts, pages, then the résumé. */
export const searchRecordsOf = <P, W, G, R>({ projects, posts, pages, resume }: { projects: P[]; posts: W[]; pages: G[]; resume?: R }): (P | W | G | R)[] => [
  ...projects,
  ...posts,
  ...pages,
  ...(resume ? [resume] : []),
];

/**
 * Record bodies and twins are most of the data (at 10,000 records 29 M + 46 M characters) and a
 * request reads at most one of them. They live in a second file beside the JSON, each raw-DEFLATE
 * compressed at its own byte range, and the JSON holds the range: so the cold start reads only the
 * records and the index (at 10,000 records 30 MB of JSON instead of 77 MB; bench/RESULTS.md), and
 * an instance keeps none of the text in memory. The data opens the texts file once, after checking
 * it belongs to the same build, and a read takes its range and inflates it: tens of µs, on a
 * project's detail or an MCP resource. `format` (INDEX_FORMAT) marks the layout, so an older reader refuses the files.
 */
export const textsPathOf = (dataPath: string) => dataPath.replace(/(\.json)?$/, '.texts');

/** Where one text sits in the texts file: byte offset and length. */
export type Span = [offset: number, length: number];

/** A translation as the JSON holds it: its bodies and related lists in the texts file, as the main language's. */
export interface StoredTranslation extends Omit<TranslationData, 'projects' | 'pages' | 'posts' | 'resume' | 'related'> {
  projects: Stored<Project>[];
  pages: Stored<Page>[];
  posts: Stored<Post>[];
  resume?: Stored<Resume>;
  related: Span;
  titleKeys: string[];
}

export interface StoredFile extends Omit<DataFile, 'projects' | 'pages' | 'posts' | 'resume' | 'twins' | 'related' | 'translations'> {
  translations?: StoredTranslation[];
  projects: Stored<Project>[];
  pages: Stored<Page>[];
  posts: Stored<Post>[];
  resume?: Stored<Resume>;
  /**
   * In the texts file too, each as one JSON text: where each twin sits (Record<path, Span>) and the
   * related slugs (DataFile.related). Neither answers a search, so a cold start parses neither
   * (~1.3 MB of JSON at 10,000 records); the first twin or related list asked reads it.
   */
  twins: Span;
  related: Span;
  /** Each record's title as search compares it (options.ts normalize), in searchRecordsOf's order: made at build, not on a cold start's first search (~8 ms at 10,000 records). */
  titleKeys: string[];
}
export type Stored<T extends BodyRecord> = Omit<T, 'body'> & { body: Span };

/** The texts file opens with this line, so a reader can tell it belongs to the data file's build. */
export const textsHeader = (buildId: string) => Buffer.from(`folio-texts ${buildId}\n`, 'latin1');

/** Opens the texts file after checking it starts with `header` (its build's; a rebuild rewrites both files). */
function openTexts(path: string, header: Buffer): number {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      `Folio index ${code === 'ENOENT' ? `missing: ${path} does not exist` : `unreadable: ${path} cannot be read (${code})`}. Run \`npm run build\` again.`,
    );
  }
  const head = Buffer.alloc(header.length);
  if (readSync(fd, head, 0, head.length, 0) !== head.length || !head.equals(header)) {
    closeSync(fd);
    throw new Error(`Folio index mismatch: ${path} belongs to another build than its data file. Run \`npm run build\` again.`);
  }
  return fd;
}

/**
 * Reads one text back from a texts file opened once: the descriptor keeps the file this data was
 * built with, even after a rebuild renames a new one over it (`npm run dev`). It is closed when the
 * data is collected.
 */
const openFiles = new FinalizationRegistry<number>((fd) => closeSync(fd));
function textReader(path: string, fd: number): (span: Span) => string {
  return ([offset, length]) => {
    const chunk = Buffer.alloc(length);
    if (readSync(fd, chunk, 0, length, offset) !== length) throw new Error(`Folio index corrupt: ${path} is truncated. Run \`npm run build\` again.`);
    return inflateRawSync(chunk).toString('utf8');
  };
}

/** Reads and checks the data file; every way it can be wrong fails with one message that says what to do. */
export function readDataFile(path = join(process.cwd(), DATA_FILE)): SiteData {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`Folio index missing: ${path} does not exist. Run \`npm run build\` first.`);
    throw new Error(`Folio index unreadable: ${path} cannot be read (${code ?? (error as Error).message}).`);
  }
  let file: StoredFile;
  try {
    file = JSON.parse(text) as StoredFile;
    text = ''; // let the source text be collected while the index loads (the cold start's memory peak)
  } catch {
    throw new Error(`Folio index corrupt: ${path} is not valid JSON. Run \`npm run build\` again.`);
  }
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    throw new Error(`Folio index corrupt: ${path} does not hold a Folio data file. Run \`npm run build\` again.`);
  }
  // The options of the site's language (FO-STEMMING); a file without a site fails below, as corrupt.
  const locale = typeof file.site?.locale === 'string' ? file.site.locale : 'en';
  if (file.format !== INDEX_FORMAT || file.optionsHash !== optionsHash(locale)) {
    throw new Error(
      `Folio index mismatch: ${path} has format ${file.format} and options ${file.optionsHash}, ` +
        `this code expects format ${INDEX_FORMAT} and options ${optionsHash(locale)}. Run \`npm run build\` again.`,
    );
  }
  const missing = (['buildId', 'site', 'projects', 'pages', 'posts', 'twins', 'related', 'titleKeys', 'index'] as const).filter((k) => file[k] == null);
  if (missing.length || !Array.isArray(file.projects) || !Array.isArray(file.pages) || !Array.isArray(file.posts)) {
    throw new Error(`Folio index corrupt: ${path} lacks ${missing.join(', ') || 'its record lists'}. Run \`npm run build\` again.`);
  }
  if (file.resume && !file.resumeDocument) {
    throw new Error(`Folio index corrupt: ${path} has a résumé but not its JSON Resume document. Run \`npm run build\` again.`);
  }
  const texts = textsPathOf(path);
  const fd = openTexts(texts, textsHeader(file.buildId)); // a missing or foreign texts file fails now, not on the first project read
  const index = loadIndex(path, file.index, locale);
  const records = file.projects.length + file.pages.length + file.posts.length + (file.resume ? 1 : 0);
  if (index.documentCount !== records) {
    throw new Error(`Folio index corrupt: ${path} indexes ${index.documentCount} documents for ${records} records. Run \`npm run build\` again.`);
  }
  if (!Array.isArray(file.titleKeys) || file.titleKeys.length !== records) {
    throw new Error(
      `Folio index corrupt: ${path} holds ${Array.isArray(file.titleKeys) ? file.titleKeys.length : 'no list of'} search titles for ${records} records. Run \`npm run build\` again.`,
    );
  }
  const read = textReader(texts, fd);
  // Each record's body stays on disk: the record keeps everything else, and its span is kept here.
  const bodies = new Map<SiteRecord, Span>();
  const withoutBody = <T extends Stored<BodyRecord>>({ body, ...record }: T): Omit<T, 'body'> => {
    bodies.set(record as unknown as SiteRecord, body);
    return record;
  };
  let twinSpans: Record<string, Span> | undefined;
  let related: ((slug: string) => readonly string[]) | undefined;
  const twinsOf = () => (twinSpans ??= JSON.parse(read(file.twins)) as Record<string, Span>);
  const data: SiteData = {
    buildId: file.buildId,
    site: file.site,
    projects: file.projects.map(withoutBody),
    pages: file.pages.map(withoutBody),
    posts: file.posts.map(withoutBody),
    ...(file.resume && { resume: withoutBody(file.resume), resumeDocument: file.resumeDocument }),
    index,
    bodyOf: (record) => {
      const span = bodies.get(record);
      if (!span) throw new Error('bodyOf: not a record of this data');
      return read(span);
    },
    twinOf: (path) => (Object.hasOwn(twinsOf(), path) ? read(twinsOf()[path]!) : undefined),
    twinPaths: () => Object.keys(twinsOf()),
    relatedOf: (slug) => (related ??= relatedReader(JSON.parse(read(file.related))))(slug),
    titleKeys: file.titleKeys,
    kept: {},
  };
  const stale = (file.translations ?? []).find((t) => t.optionsHash !== optionsHash(t.site?.locale ?? ''));
  if (stale) {
    throw new Error(
      `Folio index mismatch: ${path}'s "${stale.lang}" translation was indexed with other options than this code's. Run \`npm run build\` again.`,
    );
  }
  if (Array.isArray(file.translations) && file.translations.length) {
    // FO-I18N: a translation's index is loaded when a request first asks for its language, so a
    // cold start that answers the main language loads one index, as a one-language site's does.
    data.translation = translationReader(file.translations, (t) => {
      const index = loadIndex(path, t.index, t.site.locale);
      const count = t.projects.length + t.pages.length + t.posts.length + (t.resume ? 1 : 0);
      if (index.documentCount !== count || !Array.isArray(t.titleKeys) || t.titleKeys.length !== count) {
        throw new Error(`Folio index corrupt: ${path}'s "${t.lang}" translation does not index its ${count} records. Run \`npm run build\` again.`);
      }
      let own: ((slug: string) => readonly string[]) | undefined;
      return {
        ...data,
        site: t.site,
        projects: t.projects.map(withoutBody),
        pages: t.pages.map(withoutBody),
        posts: t.posts.map(withoutBody),
        resume: t.resume && withoutBody(t.resume),
        resumeDocument: t.resume && t.resumeDocument,
        index,
        relatedOf: (slug) => (own ??= relatedReader(JSON.parse(read(t.related))))(slug),
        titleKeys: t.titleKeys,
        translation: undefined,
        kept: {},
      };
    });
  }
  openFiles.register(read, fd);
  return data;
}

function loadIndex(path: string, json: unknown, locale: string): MiniSearch<IndexedDocument> {
  try {
    return MiniSearch.loadJS<IndexedDocument>(json as never, indexOptions(locale));
  } catch (error) {
    throw new Error(`Folio index corrupt: ${path} holds an index MiniSearch cannot load (${(error as Error).message}). Run \`npm run build\` again.`);
  }
}
